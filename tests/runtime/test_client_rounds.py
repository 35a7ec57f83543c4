"""Issue 5: answering a tool's questions across requests with call_tool_rounds."""

from dataclasses import dataclass
from typing import Annotated

import mcp_types
import pytest
from fastmcp import Client, FastMCP
from mcp.shared.exceptions import MCPError

from elicit_lint.runtime import (
    answers_by_hand,
    Answer,
    Elicit,
    accept,
    call_tool_rounds,
    cancel,
    declared_elicitation,
    decline,
    wait_for_handler,
)


@dataclass
class Booking:
    destination: str
    airport: str
    seat: str


def fields_of(data) -> tuple:
    """The client hydrates `.data` into a class built from the output schema, not `Booking`."""
    return (data.destination, data.airport, data.seat)


def booking_server(**server_kwargs) -> FastMCP:
    mcp = FastMCP("Booking", **server_kwargs)

    def which_airport(destination: str) -> str | Elicit[str]:
        if destination == "London":
            return "LHR"
        return Elicit(f"Which airport in {destination}?")

    @mcp.tool
    @declared_elicitation
    async def book(
        destination: Annotated[str, Elicit("Where would you like to fly?")],
        airport: Annotated[str, Elicit(which_airport)],
        seat: Annotated[str, Elicit("Window or aisle?")] = "any",
    ) -> Booking:
        return Booking(destination, airport, seat)

    return mcp


def test_answer_helpers_build_the_wire_class():
    a = accept("Paris")
    assert type(a) is mcp_types.ElicitResult
    assert (a.action, a.content) == ("accept", {"value": "Paris"})
    assert accept({"city": "Oslo", "nights": 2}).content == {"city": "Oslo", "nights": 2}
    assert accept(["a", "b"]).content == {"value": ["a", "b"]}
    assert accept(Booking("a", "b", "c")).content == {"destination": "a", "airport": "b", "seat": "c"}
    assert (decline().action, decline().content) == ("decline", None)
    assert (cancel().action, cancel().content) == ("cancel", None)


async def test_two_question_round_answered_in_one_call_then_dependent_over_three_calls():
    mcp = booking_server()
    async with Client(mcp, mode="auto", elicitation_handler=answers_by_hand) as client:
        r1 = await call_tool_rounds(client, "book")
        assert r1.input_required is not None and r1.data is None
        assert list(r1.input_required.input_requests) == ["destination", "seat"]
        assert r1.questions["destination"].message == "Where would you like to fly?"
        r2 = await call_tool_rounds(
            client,
            "book",
            input_responses={"destination": accept("Paris"), "seat": accept("aisle")},
            request_state=r1.request_state,
        )
        assert list(r2.input_required.input_requests) == ["airport"]
        assert r2.questions["airport"].message == "Which airport in Paris?"
        r3 = await call_tool_rounds(
            client, "book", input_responses={"airport": accept("CDG")}, request_state=r2.request_state
        )
    assert r3.input_required is None and not r3.is_error
    assert fields_of(r3.data) == ("Paris", "CDG", "aisle")
    assert r3.structured_content == {"destination": "Paris", "airport": "CDG", "seat": "aisle"}


async def test_a_fresh_client_answers_a_round_started_by_another():
    mcp = booking_server()
    async with Client(mcp, mode="auto", elicitation_handler=answers_by_hand) as first:
        r1 = await call_tool_rounds(first, "book")
    state = r1.request_state
    async with Client(mcp, mode="auto", elicitation_handler=answers_by_hand) as second:  # another request, another "process"
        r2 = await call_tool_rounds(
            second,
            "book",
            input_responses={"destination": accept("London"), "seat": accept("window")},
            request_state=state,
        )
    assert fields_of(r2.data) == ("London", "LHR", "window")


async def test_decline_with_a_default():
    mcp = booking_server()
    async with Client(mcp, mode="auto", elicitation_handler=answers_by_hand) as client:
        r1 = await call_tool_rounds(client, "book")
        r2 = await call_tool_rounds(
            client,
            "book",
            input_responses={"destination": accept("London"), "seat": decline()},
            request_state=r1.request_state,
        )
    assert fields_of(r2.data) == ("London", "LHR", "any")


