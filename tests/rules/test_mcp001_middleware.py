"""MCP001 in FastMCP middleware: the finding, its advice and the codemod's verdict."""

from __future__ import annotations

from rule_helpers import run

HOOK = """\
from fastmcp.server.middleware import Middleware, MiddlewareContext

class Confirm(Middleware):
    async def on_call_tool(self, context, call_next):
        answer = await context.fastmcp_context.elicit("Run it?", response_type=bool)
        await self.session.elicit("never a context", requestedSchema={})
        return await call_next(context)

async def helper(context: MiddlewareContext):
    await context.fastmcp_context.elicit("Run it?", response_type=bool)
"""


def test_middleware_sites_and_messages():
    first, second = run(HOOK, "MCP001")
    assert (first.location.row, second.location.row) == (5, 10)
    assert first.message == (
        "`context.fastmcp_context.elicit()` raises on 2026-07-28 (modern) connections, which "
        "`fastmcp.Client` negotiates by default; declare the value as a parameter of the tools it wraps: "
        "`Annotated[T, Elicit(...)]`; `elicit-migrate` cannot rewrite it: inside middleware"
    )
    assert "a parameter of the tools it wraps" in second.message
    assert second.message.endswith("cannot rewrite it: not in a tool body (a helper called by a tool, or module level)")


def test_tool_sites_keep_the_plain_advice():
    source = "from fastmcp import Context\nasync def t(ctx: Context):\n    await ctx.elicit('q', response_type=str)\n"
    [d] = run(source, "MCP001")
    assert "declare the value as a parameter: `Annotated" in d.message
