"""What a FastMCP user may put under ``@declared_elicitation`` besides a plain async tool
(gap 4): prompts and resources, ``functools.wraps`` decorators, a ``Context`` under
another name, ``*args``, and resolvers that raise."""

import functools
from typing import Annotated

import pytest
from fastmcp import Client, Context, FastMCP
from fastmcp.exceptions import ToolError

from elicit_lint.runtime import Elicit, declared_elicitation, wait_for_handler
from elicit_lint.runtime.resolver_calls import resolver_failed

from .conftest import Human, run, say


async def test_prompt_and_resources_ask_on_both_eras(era):
    """FastMCP 4.2.3 drives ``InputRequiredResult`` for prompts and resources as for
    tools, so the decorator serves them too; elicited parameters leave the prompt's
    arguments and the template's URI parameters."""
    mcp = FastMCP("s")

    @mcp.prompt
    @declared_elicitation
    async def essay(topic: str, tone: Annotated[str, Elicit("Which tone?")]) -> str:
        return f"Write about {topic} in a {tone} tone"

    @mcp.resource("doc://{name}")
    @declared_elicitation
    async def doc(name: str, lang: Annotated[str, Elicit("Which language?")]) -> str:
        return f"{name} in {lang}"

    @mcp.resource("doc://static")
    @declared_elicitation
    def static(lang: Annotated[str, Elicit("Which language?")]) -> str:
        return f"static in {lang}"

    human = Human({"tone": say("calm"), "language": say("nl")})
    async with Client(mcp, mode=era, elicitation_handler=wait_for_handler(human)) as client:
        (prompt,) = await client.list_prompts()
        assert [a.name for a in prompt.arguments] == ["topic"]
        written = await client.get_prompt("essay", {"topic": "cats"})
        templated = await client.read_resource("doc://x")
        fixed = await client.read_resource("doc://static")
    assert written.messages[0].content.text == "Write about cats in a calm tone"
    assert templated[0].text == "x in nl"
    assert fixed[0].text == "static in nl"
    assert human.prompts == ["Which tone?", "Which language?", "Which language?"]


def logged(fn):
    @functools.wraps(fn)
    async def wrapper(*args, **kwargs):
        return "logged:" + await fn(*args, **kwargs)

    return wrapper


def passthrough(fn):
    """A sync ``functools.wraps`` wrapper around an async function: returns a coroutine."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


async def test_functools_wraps_decorators_under_it(era):
    mcp = FastMCP("s")

    @mcp.tool
    @declared_elicitation
    @logged
    async def a(city: str, when: Annotated[str, Elicit("When?")]) -> str:
        return f"{city}/{when}"

    @mcp.tool
    @declared_elicitation
    @passthrough
    async def b(city: str, when: Annotated[str, Elicit("When?")]) -> str:
        return f"{city}/{when}"

    human = Human({"When": say("May")})
    first, _ = await run(mcp, era, human, "a", {"city": "Oslo"})
    second, _ = await run(mcp, era, human, "b", {"city": "Oslo"})
    assert (first.data, second.data) == ("logged:Oslo/May", "Oslo/May")


async def test_context_under_any_name_optional_or_absent(era):
    mcp = FastMCP("s")

    def quoting(city: str, c: Context) -> Elicit[str]:
        assert isinstance(c, Context)
        return Elicit(f"When in {city}?")

    @mcp.tool
    @declared_elicitation
    async def named(city: str, when: Annotated[str, Elicit(quoting)], context: Context) -> str:
        assert isinstance(context, Context)
        return f"{city}/{when}"

    @mcp.tool
    @declared_elicitation
    async def optional(when: Annotated[str, Elicit("When?")], session: Context | None = None) -> str:
        return f"{when}/{isinstance(session, Context)}"

    @mcp.tool
    @declared_elicitation
    async def absent(city: str, when: Annotated[str, Elicit(quoting)]) -> str:
        return f"{city}/{when}"

    human = Human({"When": say("May")})
    assert (await run(mcp, era, human, "named", {"city": "Oslo"}))[0].data == "Oslo/May"
    assert (await run(mcp, era, human, "optional"))[0].data == "May/True"
    assert (await run(mcp, era, human, "absent", {"city": "Oslo"}))[0].data == "Oslo/May"


def test_varargs_are_refused_by_fastmcp_at_registration():
    mcp = FastMCP("s")
    with pytest.raises(ValueError, match=r"\*args are not supported"):

        @mcp.tool
        @declared_elicitation
        async def t(*args: str, when: Annotated[str, Elicit("When?")]) -> str:
            return ""

    with pytest.raises(ValueError, match=r"\*\*kwargs are not supported"):

        @mcp.tool
        @declared_elicitation
        async def u(when: Annotated[str, Elicit("When?")], **kwargs: str) -> str:
            return ""


@pytest.mark.parametrize("mask", [False, True])
async def test_resolver_errors_reach_the_client_as_tool_body_errors_do(era, mask):
    """``ToolError`` verbatim; anything else names the resolver, the parameter and the
    tool, with the exception's text only when FastMCP would show it for a failing
    tool body (not with ``mask_error_details=True``)."""
    mcp = FastMCP("s", mask_error_details=mask)

    def no_flights(city: str) -> Elicit[str]:
        raise ToolError(f"No flights to {city}")

    def broken(city: str) -> Elicit[str]:
        raise ValueError(f"bad city {city}")

    @mcp.tool
    @declared_elicitation
    async def told(city: str, when: Annotated[str, Elicit(no_flights)]) -> str:
        return city

    @mcp.tool
    @declared_elicitation
    async def crashed(city: str, when: Annotated[str, Elicit(broken)]) -> str:
        return city

    @mcp.tool
    async def plain(city: str) -> str:
        raise ValueError(f"bad city {city}")

    human = Human({})
    told_result, _ = await run(mcp, era, human, "told", {"city": "Oslo"}, raise_on_error=False)
    crashed_result, _ = await run(mcp, era, human, "crashed", {"city": "Oslo"}, raise_on_error=False)
    plain_result, _ = await run(mcp, era, human, "plain", {"city": "Oslo"}, raise_on_error=False)
    assert told_result.is_error and told_result.content[0].text == "No flights to Oslo"
    assert crashed_result.is_error and plain_result.is_error
    shown = None if mask else "bad city Oslo"
    assert crashed_result.content[0].text == resolver_failed("broken", "when", "crashed", shown)
    assert ("bad city" in plain_result.content[0].text) is (not mask)  # FastMCP's own rule
    assert human.asked == []
