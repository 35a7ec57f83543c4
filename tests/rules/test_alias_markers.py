"""Markers behind a module-level type alias (fresh13 #2): ``X = Annotated[T, Elicit(...)]``
then ``p: X``. The runtime honours them (``typing.get_type_hints`` expands the alias),
so the checker reads them too: MCP019 (every call fails without the decorator) and
MCP004 (the import fails) report them as they report the spelled-out marker."""

from __future__ import annotations

import pytest

from elicit_lint.core import messages

from .rule_helpers import codes, run

HEAD = """\
from typing import Annotated
from fastmcp import FastMCP
from elicit_lint import runtime

mcp = FastMCP("A")
"""


def test_missing_decorator_behind_an_alias():
    found = run(
        HEAD
        + """
Colour = Annotated[str | None, runtime.Elicit("Colour?")]

@mcp.tool
async def paint(colour: Colour = None) -> str:
    return f"{colour}"
""",
        "MCP019",
    )
    assert [d.message for d in found] == [messages.missing_decorator("paint", "colour").split(";")[0]]


def test_unknown_resolver_parameter_behind_an_alias():
    source = (
        HEAD
        + """
def ask_n(missing: str) -> runtime.Elicit[str]:
    return runtime.Elicit("Name?")

Named = Annotated[str, runtime.Elicit(ask_n)]

@mcp.tool
@runtime.declared_elicitation
async def greet(name: Named) -> str:
    return name
"""
    )
    assert codes(source) == ["MCP004"]


@pytest.mark.parametrize(
    "alias",
    [
        # bound twice: which one is in effect is not for the checker to guess
        'Colour = Annotated[str | None, runtime.Elicit("Colour?")]\nColour = Annotated[str | None, "x"]',
        # not Annotated
        "Colour = str | None",
        # a plain Annotated without a marker
        'Colour = Annotated[str | None, "a colour"]',
    ],
)
def test_not_followed(alias):
    source = HEAD + f"\n{alias}\n\n@mcp.tool\nasync def paint(colour: Colour = None) -> str:\n    return ''\n"
    assert run(source, "MCP019") == []


def test_decorated_tool_behind_an_alias_is_clean():
    source = (
        HEAD
        + """
Colour = Annotated[str | None, runtime.Elicit("Colour?")]

@mcp.tool
@runtime.declared_elicitation
async def paint(colour: Colour = None) -> str:
    return f"{colour}"
"""
    )
    assert codes(source) == []
