"""Shared reads of the SDK v2 rules (MCP022-MCP028): which parameters and
functions run on the SDK's ``MCPServer`` (docs/architecture.md "Terms": framework)."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import ElicitedParameter, Marker, Model, names

OUTCOME_EXAMPLE = '''
from typing import Annotated

from pydantic import BaseModel

from mcp.server.mcpserver import AcceptedElicitation, Elicit, ElicitationResult, MCPServer, Resolve

mcp = MCPServer("Bistro")


class Confirmation(BaseModel):
    confirm: bool


def ask(date: str) -> Elicit[Confirmation]:
    return Elicit(f"Book a table for {date}?", Confirmation)


@mcp.tool()
async def book_table(date: str, answer: Annotated[ElicitationResult[Confirmation], Resolve(ask)]) -> str:
    if isinstance(answer, AcceptedElicitation) and answer.data.confirm:
        return "Booked."
    return "No booking made."
'''
"""The valid example of MCP023 and MCP024: the whole outcome, `ElicitationResult[T]`,
without a default, tested before `.data` is read."""


def on_sdk(function) -> bool:
    """Whether ``function`` is not served by FastMCP (where ``Resolve`` is ignored,
    MCP013): ``MCPServer``, the SDK's ``Tool.from_function``, or a server the
    module does not build (the SDK marker says it is SDK code)."""
    return function.framework != names.FASTMCP_FRAMEWORK


def resolve_parameters(model: Model) -> Iterator[tuple[ElicitedParameter, list[Marker]]]:
    """Each elicited parameter with ``Resolve`` markers on an SDK function, with them."""
    for param in model.elicited_parameters:
        markers = [m for m in param.markers if m.family == "resolve"]
        if markers and on_sdk(param.function):
            yield param, markers
