"""MCP022: an unannotated context parameter on an ``MCPServer`` tool."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import Model, names
from ..model.scopes import parameter_defaults
from .base import Rule
from .cases import Invalid, Valid


class SdkUnannotatedContext(Rule):
    """## What it does
    Finds a context parameter without an annotation on a tool, prompt or
    resource registered on a server the module builds with `MCPServer(...)`
    (the MCP Python SDK v2): one named `ctx` or `context`, or of any name when
    the body uses it as a context (`.elicit(...)`, `.info(...)`,
    `.report_progress(...)`, `.session`, `.request_context`...), which no
    argument a client sends (JSON: a string, number, list or object) has.
    An unannotated parameter of another name that the body does not use so is
    an ordinary argument and is left alone. (A file is read for the names
    `ctx` and `context`; another name is found when the file has an
    elicitation, as any file this linter is run for does.)

    ## Why is this bad?
    `MCPServer` injects the context only into a parameter annotated with
    `Context` (`mcp.server.mcpserver.Context`); it does not go by the name. An
    unannotated `ctx` becomes a required argument of the tool's input
    schema: every call that does not send it fails validation, and a call that
    does gets a string, whose `.elicit` does not exist. The SDK does not catch
    it at registration. (FastMCP injects an unannotated `ctx`; the SDK does not.)

    ## Use instead
    Annotate it:
    """

    code = "MCP022"
    name = "sdk-unannotated-context"
    invalid = (
        Invalid(
            '''
from mcp.server.mcpserver import MCPServer

mcp = MCPServer("Bistro")


@mcp.tool()
async def book_table(date: str, ctx) -> str:
    await ctx.info(f"Booking {date}")
    return "Booked."
''',
            message='`ctx` of `book_table` has no annotation: `MCPServer` injects only a parameter annotated `Context` (`mcp.server.mcpserver`), so `ctx` becomes a required argument and every call without it fails validation',
            help='Annotate it `ctx: Context`',
            span=((7, 33), (7, 36)),
        ),
        '''
from mcp.server import MCPServer

server = MCPServer("x")

@server.prompt()
def greet(name: str, ctx) -> str:
    return f"Hello {name}"
''',
        # registered by a call, not a decorator
        '''
from mcp.server.mcpserver import MCPServer

mcp = MCPServer("Shop")


async def buy(item: str, ctx) -> str:
    return item


mcp.add_tool(buy, name="buy_item")
''',
        # another name: `context`, or any name the body uses as a context
        Invalid(
            '''
from mcp.server.mcpserver import MCPServer

mcp = MCPServer("Bistro")


@mcp.tool()
async def cancel(booking: str, context) -> str:
    await context.info(f"Cancelling {booking}")
    return "Cancelled."


@mcp.tool()
async def confirm(booking: str, c) -> str:
    await c.report_progress(1, 2)
    return "Confirmed."
''',
            message='`context` of `cancel` has no annotation: `MCPServer` injects only a parameter annotated `Context` (`mcp.server.mcpserver`), so `context` becomes a required argument and every call without it fails validation',
            help='Annotate it `context: Context`',
            span=((7, 32), (7, 39)),
            diagnostics=2,
        ),
    )
    valid = (
        Valid(
            '''
from mcp.server.mcpserver import Context, MCPServer

mcp = MCPServer("Bistro")


@mcp.tool()
async def book_table(date: str, ctx: Context) -> str:
    await ctx.info(f"Booking {date}")
    return "Booked."
'''
        ),
        '''
from fastmcp import FastMCP

mcp = FastMCP("Bistro")

@mcp.tool
async def book_table(date: str, ctx) -> str:
    return "Booked."
''',
        '''
from mcp.server.mcpserver import MCPServer

mcp = MCPServer("Bistro")

def helper(ctx) -> str:
    return "not a tool"
''',
        # an unannotated argument the body uses as a value: an ordinary argument
        '''
from mcp.server.mcpserver import MCPServer

mcp = MCPServer("Bistro")

@mcp.tool()
async def note(booking: str, extra) -> str:
    return f"{booking}: {extra}"
''',
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        for function in model.functions:
            if not function.is_component or function.framework != names.MCPSERVER_FRAMEWORK:
                continue
            for arg, default, _kind in parameter_defaults(function.node.args):
                if arg.annotation is not None or default is not None:
                    continue
                if arg.arg not in _NAMES and not _used_as_context(function.node, arg.arg):
                    continue
                name = arg.arg
                yield self.diagnostic(
                    model,
                    model.span(arg),
                    f"`{name}` of `{function.name}` has no annotation: `MCPServer` injects only a "
                    f"parameter annotated `Context` (`mcp.server.mcpserver`), so `{name}` becomes a "
                    "required argument and every call without it fails validation; annotate it "
                    f"`{name}: Context`",
                )


_NAMES = frozenset({"ctx", "context"})
"""The names a context parameter goes by in the SDK's and FastMCP's docs."""

_CONTEXT_ATTRIBUTES = frozenset(
    {
        "elicit", "elicit_url", "info", "debug", "warning", "error", "log", "report_progress",
        "read_resource", "session", "request_context", "request_id",
    }
)
"""Attributes of the SDK's ``Context`` (``mcp.server.mcpserver.Context``) that no
JSON value a client sends has (``str``, ``int``, ``list``, ``dict``...)."""


def _used_as_context(node: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    """The body reads ``<name>.<a context attribute>``."""
    return any(
        isinstance(sub, ast.Attribute)
        and sub.attr in _CONTEXT_ATTRIBUTES
        and isinstance(sub.value, ast.Name)
        and sub.value.id == name
        for stmt in node.body
        for sub in ast.walk(stmt)
    )
