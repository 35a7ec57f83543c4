"""MCP027: an SDK elicitation schema with a nested model field."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..analysis.response_types import Refused, runtime_type
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import Model, names
from ..model import annotation as ann
from .base import Rule
from .cases import Invalid, Valid

_BASE_MODEL = frozenset({"pydantic.BaseModel", "pydantic.main.BaseModel"})


class SdkNestedSchema(Rule):
    """## What it does
    Finds a schema passed to the MCP Python SDK v2's `Elicit(message, Schema)`
    (returned by a resolver) or to `ctx.elicit(message, Schema)` on the SDK's
    `Context` whose fields include another pydantic model defined in the
    module (`address: Address`, `list[Address]`, `Address | None`).

    ## Why is this bad?
    An elicitation form holds primitive fields only (the protocol's
    `PrimitiveSchemaDefinition`). mcp 2.3.0 renders the schema when it asks
    (`src/mcp/server/elicitation.py`) and raises a `TypeError` for a nested
    model: every call of the tool fails with a bare "Error executing tool".
    Registration does not catch it.

    ## Use instead
    Flatten the fields into the schema (or ask twice):
    """

    code = "MCP027"
    name = "sdk-nested-schema"
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
from enum import Enum

from pydantic import BaseModel

from mcp.server.mcpserver import Context, MCPServer

mcp = MCPServer("Shop")

class Size(Enum):
    S = "s"
    M = "m"

class Order(BaseModel):
    size: Size

@mcp.tool()
async def order(ctx: Context) -> str:
    result = await ctx.elicit("Which size?", Order)
    return result.action
''',
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        seen: set[int] = set()
        for expr in _schemas(model):
            cls = model.class_named(expr)
            if cls is None or id(expr) in seen or not _is_model(model, cls, 0):
                continue
            seen.add(id(expr))
            for stmt in cls.body:
                if not isinstance(stmt, ast.AnnAssign) or not isinstance(stmt.target, ast.Name):
                    continue
                nested = _nested(model, stmt.annotation)
                if nested is None:
                    continue
                yield self.diagnostic(
                    model,
                    model.span(expr),
                    f"`{cls.name}` has a nested model field `{stmt.target.id}: {ast.unparse(stmt.annotation)}`: "
                    "an elicitation form holds primitive fields only, so the SDK raises a `TypeError` "
                    "when it asks and every call fails (\"Error executing tool\"); flatten the fields",
                )
                break


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


def _is_model(model: Model, cls: ast.ClassDef, depth: int) -> bool:
    for base in cls.bases:
        if model.qualified_name(base) in _BASE_MODEL:
            return True
        parent = model.class_named(base)
        if parent is not None and depth < 5 and _is_model(model, parent, depth + 1):
            return True
    return False


def _nested(model: Model, annotation: ast.expr) -> ast.ClassDef | None:
    """The module's pydantic model named anywhere in a field annotation."""
    resolved = ann.resolve(annotation, model.module_scope.qualified_name, model.lines.line)
    for node in ast.walk(resolved) if resolved is not None else ():
        cls = model.class_named(node) if isinstance(node, ast.Name) else None
        if cls is not None and _is_model(model, cls, 0):
            return cls
    return None
