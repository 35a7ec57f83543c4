"""The tidy step's shortened tests are exact (analysis/tidy.py)."""

from __future__ import annotations

import ast
import textwrap

import pytest

from elicit_lint.analysis.plan import plan_module
from elicit_lint.analysis.tidy import _drop_none_checks
from elicit_lint.codemod.engine import Options, transform_text
from elicit_lint.model import build_model


class Flaky:
    """A value whose truth is counted, to show ``bool`` runs as often."""

    def __init__(self, truth: bool):
        self.truth, self.calls = truth, 0

    def __bool__(self) -> bool:
        self.calls += 1
        return self.truth


# every answer type's falsy and truthy values: "" / 0 / False are not None
VALUES = [None, True, False, "", "x", 0, 3, 0.0, [], ["a"]]


@pytest.mark.parametrize("p", VALUES)
def test_pair_and_name_agree_in_a_test(p):
    assert bool(p is not None and p) == bool(p)
    assert bool(p is None or not p) == bool(not p)
    assert bool(p is not None and p and True) == bool(p and True)


@pytest.mark.parametrize("truth", [True, False])
def test_truth_runs_as_often(truth):
    a, b = Flaky(truth), Flaky(truth)
    if a is not None and a:
        pass
    if b:
        pass
    assert a.calls == b.calls == 1


@pytest.mark.parametrize("p", ["", 0, False])
def test_the_none_check_alone_is_not_the_truth(p):
    """Why ``p is not None`` is never shortened to ``p``."""
    assert (p is not None) != bool(p)


def test_value_of_the_pair_differs():
    """``None is not None and None`` is ``False``, not ``None``: values are kept."""
    p = None
    assert (p is not None and p) is False and p is None


def test_drop_none_checks_forms():
    assert _drop_none_checks(["p is not None", "p"], True) == ["p"]
    assert _drop_none_checks(["p is None", "not p"], False) == ["not p"]
    assert _drop_none_checks(["p is not None", "p > 0"], True) == ["p is not None", "p > 0"]
    assert _drop_none_checks(["p is not None", "q"], True) == ["p is not None", "q"]
    assert _drop_none_checks(["p", "p is not None"], True) == ["p", "p is not None"]
    assert _drop_none_checks(["p is not None", "p"], False) == ["p is not None", "p"]


TOOL = """
from fastmcp import Context, FastMCP

mcp = FastMCP("x")


@mcp.tool
async def t(ctx: Context) -> str:
    ok = await ctx.elicit("Sure?", response_type={rt})
    {use}
"""


@pytest.mark.parametrize(
    ("rt", "use", "expected"),
    [
        # a test: shortened, for bool and str alike
        ("bool", 'if ok.action == "accept" and ok.data:\n        return "y"\n    return "n"',
         'if ok:\n        return "y"'),
        ("str", 'if ok.action == "accept" and ok.data:\n        return "y"\n    return "n"',
         'if ok:\n        return "y"'),
        ("bool", 'return "y" if ok.action == "accept" and ok.data else "n"',
         'return "y" if ok else "n"'),
        ("bool", 'return str(bool(ok.action == "accept" and ok.data))',
         "return str(bool(ok))"),
        # a value: `False` against `None`, kept
        ("bool", 'flag = ok.action == "accept" and ok.data\n    return str(flag)',
         "flag = ok is not None and ok"),
        # the None check alone: kept ("" is an answer, not a decline)
        ("str", 'if ok.action == "accept":\n        return "y"\n    return "n"',
         "if ok is not None:"),
    ],
)
def test_rewrite_shortens_only_truth_tests(rt, use, expected):
    text = textwrap.dedent(TOOL).format(rt=rt, use=use)
    assert plan_module(build_model(ast.parse(text), text, "m.py")).skips == []
    new, _ = transform_text(text, "m.py", Options())
    assert expected in new, new


def _negated(test: str, replaced: dict[str, str] | None = None) -> str:
    from elicit_lint.analysis.text import negate_test

    tree = ast.parse(test, mode="eval")
    replacements = {
        n: replaced[ast.get_source_segment(test, n)]
        for n in ast.walk(tree.body)
        if replaced and ast.get_source_segment(test, n) in replaced
    }

    def render(node, repl):
        return repl[node] if node in repl else ast.get_source_segment(test, node)

    return negate_test(tree.body, replacements, render)


@pytest.mark.parametrize(
    ("test", "expected"),
    [
        ('a != ""', 'a == ""'),  # SIM202
        ("a == 1", "a != 1"),  # SIM201
        ("a is None", "a is not None"),
        ("a is not b", "a is b"),
        ("a in b", "a not in b"),  # E713
        ("a not in b", "a in b"),
        ("not a", "a"),
        ("a", "not a"),
        ("a.b", "not a.b"),
        ("a < 5", "not (a < 5)"),  # a partial order: `>=` would not be exact
        ("a >= b", "not (a >= b)"),
        ("0 < a != b", "not (0 < a != b)"),  # chained: kept whole
        ("a == (b or c)", "not (a == (b or c))"),  # a loose operand keeps its parens
        ("a and b", "not (a and b)"),
    ],
)
def test_negated_gates_are_spelled_as_ruff_wants(test, expected):
    assert _negated(test) == expected
    tree = ast.parse(test, mode="eval")
    for env in ({"a": 0, "b": 0, "c": 0}, {"a": 3, "b": [3], "c": 1}, {"a": 1, "b": 2, "c": 0}):
        try:
            original = not eval(compile(tree, "t", "eval"), env)
        except (TypeError, AttributeError):
            continue
        assert bool(eval(expected, env)) == original


def test_a_translated_test_is_negated_as_text():
    """``r.action == "accept"`` translated to ``p is not None``: its negation is
    ``p is None``, not ``r.action != "accept"`` with the old names."""
    assert _negated('r.action == "accept"', {'r.action == "accept"': "p is not None"}) == "p is None"
