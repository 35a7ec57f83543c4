"""MCP002: ``ctx.elicit(...)`` without a usable ``response_type``."""

from __future__ import annotations

from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import Model
from .base import Rule
from .cases import Invalid, Valid
from .mcp002_markers import marker_findings
from .mcp002_sites import site_findings


class MissingResponseType(Rule):
    """## What it does
    Finds imperative elicitations `ctx.elicit(...)` whose `response_type` is
    missing, `None`, a union (`int | None`, `Optional[int]`, `Union[...]`), a
    list of scalars (`list[str]`, `list[Literal["a"]]`), choices as a tuple
    (`("a", "b")`), or passed with the old
    `schema=` keyword; a name bound once at module level is read through its
    value (`Either = Union[int, str]`, then `response_type=Either`), also when
    imported from another module of the run that binds it so
    (`analysis/run_classes.py`).

    A call through a local alias (`elicit = ctx.elicit`, see MCP001) is
    checked the same way.

    ## Why is this bad?
    FastMCP 4 requires `response_type` (`Context.elicit(message,
    response_type, *, ...)` in fastmcp 4.2.3), and each of these raises a
    `TypeError` when the tool runs, before anything reaches the client:
    leaving it out ("missing 1 required positional argument"),
    `response_type=None` ("ctx.elicit() requires a response_type": FastMCP 4
    rejects the empty form that earlier versions sent, which some clients
    rendered with nothing to submit), and `schema=Model` ("got an unexpected
    keyword argument 'schema'": the keyword was renamed `response_type`).
    A union is neither a scalar nor a shorthand, so FastMCP builds an `anyOf`
    schema and refuses it ("Elicitation schema must be an object schema, got
    type 'None'"); a decline or cancel already gives no value, so pass the
    type itself. A `list[...]` of `str`, `int`, `float`, `bool` or a one-member
    `Literal` fails likewise (`list[Literal["a", "b"]]` is asked) ("arrays are only allowed when items are enums"): pass
    `[["a", "b"]]` or `list[SomeEnum]` for several choices. Choices spelled as
    a tuple (`("a", "b")`, `[("a", "b")]`) fail too: FastMCP reads only a list
    as choices, so a tuple is taken for a type ("Unable to generate
    pydantic-core schema") and a list holding one is "Invalid list
    response_type format"; pass a list. A dict is FastMCP's titled-choices
    shorthand (`{"low": {"title": "Low"}}`), so a JSON-schema dict
    (`{"type": "object", "properties": ...}`), positional or `response_type=`,
    fails on its first value that is no dict ("'str' object has no attribute
    'get'"), and an empty one with "Dict response_type cannot be empty": write
    the schema as a dataclass or pydantic model. Only a dict written in the call
    is read (a name bound to one may change before the call). A class of the
    module with a field FastMCP 4 refuses in an elicitation schema fails every
    call too ("Elicitation schema field 'note' has union type 'null' which is
    not a primitive type"): `T | None` or `Optional[T]`, a nested model or
    dataclass, a `dict`, a `list` of `str`/`int`/`float`/`bool`
    (`analysis/fastmcp_fields.py`, checked against fastmcp's
    `get_elicitation_schema`); give the field one of the types FastMCP asks.
    The class may be in another module of the run (`from .forms import Form`,
    `analysis/run_classes.py`), and a runtime `Elicit` marker asking it (its
    `response_type=`, else the annotation's type) fails at import, or, with a
    resolver, on every call that asks.

    A type that is no object and no list of choices is refused the same way
    ("Elicitation schema must be an object schema", "arrays are only allowed
    when items are enums"): `list`, `tuple`, `set`, `frozenset` and
    `Sequence`, bare or subscripted (`tuple[str, int]`), a `list` of a model,
    a dataclass or a container (`list[Address]`, `list[list[str]]`), `bytes`,
    `object` and `Any` (`analysis/refused_types.py`, checked against fastmcp's
    `parse_elicit_response_type` and `get_elicitation_schema`); a `dict` is
    asked. A runtime `Elicit("q", response_type=T)` marker with a `T` of any of
    these kinds fails too, at import: `@declared_elicitation` builds the same
    schema and raises the same `TypeError`; so does `Elicit("q")` without
    `response_type` on a parameter annotated `T` or `T | None` with a `T` of
    these kinds, whose type the runtime asks with (`ElicitationResult[T]`'s `T`
    for an outcome-typed parameter). Without `response_type`, the runtime also
    refuses a parameter whose type is a union of several types
    (`Annotated[int | str | None, Elicit("q")]`, or a module-level alias of one:
    FastMCP cannot ask a union) and a
    bare `ElicitationResult` (nothing says what is asked); both are reported
    in the runtime's words.

    Ask a yes/no question with `bool` instead. The codemod leaves each of these
    calls alone (the original never asks, so no declared question behaves the
    same): pass the type as `response_type=` (`bool` for a yes/no question),
    check the answer, then run it again.
    """

    code = "MCP002"
    name = "missing-response-type"
    implies = frozenset({"MCP001"})
    invalid = (
        Invalid(
            """
from fastmcp import Context
from pydantic import BaseModel


class TeaOrder(BaseModel):
    blend: str
    note: str | None = None


async def order(ctx: Context) -> str:
    reply = await ctx.elicit("Which tea?", response_type=TeaOrder)
    return reply.action
""",
            message="`ctx.elicit()` passes `TeaOrder`, whose field `note: str | None` FastMCP 4 refuses in an elicitation schema: a `TypeError` on every call",
            help=(
                "Give the field `str`, `int`, `float`, `bool`, a `Literal[...]`, an Enum, or a `list` "
                "of a `Literal[...]` or an Enum for several choices, without `| None` (FastMCP 4 says "
                "\"Elicitation schema field ... is not a primitive type\")"
            ),
            span=((11, 58), (11, 66)),
        ),
        Invalid(
            '''
from fastmcp import Context


async def delete(ctx: Context) -> str:
    await ctx.elicit("Delete everything?", response_type=None)
    return "deleted"
''',
            message='`ctx.elicit()` passes `response_type=None`: a `TypeError` on FastMCP 4',
            help='Ask a `bool` confirmation instead (FastMCP 4 says "ctx.elicit() requires a response_type")',
            span=((5, 58), (5, 62)),
        ),
        '''
from fastmcp import Context

async def approve(ctx: Context) -> str:
    await ctx.elicit("Approve?")
    return "ok"
''',
        '''
from fastmcp import Context

async def approve(ctx: Context) -> str:
    await ctx.elicit(message="Approve?", response_type=None)
    return "ok"
''',
        '''
from dataclasses import dataclass

from fastmcp import Context

@dataclass
class Person:
    name: str

async def ask(ctx: Context) -> str:
    await ctx.elicit("Who?", schema=Person)
    return "ok"
''',
        Invalid(
            '''
from typing import Optional

from fastmcp import Context

async def age(ctx: Context) -> str:
    await ctx.elicit("Age (optional)?", response_type=int | None)
    await ctx.elicit("Height?", response_type=Optional[float])
    await ctx.elicit("Tags?", response_type=list[str])
    return "ok"
''',
            message="`ctx.elicit()` passes a union `response_type`: a `TypeError` on FastMCP 4",
            help=(
                "Pass the type itself, a decline already gives no value (FastMCP 4 says "
                '"Elicitation schema must be an object schema")'
            ),
            span=((6, 55), (6, 65)),
            diagnostics=3,
        ),
        Invalid(
            '''
from fastmcp import Context

FINISHES = ("matte", "gloss")


async def paint(ctx: Context) -> str:
    await ctx.elicit("Finish?", response_type=FINISHES)
    await ctx.elicit("Coats?", response_type=[("primer", "top")])
    return "ok"
''',
            message=(
                "`ctx.elicit()` passes choices as a tuple: fails on FastMCP 4, which reads "
                "only a list as choices"
            ),
            help=(
                'Pass a list, `["a", "b"]` (or `[["a", "b"]]` for several answers) (FastMCP 4 '
                'says "Unable to generate pydantic-core schema" or "Invalid list '
                'response_type format")'
            ),
            span=((7, 47), (7, 55)),
            diagnostics=2,
        ),
        Invalid(
            '''
from fastmcp import Context


async def proceed(ctx: Context) -> str:
    answer = await ctx.elicit("Proceed?", {"type": "object", "properties": {"ok": {"type": "boolean"}}})
    await ctx.elicit("Priority?", response_type={})
    await ctx.elicit("Labels?", [{"bug": {"title": "Bug"}, "other": "Other"}])
    return answer.action
''',
            message="`ctx.elicit()` passes a JSON-schema dict as `response_type`: fails on FastMCP 4, which reads a dict as titled choices (`{\"low\": {\"title\": \"Low\"}}`)",
            help=(
                "Write the schema as a dataclass or pydantic model (FastMCP 4 says \"'str' object "
                "has no attribute 'get'\" or \"Dict response_type cannot be empty\")"
            ),
            span=((5, 43), (5, 104)),
            diagnostics=3,
        ),
        Invalid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit, declared_elicitation
from fastmcp import Context, FastMCP
from pydantic import BaseModel

mcp = FastMCP("Greenhouse")


class Tray(BaseModel):
    label: str


@mcp.tool
async def plant(ctx: Context) -> str:
    await ctx.elicit("Which two seeds?", response_type=tuple[str, str])
    await ctx.elicit("Which trays?", list[Tray])
    return "ok"


@mcp.tool
@declared_elicitation
async def label(tags: Annotated[list[str] | None, Elicit("Tags?", response_type=list[str])] = None) -> str:
    return ", ".join(tags or [])
''',
            message=(
                "`ctx.elicit()` passes a `response_type` that is an array (`list`, `tuple[...]`, "
                "`set[...]`, a `list` of models or of lists), `bytes` or `Any`: a `TypeError` on FastMCP 4"
            ),
            help=(
                'Pass a scalar, a model, or `[["a", "b"]]` or `list[SomeEnum]` for several choices '
                '(FastMCP 4 says "Elicitation schema must be an object schema" or "arrays are only '
                'allowed when items are enums")'
            ),
            span=((16, 56), (16, 71)),
            diagnostics=3,
        ),
        Invalid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit, ElicitationResult, declared_elicitation
from fastmcp import FastMCP

mcp = FastMCP("Bakery")


@mcp.tool
@declared_elicitation
async def order(
    loaves: Annotated[int | str | None, Elicit("How many loaves?")] = None,
    topping: Annotated[ElicitationResult, Elicit("Which topping?")] = None,
) -> str:
    return f"{loaves} {topping}"
''',
            message=(
                "`Elicit` marker of `loaves` in `order` has no `response_type` and the parameter's "
                "type is a union of several types, which FastMCP 4 cannot ask"
            ),
            help=(
                'Pass `response_type=` the one type to ask for (FastMCP 4 says "Elicitation schema '
                'must be an object schema")'
            ),
            span=((12, 41), (12, 67)),
            diagnostics=2,
        ),
        Invalid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit, declared_elicitation
