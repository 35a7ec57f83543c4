"""Every response type ``ctx.elicit`` accepts works the same way declared, on both eras."""

from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Any, Literal, Optional

import pytest
from fastmcp import FastMCP
from pydantic import BaseModel, Field

from elicit_lint.core import messages
from elicit_lint.runtime import Elicit, declared_elicitation

from ..wire import as_carried
from .conftest import Human, fields, run, say


class Colour(Enum):
    RED = "red"
    BLUE = "blue"


@dataclass
class Point:
    x: int
    y: int = 0


class Trip(BaseModel):
    city: str
    nights: int = Field(default=1, ge=1, le=30)


CASES: list[tuple[str, Any, Any, Any, Any]] = [
    # id, annotation, Elicit kwargs, answer, expected body value
    ("str", str, {}, say("hi"), "hi"),
    ("int", int, {}, say(7), 7),
    ("float", float, {}, say(2.5), 2.5),
    ("bool-false", bool, {}, say(False), False),
    ("literal", Literal["a", "b"], {}, say("b"), "b"),
    ("enum", Colour, {}, say("blue"), Colour.BLUE),
    ("dataclass", Point, {}, fields(x=3), Point(3, 0)),
    ("model", Trip, {}, fields(city="Rome"), Trip(city="Rome", nights=1)),
    ("list-literal", list[Literal["a", "b", "c"]], {}, say(["a", "c"]), ["a", "c"]),
    ("shorthand-one", str, {"response_type": ["x", "y"]}, say("y"), "y"),
    ("shorthand-many", list[str], {"response_type": [["x", "y"]]}, say(["x"]), ["x"]),
    ("titled", str, {"response_type": {"lo": {"title": "Low"}, "hi": {"title": "High"}}}, say("hi"), "hi"),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
async def test_response_type(era, case):
    _, annotation, kwargs, answer, expected = case
    mcp = FastMCP("s")
    got: dict[str, Any] = {}

    @mcp.tool
    @declared_elicitation
    async def t(v: Annotated[annotation, Elicit("Value?", **kwargs)]) -> str:
        got["v"] = v
        return "ok"

    human = Human({"Value": answer})
    result, _ = await run(mcp, era, human, "t")
    assert result.data == "ok"
    assert got["v"] == expected and type(got["v"]) is type(expected)
    # the schema shown is FastMCP's own for the same response type
    from fastmcp.server.elicitation import parse_elicit_response_type

    shown = human.asked[0].data["schema"]
    minted = parse_elicit_response_type(kwargs.get("response_type", annotation)).schema
    # whole, as the era's wire carries it (tests/wire.py: a model's top-level
    # "title" does not arrive on 2026-07-28)
    assert shown == as_carried(minted, era)


async def test_model_field_constraints_are_enforced(era):
    mcp = FastMCP("s")

    @mcp.tool
    @declared_elicitation
    async def t(trip: Annotated[Trip, Elicit("Trip?")]) -> int:
        return trip.nights

    # jsonschema on the client would reject nights=99 for the handshake handler too,
    # so the constraint is visible in the schema that was shown
    human = Human({"Trip": fields(city="Rome", nights=5)})
    result, _ = await run(mcp, era, human, "t")
    assert result.data == 5
    nights = human.asked[0].data["schema"]["properties"]["nights"]
    assert (nights["minimum"], nights["maximum"]) == (1, 30)


async def test_title_and_description_label_the_value(era):
    mcp = FastMCP("s")

    @mcp.tool
    @declared_elicitation
    async def t(n: Annotated[int, Elicit("N?", title="Count", description="how many")]) -> int:
        return n

    human = Human({"N?": say(4)})
    result, _ = await run(mcp, era, human, "t")
    assert result.data == 4
    value = human.asked[0].data["schema"]["properties"]["value"]
    assert (value["title"], value["description"]) == ("Count", "how many")


async def test_resolver_question_inherits_type_title_and_description(era):
    mcp = FastMCP("s")

    def ask() -> Elicit[int]:
        return Elicit("How many?")

    def ask_choice() -> Elicit[str]:
        return Elicit("Pick one", response_type=["x", "y"])

    @mcp.tool
    @declared_elicitation
    async def t(
        n: Annotated[int, Elicit(ask, title="Count", description="how many")],
        c: Annotated[str, Elicit(ask_choice)],
    ) -> str:
        return f"{n}{c}"

    human = Human({"How many": say(3), "Pick": say("y")})
    result, _ = await run(mcp, era, human, "t")
    assert result.data == "3y"
    value = human.asked[0].data["schema"]["properties"]["value"]
    assert (value["type"], value["title"], value["description"]) == ("integer", "Count", "how many")
    assert human.asked[1].data["schema"]["properties"]["value"]["enum"] == ["x", "y"]


# -- a question's response_type that disagrees with the parameter ---------------


class Pet(BaseModel):
    name: str


class Dog(Pet):
    pass


@pytest.mark.parametrize(
    "annotation,response_type,spelled,expected",
    [
        (str, int, "int", "str"),
        (str | None, int, "int", "str | None"),
        (Optional[int], str, "str", "int | None"),  # noqa: UP045 - the typing spelling on purpose
        (int, ["a", "b"], "['a', 'b']", "int"),
        (str, [["a", "b"]], "[['a', 'b']]", "str"),
        (list[int], [["a", "b"]], "[['a', 'b']]", "list[int]"),
        (Literal["x", "y"], int, "int", "Literal['x', 'y']"),
        (Colour, str, "str", "Colour"),
        (str, Colour, "Colour", "str"),
        (Dog, Pet, "Pet", "Dog"),
        (int, float, "float", "int"),
        (bool, int, "int", "bool"),
    ],
)
def test_response_type_that_disagrees_is_a_type_error(annotation, response_type, spelled, expected):
    async def t(x) -> str:
        return ""

    t.__annotations__ = {"x": Annotated[annotation, Elicit("How many?", response_type=response_type)]}
    with pytest.raises(TypeError) as info:
        declared_elicitation(t)
    assert str(info.value) == messages.marker_type_mismatch("x", spelled, expected)


AGREEING = [
    # id, annotation, response_type, answer, expected body value
    ("same", str, str, say("v"), "v"),
    ("optional", str | None, str, say("v"), "v"),
    ("typing-optional", Optional[int], int, say(3), 3),  # noqa: UP045
    ("annotated-base", Annotated[int, "doc"], int, say(3), 3),
    ("shorthand-str", str, ["a", "b"], say("b"), "b"),
    ("shorthand-literal", Literal["a", "b"], ["a", "b"], say("a"), "a"),
    ("shorthand-many", list[str], [["a", "b"]], say(["b"]), ["b"]),
    ("titled-dict", str, {"lo": {"title": "Low"}}, say("lo"), "lo"),
    ("literal-for-str", str, Literal["a", "b"], say("a"), "a"),
    ("subclass", Pet, Dog, fields(name="Rex"), Dog(name="Rex")),
    ("numeric-tower", float, int, say(2), 2),
    ("any", Any, int, say(2), 2),
    ("union-arm", int | str, int, say(2), 2),
]


@pytest.mark.parametrize("case", AGREEING, ids=[c[0] for c in AGREEING])
async def test_response_type_that_agrees_is_asked(era, case):
    _, annotation, response_type, answer, expected = case
    mcp = FastMCP("s")
    got: dict[str, Any] = {}

    @mcp.tool
    @declared_elicitation
    async def t(x: Annotated[annotation, Elicit("Value?", response_type=response_type)] = None) -> str:
        got["x"] = x
        return "ok"

    result, _ = await run(mcp, era, Human({"Value?": answer}), "t")
    assert result.data == "ok"
    assert got["x"] == expected and type(got["x"]) is type(expected)

