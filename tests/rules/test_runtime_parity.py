"""Checker and runtime agree on every annotation shape ``@declared_elicitation``
refuses at decoration: one generated table of parameter annotations (types, module
aliases among them, x placements x markers, resolvers among them), each run through the runtime's decoration (a module
executed) and through the checker (the same source); the checker reports a
decoration rule exactly when the runtime raises, in its words (``core.messages``)
or, where the runtime passes FastMCP's own error on, quoting FastMCP."""

from __future__ import annotations

import re
import sys
import types

import pytest

from .rule_helpers import run

HEAD = """\
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Annotated, Any, Literal, Optional, Union

from fastmcp import FastMCP
from mcp.server.mcpserver import ElicitationResult as SdkResult
from pydantic import BaseModel

from elicit_lint.runtime import Elicit, ElicitationResult, declared_elicitation


class Form(BaseModel):
    name: str


class Colour(enum.Enum):
    RED = "red"


@dataclass
class Point:
    x: int


Either = int | str
Maybe = Optional[Union[int, str]]
Asked = Annotated[int, Elicit("Asked already?")]


def pick_int() -> Elicit[int]:
    return Elicit("A number?")


def needs(unknown) -> int:
    return 1


mcp = FastMCP("parity")
"""

TYPES = (
    "int", "str", "bool", "float", "Literal['a', 'b']", "Colour", "Form", "Point", "dict[str, int]",
    "list[str]", "list[Colour]", "Any", "bytes", "int | str", "Union[int, str]", "Optional[Union[int, str]]",
    "int | Form", "Colour | str", "Literal['a'] | int", "int | float", "ElicitationResult",
    "ElicitationResult[int]", "ElicitationResult[int | str]", "ElicitationResult[list[str]]",
    "SdkResult[int]", "Either", "Maybe", "Asked",
    # list items that are unions: refused unless every member is a one-value Literal
    "list[int | str]", "list[Optional[str]]", "list[Colour | None]", "list[Either]",
    "list[Literal['a'] | Literal['b']]",
)
MARKERS = (
    "Elicit('q?')", "Elicit('q?', response_type=int)", "Elicit(lambda: 1)", "Elicit(pick_int)", "Elicit(needs)",
)
PLACEMENTS = (
    "Annotated[{t}, {m}]",
    "Annotated[{t} | None, {m}] = None",
    "Annotated[{t}, {m}] | None = None",
    "Annotated[{t}, {m}, Elicit('again?')]",
    "Annotated[Annotated[{t}, {m}], Elicit('outer?')] | None = None",
    "list[Annotated[{t}, {m}]]",
)
DECORATION_CODES = frozenset({"MCP002", "MCP003", "MCP004", "MCP005", "MCP006", "MCP007", "MCP013"})
CASES = [p.format(t=t, m=m) for p in PLACEMENTS for t in TYPES for m in MARKERS]


def _source(annotation: str) -> str:
    return HEAD + (
        f"\n\n@mcp.tool\n@declared_elicitation\nasync def tool(v: {annotation}) -> str:\n"
        "    return 'ok'\n"
    )


def _runtime_refusal(source: str) -> str:
    """The decoration's ``TypeError`` text, ``""`` when the module imports."""
    module = types.ModuleType("parity_case")
    sys.modules[module.__name__] = module  # dataclasses look their module up
    try:
        exec(compile(source, "parity_case.py", "exec"), module.__dict__)  # noqa: S102
    except TypeError as error:
        return str(error)
    finally:
        del sys.modules[module.__name__]
    return ""


def _full(diagnostic) -> str:
    help = diagnostic.help
    return diagnostic.message if help is None else f"{diagnostic.message}; {help[:1].lower()}{help[1:]}"


@pytest.mark.parametrize("annotation", CASES)
def test_checker_reports_what_the_runtime_refuses(annotation):
    source = _source(annotation)
    refused = _runtime_refusal(source)
    found = [d for d in run(source) if d.code in DECORATION_CODES]
    assert bool(found) == bool(refused), (refused, [(d.code, d.message) for d in found])
    if not refused:
        return
    if " cannot be asked: " in refused:  # FastMCP's own error, passed on
        quoted = {q.rstrip(". ") for d in found for q in re.findall(r'"([^"]+)"', _full(d))}
        assert any(q in refused for q in quoted), (refused, quoted)
    else:
        assert any(_full(d) in refused for d in found), (refused, [_full(d) for d in found])


CLASS_ANSWERS = [
    f"Annotated[{t}, Elicit(message='q?', response_type={c})]{d}"
    for t, d in (
        ("bool", ""), ("str", ""), ("float", ""), ("Literal['a', 'b']", ""), ("list[str]", ""),
        ("int | str", ""), ("str | None", " = None"), ("Form", ""), ("Point", ""), ("Colour", ""),
        ("Form | None", " = None"), ("Any", ""), ("ElicitationResult[int]", ""),
    )
    for c in ("Form", "Point", "Colour", "list[Colour]")
]
"""A parameter's type against a ``response_type`` naming a class of the module: the
runtime refuses each pair whose answer is no instance of the parameter's type."""


@pytest.mark.parametrize("annotation", CLASS_ANSWERS)
def test_class_answers_against_builtin_and_class_parameters(annotation):
    test_checker_reports_what_the_runtime_refuses(annotation)


NEW_SHAPES = {
    "Annotated[int | str | None, Elicit('q?')] = None": "MCP002",
    "Annotated[Either, Elicit('q?')]": "MCP002",
    "Annotated[ElicitationResult, Elicit('q?')]": "MCP002",
    "Annotated[int, Elicit('q?'), Elicit('again?')]": "MCP006",
    "Annotated[Asked, Elicit('q?')]": "MCP006",
    "Annotated[Asked | None, Elicit('q?')] = None": "MCP006",
    "Annotated[SdkResult[int], Elicit('q?')]": "MCP013",
    "Annotated[Form, Elicit('q?', response_type=int)]": "MCP007",
    "Annotated[Either, Elicit(pick_int)]": "MCP007",
    "Annotated[bool, Elicit(message='q?', response_type=Form)]": "MCP007",
    "Annotated[list[int | str], Elicit('q?')]": "MCP002",
    "Annotated[list[Optional[str]], Elicit('q?')]": "MCP002",
    "Annotated[list, Elicit('q?', list[int | str])]": "MCP002",
    "Annotated[ElicitationResult, Elicit(pick_int)]": "MCP007",
}


@pytest.mark.parametrize("annotation", NEW_SHAPES)
def test_each_shape_the_checker_missed_before(annotation):
    """Shapes the runtime refused and the checker did not report before session 10
    (closing9.md): each is refused and reported by its rule."""
    source = _source(annotation)
    assert _runtime_refusal(source)
    assert NEW_SHAPES[annotation] in {d.code for d in run(source)}


def test_the_table_holds_both_verdicts():
    verdicts = {bool(_runtime_refusal(_source(case))) for case in CASES[:: len(CASES) // 40]}
    assert verdicts == {True, False}
