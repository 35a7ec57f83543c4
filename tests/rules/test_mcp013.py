"""The swap advice MCP013/MCP014 give."""

from __future__ import annotations

from pathlib import Path

import pytest
from rule_helpers import run

MCP = Path("/work/real/mcp-2.3.0")


SAMPLING = """
from typing import Annotated

from fastmcp import FastMCP
from mcp.server import MCPServer
from mcp.server.mcpserver import Resolve, Sample

mcp = {server}("Shop")

def suggest() -> Sample:
    return Sample([], max_tokens=5)

@mcp.tool()
def t(s: Annotated[str, Resolve(suggest)]) -> str:
    return s
"""


def test_mcp014_says_where_the_tool_must_stay():
    (kept,) = run(SAMPLING.format(server="MCPServer"), "MCP014")
    assert "keep this tool on the SDK's `MCPServer`: FastMCP ignores `Resolve`" in kept.message
    (hole,) = run(SAMPLING.format(server="FastMCP"), "MCP014")
    assert "FastMCP ignores `Resolve`, so `s` is model-supplied here" in hole.message
    assert "UNSAFE" not in hole.message


@pytest.mark.skipif(not MCP.exists(), reason="mcp 2.3.0 sdist not unpacked")
def test_refund_desk_is_told_not_to_swap():
    text = (MCP / "examples/stories/refund_desk/server.py").read_text(encoding="utf-8")
    found = run(text, "MCP013")
    assert [d.location.row for d in found] == [114, 115]
    for d in found:
        assert "do not swap the server for `FastMCP(...)`" in d.message
        assert "swap the server for `FastMCP(...)` and run" not in d.message
