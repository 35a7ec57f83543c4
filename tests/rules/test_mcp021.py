"""MCP021 (broad-except-around-elicit): which handlers, which scopes, messages."""

from __future__ import annotations

import pytest

from .rule_helpers import run

HEAD = "from fastmcp import Context\nimport builtins\nimport mcp.shared.exceptions as mx\n"


def wrap(handler: str, body: str = "        return ''\n") -> str:
    return HEAD + (
        "async def t(ctx: Context):\n"
        "    try:\n"
        "        r = await ctx.elicit('q', response_type=str)\n"
        f"    {handler}\n"
        f"{body}"
    )


@pytest.mark.parametrize(
    ("handler", "caught"),
    [
        ("except:", "A bare `except:`"),
        ("except Exception as e:", "`except Exception`"),
        ("except (KeyError, BaseException):", "`except BaseException`"),
        ("except builtins.Exception:", "`except Exception`"),
        ("except mx.MCPError:", "`except mx.MCPError`"),
        ("except* Exception:", "`except Exception`"),
    ],
)
def test_broad_handlers(handler, caught):
    [d] = run(wrap(handler), "MCP021")
    assert d.message == f"{caught} swallows the failure of the elicitation on line 6"
    assert d.location.row == 7


TOOL_ERROR_HEAD = (
    "import fastmcp.exceptions\n"
    "from fastmcp.exceptions import ToolError, FastMCPError as Base\n"
    "from fastmcp import Context\n"
)


@pytest.mark.parametrize(
    "handler",
    [
        "except ToolError:",
        "except Base as e:",
        "except fastmcp.exceptions.ToolError:",
        "except fastmcp.exceptions.FastMCPError:",
        "except (ValueError, ToolError):",
        "except* ToolError:",
    ],
)
def test_tool_error_handlers_swallow_the_era_failure(handler):
    """What ``ctx.elicit`` raises on a 2026-07-28 connection, named (or its base)."""
    src = TOOL_ERROR_HEAD + (
        "async def t(ctx: Context):\n"
        "    try:\n"
        "        r = await ctx.elicit('q', response_type=str)\n"
        f"    {handler}\n"
        "        return ''\n"
    )
    [d] = run(src, "MCP021")
    spelling = handler.removeprefix("except* ").removeprefix("except ").split(" as ")[0].rstrip(":")
    spelling = spelling.removeprefix("(ValueError, ").rstrip(")")
    assert d.message == f"`except {spelling}` swallows the failure of the elicitation on line 6"
    assert d.help == "It is the `ToolError` the call raises on modern (2026-07-28) connections"
    assert d.location.row == 7
    reraising = src.replace("        return ''\n", "        raise\n")
    assert run(reraising, "MCP021") == []


def test_a_local_tool_error_is_not_fastmcps():
    src = (
        "from fastmcp import Context\n"
        "class ToolError(Exception): ...\n"
        "async def t(ctx: Context):\n"
        "    try:\n"
        "        await ctx.elicit('q', response_type=str)\n"
        "    except ToolError:\n"
        "        pass\n"
    )
    assert run(src, "MCP021") == []


def test_messages_and_bare_span():
    [d] = run(wrap("except:"), "MCP021")
    assert (d.location.column, d.end_location.column) == (5, 11)
    assert d.message == "A bare `except:` swallows the failure of the elicitation on line 6"
    assert d.help == "It is the `ToolError` the call raises on modern (2026-07-28) connections"
    [d] = run(wrap("except mx.MCPError:"), "MCP021")
    assert d.help == "It is the protocol error of a client that cannot be asked"


@pytest.mark.parametrize(
    ("handler", "body"),
    [
        ("except ValueError:", "        return ''\n"),
        ("except Exception:", "        log()\n        raise\n"),
        ("except Exception as e:", "        raise RuntimeError('x') from e\n"),
    ],
)
def test_narrow_or_reraising_handlers(handler, body):
    assert run(wrap(handler, body), "MCP021") == []


def test_only_the_try_body_and_the_same_scope():
    src = HEAD + (
        "async def t(ctx: Context):\n"
        "    try:\n"
        "        pass\n"
        "    except Exception:\n"
        "        await ctx.elicit('q', response_type=str)\n"
        "    finally:\n"
        "        await ctx.elicit('q', response_type=str)\n"
        "    try:\n"
        "        async def inner(ctx: Context):\n"
        "            await ctx.elicit('q', response_type=str)\n"
        "    except Exception:\n"
        "        pass\n"
    )
    assert run(src, "MCP021") == []


