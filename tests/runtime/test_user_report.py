"""Problems a new user found: each is an error at decoration or a clear ToolError,
checked on both eras where a call is involved."""

from enum import Enum
from typing import Annotated, Any, Literal, Optional

import pytest
from fastmcp import FastMCP
from pydantic import BaseModel

from elicit_lint import messages
from elicit_lint.runtime import Elicit, declared_elicitation

from .conftest import Human, fields, run, say

# -- an empty question ---------------------------------------------------------


@pytest.mark.parametrize("text", ["", "   ", "\n"])
def test_blank_question_warns_at_construction(text):
    with pytest.warns(UserWarning) as record:
        Elicit(text)
    assert [str(w.message) for w in record] == [messages.empty_question()]
    assert record[0].filename == __file__  # points at the marker, not the runtime


async def test_blank_question_is_still_asked_as_fastmcp_asks_it(era):
    """FastMCP 4.2.3 accepts ``ctx.elicit("")``; a declared blank question behaves the same."""
    mcp = FastMCP("s")
    with pytest.warns(UserWarning):

        @mcp.tool
        @declared_elicitation
        async def t(x: Annotated[str, Elicit("")]) -> str:
            return x

    human = Human({"": say("v")})
    result, _ = await run(mcp, era, human, "t")
    assert result.data == "v" and human.prompts == [""]


# -- two markers on one parameter ---------------------------------------------


@pytest.mark.parametrize(
    "make",
    [
        lambda: Annotated[str, Elicit("first"), Elicit("second")],
        lambda: Annotated[Annotated[str, Elicit("first")], Elicit("second")],
        lambda: Annotated[str, Elicit("first"), "doc", Elicit("second")] | None,
    ],
)
def test_two_markers_on_one_parameter_is_a_type_error(make):
    async def t(x) -> str:
        return ""

    t.__annotations__ = {"x": make(), "return": str}
    with pytest.raises(TypeError) as info:
        declared_elicitation(t)
    assert str(info.value) == messages.duplicate_marker("x", 2)


async def test_one_marker_among_other_metadata_is_asked(era):
    mcp = FastMCP("s")

    @mcp.tool
    @declared_elicitation
    async def t(x: Annotated[str, "doc", Elicit("Only question?")]) -> str:
        return x

    human = Human({"Only question?": say("yes")})
    result, _ = await run(mcp, era, human, "t")
    assert result.data == "yes" and human.prompts == ["Only question?"]


# -- a question's response_type that disagrees with the parameter ---------------


class Pet(BaseModel):
    name: str


class Dog(Pet):
    pass


class Colour(Enum):
    RED = "red"
    BLUE = "blue"


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
