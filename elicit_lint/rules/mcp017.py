"""MCP017: an import of mcp 1.x's ``mcp.server.fastmcp``."""

from __future__ import annotations

from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import Model
from .base import Rule
from .cases import Invalid, Valid


class Mcp1ServerImport(Rule):
    """## What it does
    Finds an import of `mcp.server.fastmcp`, the server module of the MCP
    Python SDK 1.x (`from mcp.server.fastmcp import Context, FastMCP`,
    `import mcp.server.fastmcp`, `from mcp.server import fastmcp`), however
    it is spaced or split over lines (`from mcp . server . fastmcp import
    FastMCP`, a parenthesised `from mcp.server import (...)` naming `fastmcp`
    on a later line). One limit: the byte prefilter looks for `mcp.server`
    written without spaces, so a file whose only finding is an import spelled
    `mcp . server` is not read.

    ## Why is this bad?
    In mcp 2 (2.3.0: `src/mcp/server/fastmcp.py`) the module is a stub whose
    import raises `ModuleNotFoundError` ("This is mcp 2.x, where FastMCP was
    renamed to MCPServer"), so the server does not start. fastmcp 4 requires
    `mcp>=2.3`, so every FastMCP 4 environment has mcp 2 installed.

    After the rename the code is SDK v2 code: the other rules read
    `mcp.server.fastmcp.FastMCP` as `MCPServer` and its `Context` as the SDK's,
    so a `ctx.elicit(...)` in such a file is reported (MCP001) as the SDK
    call it becomes, which raises `NoBackChannelError` on 2026-07-28 connections.

    ## Use instead
    Import from `mcp.server.mcpserver` (the SDK's migration guide:
    `docs/migration.md`, "FastMCP renamed to MCPServer"):
    """

    code = "MCP017"
    name = "legacy-sdk-server-import"
    invalid = (
        Invalid(
            '''
from mcp.server.fastmcp import Context, FastMCP

mcp = FastMCP("Weather")


@mcp.tool()
async def forecast(city: str, ctx: Context) -> str:
    return f"Sunny in {city}"
''',
            message="`mcp.server.fastmcp` is mcp 1.x's server module: on mcp 2 its import raises `ModuleNotFoundError` (FastMCP was renamed to MCPServer)",
            help='Import `Context` and `MCPServer` from `mcp.server.mcpserver`',
            span=((1, 1), (1, 48)),
        ),
        '''
import mcp.server.fastmcp

server = mcp.server.fastmcp.FastMCP("x")
''',
        '''
from mcp.server import fastmcp
''',
        '''
def build():
    from mcp.server.fastmcp.server import Context
    return Context
''',
    )
    valid = (
        Valid(
            '''
from mcp.server.mcpserver import Context, MCPServer

mcp = MCPServer("Weather")


@mcp.tool()
async def forecast(city: str, ctx: Context) -> str:
    return f"Sunny in {city}"
'''
        ),
        '''
from fastmcp import Context, FastMCP

mcp = FastMCP("Weather")
''',
        '''
# mcp.server.fastmcp is mentioned in a comment only
from mcp.server import MCPServer
''',
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        for node in model.mcp1_imports:
            names = sorted(
                {"MCPServer" if a.name == "FastMCP" else a.name for a in getattr(node, "names", [])}
                & {"Context", "MCPServer"}
            ) or ["MCPServer"]
            shown = " and ".join(f"`{n}`" for n in names)
            yield self.diagnostic(
                model,
                model.span(node),
                "`mcp.server.fastmcp` is mcp 1.x's server module: on mcp 2 its import raises "
                "`ModuleNotFoundError` (FastMCP was renamed to MCPServer); import "
                f"{shown} from `mcp.server.mcpserver`",
            )
