"""The runtime's ``Elicit`` marker on a tool served by the SDK's ``MCPServer`` (fresh13
#11): the decorator drives FastMCP's context, so every call fails on both eras, with or
without it; MCP019 reports it (``messages.runtime_marker_on_mcpserver``)."""

from __future__ import annotations

from typing import Annotated

import pytest
from mcp import Client as SdkClient
from mcp.server.mcpserver import MCPServer

from elicit_lint.runtime import Elicit, declared_elicitation


@pytest.mark.parametrize("mode", ["auto", "legacy"])
async def test_every_call_fails_on_both_eras(mode):
    mcp = MCPServer("S")

    @mcp.tool()
    @declared_elicitation
    async def on_sdk(a: Annotated[str | None, Elicit("A?")] = None) -> str:
        return f"{a}"

    asked = []

    async def elicitation(context, params):
        asked.append(params)
        raise AssertionError("the marker never asks on MCPServer")

    async with SdkClient(mcp, mode=mode, elicitation_callback=elicitation) as client:
        result = await client.call_tool("on_sdk", {})
    assert result.is_error
    assert asked == []
