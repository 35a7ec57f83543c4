"""Issue 11 item 1: ``Annotated[ElicitationResult[T], Elicit(...)]`` injects ``ctx.elicit``'s own outcome."""

from typing import Annotated, Any, Literal

import pytest
from fastmcp import Client, Context, FastMCP
from fastmcp.server.elicitation import AcceptedElicitation
from mcp.server.elicitation import CancelledElicitation, DeclinedElicitation
from mcp.server.mcpserver import ElicitationResult as SdkElicitationResult

from elicit_lint.runtime import (
    Elicit,
    ElicitationResult,
    accept,
    answers_by_hand,
    call_tool_rounds,
    declared_elicitation,
)

from .conftest import CANCEL, DECLINE, Human, run, say

SCRIPTS = {"accept": say(3), "decline": DECLINE, "cancel": CANCEL}


def describe(result: Any) -> str:
    """How a body written against ``ctx.elicit``'s result reads it."""
    match result:
        case AcceptedElicitation(data=data):
            kind = f"accepted {data!r}"
        case DeclinedElicitation():
            kind = "declined"
        case CancelledElicitation():
            kind = "cancelled"
        case _:
            kind = "?"
    data = result.data if result.action == "accept" else None
    return f"{kind}|{result.action}|{data!r}|{isinstance(result, AcceptedElicitation)}"


def servers(seen: list) -> FastMCP:
    mcp = FastMCP("s")

    @mcp.tool
    async def imperative(ctx: Context) -> str:
        result = await ctx.elicit("How many?", int)
        seen.append(result)
        return describe(result)

    @mcp.tool
    @declared_elicitation
    async def declared(reply: Annotated[ElicitationResult[int], Elicit("How many?")]) -> str:
        seen.append(reply)
        return describe(reply)

    return mcp


@pytest.mark.parametrize("script", list(SCRIPTS))
async def test_same_object_as_ctx_elicit_on_both_eras(era, script):
    reference: list = []
    result, _ = await run(servers(reference), "legacy", Human({"How": SCRIPTS[script]}), "imperative")
    seen: list = []
    declared, _ = await run(servers(seen), era, Human({"How": SCRIPTS[script]}), "declared")
    assert declared.data == result.data
    assert not declared.is_error
    assert type(seen[0]) is type(reference[0])
    assert seen[0] == reference[0]
    assert seen[0].model_dump() == reference[0].model_dump()


async def test_outcome_shares_a_round_and_resolver_follows(era):
    mcp = FastMCP("s")

    def size(count: ElicitationResult[int]) -> str | Elicit[str]:
        if count.action != "accept":
            return "none"
        return Elicit(f"Size for {count.data}?", str)  # positional response_type (the PR's spelling)

    @mcp.tool
    @declared_elicitation
    async def order(
        count: Annotated[ElicitationResult[int], Elicit("How many?")],
        colour: Annotated[str, Elicit(message="Colour?")],
        fit: Annotated[str, Elicit(size)],
    ) -> str:
        return f"{count.action}/{colour}/{fit}"

    human = Human({"How": DECLINE, "Colour": say("red"), "Size": say("L")})
    result, rounds = await run(mcp, era, human, "order")
    assert result.data == "decline/red/none"
    assert human.prompts == ["How many?", "Colour?"]
    assert rounds.ask_keys == ([["count", "colour"]] if era == "auto" else [])

    human = Human({"How": say(2), "Colour": say("red"), "Size": say("L")})
    result, rounds = await run(mcp, era, human, "order")
    assert result.data == "accept/red/L"
    assert human.prompts == ["How many?", "Colour?", "Size for 2?"]


