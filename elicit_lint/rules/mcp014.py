"""MCP014: SDK v2 resolvers returning ``Sample`` or ``ListRoots``."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import Model
from .base import Rule
from .cases import Invalid, Valid


class SdkSamplingResolver(Rule):
    """## What it does
    Finds an SDK v2 parameter `Annotated[T, Resolve(fn)]` (`mcp.server.mcpserver`,
    mcp 2.3.0) whose resolver returns `Sample(...)` (sampling the client's LLM)
    or `ListRoots()` (the client's roots), directly or through a `Resolve(g)`
    dependency.

    ## Why is this bad?
    The declared parameters of `elicit_lint.runtime` / `fastmcp.elicitation`
    only ask the user (elicitation); there is no declared equivalent for
    sampling or roots, and FastMCP does not honour the SDK's `Resolve`, so on a
    `FastMCP` server the parameter silently becomes model-supplied.
    `elicit-migrate` reports these and never rewrites them (it also leaves the
    tool's other resolvers alone: a tool is rewritten whole). Keep such a tool
    on the SDK's `MCPServer`, or call the client from the tool body yourself.
    The message says which case it is: on `MCPServer`, keep the tool there (do
    not swap the server for `FastMCP(...)`); on a server the module builds with
    `FastMCP(...)`, the parameter is model-supplied as the code stands.

    ## Use instead
    Keep the tool on `MCPServer` (suppress with `# noqa: MCP014`), or, on
    FastMCP, ask the user for the value with a declared question (a different
    source: the user instead of the client's roots or model):
    """

    code = "MCP014"
    name = "sdk-sampling-resolver"
    invalid = (
        Invalid(
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
            message='`roots` is resolved through `Sample`/`ListRoots`, which has no declared equivalent',
            help="Keep this tool on the SDK's `MCPServer` (FastMCP ignores `Resolve(workspace_roots)`, so `roots` would become model-supplied); `elicit-migrate` reports it and never rewrites it",
            span=((15, 60), (15, 84)),
        ),
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
        '''
from typing import Annotated

from mcp.server import MCPServer
from mcp.server.mcpserver import Resolve, Sample
from mcp.types import CreateMessageResult

mcp = MCPServer("Bookshop")

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
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        findings = analysis.sdk_findings()
        if not findings:  # the SDK planner (codemod.sdk) only for a file with a Resolve marker
            return
        from ..analysis.sdk import SAMPLE, strip_unsafe
        from ..analysis.sdk_server import FASTMCP, server_of

        for param, marker, verdict in findings:
            if verdict is None or strip_unsafe(verdict) != SAMPLE:
                continue
            fn = ast.unparse(marker.message) if marker.message is not None else "fn"
            if server_of(model, param.function)[0] == FASTMCP:
                where = (
                    f"FastMCP ignores `Resolve({fn})`, so `{param.name}` is model-supplied "
                    "here: serve this tool with the SDK's `MCPServer`"
                )
            else:
                where = (
                    "keep this tool on the SDK's `MCPServer` (FastMCP ignores "
                    f"`Resolve({fn})`, so `{param.name}` would become model-supplied)"
                )
            yield self.diagnostic(
                model,
                marker.span,
                f"`{param.name}` is resolved through `Sample`/`ListRoots`, which has no declared "
                f"equivalent; {where}; "
                "`elicit-migrate` reports it and never rewrites it",
            )
