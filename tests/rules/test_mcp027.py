"""MCP027 against mcp 2.3.0's own check: for each field type, the SDK's verdict
(``render_elicitation_schema``, which ``ctx.elicit`` and a resolver's ``Elicit``
run before asking) and the rule's must agree."""

from __future__ import annotations

import pytest
from mcp.server.elicitation import render_elicitation_schema

from .rule_helpers import run

HEAD = """\
import datetime
import decimal
import enum
import uuid
from enum import Enum, IntEnum
from typing import Annotated, Any, Literal, Optional, Union

from pydantic import BaseModel, Field

from mcp.server.mcpserver import Context, Elicit, MCPServer, Resolve


class Size(str, Enum):
    S = "s"
    M = "m"


class Level(IntEnum):
    LOW = 1


class Colour(enum.Enum):
    RED = "red"


class Address(BaseModel):
    city: str
"""

FIELDS = [
    "str", "int", "float", "bool", "datetime.date", "datetime.datetime",
    'Literal["a", "b"]', "Literal[1, 2]", 'Literal["a"]', 'Literal["a", 1]', "Literal[1, 2.5]",
    "str | None", "Optional[int]", 'Literal["a", "b"] | None',
    "Size", "Level", "Colour", "Size | None", 'Annotated[Size, Field(description="s")]',
    "list[str]", "list[int]", 'list[Literal["a", "b"]]', 'list[Literal["a"]]', "list[Literal[1, 2]]",
    "list[Size]", 'set[Literal["a", "b"]]', 'tuple[Literal["a", "b"], ...]', "tuple[str, ...]",
    "tuple[str, str]", 'Annotated[list[str], Field(description="t")]',
    "int | str", "Union[int, float]", 'Literal["a"] | Literal["b"]', "int | None | str",
    "dict", "dict[str, int]", "Any", "bytes", "decimal.Decimal", "uuid.UUID",
    "Address", "list[Address]", "Address | None",
]


def _sdk_refuses(annotation: str) -> bool:
    namespace: dict = {}
    source = HEAD + f"\n\nclass Form(BaseModel):\n    f: {annotation}\n"
    exec(compile(source, "form.py", "exec", dont_inherit=True), namespace)
    try:
        render_elicitation_schema(namespace["Form"])
    except TypeError as error:
        assert "PrimitiveSchemaDefinition" in str(error)
        return True
    return False


def _rule_refuses(annotation: str, resolver: bool) -> bool:
    body = f"\n\nclass Form(BaseModel):\n    f: {annotation}\n\n\nmcp = MCPServer('s')\n\n\n"
    if resolver:
        body += (
            "def ask() -> Elicit[Form]:\n    return Elicit('q', Form)\n\n\n"
            "@mcp.tool()\nasync def t(form: Annotated[Form, Resolve(ask)]) -> str:\n    return 'ok'\n"
        )
    else:
        body += (
            "@mcp.tool()\nasync def t(ctx: Context) -> str:\n"
            "    r = await ctx.elicit('q', Form)\n    return r.action\n"
        )
    return bool(run(HEAD + body, "MCP027"))


@pytest.mark.parametrize("annotation", FIELDS)
def test_rule_agrees_with_the_sdk(annotation):
    sdk = _sdk_refuses(annotation)
    assert _rule_refuses(annotation, resolver=False) == sdk
    assert _rule_refuses(annotation, resolver=True) == sdk


def test_the_table_holds_both_verdicts():
    verdicts = {_sdk_refuses(a) for a in FIELDS}
    assert verdicts == {True, False}


def test_inherited_field_and_words():
    source = HEAD + (
        "\n\nclass Base(BaseModel):\n    size: Size\n\n\nclass Form(Base):\n    note: str\n"
        "    _cache: dict = {}\n\n\nmcp = MCPServer('s')\n\n\n"
        "@mcp.tool()\nasync def t(ctx: Context) -> str:\n"
        "    r = await ctx.elicit('q', Form)\n    return r.action\n"
    )
    (found,) = run(source, "MCP027")
    assert found.message.startswith("`Form` has a field the SDK refuses, `size: Size` (an `Enum`)")
    assert found.help.startswith("Use a `Literal[...]` of its values")


def test_private_attribute_and_classvar_are_no_fields():
    source = HEAD + (
        "\nfrom typing import ClassVar\n\n\nclass Form(BaseModel):\n    note: str\n"
        "    _seen: dict = {}\n    KINDS: ClassVar[list[str]] = []\n\n\nmcp = MCPServer('s')\n\n\n"
        "@mcp.tool()\nasync def t(ctx: Context) -> str:\n"
        "    r = await ctx.elicit('q', Form)\n    return r.action\n"
    )
    assert not run(source, "MCP027")
