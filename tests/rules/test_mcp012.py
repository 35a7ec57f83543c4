"""MCP012 (fixed-confirmation): what reads as a confirmation, what is a fixed
question, when other values are elicited, and the message."""

from __future__ import annotations

import pytest

from .rule_helpers import run

HEAD = (
    "from typing import Annotated, Optional\n"
    "from elicit_lint.runtime import Elicit\n"
    "CONST = 'Proceed?'\n"
    "def quote(city: str) -> Elicit[bool]:\n"
    "    return Elicit(f'Book {city}?', response_type=bool)\n"
)


def tool(param: str, other: str = "city: Annotated[str, Elicit('Where to?')]") -> str:
    return HEAD + f"async def book({other}, {param}) -> str:\n    return ''\n"


REPORTED = {
    "confirm-word": "x: Annotated[bool, Elicit('Please confirm')]",
    "proceed": "x: Annotated[bool, Elicit('Proceed with the order?')]",
    "are-you-sure": "x: Annotated[bool, Elicit('Are you sure?')]",
    "deictic-it": "x: Annotated[bool, Elicit('Book it?')]",
    "named-confirm": "confirmed: Annotated[bool, Elicit('Go on with the purchase?')]",
    "optional-bool-with-default": "approve: Annotated[bool | None, Elicit('Ready?')] = None",
    "typing-optional": "x: Annotated[Optional[bool], Elicit('Continue?')] = None",
    "module-constant": "x: Annotated[bool, Elicit(CONST)]",
    "response-type-keyword": "x: Annotated[object, Elicit('OK?', response_type=bool)]",
    "outer-optional": "x: Annotated[bool, Elicit('Confirm?')] | None = None",
}

CLEAN = {
    "independent-option": "x: Annotated[bool, Elicit('Include archived items?')]",
    "resolver": "x: Annotated[bool, Elicit(quote)]",
    "f-string": "x: Annotated[bool, Elicit(f'Confirm {CONST}')]",
    "not-bool": "x: Annotated[str, Elicit('Are you sure? Type yes')]",
    "union-not-only-bool": "x: Annotated[bool | int, Elicit('Confirm?')]",
    "list-of-bool": "x: Annotated[list[bool], Elicit('Confirm?')]",
}


@pytest.mark.parametrize("name", sorted(REPORTED))
def test_reported(name):
    [d] = run(tool(REPORTED[name]), "MCP012")
    assert d.location.row == 6


@pytest.mark.parametrize("name", sorted(CLEAN))
def test_clean(name):
    assert run(tool(CLEAN[name]), "MCP012") == []


def test_needs_another_elicited_value():
    source = HEAD + "async def book(city: str, x: Annotated[bool, Elicit('Confirm?')]) -> str:\n    return city\n"
    assert run(source, "MCP012") == []


def test_rebound_bool_is_not_the_builtin():
    source = HEAD + "bool = str\n" + tool("x: Annotated[bool, Elicit('Confirm?')]")[len(HEAD):]
    assert run(source, "MCP012") == []


def test_message_names_the_other_values():
    others = ", ".join(f"v{i}: Annotated[str, Elicit('Value {i}?')]" for i in range(4))
    [d] = run(tool("ok: Annotated[bool, Elicit('Proceed?')]", other=others), "MCP012")
    assert d.message == "Confirmation `ok` of `book` asks a fixed question"
    assert d.help == (
        "'Proceed?' goes out in the first round, "
        "with or before `v0`, `v1`, `v2`, ..., so it cannot quote what it confirms: "
        "ask it from a resolver that takes those values and quotes them"
    )
    assert (d.location.column, d.end_location.column) == (d.location.column, d.location.column + len("Elicit('Proceed?')"))