async def test_decline_without_default_is_an_error_result():
    mcp = booking_server()
    async with Client(mcp, mode="auto", elicitation_handler=answers_by_hand) as client:
        r1 = await call_tool_rounds(client, "book")
        r2 = await call_tool_rounds(
            client,
            "book",
            input_responses={"destination": cancel(), "seat": accept("aisle")},
            request_state=r1.request_state,
        )
    assert r2.is_error and "`destination`" in r2.content[0].text


async def test_tampered_request_state_is_rejected():
    mcp = booking_server()
    async with Client(mcp, mode="auto", elicitation_handler=answers_by_hand) as client:
        r1 = await call_tool_rounds(client, "book")
        state = r1.request_state
        tampered = state[:10] + ("x" if state[10] != "x" else "y") + state[11:]
        with pytest.raises(MCPError):
            await call_tool_rounds(
                client, "book", input_responses={"destination": accept("Paris")}, request_state=tampered
            )


async def test_data_equals_call_tool_answered_by_a_handler():
    mcp = booking_server()
    replies = {"Where": {"value": "Rome"}, "Window": {"value": "window"}, "airport": {"value": "FCO"}}

    def wait_for(request):
        return Answer(ok=True, data=next(v for k, v in replies.items() if k in request.prompt))

    async with Client(mcp, mode="auto", elicitation_handler=wait_for_handler(wait_for)) as client:
        expected = await client.call_tool("book", {})
    async with Client(mcp, mode="auto", elicitation_handler=answers_by_hand) as client:
        r, responses, state = None, None, None
        while True:
            r = await call_tool_rounds(client, "book", input_responses=responses, request_state=state)
            if r.input_required is None:
                break
            responses = {
                key: accept(next(v for k, v in replies.items() if k in q.message)["value"])
                for key, q in r.questions.items()
            }
            state = r.request_state
    assert r.data == expected.data
    assert r.structured_content == expected.structured_content
    assert [c.text for c in r.content] == [c.text for c in expected.content]


async def test_handshake_era_has_nothing_to_hand_back():
    mcp = booking_server()
    handler = wait_for_handler(
        lambda r: Answer(ok=True, data={"value": "London" if "Where" in r.prompt else "aisle"})
    )
    async with Client(mcp, mode="legacy", elicitation_handler=handler) as client:
        with pytest.raises(ValueError, match="2026-07-28"):
            await call_tool_rounds(client, "book", input_responses={"destination": accept("x")})
        with pytest.raises(ValueError, match="handshake"):
            await call_tool_rounds(client, "book", request_state="abc")
        # without them it is an ordinary call: the handler answered during it
        done = await call_tool_rounds(client, "book")
    assert done.input_required is None and fields_of(done.data) == ("London", "LHR", "aisle")


async def test_another_server_process_with_the_shared_key_continues_the_round():
    from mcp.server.request_state import RequestStateSecurity

    def replica() -> FastMCP:  # a separate server instance, as in another worker
        security = RequestStateSecurity(keys=["k" * 32], ttl=3600, audience="booking")
        return booking_server(request_state_security=security)

    async with Client(replica(), mode="auto", elicitation_handler=answers_by_hand) as first:
        r1 = await call_tool_rounds(first, "book")
    async with Client(replica(), mode="auto", elicitation_handler=answers_by_hand) as second:
        r2 = await call_tool_rounds(
            second,
            "book",
            input_responses={"destination": accept("London"), "seat": accept("aisle")},
            request_state=r1.request_state,
        )
    assert fields_of(r2.data) == ("London", "LHR", "aisle")
    # without the shared key, another instance rejects the state
    async with Client(booking_server(), mode="auto", elicitation_handler=answers_by_hand) as other:
        with pytest.raises(MCPError):
            await call_tool_rounds(
                other, "book", input_responses={"destination": accept("x")}, request_state=r1.request_state
            )
