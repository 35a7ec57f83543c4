"""Spans are 1-based rows and character columns with exclusive ends (ruff's shape)."""

from __future__ import annotations

from elicit_lint.core.diagnostic import Location

from .model_helpers import model_of, run


def test_columns_count_characters_not_bytes():
    source = (
        "from fastmcp import Context\n"
        "async def t(ctx: Context):\n"
        "    x = 'héllo wörld ✓'; r = await ctx.elicit('¿Dónde?', response_type=str)\n"
    )
    [diag] = run(source, "MCP001")
    line = source.splitlines()[2]
    start = line.index("ctx.elicit")
    assert diag.location == Location(3, start + 1)
    assert diag.end_location == Location(3, line.index(")", start) + 2)
    assert line[diag.location.column - 1:diag.end_location.column - 1] == "ctx.elicit('¿Dónde?', response_type=str)"


def test_multiline_call_span():
    model = model_of("""
        from fastmcp import Context
        async def t(ctx: Context):
            r = await ctx.elicit(
                "q",
                response_type=str,
            )
    """)
    [site] = model.sites
    assert (site.span.start.row, site.span.end.row) == (4, 7)
    assert site.span.start.column == 15 and site.span.end.column == 6


def test_string_annotation_positions_map_back():
    source = 'from typing import Annotated\nfrom elicit_lint.runtime import Elicit\ndef t(x: "Annotated[int, Elicit(\'é?\')]"): ...\n'
    model = model_of(source)
    [param] = model.elicited_parameters
    line = source.splitlines()[2]
    assert param.marker.span.start == Location(3, line.index("Elicit(") + 1)
    assert param.marker.span.end == Location(3, line.index(")]") + 2)


def test_crlf_rows():
    source = "from fastmcp import Context\r\nasync def t(ctx: Context):\r\n    await ctx.elicit('q', response_type=str)\r\n"
    [diag] = run(source, "MCP001")
    assert diag.location == Location(3, 11)