from fastmcp import FastMCP
from pydantic import BaseModel

mcp = FastMCP("Post")


class Parcel(BaseModel):
    street: str
    floor: int | None = None


@mcp.tool
@declared_elicitation
async def send(parcel: Annotated[Parcel | None, Elicit("Where to?")] = None) -> str:
    return str(parcel)
''',
            message=(
                "`Elicit` marker of `parcel` in `send` asks `Parcel`, whose field `floor: int | None` "
                "FastMCP 4 refuses in an elicitation schema: a `TypeError` when the tool is decorated, "
                "so importing the module fails"
            ),
            help=(
                "Give the field `str`, `int`, `float`, `bool`, a `Literal[...]`, an Enum, or a `list` "
                "of a `Literal[...]` or an Enum for several choices, without `| None` (FastMCP 4 says "
                "\"Elicitation schema field ... is not a primitive type\")"
            ),
            span=((17, 34), (17, 40)),
        ),
    )
    valid = (
        Valid(
            '''
from fastmcp import Context


async def delete(ctx: Context) -> str:
    answer = await ctx.elicit("Delete everything?", response_type=bool)
    if answer.action == "accept" and answer.data:
        return "deleted"
    return "kept"
'''
        ),
        '''
from fastmcp import Context

async def approve(ctx: Context) -> str:
    await ctx.elicit("Approve?", response_type=bool)
    await ctx.elicit("Age?", int)
    await ctx.elicit("Colour?", response_type=["red", "green"])
    await ctx.elicit("Toppings?", response_type=[["cheese", "ham"]])
    await ctx.elicit("Priority?", {"low": {"title": "Low"}, "high": {}})
    await ctx.elicit("Labels?", [{"bug": {"title": "Bug"}}])
    return "ok"
