"""The runtime's behaviour on both eras: schema, rounds, order, resolvers, decline."""


import threading
from typing import Annotated

import pytest
from fastmcp import Context, FastMCP
from fastmcp.dependencies import Depends
from pydantic import BaseModel, Field

from elicit_lint.runtime import Elicit, declared_elicitation

from .conftest import CANCEL, DECLINE, Human, fields, run, say


def booking_server(ran: list | None = None) -> FastMCP:
    mcp = FastMCP("Booking")
    ran = ran if ran is not None else []

    def which_airport(destination: str) -> str | Elicit[str]:
        if destination == "London":
            return "LHR"
        return Elicit(f"Which airport in {destination}?", response_type=str)

    @mcp.tool
    @declared_elicitation
    async def book(
        passengers: int,
        destination: Annotated[str, Elicit("Where would you like to fly?")],
        airport: Annotated[str, Elicit(which_airport)],
        seat: Annotated[str | None, Elicit("Window or aisle?")] = None,
        note: str = "",
    ) -> str:
        ran.append(destination)
        return f"Booked {passengers}x {destination}/{airport} ({seat or 'no preference'}){note}"

    return mcp


async def test_elicited_parameters_hidden_and_output_schema_unchanged(era):
    mcp = booking_server()

    @mcp.tool
    async def plain(passengers: int, note: str = "") -> str:
        return ""

    from fastmcp import Client

    async with Client(mcp, mode=era) as client:
        tools = {t.name: t for t in await client.list_tools()}
    book, plain_tool = tools["book"], tools["plain"]
    assert set(book.input_schema["properties"]) == {"passengers", "note"}
    assert book.input_schema.get("required") == ["passengers"]
    assert book.input_schema == plain_tool.input_schema
    assert book.output_schema == plain_tool.output_schema


async def test_one_question(era):
    mcp = FastMCP("s")

    @mcp.tool
    @declared_elicitation
    async def greet(name: Annotated[str, Elicit("Your name?")]) -> str:
        return f"Hello {name}"

    human = Human({"name": say("Ada")})
    result, rounds = await run(mcp, era, human, "greet")
    assert result.data == "Hello Ada"
    assert human.prompts == ["Your name?"]
    assert rounds.ask_keys == ([["name"]] if era == "auto" else [])


async def test_two_independent_questions_share_one_round_dependent_one_waits(era):
    ran: list[str] = []
    human = Human({"Where": say("Paris"), "Window": say("aisle"), "airport": say("CDG")})
    result, rounds = await run(booking_server(ran), era, human, "book", {"passengers": 2})
    assert result.data == "Booked 2x Paris/CDG (aisle)"
    assert ran == ["Paris"]  # the body ran once, after every answer
    # signature order inside a round; the dependent question quotes the first answer
    assert human.prompts == ["Where would you like to fly?", "Window or aisle?", "Which airport in Paris?"]
    if era == "auto":
        assert rounds.ask_keys == [["destination", "seat"], ["airport"]]
        assert len(rounds.results) == 3  # two asks, then the body's result
    else:
        assert rounds.asks == [] and len(rounds.results) == 1  # one call, ctx.elicit inside


async def test_signature_order_inside_a_round_not_resolution_order(era):
    mcp = FastMCP("s")

    def later(first: str) -> Elicit[str]:
        return Elicit(f"After {first}?")

    def constant() -> str:
        return "k"

    @mcp.tool
    @declared_elicitation
    async def order(
        zeta: Annotated[str, Elicit(later)],
        beta: Annotated[str, Elicit("Beta?")],
        first: Annotated[str, Elicit(constant)],
        alpha: Annotated[str, Elicit("Alpha?")],
    ) -> str:
        return f"{zeta}|{beta}|{first}|{alpha}"

    human = Human({"After": say("z"), "Beta": say("b"), "Alpha": say("a")})
    result, rounds = await run(mcp, era, human, "order")
    assert result.data == "z|b|k|a"
    # `first` is a value, so `zeta` is ready in the first round and comes first
    assert human.prompts == ["After k?", "Beta?", "Alpha?"]
    if era == "auto":
        assert rounds.ask_keys == [["zeta", "beta", "alpha"]]


