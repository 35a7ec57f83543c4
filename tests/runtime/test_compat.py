"""Issue 11 item 5: the PR's spellings, empty-form confirmations, clients that cannot answer."""

from typing import Annotated

import pytest
from fastmcp import Client, Context, FastMCP
from fastmcp.client.elicitation import ElicitResult
from fastmcp.exceptions import ToolError
from pydantic import BaseModel

from elicit_lint.runtime import Elicit, ElicitationResult, declared_elicitation

from .conftest import Human, run, say


class Go(BaseModel):
    """A confirmation form with no fields."""


def test_marker_spellings():
    assert Elicit(message="Where?").message == "Where?"
    assert Elicit("Where?", str).response_type is str
    assert Elicit(message="Where?", response_type=int).response_type is int
    assert Elicit(message_or_resolver="Where?").message == "Where?"  # the earlier keyword
    with pytest.raises(TypeError, match="got nothing"):
        Elicit()
    with pytest.raises(TypeError, match="got int"):
        Elicit(message=3)


async def test_keyword_message_and_positional_type_from_a_resolver(era):
    mcp = FastMCP("s")

    def nights(city: str) -> int | Elicit[int]:
        return Elicit(f"Nights in {city}?", int)

    @mcp.tool
    @declared_elicitation
    async def stay(
        city: Annotated[str, Elicit(message="Which city?")],
        n: Annotated[int, Elicit(nights)],
    ) -> str:
        return f"{n} in {city}"

    human = Human({"city": say("Oslo"), "Nights": say(2)})
    result, _ = await run(mcp, era, human, "stay")
    assert result.data == "2 in Oslo"
    assert human.asked[1].data["schema"]["properties"]["value"]["type"] == "integer"


def empty_form_server() -> FastMCP:
    mcp = FastMCP("s")

    @mcp.tool
    @declared_elicitation
    async def launch(go: Annotated[Go | None, Elicit("Launch?")] = None) -> str:
        return "launched" if go is not None else "held"

    @mcp.tool
    @declared_elicitation
    async def launch_outcome(go: Annotated[ElicitationResult[Go], Elicit("Launch?")]) -> str:
        return f"{go.action} {go.data!r}" if go.action == "accept" else go.action

    return mcp


@pytest.mark.parametrize("reply", [ElicitResult(action="accept"), {}, None, ElicitResult(action="decline")])
@pytest.mark.parametrize("tool", ["launch", "launch_outcome"])
async def test_empty_form_confirmation_is_the_same_on_both_eras(reply, tool):
    """FastMCP's client docs answer an empty-object form with ``ElicitResult(action="accept")``."""
    results = []
    for mode in ("auto", "legacy"):

        async def handler(message, response_type, params, context):
            return reply

        async with Client(empty_form_server(), mode=mode, elicitation_handler=handler) as client:
            result = await client.call_tool(tool, {}, raise_on_error=False)
        results.append((result.is_error, result.content[0].text))
    assert results[0] == results[1]
    assert not results[0][0]
    declined = isinstance(reply, ElicitResult) and reply.action == "decline"
    expected = {"launch": "held" if declined else "launched", "launch_outcome": "decline" if declined else "accept Go()"}
    assert results[0][1] == expected[tool]


def no_handler_server() -> FastMCP:
    mcp = FastMCP("s")

    def maybe(known: str) -> str | Elicit[str]:
        return known or Elicit("Which one?")

    @mcp.tool
    @declared_elicitation
    async def book(
        city: Annotated[str, Elicit("Where?")],
        seat: Annotated[str | None, Elicit("Seat?")] = None,
    ) -> str:
        return city

    @mcp.tool
    @declared_elicitation
    async def confirm(go: Annotated[ElicitationResult[bool], Elicit("Go?")]) -> str:
        return go.action

    @mcp.tool
    @declared_elicitation
    async def known(known: str, pick: Annotated[str, Elicit(maybe)]) -> str:
        return pick

    return mcp


@pytest.mark.parametrize(
    ("tool", "names"), [("book", "`city`, `seat`"), ("confirm", "`go`")]
)
async def test_client_without_elicitation_gets_an_error_naming_tool_and_parameters(era, tool, names):
    async with Client(no_handler_server(), mode=era) as client:
        with pytest.raises(ToolError) as raised:
            await client.call_tool(tool, {})
    assert str(raised.value).startswith(
        f"Elicitation not supported: `{tool}` needs an answer for {names}, but the client"
    )


async def test_client_without_elicitation_fails_as_ctx_elicit_fails_on_the_handshake_era():
    """The rewrite keeps the kind of failure (a tool error result) and the words
    FastMCP's own tests match (``tests/client/test_elicitation.py``)."""
    mcp = no_handler_server()

    @mcp.tool
    async def imperative(ctx: Context) -> str:
        result = await ctx.elicit("Where?", str)
        return result.action

    async with Client(mcp, mode="legacy") as client:
        original = await client.call_tool("imperative", {}, raise_on_error=False)
        declared = await client.call_tool("book", {}, raise_on_error=False)
    assert original.is_error and declared.is_error
    assert "Elicitation not supported" in original.content[0].text
    assert "Elicitation not supported" in declared.content[0].text


async def test_client_without_elicitation_is_served_when_nothing_is_asked(era):
    async with Client(no_handler_server(), mode=era) as client:
        result = await client.call_tool("known", {"known": "A"})
    assert result.data == "A"
