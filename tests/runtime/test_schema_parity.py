"""The whole requested schema a client receives: declared questions against ``ctx.elicit``.

For every response type ``ctx.elicit`` accepts and every declared form (the
value, the outcome ``ElicitationResult[T]``, a resolver returning ``Elicit``),
a real ``fastmcp.Client`` records the ``requestedSchema`` it was sent. The
original ``await ctx.elicit(q, T)`` on the handshake era is the measure:

- handshake era: the declared question's schema is the original's, dict for dict
  (``title``, docstring ``description`` and extra keys of a model included);
- 2026-07-28: it is the original's as that era's wire carries it
  (``tests/wire.py``: the SDK's own result sieve, which keeps only ``$schema``,
  ``properties``, ``required`` and ``type``). The SDK's own ``Resolve`` loses
  the same keys there (``test_the_sdks_own_declared_question_loses_the_same_keys``).
"""

import enum
import json
from dataclasses import dataclass
from typing import Annotated, Any, Literal

import mcp_types
import pytest
from fastmcp import Client, Context, FastMCP
from pydantic import BaseModel, ConfigDict, Field
from typing_extensions import TypedDict

from elicit_lint.runtime import Elicit, ElicitationResult, declared_elicitation

from ..wire import as_carried


@dataclass
class Guest:
    """Who is coming."""

    name: str
    nights: int = 1


@dataclass
class Bare:
    seats: int


class Booking(BaseModel):
    """Room and dates."""

    model_config = ConfigDict(title="Room booking", json_schema_extra={"x-form": "compact"})

    room: Literal["single", "double"] = "single"
    nights: int = Field(default=1, ge=1, le=30, title="Nights", description="how many nights")


class Plain(BaseModel):
    city: str


class Contact(TypedDict):
    email: str


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


KINDS: list[tuple[str, Any, Any, dict[str, Any]]] = [
    # id, parameter type, response_type for ctx.elicit / Elicit, labels (title/description)
    ("dataclass", Guest, Guest, {}),
    ("dataclass-no-doc", Bare, Bare, {}),
    ("pydantic", Booking, Booking, {}),
    ("pydantic-plain", Plain, Plain, {}),
    ("typeddict", Contact, Contact, {}),
    ("str", str, str, {}),
    ("int-labelled", int, int, {"title": "Count", "description": "how many"}),
    ("float", float, float, {}),
    ("bool", bool, bool, {}),
    ("literal", Literal["a", "b"], Literal["a", "b"], {}),
    ("enum", Colour, Colour, {}),
    ("list-literal", list[Literal["x", "y"]], list[Literal["x", "y"]], {}),
    ("choices", str, ["x", "y"], {}),
    ("multi-choices", list[str], [["x", "y"]], {}),
    ("titled-choices", str, {"lo": {"title": "Low"}, "hi": {"title": "High"}}, {}),
]
CLASSES = {"dataclass", "dataclass-no-doc", "pydantic", "pydantic-plain", "typeddict"}
FORMS = ("value", "outcome", "resolver")


def _server(form: str, annotation: Any, response_type: Any, labels: dict[str, Any]) -> FastMCP:
    """``original`` asks with ``ctx.elicit``; ``declared`` asks the same question in ``form``."""
    mcp = FastMCP("s")

    @mcp.tool
    async def original(ctx: Context) -> str:
        result = await ctx.elicit(
            "Which one?",
            response_type,
            response_title=labels.get("title"),
            response_description=labels.get("description"),
        )
        return result.action

    question = Elicit("Which one?", response_type=response_type, **labels)
    if form == "value":

        async def declared(v: Annotated[annotation | None, question] = None) -> str:
            return repr(v)

    elif form == "outcome":

        async def declared(v: Annotated[ElicitationResult[annotation], question]) -> str:
            return v.action

    else:

        def ask() -> Elicit[annotation]:
            return Elicit("Which one?", response_type=response_type, **labels)

        async def declared(v: Annotated[annotation | None, Elicit(ask)] = None) -> str:
            return repr(v)

    mcp.tool(declared_elicitation(declared))
    return mcp


async def _asked(mcp: FastMCP, tool: str, mode: str) -> list[tuple[str, dict[str, Any]]]:
    """Every ``(message, requestedSchema)`` the client of ``mode`` was sent; all declined."""
    seen: list[tuple[str, dict[str, Any]]] = []

    async def handler(message, response_type, params, context):
        seen.append((params.message, params.requested_schema))
        return mcp_types.ElicitResult(action="decline")

    async with Client(mcp, mode=mode, elicitation_handler=handler) as client:
        await client.call_tool(tool, {}, raise_on_error=False)
    return seen


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(("kind", "annotation", "response_type", "labels"), KINDS, ids=[k[0] for k in KINDS])
async def test_declared_question_sends_the_originals_schema(era, form, kind, annotation, response_type, labels):
    mcp = _server(form, annotation, response_type, labels)
    [(message, original)] = await _asked(mcp, "original", "legacy")
    declared = await _asked(mcp, "declared", era)
    assert declared == [(message, as_carried(original, era))]


@pytest.mark.parametrize(("kind", "annotation", "response_type", "labels"), KINDS, ids=[k[0] for k in KINDS])
async def test_only_a_class_schemas_top_level_keys_are_lost_on_2026(kind, annotation, response_type, labels):
    """Which kinds reach 2026-07-28 clients whole: all but the classes, which lose their
    top-level ``title`` (and docstring, and extra keys) -- every field keeps its own labels."""
    [(_, original)] = await _asked(_server("value", annotation, response_type, labels), "original", "legacy")
    modern = as_carried(original, "auto")
    if kind in CLASSES:
        assert original["title"] and "title" not in modern
        assert {k: v for k, v in original.items() if k in modern} == modern
        assert modern["properties"] == original["properties"]
    else:
        assert modern == original


def test_a_models_docstring_and_extra_keys_are_what_2026_drops():
    """The measure of the loss for one model, key by key (docs/runtime.md)."""
    from fastmcp.server.elicitation import parse_elicit_response_type

    schema = parse_elicit_response_type(Booking).schema
    lost = sorted(set(schema) - set(as_carried(schema, "auto")))
    assert lost == ["description", "title", "x-form"], json.dumps(schema)


async def test_the_sdks_own_declared_question_loses_the_same_keys():
    """The MCP SDK v2's ``Resolve`` (the framework's own declared elicitation; its
    ``Elicit`` takes pydantic models only) on 2026-07-28 sends what our runtime
    sends: the loss is the era's, not ours."""
    from mcp import Client as SdkClient
    from mcp.server.mcpserver import Elicit as SdkElicit
    from mcp.server.mcpserver import ElicitationResult as SdkResult
    from mcp.server.mcpserver import MCPServer, Resolve

    sdk = MCPServer("s")

    def ask() -> SdkElicit[Booking]:
        return SdkElicit("Which one?", Booking)

    @sdk.tool()
    async def declared(v: Annotated[SdkResult[Booking], Resolve(ask)]) -> str:
        return v.action

    seen: list[dict[str, Any]] = []

    async def callback(context, params):
        seen.append(params.requested_schema)
        return mcp_types.ElicitResult(action="decline")

    for mode in ("legacy", "auto"):
        async with SdkClient(sdk, mode=mode, elicitation_callback=callback) as client:
            await client.call_tool("declared", {})
    [(_, ours)] = await _asked(_server("outcome", Booking, Booking, {}), "declared", "auto")
    assert seen == [seen[0], as_carried(seen[0], "auto")]
    assert seen[0]["title"] == "Room booking" and seen[1] == ours
