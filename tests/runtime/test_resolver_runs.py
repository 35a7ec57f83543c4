"""How often a resolver runs in one call: as the MCP SDK v2 runs a ``Resolve`` resolver.

The SDK (mcp 2.3.0) runs each
resolver once per call on the handshake era and on every round on 2026-07-28. A
value resolver with a side effect (an audit record) therefore runs as often after
``elicit-migrate`` swaps ``Resolve`` for ``Elicit`` as before it.
"""

from typing import Annotated

from fastmcp import FastMCP

from elicit_lint.runtime import Elicit, declared_elicitation

from .conftest import DECLINE, Human, run, say

def audited_server(log: list[str]) -> FastMCP:
    mcp = FastMCP("s")

    def audit(order_id: int) -> int:
        log.append(f"audit {order_id}")
        return 7  # a value: nobody is asked

    def ask_city(name: str) -> Elicit[str]:
        log.append(f"ask_city {name}")
        return Elicit(f"Which city, {name}?")

    @mcp.tool
    @declared_elicitation
    async def register(
        order_id: int,
        seq: Annotated[int, Elicit(audit)],
        name: Annotated[str, Elicit("Name?")],
        city: Annotated[str, Elicit(ask_city)],
    ) -> str:
        return f"{order_id}/{seq}: {name} in {city}"

    return mcp


async def test_a_value_resolver_runs_once_per_call_on_the_handshake_era_every_round_on_modern(era):
    log: list[str] = []
    human = Human({"Name": say("Ada"), "Which city": say("Oslo")})
    result, _ = await run(audited_server(log), era, human, "register", {"order_id": 3})
    assert result.data == "3/7: Ada in Oslo"
    assert human.prompts == ["Name?", "Which city, Ada?"]  # the dependent question quotes the answer
    assert log.count("audit 3") == {"legacy": 1, "auto": 3}[era]  # modern: one run per round (3 rounds)
    assert log.count("ask_city Ada") == {"legacy": 1, "auto": 2}[era]


async def test_a_question_resolver_is_not_rerun_after_its_answer_on_the_handshake_era(era):
    mcp = FastMCP("s")
    runs: list[int] = []

    def when() -> Elicit[str]:
        runs.append(len(runs))
        return Elicit(f"When? (#{len(runs)})")

    @mcp.tool
    @declared_elicitation
    async def visit(when: Annotated[str, Elicit(when)] = "never") -> str:
        return when

    human = Human({"When": say("May")})
    result, _ = await run(mcp, "legacy", human, "visit")
    assert result.data == "May"
    assert human.prompts == ["When? (#1)"] and runs == [0]


def shared_server(log: list[str]) -> FastMCP:
    mcp = FastMCP("s")

    def ask_city(name: str) -> Elicit[str]:
        log.append(f"ask_city {name}")
        return Elicit(f"Which city, {name}?")

    @mcp.tool
    @declared_elicitation
    async def route(
        name: str,
        origin: Annotated[str, Elicit(ask_city)],
        destination: Annotated[str | None, Elicit(ask_city)] = None,
    ) -> str:
        return f"{name}: {origin} -> {destination}"

    return mcp


async def test_a_resolver_shared_by_two_parameters_is_asked_once_per_call(era):
    # mcp 2.3.0 resolve.py: resolvers are memoized per call by identity
    # (`_resolver_key`), so both parameters get the one outcome of one question
    log: list[str] = []
    human = Human({"Which city": say("Oslo")})
    result, rounds = await run(shared_server(log), era, human, "route", {"name": "Ada"})
    assert result.data == "Ada: Oslo -> Oslo"
    assert human.prompts == ["Which city, Ada?"]
    assert log.count("ask_city Ada") == {"legacy": 1, "auto": 2}[era]  # modern: once per round
    assert rounds.ask_keys == ({"legacy": [], "auto": [["origin"]]}[era])


async def test_a_declined_shared_question_declines_every_parameter_it_serves(era):
    human = Human({"Which city": DECLINE})
    result, _ = await run(shared_server([]), era, human, "route", {"name": "Ada"}, raise_on_error=False)
    assert result.is_error and "`origin`" in result.content[0].text
    assert human.prompts == ["Which city, Ada?"]
