"""Questions that keep changing stop after ``engine.MAX_ASKS`` asks on 2026-07-28 (gap 3).

A 2026-07-28 ``fastmcp.Client`` re-asks a changed question once per round and
gives up after ``input_required_max_rounds`` (10) rounds; the engine counts asks
per parameter and stops at the same number with a ``ToolError`` naming the tool
and the parameter. On the handshake era a resolver runs once per call, as the
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
    assert "`when` of `visit` kept changing: asked 10 times" in result.content[0].text
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
