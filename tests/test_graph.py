import pytest

from elicit_lint.core.graph import (
    CycleError,
    find_cycle,
    format_cycle,
    resolution_order,
    rounds,
)


def test_independent_nodes_share_one_round_in_signature_order():
    assert rounds({"b": [], "a": [], "c": []}) == [["b", "a", "c"]]


def test_dependency_goes_to_a_later_round():
    g = {"destination": [], "airport": ["destination"], "seat": []}
    assert rounds(g) == [["destination", "seat"], ["airport"]]
    assert resolution_order(g) == ["destination", "seat", "airport"]


def test_rounds_are_longest_path_plus_one():
    g = {"a": [], "b": ["a"], "c": ["a", "b"], "d": []}
    assert rounds(g) == [["a", "d"], ["b"], ["c"]]


def test_non_node_dependencies_are_ignored():
    assert rounds({"a": ["tool_arg", "ctx"]}) == [["a"]]


def test_cycle_path_is_closed_and_deterministic():
    g = {"a": ["b"], "b": ["c"], "c": ["a"], "d": []}
    assert find_cycle(g) == ["a", "b", "c", "a"]
    assert format_cycle(find_cycle(g)) == "a -> b -> c -> a"


def test_self_cycle():
    assert find_cycle({"a": ["a"]}) == ["a", "a"]


def test_cycle_not_through_first_node():
    assert find_cycle({"x": [], "a": ["b"], "b": ["a"]}) == ["a", "b", "a"]


def test_acyclic_has_no_cycle():
    assert find_cycle({"a": [], "b": ["a"]}) is None


@pytest.mark.parametrize("fn", [rounds, resolution_order])
def test_cycle_raises_with_path(fn):
    with pytest.raises(CycleError) as exc:
        fn({"a": ["b"], "b": ["a"]})
    assert exc.value.path == ["a", "b", "a"]
    assert "a -> b -> a" in str(exc.value)


def test_empty_graph():
    assert rounds({}) == []
    assert resolution_order({}) == []


def test_longest_chain_matches_rounds():
    from elicit_lint.core.graph import longest_chain

    g = {"a": [], "x": [], "b": ["a"], "c": ["x", "b"], "d": ["a"]}
    assert longest_chain(g) == ["a", "b", "c"]
    assert len(longest_chain(g)) == len(rounds(g))
    assert longest_chain({}) == []
    assert longest_chain({"a": [], "b": []}) == ["a"]
    with pytest.raises(CycleError):
        longest_chain({"a": ["a"]})


def test_find_cycles_reports_each_cycle_once():
    from elicit_lint.core.graph import find_cycles

    g = {"a": ["b"], "b": ["c"], "c": ["a"], "s": ["s"], "t": []}
    assert find_cycles(g) == [["a", "b", "c", "a"], ["s", "s"]]
    assert find_cycles(g)[0] == find_cycle(g)
    # two cycles through one node; a rotation reached again is not repeated
    assert find_cycles({"a": ["b", "c"], "b": ["a"], "c": ["a"]}) == [["a", "b", "a"], ["a", "c", "a"]]
    assert find_cycles({"a": ["b"], "b": []}) == []
