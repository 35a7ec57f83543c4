"""MCP025: two SDK ``Resolve`` markers in one ``Annotated``."""

from __future__ import annotations

from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import Model
from ._sdk import resolve_parameters
from .base import Rule
from .cases import Invalid, Valid


class SdkTwoResolveMarkers(Rule):
    """## What it does
    Finds a parameter whose `Annotated[...]` holds two SDK `Resolve(...)` markers.

    ## Why is this bad?
    `MCPServer` honours the first marker and silently ignores the others
    (mcp 2.3.0 `resolve.py`: the first `Resolve` in the metadata wins): the
    second resolver never runs. The SDK does not catch it.

    ## Use instead
    One marker per parameter; a resolver that needs another's value declares
    it as its own `Annotated[T, Resolve(other)]` parameter:
    """

    code = "MCP025"
    name = "sdk-two-resolve-markers"
    invalid = (
        Invalid(
            '''
from typing import Annotated

from mcp.server.mcpserver import MCPServer, Resolve

mcp = MCPServer("Shop")


def from_cache(title: str) -> int:
    return 7


def from_warehouse(title: str) -> int:
    return 3


@mcp.tool()
async def stock(title: str, copies: Annotated[int, Resolve(from_cache), Resolve(from_warehouse)]) -> str:
    return f"{copies} left"
''',
            message='`copies` has a second `Resolve` marker: `MCPServer` uses the first one and silently ignores this one',
            help='Keep one marker per parameter',
            span=((17, 73), (17, 96)),
        ),
    )
    valid = (
        Valid(
            '''
from typing import Annotated

from mcp.server.mcpserver import MCPServer, Resolve

mcp = MCPServer("Shop")


def from_warehouse(title: str) -> int:
    return 3


@mcp.tool()
async def stock(title: str, copies: Annotated[int, Resolve(from_warehouse)]) -> str:
    return f"{copies} left"
'''
        ),
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        for param, markers in resolve_parameters(model):
            top = [m for m in markers if m.placement == "top"]
            for extra in top[1:]:
                if extra.annotated is not top[0].annotated:
                    continue
                yield self.diagnostic(
                    model,
                    extra.span,
                    f"`{param.name}` has a second `Resolve` marker: `MCPServer` uses the first one "
                    "and silently ignores this one; keep one marker per parameter",
                )
