"""MCP001 on the SDK session reached through a local (fresh13 #10):
``s = ctx.session`` then ``await s.elicit_form(...)`` raises on 2026-07-28 as
``ctx.session.elicit_form(...)`` does."""

from __future__ import annotations

import pytest

from .rule_helpers import run

HEAD = (
    "from mcp.server.mcpserver import Context, MCPServer\n\napp = MCPServer('s')\n\n\n"
    "@app.tool()\nasync def t(ctx: Context) -> str:\n"
)


@pytest.mark.parametrize("method", ["elicit_form", "create_message", "list_roots"])
def test_a_session_held_in_a_local_is_reported(method):
    source = HEAD + f"    s = ctx.session\n    r = await s.{method}('q?', {{}})\n    return str(r)\n"
    (d,) = run(source, "MCP001")
    assert d.message.startswith(f"`s.{method}()` raises")


@pytest.mark.parametrize(
    "body",
    [
        # not a session: any other object's method of that name
        "    s = ctx.fastmcp\n    r = await s.elicit_form('q?', {})\n",
        # bound twice: not the checker's to guess
        "    s = ctx.session\n    s = other()\n    r = await s.elicit_form('q?', {})\n",
    ],
)
def test_other_locals_are_not(body):
    assert run(HEAD + body + "    return str(r)\n", "MCP001") == []