async def test_resolver_value_asks_nobody(era):
    human = Human({"Where": say("London"), "Window": say("window")})
    result, rounds = await run(booking_server(), era, human, "book", {"passengers": 1})
    assert result.data == "Booked 1x London/LHR (window)"
    assert not any("airport" in p for p in human.prompts)
    if era == "auto":
        assert rounds.ask_keys == [["destination", "seat"]]


async def test_resolver_fresh_value_beats_recorded_answer(era):
    mcp = FastMCP("s")
    calls = []

    def code() -> str | Elicit[str]:
        calls.append(1)
        if len(calls) == 1:
            return Elicit("Code?")
        return "fresh"

    @mcp.tool
    @declared_elicitation
    async def t(code: Annotated[str, Elicit(code)]) -> str:
        return code

    human = Human({"Code": say("recorded")})
    result, _ = await run(mcp, era, human, "t")
    # 2026-07-28: resolvers run on every round, and the second round's value wins;
    # handshake era: the resolver runs once per call, as the SDK's does, so its
    # question is answered and nothing runs it again
    assert result.data == {"auto": "fresh", "legacy": "recorded"}[era]
    assert human.prompts == ["Code?"]
    assert len(calls) == {"auto": 2, "legacy": 1}[era]


async def test_sync_resolver_runs_off_the_loop_async_on_it(era):
    mcp = FastMCP("s")
    threads: dict[str, int] = {}

    def sync_r(a: str) -> Elicit[str]:
        threads["sync"] = threading.get_ident()
        return Elicit(f"Sync after {a}?")

    async def async_r(a: str) -> Elicit[str]:
        threads["async"] = threading.get_ident()
        return Elicit(f"Async after {a}?")

    @mcp.tool
    @declared_elicitation
    async def t(
        a: Annotated[str, Elicit("A?")],
        b: Annotated[str, Elicit(sync_r)],
        c: Annotated[str, Elicit(async_r)],
    ) -> str:
        threads["body"] = threading.get_ident()
        return a + b + c

    human = Human({"A?": say("1"), "Sync": say("2"), "Async": say("3")})
    result, _ = await run(mcp, era, human, "t")
    assert result.data == "123"
    assert human.prompts == ["A?", "Sync after 1?", "Async after 1?"]
    assert threads["async"] == threads["body"]  # the event loop thread
    assert threads["sync"] != threads["body"]


async def test_resolver_depends_and_context(era):
    mcp = FastMCP("s")

    def region() -> str:
        return "EU"

    def r(ctx: Context, where: str = Depends(region)) -> Elicit[str]:
        assert ctx.request_context is not None
        return Elicit(f"City in {where}?")

    @mcp.tool
    @declared_elicitation
    async def t(city: Annotated[str, Elicit(r)]) -> str:
        return city

    human = Human({"City in EU?": say("Oslo")})
    result, _ = await run(mcp, era, human, "t")
    assert result.data == "Oslo"


async def test_resolver_dependency_that_fails_is_a_clear_tool_error(era):
    mcp = FastMCP("s")

    def broken() -> str:
        raise LookupError("no database")

    def r(db: str = Depends(broken)) -> Elicit[str]:
        return Elicit(f"Using {db}?")

    @mcp.tool
    @declared_elicitation
    async def t(x: Annotated[str, Elicit(r)]) -> str:
        return x

    human = Human({})
    result, _ = await run(mcp, era, human, "t", raise_on_error=False)
    assert result.is_error
    text = result.content[0].text
    assert "Resolver `r`" in text and "`x`" in text and "no database" in text
    assert human.asked == []


async def test_tool_context_and_depends_still_injected(era):
    mcp = FastMCP("s")

    def tenant() -> str:
        return "acme"

    @mcp.tool
    @declared_elicitation
    async def t(
        ctx: Context,
        who: Annotated[str, Elicit("Who?")],
        org: str = Depends(tenant),
        n: int = 1,
    ) -> str:
        return f"{who}@{org} x{n} {type(ctx).__name__}"

    from fastmcp import Client

    async with Client(mcp, mode=era) as client:
        (tool,) = await client.list_tools()
    assert set(tool.input_schema["properties"]) == {"n"}
    result, _ = await run(mcp, era, Human({"Who": say("bo")}), "t", {"n": 3})
    assert result.data == "bo@acme x3 Context"