def test_module_level_and_shadowed_exception():
    src = (
        "from fastmcp.server.dependencies import get_context\n"
        "try:\n    get_context().elicit('q', response_type=str)\nexcept Exception:\n    pass\n"
    )
    assert [d.location.row for d in run(src, "MCP021")] == [4]
    assert run("class Exception(Exception): ...\n" + src.replace("except Exception", "except Exception"), "MCP021") == []


def test_the_one_finding_in_fastmcp_4_2_3(fastmcp_sdist):
    """fastmcp's own test pins mode="legacy" because of this handler (its comment says why)."""
    source = (fastmcp_sdist / "tests/client/test_elicitation.py").read_text(encoding="utf-8")
    [d] = run(source, "MCP021")
    assert d.location.row == 467 and "line 461" in d.message
    assert "broad `except Exception`" in source


@pytest.mark.parametrize(
    ("head", "with_", "shown", "era"),
    [
        ("import contextlib\n", "contextlib.suppress(Exception)", "contextlib.suppress(Exception)", True),
        ("from contextlib import suppress\n", "suppress(BaseException)", "suppress(BaseException)", True),
        ("import contextlib as cl\n", "cl.suppress(KeyError, mx.McpError)", "cl.suppress(KeyError, mx.McpError)", False),
        ("from contextlib import suppress\nfrom fastmcp.exceptions import ToolError\n", "suppress(ToolError)", "suppress(ToolError)", True),
    ],
)
def test_suppress_is_a_broad_handler(head, with_, shown, era):
    src = head + HEAD + (
        "async def t(ctx: Context):\n"
        f"    with {with_}:\n"
        "        r = await ctx.elicit('q', response_type=str)\n"
        "    return ''\n"
    )
    [d] = run(src, "MCP021")
    row = src.count("\n", 0, src.index("    with"))  + 1
    assert d.message == f"`with {shown}` swallows the failure of the elicitation on line {row + 1}"
    assert ("`ToolError`" in d.help) is era
    assert (d.location.row, d.location.column) == (row, 10)


@pytest.mark.parametrize(
    "with_",
    [
        "suppress(KeyError)",  # narrow
        "suppress()",  # suppresses nothing
        "other.suppress(Exception)",  # not contextlib's
        "open('f')",
    ],
)
def test_narrow_or_foreign_suppress_is_not_reported(with_):
    src = "from contextlib import suppress\nimport other\n" + HEAD + (
        "async def t(ctx: Context):\n"
        f"    with {with_}:\n"
        "        r = await ctx.elicit('q', response_type=str)\n"
        "    return ''\n"
    )
    assert run(src, "MCP021") == []


def test_suppress_of_a_local_function_is_not_contextlib():
    src = HEAD + (
        "def suppress(*a): ...\n"
        "async def t(ctx: Context):\n"
        "    with suppress(Exception):\n"
        "        r = await ctx.elicit('q', response_type=str)\n"
    )
    assert run(src, "MCP021") == []


@pytest.mark.parametrize(
    ("call", "what"),
    [
        ("await ctx.session.create_message([], max_tokens=1)", "the sampling request"),
        ("await ctx.session.list_roots()", "the roots request"),
        ("await ctx.request_context.session.list_roots()", "the roots request"),
        ("await ctx.elicit_url('Sign in', 'https://x.example', 'e1')", "the URL elicitation"),
        ("await ctx.elicit('q', schema=Reply)", "the elicitation"),
    ],
)
def test_the_message_names_what_the_handshake_only_call_asks(call, what):
    source = (
        "from pydantic import BaseModel\n"
        "from mcp.server.mcpserver import Context, MCPServer\n"
        "mcp = MCPServer('s')\n"
        "class Reply(BaseModel):\n"
        "    ok: bool\n"
        "@mcp.tool()\n"
        "async def t(ctx: Context) -> str:\n"
        "    try:\n"
        f"        r = {call}\n"
        "    except Exception:\n"
        "        return ''\n"
        "    return 'x'\n"
    )
    [d] = run(source, "MCP021")
    assert d.message == f"`except Exception` swallows the failure of {what} on line 9"


