"""MCP021's words: what the swallowed failure is, by framework and era (split from
:mod:`.mcp021`)."""

from __future__ import annotations

from ..model import names

FASTMCP = names.FASTMCP_FRAMEWORK

_REQUESTS = {"sampling": "the sampling request", "roots": "the roots request", "url": "the URL elicitation"}
"""What a handshake-only call asks, by its ``mode`` (``HandshakeCall.mode``)."""


def _what(site) -> str:
    """``"the elicitation"``, or what a handshake-only call asks the client."""
    return _REQUESTS.get(getattr(site, "mode", "form"), "the elicitation")


def message(caught: str, era: bool, site, suppress: bool = False, mcp1: bool = False) -> str:
    """The finding's words; ``mcp1``: the module imports mcp 1.x's ``mcp.server.fastmcp``
    (MCP017), where ``NoBackChannelError`` is what the call raises after the rename
    to mcp 2 (MCP001's qualifier), not today: mcp 1.x serves the handshake era only."""
    if suppress:
        clause = f"`with {caught}`"
    else:
        clause = "A bare `except:`" if caught == "except" else f"`except {caught}`"
    row = site.span.start.row
    where = f"{clause} swallows the failure of {_what(site)} on line {row}"
    if site.framework == FASTMCP and not era and (site.response_type_form == "missing" or site.response_type_is_none):
        return (  # fastmcp 4.2.3 raises TypeError before asking (MCP002), which no McpError handler catches
            f"{clause} does not catch the `TypeError` the elicitation on line {row} raises without a "
            "`response_type` (MCP002); pass one first: then it swallows the protocol error of a client that cannot be asked"
        )
    if site.framework != FASTMCP and mcp1:
        return (
            f"{where}; on mcp 1.x it is the protocol error of a client that cannot be asked, and "
            "after the rename to `mcp.server.mcpserver` (mcp 2), the `NoBackChannelError` (-32600) "
            "the call raises on modern (2026-07-28) connections"
        )
    if site.framework != FASTMCP:
        return f"{where}; it is the `NoBackChannelError` (-32600) the call raises on modern (2026-07-28) connections"
    if era:
        return f"{where}; it is the `ToolError` the call raises on modern (2026-07-28) connections"
    return f"{where}; it is the protocol error of a client that cannot be asked"

