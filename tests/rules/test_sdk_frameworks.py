"""Framework answers the model gives and the SDK words the rules use
(docs/sdk.md): server kinds, contexts per framework, mcp 1.x code after the
rename, and what stays silent."""

from __future__ import annotations

import ast
import textwrap

import pytest

from elicit_lint.model import build_model

from .rule_helpers import run


def _model(source: str):
    source = textwrap.dedent(source)
    return build_model(ast.parse(source), source, "m.py")


@pytest.mark.parametrize(
    ("server", "register", "framework"),
    [
        ("from fastmcp import FastMCP\nmcp = FastMCP('x')", "@mcp.tool", "fastmcp"),
        ("from mcp.server.mcpserver import MCPServer\nmcp = MCPServer('x')", "@mcp.tool()", "mcpserver"),
        ("from mcp.server import MCPServer\nmcp = MCPServer('x')", "@mcp.tool()", "mcpserver"),
        ("from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('x')", "@mcp.tool()", "mcpserver"),
        ("from somewhere import mcp", "@mcp.tool()", None),
    ],
)
def test_server_kind(server, register, framework):
    model = _model(f"{server}\n{register}\ndef t(a: int) -> int:\n    return a\n")
    (function,) = model.functions
    assert function.framework == framework


def test_sdk_tool_from_function_is_mcpserver():
    model = _model(
        "from mcp.server.mcpserver.tools import Tool\n"
        "def t(a: int) -> int:\n    return a\n"
        "tool = Tool.from_function(t)\n"
    )
    assert model.functions[0].framework == "mcpserver"


@pytest.mark.parametrize(
    "annotation",
    ["Context", "Context | None", "Optional[Context]", "'Context'", "Annotated[Context, 'x']", "Ctx"],
)
def test_sdk_context_forms(annotation):
    model = _model(
        f"""
        from typing import Annotated, Optional
        from mcp.server.mcpserver import Context, MCPServer
        Ctx = Context
        mcp = MCPServer("x")
        @mcp.tool()
        async def t(ctx: {annotation}) -> str:
            r = await ctx.elicit("q", dict)
            await ctx.session.create_message([], max_tokens=1)
            return r.action
        """
    )
    assert [s.framework for s in model.sites] == ["mcpserver"]
    assert [(c.framework, c.mode) for c in model.handshake_calls] == [("mcpserver", "sampling")]


def test_bare_ctx_on_mcpserver_is_mcp022_not_mcp001():
    source = """
    from mcp.server.mcpserver import MCPServer
    mcp = MCPServer("x")
    @mcp.tool()
    async def t(ctx) -> str:
        r = await ctx.elicit("q", dict)
        return r.action
    """
    assert run(source, "MCP001") == []
    assert len(run(source, "MCP022")) == 1


def test_sdk_context_on_fastmcp_tool_is_mcp013_not_a_site():
    source = """
    from fastmcp import FastMCP
    from mcp.server.mcpserver import Context
    mcp = FastMCP("x")
    @mcp.tool
    async def t(ctx: Context) -> str:
        r = await ctx.elicit("q", dict)
        return r.action
    """
    assert run(source, "MCP001") == []
    assert len(run(source, "MCP013")) == 1


def test_mcp1_code_is_reported_after_the_rename():
    source = """
    from mcp.server.fastmcp import Context, FastMCP
    mcp = FastMCP("legacy")
    @mcp.tool()
    async def ask(ctx: Context) -> str:
        result = await ctx.elicit("Name?", dict)
        return result.action
    """
    (import_finding,) = run(source, "MCP017")
    (site,) = run(source, "MCP001")
    assert site.message.startswith("after the rename to `mcp.server.mcpserver` (mcp 2), `ctx.elicit()` raises `NoBackChannelError`")


@pytest.mark.parametrize(
    ("body", "advice"),
    [
        ("await ctx.elicit('q', dict)", "declare the value as a parameter: `Annotated[ElicitationResult[T], Resolve(fn)]`"),
        ("await ctx.elicit_url('m', url='u', elicitation_id='e')", "raise `UrlElicitationRequiredError([...])`"),
        ("await ctx.session.list_roots()", "`fn` returning `ListRoots()`"),
        ("await ctx.request_context.session.create_message([], max_tokens=1)", "`fn` returning `Sample(...)`"),
    ],
)
def test_sdk_advice_in_a_tool(body, advice):
    source = f"""
    from mcp.server.mcpserver import Context, MCPServer
    mcp = MCPServer("x")
    @mcp.tool()
    async def t(ctx: Context) -> str:
        {body}
        return "x"
    """
    (found,) = run(source, "MCP001")
    assert advice.lower() in f"{found.message}; {found.help}".lower()


def test_sdk_advice_in_a_resolver_and_a_resource():
    source = """
    from typing import Annotated
    from mcp.server.mcpserver import Context, Elicit, MCPServer, Resolve
    mcp = MCPServer("x")
    async def ask(ctx: Context) -> str:
        r = await ctx.elicit("q", dict)
        return r.action
    @mcp.tool()
    async def t(a: Annotated[str, Resolve(ask)]) -> str:
        return a
    @mcp.resource("res://x")
    async def res(ctx: Context) -> str:
        r = await ctx.elicit("q", dict)
        return r.action
    """
    in_resolver, in_resource = run(source, "MCP001")
    assert "Inside a resolver, return `Elicit(message, T)` instead" in in_resolver.help
    assert "not on a resource" in in_resource.help


def test_mcp021_on_sdk_catches_mcperror_not_toolerror():
    source = """
    from mcp import MCPError
    from fastmcp.exceptions import ToolError
    from mcp.server.mcpserver import Context, MCPServer
    mcp = MCPServer("x")
    @mcp.tool()
    async def t(ctx: Context) -> str:
        try:
            await ctx.elicit("q", dict)
        except ToolError:
            return "a"
        try:
            await ctx.elicit("q", dict)
        except MCPError:
            return "b"
        return "c"
    """
    (found,) = run(source, "MCP021")
    assert "`except MCPError`" in found.message and "NoBackChannelError" in found.help
