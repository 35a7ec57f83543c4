"""A checked file's tree is freed by reference counting, not by the cyclic GC.

The runner raises CPython's young-generation threshold while it checks
(``checker.runner._few_collections``): a file's ``ast`` tree, model and plans
that only a cycle keeps alive stay in memory until a collection scans them, and
each such collection scans every young object. These tests keep the analysis
free of such cycles (a stored exception's traceback was one: its frames hold
the planner that holds it).
"""

from __future__ import annotations

import ast
import gc

import pytest

from elicit_lint.checker.linter import analyse
from elicit_lint.model.scopes import Scope

# a tool whose `.data` read may run on cancel: MCP001's planner refuses the value
# translation, keeps the refusal and plans the answer whole (analysis/toolask.py)
KEPT_REFUSAL = '''\
from fastmcp import Context, FastMCP

mcp = FastMCP("shop")


@mcp.tool
async def order(ctx: Context) -> str:
    answer = await ctx.elicit("Which size?", response_type=str)
    if answer.action == "decline":
        return "none"
    return answer.data
'''


def _cyclic_leftovers(source: str, filename: str = "server.py") -> list[str]:
    """Type names of the analysis objects only the cyclic GC would free."""
    analyse(ast.parse(source), source, filename)  # imports and first-use caches
    gc.collect()
    flags = gc.get_debug()
    gc.disable()
    try:
        found = analyse(ast.parse(source), source, filename)
        del found
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        left = [type(o).__name__ for o in gc.garbage if isinstance(o, (ast.AST, Scope))]
    finally:
        gc.set_debug(flags)
        gc.garbage.clear()
        gc.enable()
    return left


def test_a_kept_refusal_leaves_no_cycle():
    diagnostics = analyse(ast.parse(KEPT_REFUSAL), KEPT_REFUSAL, "server.py")
    assert [d.code for d in diagnostics] == ["MCP001"]
    assert _cyclic_leftovers(KEPT_REFUSAL) == []


@pytest.mark.parametrize("name", ["test_elicitation.py", "test_elicitation_enums.py"])
def test_fastmcp_elicitation_tests_leave_no_cycle(fastmcp_sdist, name):
    path = next(fastmcp_sdist.rglob(name))
    assert _cyclic_leftovers(path.read_text(encoding="utf-8"), path.name) == []