async def test_resolver_asks_or_returns_a_value_for_an_outcome_parameter(era):
    mcp = FastMCP("s")
    seen: list = []

    def ask(known: int) -> int | Elicit[int]:
        return known if known else Elicit("How many?", response_type=int)

    @mcp.tool
    @declared_elicitation
    async def count(known: int, reply: Annotated[ElicitationResult[int], Elicit(ask)]) -> str:
        seen.append(reply)
        return describe(reply)

    human = Human({"How": CANCEL})
    result, _ = await run(mcp, era, human, "count", {"known": 0})
    assert result.data == "cancelled|cancel|None|False"
    human = Human({})
    result, _ = await run(mcp, era, human, "count", {"known": 4})
    assert result.data == "accepted 4|accept|4|True"
    assert human.prompts == []
    assert type(seen[-1]) is AcceptedElicitation[Any]


async def test_invalid_content_for_an_outcome_parameter_fails_naming_it(era):
    mcp = FastMCP("s")

    @mcp.tool
    @declared_elicitation
    async def pick(size: Annotated[ElicitationResult[Literal["S", "L"]], Elicit("Size?")]) -> str:
        return size.action

    async with Client(mcp, mode="auto", elicitation_handler=answers_by_hand) as client:
        first = await call_tool_rounds(client, "pick")
        final = await call_tool_rounds(
            client, "pick", input_responses={"size": accept("XL")}, request_state=first.request_state
        )
    assert final.is_error
    assert "The answer for `size` of `pick` does not match its schema" in final.content[0].text


def test_resolver_annotation_is_compared_with_the_answer_type():
    def good() -> Elicit[int]:
        return Elicit("n?", int)

    def bad() -> Elicit[str]:
        return Elicit("n?", str)

    @declared_elicitation
    async def fine(n: Annotated[ElicitationResult[int], Elicit(good)]) -> str:
        return ""

    with pytest.raises(TypeError, match=r"returns `Elicit\[str\]` but parameter `n` is `ElicitationResult\[int\]`"):

        @declared_elicitation
        async def wrong(n: Annotated[ElicitationResult[int], Elicit(bad)]) -> str:
            return ""

    with pytest.raises(TypeError, match=r"has `response_type=str` but parameter `n` is `ElicitationResult\[int\]`"):

        @declared_elicitation
        async def mismatched(n: Annotated[ElicitationResult[int], Elicit("n?", str)]) -> str:
            return ""


def test_bare_and_sdk_aliases_are_refused_at_decoration():
    with pytest.raises(TypeError, match="bare `ElicitationResult`"):

        @declared_elicitation
        async def bare(n: Annotated[ElicitationResult, Elicit("n?")]) -> str:
            return ""

    @declared_elicitation
    async def typed_by_marker(n: Annotated[ElicitationResult, Elicit("n?", int)]) -> str:
        return ""

    with pytest.raises(TypeError, match="import `ElicitationResult` from `elicit_lint.runtime`"):

        @declared_elicitation
        async def sdk(n: Annotated[SdkElicitationResult[Any], Elicit("n?", int)]) -> str:
            return ""


def test_elicitation_result_members_are_the_classes_ctx_elicit_returns():
    from fastmcp.server import elicitation

    arms = ElicitationResult[int].__origin__.__value__.__args__
    accepted, declined, cancelled = arms
    assert accepted.__pydantic_generic_metadata__["origin"] is elicitation.AcceptedElicitation
    assert (declined, cancelled) == (elicitation.DeclinedElicitation, elicitation.CancelledElicitation)
    assert (declined, cancelled) == (DeclinedElicitation, CancelledElicitation)


def docs_server() -> FastMCP:
    """The outcome-typed example of docs/runtime.md, run as written."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "runtime.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```python\n(.*?)```", text, re.DOTALL) if "ElicitationResult[bool]" in b]
    namespace: dict = {}
    exec("\n".join(blocks), namespace)
    return namespace["mcp"]


@pytest.mark.parametrize(
    ("reply", "expected"),
    [(say(True), "Deleted a.txt"), (say(False), "Kept"), (DECLINE, "Declined"), (CANCEL, "Cancelled")],
)
async def test_docs_example(era, reply, expected):
    result, _ = await run(docs_server(), era, Human({"Delete": reply}), "delete", {"path": "a.txt"})
    assert result.data == expected
