"""MCP029 (removed-context-method): which receivers, which methods, and the
fastmcp 4.2.3 facts it rests on."""

from __future__ import annotations

import pytest

from elicit_lint.analysis.prefilter import may_produce_diagnostics

from .rule_helpers import run

HEAD = "from fastmcp import Context\nfrom fastmcp.server.dependencies import get_context\n"


@pytest.mark.parametrize(
    ("body", "shown"),
    [
        ("await ctx.sample('q')", "ctx.sample"),
        ("await ctx.sample_step('q')", "ctx.sample_step"),
        ("await ctx.list_roots()", "ctx.list_roots"),
        ("await ctx.elicit_url('m', url='u', elicitation_id='e')", "ctx.elicit_url"),
        ("await get_context().sample('q')", "get_context().sample"),
        ("await (ctx .\n        sample)('q')", "ctx.sample"),
    ],
)
def test_a_removed_method_on_a_fastmcp_context(body, shown):
    source = HEAD + f"async def t(ctx: Context):\n    return {body}\n"
    [d] = run(source, "MCP029")
    assert d.message == f"`{shown}()` is not a method of FastMCP 4's `Context`: the call raises `AttributeError` on every era"
    assert run(source, "MCP001") == []  # one problem, one code
    assert may_produce_diagnostics(source.encode())


@pytest.mark.parametrize(
    "source",
    [
        "import random\nasync def t(x: list):\n    return random.sample(x, 1)\n",
        "async def t(frame):\n    return frame.sample(3)\n",  # not a context
        (
            "from mcp.server.mcpserver import Context\nasync def t(ctx: Context):\n"
            "    return await ctx.elicit_url('m', url='u', elicitation_id='e')\n"
        ),  # the SDK's: MCP001
        HEAD + "async def t(ctx: Context):\n    return await ctx.session.list_roots()\n",  # MCP001
    ],
)
def test_other_receivers_and_calls_are_not_reported(source):
    assert run(source, "MCP029") == []


def test_fastmcp_has_none_of_these_methods():
    """The fact the rule rests on, read from the installed fastmcp (4.2.3)."""
    from fastmcp import Context

    from elicit_lint.model.names import FASTMCP_REMOVED_METHODS

    assert not any(hasattr(Context, name) for name in FASTMCP_REMOVED_METHODS)
    assert hasattr(Context, "elicit")
