"""MCP002 against fastmcp 4.2.3's own check: for each ``response_type``, fastmcp's
verdict (``parse_elicit_response_type`` then ``get_elicitation_schema``, which
``ctx.elicit`` and ``@declared_elicitation`` run before asking) and the rule's must
agree, for ``ctx.elicit`` and for a runtime ``Elicit`` marker; the codemod skips a
refused ``ctx.elicit`` with MCP002's reason."""

from __future__ import annotations

import pytest
from fastmcp.server.elicitation import get_elicitation_schema, parse_elicit_response_type

from elicit_lint.analysis import locate

from .rule_helpers import run

HEAD = """\
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Any, Dict, List, Literal, Optional, Set, Tuple

from fastmcp import Context, FastMCP
from pydantic import BaseModel

from elicit_lint.runtime import Elicit, declared_elicitation


class Size(Enum):
    S = "s"
    M = "m"


class Address(BaseModel):
    city: str


@dataclass
class Point:
    x: int


mcp = FastMCP("s")
"""

TYPES = [
    "str", "int", "float", "bool", "Size", "Address", "Point", 'Literal["a", "b"]',
    "dict", "dict[str, int]", "Dict[str, str]", 'list[Literal["a", "b"]]', "list[Size]",
    "list[str]", "List[int]", 'list[Literal["a"]]', "list", "List", "tuple", "tuple[str, int]",
    "Tuple[str]", "set", "set[str]", "frozenset[str]", "Set[str]", "Sequence[str]", "bytes",
    "object", "Any", "list[Address]", "list[Point]", "list[list[str]]", "list[dict[str, int]]",
    "int | None", "Optional[str]", "list[int | str]", "List[Optional[str]]", "list[Size | None]",
    'list[Literal["a"] | Literal["b"]]', 'list[Literal["a", "b"] | None]', 'list[Literal["a"] | int]',
]


def _fastmcp_refuses(expr: str) -> bool:
    namespace: dict = {}
    exec(compile(HEAD, "types_head.py", "exec", dont_inherit=True), namespace)
    try:
        config = parse_elicit_response_type(eval(expr, namespace))
        get_elicitation_schema(config.response_type)
    except TypeError:
        return True
    return False


def _rule_refuses(expr: str, marker: bool) -> bool:
    if marker:
        body = (
            "\n\n@mcp.tool\n@declared_elicitation\n"
            f"async def t(v: Annotated[Any, Elicit('q', response_type={expr})] = None) -> str:\n"
            "    return 'ok'\n"
        )
    else:
        body = (
            "\n\n@mcp.tool\nasync def t(ctx: Context) -> str:\n"
            f"    r = await ctx.elicit('q', response_type={expr})\n    return r.action\n"
        )
    return bool(run(HEAD + body, "MCP002"))


@pytest.mark.parametrize("expr", TYPES)
def test_rule_agrees_with_fastmcp(expr):
    fastmcp = _fastmcp_refuses(expr)
    assert _rule_refuses(expr, marker=False) == fastmcp
    assert _rule_refuses(expr, marker=True) == fastmcp


def test_the_table_holds_both_verdicts():
    verdicts = {_fastmcp_refuses(expr) for expr in TYPES}
    assert verdicts == {True, False}


def test_the_runtime_refuses_the_marker_at_import():
    source = HEAD + (
        "\n\n@mcp.tool\n@declared_elicitation\n"
        "async def t(v: Annotated[Any, Elicit('q', response_type=tuple[str, int])] = None) -> str:\n"
        "    return 'ok'\n"
    )
    with pytest.raises(TypeError, match="object schema"):
        exec(compile(source, "marker.py", "exec", dont_inherit=True), {})


def test_message_names_the_refused_shapes():
    found = run(HEAD + "\n\nasync def t(ctx: Context) -> str:\n    await ctx.elicit('q', bytes)\n    return 'ok'\n", "MCP002")
    assert len(found) == 1
    assert "`bytes`" in found[0].message and "TypeError" in found[0].message


def test_codemod_skip_gives_the_rule_reason():
    """The codemod's skip (``locate.REFUSED_TYPE``, the fixture ``skip_refused_type``)
    and MCP002's finding name the same refused shapes."""
    found = run(HEAD + "\n\nasync def t(ctx: Context) -> str:\n    await ctx.elicit('q', list[Address])\n    return 'ok'\n", "MCP002")
    shapes = locate.REFUSED_TYPE.split(" raises ", 1)[0]
    assert len(found) == 1 and shapes in found[0].message
    assert "(MCP002)" in locate.REFUSED_TYPE


def _runtime_refuses_inferred(expr: str) -> bool:
    source = HEAD + (
        "\n\n@mcp.tool\n@declared_elicitation\n"
        f"async def t(v: Annotated[{expr} | None, Elicit('q')] = None) -> str:\n    return 'ok'\n"
    )
    try:
        exec(compile(source, "inferred.py", "exec", dont_inherit=True), {})
    except TypeError:
        return True
    return False


@pytest.mark.parametrize("expr", [t for t in TYPES if "None" not in t])
def test_inferred_marker_agrees_with_the_runtime(expr):
    """A marker without ``response_type``: the runtime asks with the annotation's
    ``T`` (of ``T | None``) and refuses it at import as fastmcp does."""
    source = HEAD + (
        "\n\n@mcp.tool\n@declared_elicitation\n"
        f"async def t(v: Annotated[{expr} | None, Elicit('q')] = None) -> str:\n    return 'ok'\n"
    )
    assert bool(run(source, "MCP002")) == _runtime_refuses_inferred(expr)
