"""Generated resolvers: one ``if`` per gate test (issue 4 leftover 4)."""

from __future__ import annotations

import ast

from elicit_lint.analysis.plan import plan_module
from elicit_lint.model import build_model

CONFIRM_THEN_ASK = """\
from fastmcp import Context, FastMCP

mcp = FastMCP("Shop")


@mcp.tool
async def order(ctx: Context) -> str:
    ok = await ctx.elicit("Order now?", response_type=bool)
    if ok.action != "accept":
        return "not ordered"
    size = await ctx.elicit(f"Size (go ahead: {ok.data})?", response_type=str)
    if size.action == "accept":
        return size.data
    return "no size"
"""


def _resolvers(source: str) -> list[str]:
    model = build_model(ast.parse(source), source, "t.py")
    plan = plan_module(model)
    return [a.resolver.source() for f in plan.functions for a in f.asks if a.resolver]


def test_a_none_gate_is_not_repeated():
    """``ok is None`` already returns for a missing answer: no second gate."""
    [resolver] = _resolvers(CONFIRM_THEN_ASK)
    assert resolver == (
        "def ask_size(ok: bool | None) -> str | None | Elicit[str]:\n"
        "    if ok is None:\n"
        "        return None\n"
        '    return Elicit(f"Size (go ahead: {ok})?")\n'
    )
