"""Issue 15, scale: MCP011 (and the elicitation graph under it) is linear in a
resolver chain's length. Bounded by memory ratios, never by timings."""

from __future__ import annotations

import ast
import tracemalloc

import pytest

from elicit_lint.analysis.facts import Analysis
from elicit_lint.core.graph import depths, find_cycle, find_cycles, longest_chain
from elicit_lint.core.settings import RuleSettings
from elicit_lint.model import build_model
from elicit_lint.rules.mcp011 import UnreadResolverParameter


def resolver_chain(n: int, reverse: bool = False, unread_every: int = 0) -> str:
    """One tool with ``n`` elicited parameters, ``p{i}``'s resolver reading ``p{i-1}``
    (``reverse``: ``p{i+1}``, so a depth-first search goes ``n`` deep); with
    ``unread_every``, every such resolver leaves its parameter unread."""
    out = [
        "from typing import Annotated",
        "from fastmcp import FastMCP",
        "from elicit_lint.runtime import Elicit",
        "mcp = FastMCP('t')",
    ]
    for i in range(n):
        dep = i + 1 if reverse else i - 1
        if not 0 <= dep < n:
            out.append(f"def r{i}() -> Elicit[str]:\n    return Elicit('q', response_type=str)\n")
            continue
        quoted = "'q'" if unread_every and i % unread_every == 0 else f"f'q{{p{dep}}}'"
        out.append(f"def r{i}(p{dep}: str) -> Elicit[str]:\n    return Elicit({quoted}, response_type=str)\n")
    params = ",\n".join(f"    p{i}: Annotated[str, Elicit(r{i})]" for i in range(n))
    out.append(f"@mcp.tool\nasync def tool(\n{params},\n) -> str:\n    return p0\n")
    return "\n".join(out)


def _model(n: int, **kwargs):
    text = resolver_chain(n, **kwargs)
    return build_model(ast.parse(text), text, "chain.py")


def _peak(model) -> tuple[int, int]:
    """``(peak bytes, findings)`` of MCP011 on ``model``."""
    tracemalloc.start()
    try:
        found = list(UnreadResolverParameter().check(model, Analysis(model), RuleSettings()))
        return tracemalloc.get_traced_memory()[1], len(found)
    finally:
        tracemalloc.stop()


def test_mcp011_memory_is_linear_in_the_chain():
    small, large = _model(800, unread_every=10), _model(1_600, unread_every=10)
    (peak_small, found_small), (peak_large, found_large) = _peak(small), _peak(large)
    assert (found_small, found_large) == (79, 159)
    # linear: twice the chain, about twice the memory (it was four times: a set of
    # every parameter name per resolver)
    assert peak_large < 3 * peak_small


@pytest.mark.parametrize("reverse", [False, True])
def test_a_chain_deeper_than_the_recursion_limit(reverse):
    n = 3_000
    model = _model(n, reverse=reverse, unread_every=1000)
    found = list(UnreadResolverParameter().check(model, Analysis(model), RuleSettings()))
    assert len(found) == (3 if reverse else 2)  # r1000, r2000, and r0 (reading p1) in reverse
    graph = {f"p{i}": [f"p{i + 1 if reverse else i - 1}"] for i in range(n)}
    assert find_cycle(graph) is None and find_cycles(graph) == []
    assert max(depths(graph).values()) == n - 1
    assert len(longest_chain(graph)) == n


def test_a_long_cycle_is_found_without_recursion():
    n = 5_000
    graph = {f"p{i}": [f"p{(i + 1) % n}"] for i in range(n)}
    cycle = find_cycle(graph)
    assert cycle[0] == cycle[-1] == "p0" and len(cycle) == n + 1
    assert find_cycles(graph) == [cycle]