''',
        '''
from enum import Enum
from typing import Literal

from fastmcp import Context
from pydantic import BaseModel


class Milk(Enum):
    OAT = "oat"
    SOY = "soy"


class Order(BaseModel):
    blend: Literal["green", "black"]
    cups: int | str
    tags: list[Literal["hot", "iced"]]
    milks: list[Milk]


async def order(ctx: Context) -> str:
    await ctx.elicit("Which tea?", response_type=Order)
    return "ok"
''',
        '''
from fastmcp import Context

async def approve(ctx: Context, **options) -> str:
    await ctx.elicit("Approve?", **options)
    return "ok"
''',
        '''
from enum import Enum
from typing import Annotated

from elicit_lint.runtime import Elicit, declared_elicitation
from fastmcp import Context, FastMCP

mcp = FastMCP("Greenhouse")


class Soil(Enum):
    LOAM = "loam"
    CLAY = "clay"


@mcp.tool
async def water(ctx: Context) -> str:
    await ctx.elicit("Moisture by bed?", response_type=dict[str, int])
    return "ok"


@mcp.tool
@declared_elicitation
async def mix(soils: Annotated[list[Soil] | None, Elicit("Soils?", response_type=list[Soil])] = None) -> str:
    return str(soils)
''',
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        for span, message in marker_findings(model):
            yield self.diagnostic(model, span, message)
        for span, message in site_findings(model):
            yield self.diagnostic(model, span, message)