@pytest.mark.parametrize("run_in_thread", [True, False])
async def test_sync_and_async_bodies(era, run_in_thread):
    mcp = FastMCP("s")
    seen: dict[str, int] = {}

    @mcp.tool
    @declared_elicitation(run_in_thread=run_in_thread)
    def sync_body(x: Annotated[int, Elicit("X?")]) -> int:
        seen["sync"] = threading.get_ident()
        return x * 2

    @mcp.tool
    @declared_elicitation
    async def async_body(x: Annotated[int, Elicit("X?")]) -> int:
        seen["async"] = threading.get_ident()
        return x * 3

    r1, _ = await run(mcp, era, Human({"X": say(5)}), "sync_body")
    r2, _ = await run(mcp, era, Human({"X": say(5)}), "async_body")
    assert (r1.data, r2.data) == (10, 15)
    assert (seen["sync"] == seen["async"]) is (not run_in_thread)


@pytest.mark.parametrize("answer", [DECLINE, CANCEL], ids=["decline", "cancel"])
async def test_decline_or_cancel_uses_default(era, answer):
    human = Human({"Where": say("Rome"), "Window": answer, "airport": say("FCO")})
    result, _ = await run(booking_server(), era, human, "book", {"passengers": 1})
    assert result.data == "Booked 1x Rome/FCO (no preference)"


@pytest.mark.parametrize("answer,verb", [(DECLINE, "declined"), (CANCEL, "cancelled")])
async def test_decline_or_cancel_without_default_names_the_parameter(era, answer, verb):
    human = Human({"Where": answer, "Window": say("aisle")})
    result, _ = await run(booking_server(), era, human, "book", {"passengers": 1}, raise_on_error=False)
    assert result.is_error
    text = result.content[0].text
    assert "`destination`" in text and verb in text
    assert not any("airport" in p for p in human.prompts)


async def test_mounted_server(era):
    parent = FastMCP("parent")
    parent.mount(booking_server(), namespace="travel")
    human = Human({"Where": say("Paris"), "Window": say("aisle"), "airport": say("ORY")})
    result, rounds = await run(parent, era, human, "travel_book", {"passengers": 1})
    assert result.data == "Booked 1x Paris/ORY (aisle)"
    if era == "auto":
        assert rounds.ask_keys == [["destination", "seat"], ["airport"]]


async def test_method_registered_bound(era):
    from fastmcp.tools import tool

    class Shop:
        def __init__(self, name: str) -> None:
            self.name = name

        @tool
        @declared_elicitation
        async def buy(self, item: str, size: Annotated[str, Elicit("Size?")]) -> str:
            return f"{self.name}: {item}/{size}"

    mcp = FastMCP("s")
    mcp.add_tool(Shop("acme").buy)
    result, _ = await run(mcp, era, Human({"Size": say("M")}), "buy", {"item": "tee"})
    assert result.data == "acme: tee/M"


# -- the form schema on the two eras (README: "differs in one way") ----------------


class Trip(BaseModel):
    """Where and how long."""

    city: str = Field(title="City", description="the city")


async def test_a_models_top_level_title_reaches_only_handshake_clients(era):
    mcp = FastMCP("s")

    @mcp.tool
    @declared_elicitation
    async def t(trip: Annotated[Trip, Elicit("Trip?")]) -> str:
        return trip.city

    human = Human({"Trip?": fields(city="Rome")})
    result, _ = await run(mcp, era, human, "t")
    assert result.data == "Rome"
    schema = human.asked[0].data["schema"]
    assert schema["properties"]["city"]["title"] == "City"  # field labels: both eras
    assert schema["properties"]["city"]["description"] == "the city"
    top = {k: schema.get(k) for k in ("title", "description")}
    if era == "auto":  # 2026-07-28: RequestedSchema keeps $schema/properties/required/type
        assert top == {"title": None, "description": None}
    else:
        assert top == {"title": "Trip", "description": "Where and how long."}
    assert human.prompts == ["Trip?"]  # the same words on both eras
