"""The `Elicit` marker (elicit_lint/runtime/marker.py): a blank question warns once, at
construction, and is still asked as fastmcp asks it; a parameter takes one marker
among its other metadata, two are a TypeError at decoration."""

from typing import Annotated

import pytest
from fastmcp import FastMCP

from elicit_lint.core import messages
from elicit_lint.runtime import Elicit, declared_elicitation

from .conftest import Human, run, say

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


async def test_a_blank_question_warns_once_even_without_the_decorator(era):
    """FastMCP binds the marker per call (``for_parameter``): that copy does not warn again."""
    mcp = FastMCP("s")
    with pytest.warns(UserWarning) as record:  # noqa: PT031 - the call must not warn again

        @mcp.tool
        async def forgot(city: Annotated[str, Elicit("")]) -> str:
            return city

        result, _ = await run(mcp, era, Human({}), "forgot", raise_on_error=False)
    assert result.is_error and result.content[0].text == messages.missing_decorator("forgot", "city")
    assert [str(w.message) for w in record] == [messages.empty_question()]
