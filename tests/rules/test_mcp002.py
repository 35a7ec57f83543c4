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


def _mcp002_rows(src: str) -> list[int]:
    import ast

    from elicit_lint.checker.linter import analyse

    return [d.location.row for d in analyse(ast.parse(src), src, "t.py") if d.code == "MCP002"]


def test_mcp002_reads_a_module_level_name_through_its_value():
    """fresh6 H4: FastMCP reads the value a name holds, so a union or scalar list
    by name is the same TypeError as inline; a class or a choice list is not."""
    src = textwrap.dedent("""\
        from typing import Literal, Optional, Union
        from fastmcp import Context
        Either = Union[int, str]
        MaybeInt = Optional[int]
        Pair = int | str
        Tags = list[str]
        Picks = list[Literal["a", "b"]]
        Again = Either
        class Form:
            pass
        async def t(ctx: Context):
            await ctx.elicit("q", response_type=Either)
            await ctx.elicit("q", response_type=MaybeInt)
            await ctx.elicit("q", response_type=Pair)
            await ctx.elicit("q", response_type=Tags)
            await ctx.elicit("q", response_type=Picks)
            await ctx.elicit("q", response_type=Again)
            await ctx.elicit("q", response_type=Form)
        """)
    assert _mcp002_rows(src) == [12, 13, 14, 15, 17]


def test_mcp002_list_literal_of_several_members_is_asked():
    """fresh6 M2: `list[Literal["a", "b"]]` is asked by FastMCP 4.2.3 (items:
    enum), `list[Literal["a"]]` is refused (items: const), inline or by name."""
    src = textwrap.dedent("""\
        from typing import List, Literal
        from fastmcp import Context
        One = list[Literal["a"]]
        async def t(ctx: Context):
            await ctx.elicit("q", response_type=list[Literal["a", "b"]])
            await ctx.elicit("q", response_type=List[Literal["a", "b"]])
            await ctx.elicit("q", response_type=list[Literal["a"]])
            await ctx.elicit("q", response_type=One)
        """)
    assert _mcp002_rows(src) == [7, 8]


def test_fastmcp_accepts_list_literal_of_several_members_only():
    """The fact behind the verdict above, from the installed fastmcp 4."""
    pytest.importorskip("fastmcp")
    from typing import Literal, Union

    from fastmcp.server.elicitation import get_elicitation_schema, parse_elicit_response_type

    several = parse_elicit_response_type(list[Literal["a", "b"]])
    schema = get_elicitation_schema(several.response_type)
    assert schema["properties"]["value"]["items"]["enum"] == ["a", "b"]
    for refused in (list[Literal["a"]], list[str], Union[int, str]):
        with pytest.raises(TypeError):
            get_elicitation_schema(parse_elicit_response_type(refused).response_type)
