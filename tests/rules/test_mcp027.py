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


SCHEMA_HEAD = HEAD + '''
from dataclasses import dataclass
from typing import Dict, TypedDict


@dataclass
class Row:
    ok: bool


class Point(TypedDict):
    x: int


class Plain:
    ok: bool = True


class Ok(BaseModel):
    ok: bool


class Sub(Ok):
    more: str = ""


SCHEMA = {"type": "object", "properties": {"ok": {"type": "boolean"}}}
'''

SCHEMAS = [
    # (schema as written, local assignment before the ask or "", the module shows it)
    ('{"type": "object"}', "", True),
    ("{}", "", True),
    ("SCHEMA", "", True),
    ("s", 's = {"type": "object"}', True),
    ("dict", "", True),
    ("dict[str, int]", "", True),
    ("Dict[str, int]", "", True),
    ("bool", "", True),
    ("str", "", True),
    ("Row", "", True),
    ("Point", "", True),
    ("Plain", "", True),
    ("None", "", True),
    ("Ok", "", False),
    ("Sub", "", False),
    ("Address", "", False),
]


def _sdk_raises_before_asking(schema: str, local: str) -> bool:
    namespace: dict = {}
    exec(compile(SCHEMA_HEAD, "form.py", "exec", dont_inherit=True), namespace)
    if local:
        exec(local, namespace)
    try:
        render_elicitation_schema(eval(schema, namespace))
    except AttributeError as error:
        assert "model_json_schema" in str(error)
        return True
    return False


@pytest.mark.parametrize(("schema", "local", "shown"), SCHEMAS)
def test_schema_that_is_no_model_agrees_with_the_sdk(schema, local, shown):
    """The rule reports exactly the schemas the SDK fails on with `AttributeError`
    before asking (every schema in the table is one the module shows)."""
    sdk = _sdk_raises_before_asking(schema, local)
    assert sdk == shown
    body = (
        "\n\nmcp = MCPServer('s')\n\n\n@mcp.tool()\nasync def t(ctx: Context) -> str:\n"
        + (f"    {local}\n" if local else "")
        + f"    r = await ctx.elicit('q', schema={schema})\n    return r.action\n"
    )
    found = run(SCHEMA_HEAD + body, "MCP027")
    assert bool(found) == sdk
    if found:
        assert "not a pydantic model class" in found[0].message
        assert found[0].help == "Write the fields as a `BaseModel` subclass and pass the class"


def test_imported_or_unknown_schema_is_not_reported():
    source = (
        "from mcp.server.mcpserver import Context, MCPServer\nfrom shop.forms import Form\n\n"
        "mcp = MCPServer('s')\n\n\n@mcp.tool()\nasync def t(ctx: Context, kind: type) -> str:\n"
        "    a = await ctx.elicit('q', Form)\n    b = await ctx.elicit('q', kind)\n"
        "    return a.action + b.action\n"
    )
    assert not run(source, "MCP027")


def test_a_resolver_schema_that_is_no_model_on_an_sdk_tool_only():
    """mcp 2.3.0's resolver path renders `Elicit(message, schema).schema` with the
    same `render_elicitation_schema` (`mcpserver/resolve.py`): `str` raises
    `AttributeError` on every call; a resolver no SDK tool resolves is not read."""
    assert _sdk_raises_before_asking("str", "")
    resolver = (
        "\n\ndef ask() -> Elicit[str]:\n    return Elicit('Name?', str)\n\n\n"
        "mcp = MCPServer('s')\n\n\n"
        "@mcp.tool()\nasync def t(name: Annotated[str, Resolve(ask)]) -> str:\n    return name\n"
    )
    (found,) = run(HEAD + resolver, "MCP027")
    assert found.message.startswith("the schema is the builtin `str`, not a pydantic model class")
    prompt = resolver.replace("@mcp.tool()", "@mcp.prompt()")
    assert not run(HEAD + prompt, "MCP027")