@pytest.mark.parametrize(
    ("aliases", "handler", "caught"),
    [
        ("E = Exception\n", "except E:", "`except E`"),
        ("ERRORS = (ValueError, Exception)\n", "except ERRORS as e:", "`except ERRORS`"),
        ("BROAD = BaseException\nE = BROAD\n", "except E:", "`except E`"),
        ("E = builtins.Exception\n", "except (KeyError, E):", "`except E`"),
        ("E = mx.MCPError\n", "except E:", "`except E`"),
    ],
)
def test_a_module_level_alias_of_a_broad_class(aliases, handler, caught):
    """fresh10: `except E` with `E = Exception` (or a tuple naming it) catches everything too."""
    src = HEAD + aliases + (
        "async def t(ctx: Context):\n"
        "    try:\n"
        "        r = await ctx.elicit('q', response_type=str)\n"
        f"    {handler}\n"
        "        return ''\n"
    )
    [d] = run(src, "MCP021")
    assert d.message.startswith(f"{caught} swallows the failure of the elicitation on line ")


@pytest.mark.parametrize(
    "aliases",
    [
        "E = ValueError\n",
        "E = (ValueError, KeyError)\n",
        "E = Exception\nE = ValueError\n",  # rebound: not sure which is in effect
        "def make():\n    return Exception\nE = make()\n",
        "class E(Exception): ...\n",
    ],
)
def test_an_alias_that_is_not_broad_or_not_sure(aliases):
    src = HEAD + aliases + (
        "async def t(ctx: Context):\n"
        "    try:\n"
        "        r = await ctx.elicit('q', response_type=str)\n"
        "    except E:\n"
        "        return ''\n"
    )
    assert run(src, "MCP021") == []


def test_suppress_through_a_module_level_alias():
    src = HEAD + "import contextlib\nERRORS = (Exception,)\n" + (
        "async def t(ctx: Context):\n"
        "    with contextlib.suppress(ERRORS):\n"
        "        await ctx.elicit('q', response_type=str)\n"
    )
    [d] = run(src, "MCP021")
    assert d.message.startswith("`with contextlib.suppress(ERRORS)` swallows the failure")


@pytest.mark.parametrize("call", ["ctx.elicit('q')", "ctx.elicit('q', response_type=None)"])
def test_protocol_error_handler_around_an_ask_without_response_type(call):
    """fastmcp 4.2.3 raises TypeError before asking (MCP002): `except McpError`
    does not swallow it; `except Exception` does (every call)."""
    source = HEAD + (
        "async def t(ctx: Context):\n    try:\n"
        f"        r = await {call}\n"
        "    except mx.McpError:\n        return ''\n"
    )
    (found,) = run(source, "MCP021")
    assert found.message == (
        "`except mx.McpError` does not catch the `TypeError` the elicitation on line 6 raises "
        "without a `response_type` (MCP002)"
    )
    assert found.help.startswith("Pass one first: then it swallows the protocol error")
    broad = source.replace("except mx.McpError:", "except Exception:")
    (found,) = run(broad, "MCP021")
    assert found.message.startswith("`except Exception` swallows the failure of the elicitation on line 6")


@pytest.mark.parametrize(
    ("module", "help"),
    [
        (
            "mcp.server.fastmcp",  # mcp 1.x (MCP017): the mcp 2 error only after the rename (corpus16 F6)
            "On mcp 1.x it is the protocol error of a client that cannot be asked, and after the "
            "rename to `mcp.server.mcpserver` (mcp 2), the `NoBackChannelError` (-32600) the call "
            "raises on modern (2026-07-28) connections",
        ),
        (
            "mcp.server.mcpserver",
            "It is the `NoBackChannelError` (-32600) the call raises on modern (2026-07-28) connections",
        ),
    ],
)
def test_the_sdk_era_error_on_mcp1_is_qualified_as_mcp001_does(module, help):
    source = (
        f"from {module} import Context\n\n\n"
        "async def pick(ctx: Context) -> str:\n"
        "    try:\n"
        "        await ctx.elicit('Seat?', schema=dict)\n"
        "    except Exception:\n"
        "        return 'none'\n"
        "    return 'ok'\n"
    )
    [d] = run(source, "MCP021")
    assert d.message == "`except Exception` swallows the failure of the elicitation on line 6"
    assert d.help == help
