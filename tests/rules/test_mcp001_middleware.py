"""MCP001 in FastMCP middleware: the finding, its advice and the codemod's verdict."""

from __future__ import annotations

from .rule_helpers import run

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
    assert first.message == "`context.fastmcp_context.elicit()` raises on modern (2026-07-28) connections"
    assert first.help == (
        "Declare the value as a parameter of the tools it wraps: "
        "`Annotated[T, Elicit(...)]`; `elicit-migrate` cannot rewrite it: inside middleware: "
        "declare the question on the tools it wraps, by hand"
    )
    assert "a parameter of the tools it wraps" in second.help
    # a plain function taking a MiddlewareContext is middleware code too: the
    # advice and the codemod's reason agree (not "a helper called by a tool")
    assert second.help.endswith(
        "cannot rewrite it: inside middleware: declare the question on the tools it wraps, by hand"
    )


def _reason(source: str) -> str:
    [d] = run(source, "MCP001")
    return d.help.rsplit("cannot rewrite it: ", 1)[1]


def test_middleware_is_recognised_by_qualified_name_not_spelling():
    """fastmcp's own middleware classes count; a ``*Middleware`` base from elsewhere
    (or a Context fetched in a hook with ``get_context()``) is judged by the class."""
    fastmcp_base = """\
from fastmcp.server.dependencies import get_context
from fastmcp.server.middleware.logging import LoggingMiddleware

class Confirm(LoggingMiddleware):
    async def on_call_tool(self, context, call_next):
        await get_context().elicit("Run it?", response_type=bool)
        return await call_next(context)
"""
    assert _reason(fastmcp_base) == "inside middleware: declare the question on the tools it wraps, by hand"
    foreign = fastmcp_base.replace(
        "from fastmcp.server.middleware.logging import LoggingMiddleware",
        "from shop.middleware import LoggingMiddleware",
    )
    assert _reason(foreign) == "not in a tool body (a helper called by a tool, or module level): declare the question on the tool that needs the answer, by hand"


def test_a_context_taken_from_a_middleware_context_in_a_plain_function():
    source = """\
from fastmcp import Context
from fastmcp.server.middleware import MiddlewareContext

async def confirm(context: MiddlewareContext) -> bool:
    ctx: Context = context.fastmcp_context
    return (await ctx.elicit("Run it?", response_type=bool)).action == "accept"
"""
    assert _reason(source) == "inside middleware: declare the question on the tools it wraps, by hand"


def test_tool_sites_keep_the_plain_advice():
    source = "from fastmcp import Context\nasync def t(ctx: Context):\n    await ctx.elicit('q', response_type=str)\n"
    [d] = run(source, "MCP001")
    assert d.help.startswith("Declare the value as a parameter: `Annotated")
