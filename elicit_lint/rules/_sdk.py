"""Shared reads of the SDK v2 rules (MCP022-MCP028): which parameters and
functions run on the SDK's ``MCPServer`` (docs/architecture.md "Terms": framework)."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import ElicitedParameter, Marker, Model, names


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
