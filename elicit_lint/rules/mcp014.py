"""MCP014: SDK v2 resolvers returning ``Sample`` or ``ListRoots``."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import Model
from ..model.servers import FASTMCP
from .base import Rule
from .cases import Invalid, Valid


class SdkSamplingResolver(Rule):
    """## What it does
    Finds an SDK v2 parameter `Annotated[T, Resolve(fn)]` (`mcp.server.mcpserver`,
    mcp 2.3.0) of a tool served by `FastMCP(...)` whose resolver returns `Sample(...)` (sampling the client's LLM)
    or `ListRoots()` (the client's roots), directly or through a `Resolve(g)`
    dependency.

    ## Why is this bad?
    The declared parameters of `elicit_lint.runtime` / `fastmcp.elicitation`
    only ask the user (elicitation); there is no declared equivalent for
    sampling or roots, and FastMCP does not honour the SDK's `Resolve`, so on a
    `FastMCP` server the parameter silently becomes model-supplied.
    `elicit-migrate` reports these and never rewrites them (it also leaves the
    tool's other resolvers alone: a tool is rewritten whole). Only a tool
    registered on a server the module builds with `FastMCP(...)` is reported:
    on the SDK's `MCPServer` the resolver works as written, and on a server the
    module does not build the checker makes no claim.

    ## Use instead
    Serve the tool with the SDK's `MCPServer`, or, on FastMCP, ask the user for
    the value with a declared question (a different source: the user instead of
    the client's roots or model):
    """

    code = "MCP014"
    name = "sdk-sampling-resolver"
    invalid = (
        Invalid(
            '''
from typing import Annotated

from fastmcp import FastMCP
from mcp.server.mcpserver import ListRoots, Resolve
from mcp.types import ListRootsResult

mcp = FastMCP("Bookshop")


def workspace_roots() -> ListRoots:
    return ListRoots()


@mcp.tool()
async def catalog_folder(roots: Annotated[ListRootsResult, Resolve(workspace_roots)]) -> str:
    return str(roots.roots[0].uri) if roots.roots else "No folders shared."
''',
            message='`roots` is resolved through `Sample`/`ListRoots`, which has no declared equivalent',
            help="FastMCP ignores `Resolve(workspace_roots)`, so `roots` is model-supplied here: serve this tool with the SDK's `MCPServer`; `elicit-migrate` reports it and never rewrites it",
            span=((15, 60), (15, 84)),
        ),
        '''
from typing import Annotated

from fastmcp import FastMCP
from mcp.server.mcpserver import ListRoots, Resolve
from mcp.types import ListRootsResult

mcp = FastMCP("Bookshop")

def workspace_roots() -> ListRoots:
    return ListRoots()

@mcp.tool()
async def catalog_folder(roots: Annotated[ListRootsResult, Resolve(workspace_roots)]) -> str:
    return str(roots.roots[0].uri) if roots.roots else "No folders shared."
''',
        '''
from typing import Annotated

from fastmcp import FastMCP
from mcp.server.mcpserver import Resolve, Sample
from mcp.types import CreateMessageResult

mcp = FastMCP("Bookshop")

def suggest_title(genre: str) -> Sample:
    return Sample([], max_tokens=50)

@mcp.tool()
async def recommend_book(genre: str, suggestion: Annotated[CreateMessageResult, Resolve(suggest_title)]) -> str:
    return "the classics"
''',
    )
    valid = (
        Valid(
            '''
from typing import Annotated

from fastmcp import FastMCP

from elicit_lint.runtime import Elicit, declared_elicitation

mcp = FastMCP("Bookshop")


@mcp.tool()
@declared_elicitation
async def catalog_folder(
    folder: Annotated[str, Elicit("Which folder should the catalog export go to?")],
) -> str:
    return folder
'''
        ),
        '''
from typing import Annotated

from mcp.server import MCPServer
from mcp.server.mcpserver import Resolve

mcp = MCPServer("Bookshop")

def check_stock(title: str) -> int:
    return 7

@mcp.tool()
async def reserve(title: str, stock: Annotated[int, Resolve(check_stock)]) -> str:
    return f"{stock} left"
''',
        '''
from typing import Annotated

from mcp.server import MCPServer
from mcp.server.mcpserver import ListRoots, Resolve
from mcp.types import ListRootsResult

mcp = MCPServer("Bookshop")

def workspace_roots() -> ListRoots:
    return ListRoots()

@mcp.tool()
async def catalog_folder(roots: Annotated[ListRootsResult, Resolve(workspace_roots)]) -> str:
    return str(roots.roots[0].uri) if roots.roots else "No folders shared."
''',
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        resolved = [p for p in model.elicited_parameters if any(m.family == "resolve" for m in p.markers)]
        if not any(p.function.server("tool")[0] == FASTMCP for p in resolved):
            return  # on MCPServer `Sample`/`ListRoots` resolvers work as written
        from ..analysis.sdk import SAMPLE, strip_unsafe

        for param, marker, verdict in analysis.sdk_findings():
            if verdict is None or strip_unsafe(verdict) != SAMPLE:
                continue
            if param.function.server("tool")[0] != FASTMCP:
                continue
            fn = ast.unparse(marker.message) if marker.message is not None else "fn"
            yield self.diagnostic(
                model,
                marker.span,
                f"`{param.name}` is resolved through `Sample`/`ListRoots`, which has no declared "
                f"equivalent; FastMCP ignores `Resolve({fn})`, so `{param.name}` is model-supplied "
                "here: serve this tool with the SDK's `MCPServer`; "
                "`elicit-migrate` reports it and never rewrites it",
            )
