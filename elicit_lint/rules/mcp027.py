"""MCP027: an SDK elicitation schema with a nested model field, or no model at all."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..analysis.response_types import Refused, runtime_type
from ..analysis.sdk_schema import not_a_model
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import Model, names
from ..model import annotation as ann
from . import mcp027_fields as fields
from ._sdk import resolve_parameters
from .base import Rule
from .cases import Invalid, Valid


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
        for expr, scope in _written_schemas(model):
            what = not_a_model(model, expr, scope)
            if what is not None:
                seen.add(id(expr))
                yield self.diagnostic(
                    model,
                    model.span(expr),
                    f"the schema is {what}, not a pydantic model class: the SDK calls "
                    "`schema.model_json_schema()` and raises `AttributeError` before asking, so the "
                    "client is never asked and every call fails (\"Error executing tool\"); write the "
                    "fields as a `BaseModel` subclass and pass the class",
                )
        for expr in _schemas(model):
            cls = model.class_named(expr)
            if cls is None or id(expr) in seen or not fields.is_model(model, cls) or fields.custom_schema(cls):
                continue
            seen.add(id(expr))
            for name, annotation in _fields(model, cls):
                refusal = fields.refused(model, annotation)
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
                    model.span(expr),
                    f"{head}, so the SDK raises a `TypeError` when it asks and every call fails "
                    f"(\"Error executing tool\"); {refusal.advice}",
                )
                break


def _written_schemas(model: Model) -> Iterator[tuple[ast.expr, object]]:
    """``(schema as written, scope it is read in)`` of every ``ctx.elicit(...)`` on
    the SDK's ``Context`` (read in its function) and of every SDK ``Elicit(...)``
    returned by a resolver a tool on the SDK resolves (read at module level)."""
    used = {
        id(marker.resolver)
        for param, markers in resolve_parameters(model)
        if param.function.is_tool
        for marker in markers
        if marker.resolver is not None
    }
    for resolver in model.resolvers.values():
        if id(resolver) not in used:
            continue
        for callee, call in resolver.returned_calls:
            if callee == names.SDK_ELICIT:
                keywords = {k.arg: k.value for k in call.keywords if k.arg}
                schema = call.args[1] if len(call.args) > 1 else keywords.get("schema")
                if schema is not None:
                    yield schema, None
    for site in model.sites:
        if site.framework == names.MCPSERVER_FRAMEWORK and site.response_type is not None:
            yield site.response_type, site.function.scope if site.function is not None else None


def _schemas(model: Model) -> Iterator[ast.expr]:
    """The schema argument of every SDK ``Elicit(...)`` a resolver returns and of
    every ``ctx.elicit(...)`` on the SDK's ``Context``."""
    for resolver in model.resolvers.values():
        for callee, call in resolver.returned_calls:
            if callee == names.SDK_ELICIT:
                keywords = {k.arg: k.value for k in call.keywords if k.arg}
                schema = call.args[1] if len(call.args) > 1 else keywords.get("schema")
                if schema is not None:
                    yield schema
    for site in model.sites:
        if site.framework == names.MCPSERVER_FRAMEWORK and site.response_type is not None:
            scope = site.function.scope if site.function is not None else None
            try:  # `X` of `cast(T, X)`: the schema the SDK reads
                yield runtime_type(model, site.response_type, scope)
            except Refused:
                yield site.response_type


_OWN_SCHEMA = frozenset({"json_schema_extra", "WithJsonSchema", "SkipJsonSchema", "PlainSerializer"})


def _fields(model: Model, cls: ast.ClassDef, depth: int = 0) -> Iterator[tuple[str, ast.expr]]:
    """``(name, annotation)`` of each pydantic field of ``cls``, the module's base
    models' first (string annotations parsed); a ``ClassVar``, a private
    ``_name`` and a field that shapes its own JSON schema are left out."""
    for base in cls.bases:
        parent = model.class_named(base)
        if parent is not None and depth < 5 and fields.is_model(model, parent):
            yield from _fields(model, parent, depth + 1)
    for stmt in cls.body:
        if not isinstance(stmt, ast.AnnAssign) or not isinstance(stmt.target, ast.Name):
            continue
        if stmt.target.id.startswith("_"):
            continue
        resolved = ann.resolve(stmt.annotation, model.module_scope.qualified_name, model.lines.line)
        if resolved is None:
            continue
        head = resolved.value if isinstance(resolved, ast.Subscript) else resolved
        if model.qualified_name(head) in ("typing.ClassVar", "typing_extensions.ClassVar"):
            continue
        if any(
            isinstance(n, ast.Name) and n.id in _OWN_SCHEMA
            or isinstance(n, ast.Attribute) and n.attr in _OWN_SCHEMA
            or isinstance(n, ast.keyword) and n.arg in _OWN_SCHEMA
            for n in ast.walk(stmt)
        ):
            continue
        yield stmt.target.id, resolved
