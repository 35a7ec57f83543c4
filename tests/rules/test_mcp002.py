"""MCP002: ``response_type=None`` and ``schema=`` are TypeErrors on FastMCP 4.2.3;
the messages say so, and fastmcp really raises (checked against the installed one)."""

from __future__ import annotations

import textwrap

import pytest


def test_mcp002_messages_say_type_error():
    import ast

    from elicit_lint.checker.linter import analyse

    src = textwrap.dedent("""\
        from fastmcp import Context
        async def t(ctx: Context):
            await ctx.elicit("q", response_type=None)
            await ctx.elicit("q", schema=str)
        """)
    found = [d for d in analyse(ast.parse(src), src, "t.py") if d.code == "MCP002"]
    assert len(found) == 2
    none, schema = found
    assert "TypeError" in none.message and "requires a response_type" in none.help
    assert "empty form" not in none.message
    assert "TypeError" in schema.message and "schema" in schema.message
    assert (schema.location.row, schema.location.column) == (4, 27)


def test_fastmcp_really_raises_for_none_and_schema():
    fastmcp = pytest.importorskip("fastmcp")
    import inspect

    from fastmcp.server.context import Context
    from fastmcp.server.elicitation import parse_elicit_response_type

    assert fastmcp.__version__.startswith("4.")
    with pytest.raises(TypeError, match="requires a response_type"):
        parse_elicit_response_type(None)
    parameters = inspect.signature(Context.elicit).parameters
    assert "schema" not in parameters and not any(
        p.kind is p.VAR_KEYWORD for p in parameters.values()
    )
