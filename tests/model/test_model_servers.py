"""The server a tool is registered on (model/servers.py): what one module shows."""

from __future__ import annotations

import pytest

from elicit_lint.model.servers import FASTMCP, MCPSERVER, module_binding

from .model_helpers import model_of

GENERIC = """
from mcp.server.mcpserver import Context, MCPServer


def register(server: MCPServer[dict]) -> None:
    @server.tool()
    async def ping(ctx: Context) -> str:
        return "pong"
"""


def test_a_generic_server_annotation_names_the_server():
    """``server: MCPServer[Deps]`` (a public shape): the subscripted class is
    still ``MCPServer``; reading it as unknown made the codemod skip a correct
    SDK ``Resolve`` tool the checker has nothing to say about."""
    (ping,) = [f for f in model_of(GENERIC).functions if f.name == "ping"]
    assert ping.server("tool") == (MCPSERVER, "server")


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from fastmcp import FastMCP\nmcp = FastMCP('a')\n", (FASTMCP,)),
        ("from mcp.server.mcpserver import MCPServer as S\nmcp: S = S('a')\n", (MCPSERVER,)),
        ("from .server import mcp\n", ("import", "server", 1, "mcp")),
        ("from . import app as mcp\n", ("import", None, 1, "app")),
        ("from mcp.server.mcpserver import MCPServer\nmcp = MCPServer('a')\nmcp = MCPServer('b')\n", None),
        ("from mcp.server.mcpserver import MCPServer\nif 1:\n    mcp = MCPServer('a')\n", None),
        ("try:\n    from .server import mcp\nexcept ImportError:\n    mcp = None\n", None),
        ("from .server import mcp\n\ndef f():\n    global mcp\n    mcp = 1\n", None),
        ("from .server import *\n", None),
        ("mcp = make()\n", None),
    ],
)
def test_module_binding(source, expected):
    model = model_of(source)
    assert module_binding(model.module_scope, "mcp") == expected
