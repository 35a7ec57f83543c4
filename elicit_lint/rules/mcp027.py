"""MCP027: an SDK elicitation schema with a nested model field, or no model at all."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..analysis.run_classes import run_alias, run_class
from ..analysis.sdk_schema import not_a_model
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import Model
from . import mcp027_fields as fields
from .base import Rule
from .cases import Invalid, Valid
from .mcp027_schemas import schemas, written_schemas


class SdkNestedSchema(Rule):
    """## What it does
    Finds a schema passed to the MCP Python SDK v2's `Elicit(message, Schema)`
    (returned by a resolver) or to `ctx.elicit(message, Schema)` on the SDK's
    `Context` with a field the SDK refuses: another pydantic model of the
    module (`address: Address`, `list[Address]`, `Address | None`), an `Enum`
    of the module (`class Size(str, Enum)`), a list of anything but a
    `Literal` of two or more strings (`list[str]`, `list[Size]`), a union of
    two types (`int | str`), a `Literal` mixing types, a dict, `Any`, `bytes`,
    `Decimal` or `UUID`. Fields inherited from the module's base models count;
    a private `_name`, a `ClassVar`, a field with its own JSON schema
    (`json_schema_extra`, `WithJsonSchema`) and a class with a schema hook are
    left alone, as is a type the module does not show (an imported alias).
    It also finds a schema passed to `ctx.elicit`, or to the `Elicit` of a
    resolver a tool resolves, that the module shows is no pydantic model class
    at all:
    a dict (`schema={"type": "object", ...}`, or a name bound to one), a
    builtin type (`bool`, `dict`), a dataclass or a `TypedDict`.

    A schema class imported by name from another module of the run (also
    under another name, `from .forms import Berth as B`, as `forms.Berth` after
    `from . import forms`, or as an alias that module binds once,
    `Slip = Berth`) is read in
    that module (in `ctx.elicit`, in a resolver's returned `Elicit`, and in a
    resolver's own `ctx.elicit`), and a name the asking function binds once
    (`form = Berth`, then `Elicit("Which berth?", form)`) is read through its
    value.

    ## Why is this bad?
    An elicitation form holds flat primitive fields only (the protocol's
    `PrimitiveSchemaDefinition`: a string, a number, a boolean, a single-select
    enum of one type, or a list of a string enum). mcp 2.3.0 renders the schema
    with pydantic when it asks (`src/mcp/server/elicitation.py`, `T | None`
    asked as `T`) and raises a `TypeError` ("... which is not a valid
    PrimitiveSchemaDefinition") for any other field: an `Enum` renders as a
    `$ref` (the docs, `docs/handlers/elicitation.md`, ask for a `Literal` of
    strings instead), `list[str]` as an array without an enum, a union as
    `anyOf`. Every call of the tool fails with a bare "Error executing tool" on
    both eras, and registration does not catch it. A schema that is no model
    fails earlier still: mcp 2.3.0 calls `schema.model_json_schema()` (mcp 1.x
    first reads `schema.model_fields`), which raises `AttributeError` before
    the client is asked, so the question is never put.

    (FastMCP 4.2.3 reads the same shapes its own way: it inlines an `Enum`,
    accepts a union of primitives, and refuses a `T | None` field that the SDK
    accepts; MCP027 is about the SDK only.)

    ## Use instead
    Flatten the fields, a `Literal[...]` for an `Enum`, `list[Literal[...]]`
    for several choices, one type for a union; write a dict schema as a
    `BaseModel` subclass:
    """

    code = "MCP027"
    name = "sdk-nested-schema"
    implies = frozenset({"MCP001"})  # a `ctx.elicit(...)` example is also imperative
    invalid = (
        Invalid(
            '''
from typing import Annotated

from pydantic import BaseModel

from mcp.server.mcpserver import Elicit, MCPServer, Resolve

mcp = MCPServer("Harbour")


class Dock(BaseModel):
    bay: int


class Berth(BaseModel):
    dock: Dock


def ask_berth() -> Elicit[Berth]:
    form = Berth
    return Elicit("Which berth?", form)


@mcp.tool()
async def moor(berth: Annotated[Berth, Resolve(ask_berth)]) -> str:
    return f"bay {berth.dock.bay}"
''',
            message=(
                "`Berth` has a nested model field `dock: Dock`: an elicitation form holds primitive "
                "fields only, so the SDK raises a `TypeError` when it asks and every call fails "
                "(\"Error executing tool\")"
            ),
            help="Flatten the fields",
            span=((20, 35), (20, 39)),
        ),
        Invalid(
            '''
from typing import Annotated

from pydantic import BaseModel

from mcp.server.mcpserver import Elicit, MCPServer, Resolve

mcp = MCPServer("Shop")


class Address(BaseModel):
    street: str
    city: str


class Shipping(BaseModel):
    name: str
    address: Address


def ask_shipping() -> Elicit[Shipping]:
    return Elicit("Where should we ship it?", Shipping)


@mcp.tool()
async def checkout(shipping: Annotated[Shipping, Resolve(ask_shipping)]) -> str:
    return f"Shipping to {shipping.address.city}"
''',
            message='`Shipping` has a nested model field `address: Address`: an elicitation form holds primitive fields only, so the SDK raises a `TypeError` when it asks and every call fails ("Error executing tool")',
            help='Flatten the fields',
            span=((21, 47), (21, 55)),
        ),
        '''
from pydantic import BaseModel

from typing import Annotated

from mcp.server.mcpserver import Elicit, MCPServer, Resolve

mcp = MCPServer("Shop")

class Address(BaseModel):
    city: str

class Shipping(BaseModel):
    addresses: list[Address]

def ask():
    return Elicit("Where to?", schema=Shipping)

@mcp.tool()
async def checkout(shipping: Annotated[Shipping, Resolve(ask)]) -> str:
    return "ok"
''',
        Invalid(
            '''
from enum import Enum

from pydantic import BaseModel

from typing import Annotated

from mcp.server.mcpserver import Elicit, MCPServer, Resolve

mcp = MCPServer("Shop")

class Size(str, Enum):
    S = "s"
    M = "m"

class Order(BaseModel):
    size: Size

class Tags(BaseModel):
    tags: list[str]

class Quantity(BaseModel):
    qty: int | str

def ask_size() -> Elicit[Order]:
    return Elicit("Which size?", Order)

def ask_tags() -> Elicit[Tags]:
    return Elicit("Tags?", Tags)

def ask_quantity() -> Elicit[Quantity]:
    return Elicit("How many?", Quantity)

@mcp.tool()
async def order(
    order: Annotated[Order, Resolve(ask_size)],
    tags: Annotated[Tags, Resolve(ask_tags)],
    quantity: Annotated[Quantity, Resolve(ask_quantity)],
) -> str:
    return order.size.value
''',
            message=(
                "`Order` has a field the SDK refuses, `size: Size` (an `Enum`): an elicitation form "
                "holds flat primitive fields only (`str`, `int`, `float`, `bool`, a `Literal[...]`, a "
                "`list[Literal[...]]` of strings), so the SDK raises a `TypeError` when it asks and "
                "every call fails (\"Error executing tool\")"
            ),
            help='Use a `Literal[...]` of its values (`Literal["s", "m"]`)',
            span=((25, 34), (25, 39)),
            diagnostics=3,
        ),
        Invalid(
            '''
from mcp.server.mcpserver import Context, MCPServer

mcp = MCPServer("Lab")

WIPE_SCHEMA = {"type": "object", "properties": {"ok": {"type": "boolean"}}}


@mcp.tool()
async def wipe(lab: str, ctx: Context) -> str:
    result = await ctx.elicit(f"Wipe {lab}?", schema=WIPE_SCHEMA)
    return "wiped" if result.action == "accept" else "kept"


@mcp.tool()
async def remove(item: str, ctx: Context) -> str:
    result = await ctx.elicit(f"Remove {item}?", schema={"type": "object"})
    return "removed" if result.action == "accept" else "kept"


@mcp.tool()
async def keep(item: str, ctx: Context) -> str:
    result = await ctx.elicit(f"Keep {item}?", bool)
    return "kept" if result.action == "accept" else "dropped"
''',
            message=(
                "the schema is `WIPE_SCHEMA`, a name bound to a dict (line 5), not a pydantic model "
                "class: the SDK calls `schema.model_json_schema()` and raises `AttributeError` before "
                "asking, so the client is never asked and every call fails (\"Error executing tool\")"
            ),
            help="Write the fields as a `BaseModel` subclass and pass the class",
            span=((10, 54), (10, 65)),
            diagnostics=3,
        ),
    )
    valid = (
        Valid(
            '''
from typing import Annotated

from pydantic import BaseModel

from mcp.server.mcpserver import Elicit, MCPServer, Resolve

mcp = MCPServer("Harbour")


class Berth(BaseModel):
    bay: int
    pier: str


def ask_berth() -> Elicit[Berth]:
    form = Berth
    return Elicit("Which berth?", form)


@mcp.tool()
async def moor(berth: Annotated[Berth, Resolve(ask_berth)]) -> str:
    return f"bay {berth.bay} at {berth.pier}"
'''
        ),
        Valid(
            '''
from typing import Annotated

from pydantic import BaseModel

from mcp.server.mcpserver import Elicit, MCPServer, Resolve

mcp = MCPServer("Shop")


class Shipping(BaseModel):
    name: str
    street: str
    city: str


def ask_shipping() -> Elicit[Shipping]:
    return Elicit("Where should we ship it?", Shipping)


@mcp.tool()
async def checkout(shipping: Annotated[Shipping, Resolve(ask_shipping)]) -> str:
    return f"Shipping to {shipping.city}"
'''
        ),
        '''
from datetime import date
from typing import Literal

from pydantic import BaseModel, Field

from mcp.server.mcpserver import Context, MCPServer

mcp = MCPServer("Shop")

class Order(BaseModel):
    size: Literal["s", "m"]
    extras: list[Literal["gift", "wrap"]] = []
    note: str | None = None
    when: date
    count: int = Field(ge=1)

@mcp.tool()
async def order(ctx: Context) -> str:
    result = await ctx.elicit("Which size?", Order)
    return result.action
''',
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        seen: set[int] = set()
        for written, expr, scope in written_schemas(model):
            what = not_a_model(model, written, scope)
            if what is None and expr is not written:  # `s = Row`: what `s` holds
                what = not_a_model(model, expr, scope)
            if what is not None:
                seen.add(id(written))
                yield self.diagnostic(
                    model,
                    model.span(written),
                    f"the schema is {what}, not a pydantic model class: the SDK calls "
                    "`schema.model_json_schema()` and raises `AttributeError` before asking, so the "
                    "client is never asked and every call fails (\"Error executing tool\"); write the "
                    "fields as a `BaseModel` subclass and pass the class",
                )
        for anchor, expr in schemas(model):
            cls, home = model.class_named(expr), model
            if cls is None and isinstance(expr, ast.Name) and (imported := run_class(model, expr.id)):
                cls, home = imported.node, imported.model  # a class of another run module, read there
            elif cls is None and isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and (
                imported := run_class(model, f"{expr.value.id}.{expr.attr}")  # `models.Form`
            ):
                cls, home = imported.node, imported.model
            elif cls is None and isinstance(expr, ast.Name) and (alias := run_alias(model, expr.id)):
                cls, home = alias.model.class_named(alias.value), alias.model  # `Alias = Form` there
            if cls is None or id(anchor) in seen or not fields.is_model(home, cls) or fields.custom_schema(cls):
                continue
            seen.add(id(anchor))
            for name, annotation in fields.model_fields(home, cls):
                refusal = fields.refused(home, annotation)
                if refusal is None:
                    continue
                written = f"`{name}: {ast.unparse(annotation)}`"
                if refusal.what == "a nested model":
                    head = f"`{cls.name}` has a nested model field {written}: an elicitation form holds primitive fields only"
                else:
                    head = (
                        f"`{cls.name}` has a field the SDK refuses, {written} ({refusal.what}): an "
                        "elicitation form holds flat primitive fields only (`str`, `int`, `float`, `bool`, "
                        "a `Literal[...]`, a `list[Literal[...]]` of strings)"
                    )
                yield self.diagnostic(
                    model,
                    model.span(anchor),
                    f"{head}, so the SDK raises a `TypeError` when it asks and every call fails "
                    f"(\"Error executing tool\"); {refusal.advice}",
                )
                break
