"""Questions that keep changing stop after ``engine.MAX_ASKS`` rounds on 2026-07-28 (gap 3).

A 2026-07-28 ``fastmcp.Client`` re-asks a changed question once per round,
answers ``input_required_max_rounds`` (10) rounds and raises on the next; the
engine counts the call's rounds and sends a ``ToolError`` naming the tool and
the parameter in place of a round past the limit that asks a question again. On the handshake era a resolver runs once per call, as the
MCP SDK v2 runs one there, so its question cannot change within a call: it is
asked once (tests/runtime/test_resolver_runs.py).
"""

import itertools
from typing import Annotated

from fastmcp import FastMCP

from elicit_lint.runtime import Elicit, declared_elicitation, engine
from elicit_lint.core.settings import DEFAULT_MAX_ROUNDS

from .conftest import Human, run, say


def changing_server(ran: list[str], stop_after: int | None = None) -> FastMCP:
    """``when``'s wording changes on every resolver call (until ``stop_after`` wordings)."""
    mcp = FastMCP("s")
    calls = itertools.count()

    def when_question(city: str) -> Elicit[str]:
        n = next(calls)
        if stop_after is not None:
            n = min(n, stop_after - 1)
        return Elicit(f"When in {city}? (#{n})")

    @mcp.tool
    @declared_elicitation
    async def visit(
        city: str,
        when: Annotated[str, Elicit(when_question)],
        who: Annotated[str, Elicit("Who?")],
    ) -> str:
        ran.append(city)
        return f"{who} in {city} on {when}"

    return mcp


def test_limit_is_the_client_round_limit_mcp010_assumes():
    assert engine.MAX_ASKS == DEFAULT_MAX_ROUNDS == 10


async def test_question_that_keeps_changing_fails_naming_tool_parameter_and_limit():
    ran: list[str] = []
    human = Human({"When": say("May"), "Who": say("Ada")})
    result, _ = await run(changing_server(ran), "auto", human, "visit", {"city": "Oslo"}, raise_on_error=False)
    assert result.is_error
    assert result.content[0].text == engine.kept_changing("visit", ["when"], engine.MAX_ASKS)
    assert "`when` of `visit` kept changing: still asked again after 10 rounds" in result.content[0].text
    assert sum(p.startswith("When") for p in human.prompts) == engine.MAX_ASKS
    assert human.prompts.count("Who?") == 1  # a stable question is asked once
    assert ran == []  # the body never ran


async def test_question_that_settles_on_the_last_allowed_ask_completes():
    ran: list[str] = []
    human = Human({"When": say("May"), "Who": say("Ada")})
    server = changing_server(ran, stop_after=engine.MAX_ASKS)
    result, _ = await run(server, "auto", human, "visit", {"city": "Oslo"})
    assert result.data == "Ada in Oslo on May"
    assert sum(p.startswith("When") for p in human.prompts) == engine.MAX_ASKS
    assert ran == ["Oslo"]


async def test_several_parameters_that_keep_changing_are_all_named():
    mcp = FastMCP("s")
    calls = itertools.count()

    def fresh() -> Elicit[str]:
        return Elicit(f"Now? (#{next(calls)})")

    def fresh_too() -> Elicit[str]:  # another resolver: one shared by both would ask once
        return Elicit(f"Now too? (#{next(calls)})")

    @mcp.tool
    @declared_elicitation
    async def clock(a: Annotated[str, Elicit(fresh)], b: Annotated[str, Elicit(fresh_too)]) -> str:
        return a + b

    result, _ = await run(mcp, "auto", Human({"Now": say("x")}), "clock", raise_on_error=False)
    assert result.is_error
    assert result.content[0].text == engine.kept_changing("clock", ["a", "b"], engine.MAX_ASKS)


async def test_a_changing_question_is_asked_once_on_the_handshake_era():
    """The resolver runs once per call there, so its first question is the one answered."""
    ran: list[str] = []
    human = Human({"When": say("May"), "Who": say("Ada")})
    result, _ = await run(changing_server(ran), "legacy", human, "visit", {"city": "Oslo"})
    assert result.data == "Ada in Oslo on May"
    assert human.prompts == ["When in Oslo? (#0)", "Who?"]
    assert ran == ["Oslo"]


async def test_chain_longer_than_the_limit_completes_on_the_handshake_era():
    """Every parameter of a chain is asked once: passes are not asks (MCP010 reports
    such a chain for the modern client, which stops after 10 rounds)."""
    mcp = FastMCP("s")
    steps = engine.MAX_ASKS + 2

    def step(previous: str) -> Elicit[str]:
        return Elicit(f"Step after {previous}?")

    namespace = {"Annotated": Annotated, "Elicit": Elicit, "step": step}
    params = ", ".join(
        ["p0: Annotated[str, Elicit('Step 0?')]"]
        + [f"p{i}: Annotated[str, Elicit(lambda p{i - 1}: step(p{i - 1}))]" for i in range(1, steps)]
    )
    exec(f"async def chain({params}) -> str:\n    return p{steps - 1}", namespace)  # noqa: S102
    mcp.tool(declared_elicitation(namespace["chain"]))

    def echo(request):
        return say(f"v{len(human.asked)}")

    human = Human({"Step": echo})
    result, _ = await run(mcp, "legacy", human, "chain")
    assert result.data == f"v{steps}"
    assert len(human.prompts) == steps and len(set(human.prompts)) == steps


async def test_a_changing_question_after_an_answer_fails_before_the_client_gives_up():
    """fastmcp 4.2.3's default client answers 10 ``InputRequiredResult`` rounds and
    raises ``InputRequiredRoundsExceededError`` on the 11th (mcp
    ``client/_input_required.py``); the limit is the call's rounds, not one
    parameter's asks: ``street`` waits a round for ``city``, so it is asked 9
    times, and the 11th round is the ``ToolError`` naming it, not a client error."""
    mcp = FastMCP("s")
    calls = itertools.count(1)

    def street_question(city: str) -> Elicit[str]:
        return Elicit(f"Street in {city}? (#{next(calls)})")

    @mcp.tool
    @declared_elicitation
    async def chain(
        city: Annotated[str, Elicit("City?")], street: Annotated[str, Elicit(street_question)]
    ) -> str:
        return f"{city}/{street}"

    human = Human({"City": say("Oslo"), "Street": say("Main")})
    result, rounds = await run(mcp, "auto", human, "chain", raise_on_error=False)
    assert result.is_error
    assert result.content[0].text == engine.kept_changing("chain", ["street"], engine.MAX_ASKS)
    assert len(rounds.asks) == engine.MAX_ASKS
    assert sum(p.startswith("Street") for p in human.prompts) == engine.MAX_ASKS - 1
