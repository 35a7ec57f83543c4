"""``Elicit(..., unavailable=VALUE)``: a client that cannot be asked gets the body's fallback.

Every behaviour runs through a real in-memory ``fastmcp.Client`` on both eras
(``era``: mode="auto" and mode="legacy"), with and without an elicitation handler.
"""

from __future__ import annotations

from typing import Annotated

import pytest
from fastmcp import Client, FastMCP
from fastmcp.exceptions import ToolError
from fastmcp.server.elicitation import AcceptedElicitation, DeclinedElicitation

from elicit_lint.runtime import Elicit, ElicitationResult, declared_elicitation

from .conftest import DECLINE, Human, run, say


def server() -> FastMCP:
    mcp = FastMCP("fallbacks")

    @mcp.tool
    @declared_elicitation
    async def delete(name: str, sure: Annotated[bool, Elicit("Delete?", unavailable=True)]) -> str:
        return f"deleted {name}" if sure else "kept"

    @mcp.tool
    @declared_elicitation
    async def outcome(
        answer: Annotated[ElicitationResult[str] | None, Elicit("Colour?", unavailable=None)],
    ) -> str:
        if answer is None:
            return "could not ask"
        if isinstance(answer, AcceptedElicitation):
            return f"accepted {answer.data}"
        return answer.action

    @mcp.tool
    @declared_elicitation
    async def as_declined(
        answer: Annotated[ElicitationResult[str], Elicit("Size?", unavailable=DeclinedElicitation())],
    ) -> str:
        return answer.action

    def follow(colour: str | None) -> str | Elicit[str]:
        return "none" if colour is None else Elicit(f"Which {colour}?")

    @mcp.tool
    @declared_elicitation
    async def chain(
        colour: Annotated[str | None, Elicit("Colour?", unavailable=None)],
        shade: Annotated[str, Elicit(follow)],
    ) -> str:
        return f"{colour}/{shade}"

    @mcp.tool
    @declared_elicitation
    async def mixed(
        a: Annotated[str | None, Elicit("A?", unavailable=None)],
        b: Annotated[str | None, Elicit("B?")] = None,
    ) -> str:
        return f"{a}/{b}"

    return mcp


async def call_without_handler(era: str, tool: str, arguments: dict | None = None):
    async with Client(server(), mode=era) as client:
        return await client.call_tool(tool, arguments or {}, raise_on_error=False)


@pytest.mark.parametrize(
    ("tool", "arguments", "expected"),
    [
        ("delete", {"name": "x"}, "deleted x"),
        ("outcome", {}, "could not ask"),
        ("as_declined", {}, "decline"),
        ("chain", {}, "None/none"),
    ],
)
async def test_client_without_capability_gets_the_opted_in_value(era, tool, arguments, expected):
    result = await call_without_handler(era, tool, arguments)
    assert not result.is_error, result.content
    assert result.data == expected


async def test_a_pending_parameter_without_the_option_still_fails_the_call(era):
    result = await call_without_handler(era, "mixed")
    assert result.is_error
    text = result.content[0].text
    assert text.startswith("Elicitation not supported: `mixed` needs an answer for `b`,")
    assert "`a`" not in text


@pytest.mark.parametrize(
    ("tool", "replies", "expected"),
    [
        ("delete", {"Delete?": say(False)}, "kept"),
        ("delete", {"Delete?": DECLINE}, None),  # no default: a decline fails the call as before
        ("outcome", {"Colour?": say("red")}, "accepted red"),
        ("outcome", {"Colour?": DECLINE}, "decline"),
        ("chain", {"Colour?": say("red"), "Which red?": say("dark")}, "red/dark"),
        ("mixed", {"A?": say("x"), "B?": DECLINE}, "x/None"),
    ],
)
async def test_a_client_that_can_be_asked_is_asked_as_without_the_option(era, tool, replies, expected):
    human = Human(replies)
    result, _ = await run(server(), era, human, tool, {"name": "x"} if tool == "delete" else {}, raise_on_error=False)
    if expected is None:
        assert result.is_error
        assert "declined" in result.content[0].text
    else:
        assert not result.is_error, result.content
        assert result.data == expected
    assert human.prompts[0] == next(iter(replies))


@pytest.mark.parametrize(
    ("annotation", "value"),
    [
        (Annotated[str, Elicit("Q?", unavailable=None)], "None"),
        (Annotated[bool, Elicit("Q?", unavailable="yes")], "'yes'"),
        (Annotated[ElicitationResult[str], Elicit("Q?", unavailable=None)], "None"),
        (Annotated[ElicitationResult[str] | None, Elicit("Q?", unavailable="no")], "'no'"),
    ],
)
def test_a_value_the_parameter_cannot_hold_is_refused_at_decoration(annotation, value):
    async def tool(p: annotation) -> str:  # type: ignore[valid-type]
        return "x"

    with pytest.raises(TypeError) as raised:
        declared_elicitation(tool)
    assert f"has `unavailable={value}` but parameter `p` is" in str(raised.value)


def test_repr_shows_the_option():
    assert repr(Elicit("Q?", unavailable=None)) == "Elicit('Q?', unavailable=None)"


async def test_a_resolver_cannot_set_the_option_on_the_question_it_returns(era):
    mcp = FastMCP("x")

    def ask() -> Elicit[str]:
        return Elicit("Q?", unavailable="x")

    @mcp.tool
    @declared_elicitation
    async def tool(p: Annotated[str, Elicit(ask)]) -> str:
        return p

    async with Client(mcp, mode=era) as client:
        with pytest.raises(ToolError, match="put `unavailable=` on the parameter's own marker"):
            await client.call_tool("tool", {})


def docs_server() -> FastMCP:
    """The `unavailable=` example of docs/runtime.md, run as written."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "runtime.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```python\n(.*?)```", text, re.DOTALL) if "unavailable=True" in b]
    assert len(blocks) == 1
    namespace: dict = {}
    exec(blocks[0], namespace)
    return namespace["mcp"]


@pytest.mark.parametrize(
    ("tool", "arguments", "expected"),
    [("delete", {"path": "a"}, "deleted a"), ("paint", {}, "painted the default colour")],
)
async def test_docs_example_without_a_handler(era, tool, arguments, expected):
    async with Client(docs_server(), mode=era) as client:
        result = await client.call_tool(tool, arguments)
    assert result.data == expected


@pytest.mark.parametrize(
    ("tool", "arguments", "replies", "expected"),
    [
        ("delete", {"path": "a"}, {"Delete": say(False)}, "kept"),
        ("paint", {}, {"colour": say("red")}, "painted red"),
        ("paint", {}, {"colour": DECLINE}, "decline"),
    ],
)
async def test_docs_example_with_a_handler(era, tool, arguments, replies, expected):
    result, _ = await run(docs_server(), era, Human(replies), tool, arguments)
    assert result.data == expected
