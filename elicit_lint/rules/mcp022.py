"""MCP022: an unannotated ``ctx`` on an ``MCPServer`` tool."""

from __future__ import annotations

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
    Finds a parameter named `ctx` without an annotation on a tool, prompt or
    resource registered on a server the module builds with `MCPServer(...)`
    (the MCP Python SDK v2).

    ## Why is this bad?
    `MCPServer` injects the context only into a parameter annotated with
    `Context` (`mcp.server.mcpserver.Context`); it does not go by the name. An
    unannotated `ctx` becomes a required string argument of the tool's input
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
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        for function in model.functions:
            if not function.is_component or function.framework != names.MCPSERVER_FRAMEWORK:
                continue
            for arg, default, _kind in parameter_defaults(function.node.args):
                if arg.arg == "ctx" and arg.annotation is None and default is None:
                    yield self.diagnostic(
                        model,
                        model.span(arg),
                        f"`ctx` of `{function.name}` has no annotation: `MCPServer` injects only a "
                        "parameter annotated `Context` (`mcp.server.mcpserver`), so `ctx` becomes a "
                        "required argument and every call without it fails validation; annotate it "
                        "`ctx: Context`",
                    )
