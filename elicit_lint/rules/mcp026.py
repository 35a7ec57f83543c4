"""MCP026: an SDK ``Resolve`` marker on a prompt or resource parameter."""

from __future__ import annotations

from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import Model
from ._sdk import resolve_parameters
from .base import Rule
from .cases import Invalid, Valid


class SdkResolveOutsideTool(Rule):
    """## What it does
    Finds an SDK `Annotated[T, Resolve(fn)]` parameter of a prompt or resource
    (registered with `@mcp.prompt()` / `@mcp.resource(...)`, not as a tool).

    ## Why is this bad?
    `MCPServer` runs resolvers for tools only. On a prompt or resource the
    marker is ignored: the parameter becomes a visible prompt argument (or a
    URI parameter) that the client must fill, and the resolver never runs.
    The SDK does not catch it.

    ## Use instead
    Ask in a tool, or take the value as an ordinary argument:
    """

    code = "MCP026"
    name = "sdk-resolve-outside-tool"
    invalid = (
        Invalid(
            '''
from typing import Annotated

from mcp.server.mcpserver import Elicit, MCPServer, Resolve
from pydantic import BaseModel

mcp = MCPServer("Writer")


class Tone(BaseModel):
    tone: str


def ask_tone() -> Elicit[Tone]:
    return Elicit("Which tone?", Tone)


@mcp.prompt()
def draft(topic: str, tone: Annotated[Tone, Resolve(ask_tone)]) -> str:
    return f"Write about {topic} in a {tone.tone} tone."
''',
            message='`Resolve` on a parameter of the prompt `draft` is ignored: `MCPServer` runs resolvers for tools only, so `tone` becomes an argument the client must fill',
            help='Ask in a tool instead',
            span=((18, 45), (18, 62)),
        ),
    )
    valid = (
        Valid(
            '''
from mcp.server.mcpserver import MCPServer

mcp = MCPServer("Writer")


@mcp.prompt()
def draft(topic: str, tone: str) -> str:
    return f"Write about {topic} in a {tone} tone."
'''
        ),
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        for param, markers in resolve_parameters(model):
            function = param.function
            if function.is_tool or function.component not in ("prompt", "resource"):
                continue
            yield self.diagnostic(
                model,
                markers[0].span,
                f"`Resolve` on a parameter of the {function.component} `{function.name}` is ignored: "
                f"`MCPServer` runs resolvers for tools only, so `{param.name}` becomes an argument the "
                "client must fill; ask in a tool instead",
            )
