"""MCP013's SDK ``Context`` finding and the swap advice MCP013/MCP014 give."""

from __future__ import annotations

import pytest

from .rule_helpers import run

SDK_CONTEXT_TOOL = """
from typing import Annotated, Optional

from fastmcp import FastMCP

from mcp.server.mcpserver import Context

mcp = FastMCP("Bistro")

@mcp.tool()
async def book_table(date: str, ctx: {annotation}) -> str:
    result = await ctx.elicit("Book it?", dict)
    return result.action
"""


@pytest.mark.parametrize(
    "annotation",
    [
        "Context",
        "Context[object, object]",
        "Context | None",
        "Optional[Context]",
        "Annotated[Context, 'x']",
        "'Context'",
    ],
)
def test_sdk_context_on_a_fastmcp_tool_is_reported(annotation):
    found = run(SDK_CONTEXT_TOOL.replace("{annotation}", annotation), "MCP013")
    assert len(found) == 1
    assert found[0].message == "`ctx` is annotated with the SDK's `Context`, which FastMCP does not inject"
    assert found[0].help.startswith(
        "`ctx` (`mcp.server.mcpserver.Context`) becomes a required model-supplied argument"
    )
    assert found[0].location.row == 11


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('FastMCP("Bistro")', 'MCPServer("Bistro")'),  # the SDK injects its own
        ("from mcp.server.mcpserver import Context", "from fastmcp import Context"),
        ("mcp = FastMCP", "from shop import mcp\nserver = FastMCP"),  # not built here
    ],
)
def test_sdk_context_elsewhere_is_not_reported(old, new):
    source = SDK_CONTEXT_TOOL.replace("{annotation}", "Context").replace(old, new)
    source = source.replace(
        "from fastmcp import FastMCP", "from fastmcp import FastMCP\nfrom mcp.server import MCPServer"
    )
    assert run(source, "MCP013") == []


def test_sdk_elicitation_tutorial_swapped_is_reported(mcp_sdist):
    """mcp 2.3.0 docs_src/elicitation/tutorial001.py after step 1 (the swap)."""
    text = (mcp_sdist / "docs_src/elicitation/tutorial001.py").read_text(encoding="utf-8")
    assert run(text, "MCP013") == []
    swapped = text.replace("from mcp.server import MCPServer", "from fastmcp import FastMCP")
    swapped = swapped.replace("MCPServer(", "FastMCP(")
    found = run(swapped, "MCP013")
    assert [(d.location.row, d.message.split(" ")[0]) for d in found] == [(15, "`ctx`")]


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
    assert kept.help.startswith("Keep this tool on the SDK's `MCPServer` (FastMCP ignores `Resolve(suggest)`")
    (hole,) = run(SAMPLING.format(server="FastMCP"), "MCP014")
    assert "FastMCP ignores `Resolve(suggest)`, so `s` is model-supplied here" in hole.help
    assert "UNSAFE" not in hole.message + hole.help


def test_refund_desk_is_told_not_to_swap(mcp_sdist):
    text = (mcp_sdist / "examples/stories/refund_desk/server.py").read_text(encoding="utf-8")
    found = run(text, "MCP013")
    assert [d.location.row for d in found] == [114, 115]
    for d in found:
        assert "do not swap the server for `FastMCP(...)`" in d.help
        assert "swap the server for `FastMCP(...)` and run" not in d.help
