"""Answers pinned to digests, forged keys, stale wording, decline content, validation,
versioned state -- driven by hand through ``client.session.call_tool`` on the modern
era, and through ``ctx.elicit`` on the handshake era where the line applies."""

from typing import Annotated, Any

import mcp_types
import pytest
from fastmcp import Client, FastMCP
from pydantic import BaseModel, field_validator

from elicit_lint.runtime import answers_by_hand, Elicit, declared_elicitation, state

from .conftest import Human, fields, run, say


def accepted(value: Any) -> mcp_types.ElicitResult:
    return mcp_types.ElicitResult(action="accept", content={"value": value})


async def call(client: Client, name: str, args=None, responses=None, state=None):
    return await client.session.call_tool(
        name,
        args or {},
        allow_input_required=True,
        input_responses=responses,
        request_state=state,
    )


def text_of(result: mcp_types.CallToolResult) -> str:
    return result.content[0].text


def wording_server(wording: dict[str, str]) -> FastMCP:
    mcp = FastMCP("s")

    def question(city: str) -> Elicit[str]:
        return Elicit(wording["q"].format(city=city))

    @mcp.tool
    @declared_elicitation
    async def visit(city: str, when: Annotated[str, Elicit(question)]) -> str:
        return f"{city} on {when}"

    return mcp


async def test_rounds_by_hand_through_session_call_tool():
    mcp = wording_server({"q": "When in {city}?"})
    async with Client(mcp, mode="auto", elicitation_handler=answers_by_hand) as client:
        first = await call(client, "visit", {"city": "Oslo"})
        assert isinstance(first, mcp_types.InputRequiredResult)
        assert list(first.input_requests) == ["when"]
        assert first.input_requests["when"].params.message == "When in Oslo?"
        done = await call(client, "visit", {"city": "Oslo"}, {"when": accepted("May")}, first.request_state)
        assert isinstance(done, mcp_types.CallToolResult) and not done.is_error
        assert done.structured_content == {"result": "Oslo on May"}


async def test_reworded_question_is_asked_again_and_old_answer_not_credited():
    wording = {"q": "When in {city}?"}
    mcp = wording_server(wording)
    async with Client(mcp, mode="auto", elicitation_handler=answers_by_hand) as client:
        first = await call(client, "visit", {"city": "Oslo"})
        wording["q"] = "Which date in {city}?"  # the copy changed between rounds
        again = await call(client, "visit", {"city": "Oslo"}, {"when": accepted("May")}, first.request_state)
        assert isinstance(again, mcp_types.InputRequiredResult)
        assert again.input_requests["when"].params.message == "Which date in Oslo?"
        # replaying the stale answer with the new state is still not enough:
        # the state now pins the new wording, so a reply to it is what counts
        done = await call(client, "visit", {"city": "Oslo"}, {"when": accepted("June")}, again.request_state)
        assert done.structured_content == {"result": "Oslo on June"}


async def test_handshake_era_credits_the_answer_to_the_question_shown():
    """The resolver runs once per call on the handshake era (as the SDK's does), so the
    question cannot be reworded after it was shown: the answer is the reply to it."""
    calls = []
    mcp = FastMCP("s")

    def question() -> Elicit[str]:
        calls.append(1)
        return Elicit("When?" if len(calls) == 1 else "Which date exactly?")

    @mcp.tool
    @declared_elicitation
    async def visit(when: Annotated[str, Elicit(question)]) -> str:
        return when

    human = Human({"When?": say("soon"), "Which date": say("May 3")})
    result, _ = await run(mcp, "legacy", human, "visit")
    assert result.data == "soon"
    assert human.prompts == ["When?"]
    assert len(calls) == 1


async def test_forged_key_and_not_yet_asked_key_are_ignored():
    mcp = FastMCP("s")

    def second(first: str) -> Elicit[str]:
        return Elicit(f"Second after {first}?")

    @mcp.tool
    @declared_elicitation
    async def t(
        first: Annotated[str, Elicit("First?")],
        second: Annotated[str, Elicit(second)],
    ) -> str:
        return f"{first},{second}"

    async with Client(mcp, mode="auto", elicitation_handler=answers_by_hand) as client:
        r1 = await call(client, "t")
        assert list(r1.input_requests) == ["first"]
        # answers for a key never asked ("admin") and one not asked yet ("second")
        r2 = await call(
            client,
            "t",
            responses={"first": accepted("a"), "second": accepted("forged"), "admin": accepted("x")},
            state=r1.request_state,
        )
        assert isinstance(r2, mcp_types.InputRequiredResult)
        assert list(r2.input_requests) == ["second"]
        r3 = await call(client, "t", responses={"second": accepted("b")}, state=r2.request_state)
        assert r3.structured_content == {"result": "a,b"}


async def test_replies_without_state_are_not_credited():
    mcp = FastMCP("s")

    @mcp.tool
    @declared_elicitation
    async def t(x: Annotated[str, Elicit("X?")]) -> str:
        return x

    async with Client(mcp, mode="auto", elicitation_handler=answers_by_hand) as client:
        r = await call(client, "t", responses={"x": accepted("forged")})
        assert isinstance(r, mcp_types.InputRequiredResult)


def optional_server() -> FastMCP:
    mcp = FastMCP("s")

    @mcp.tool
    @declared_elicitation
    async def t(x: Annotated[str | None, Elicit("X?")] = None) -> str:
        return repr(x)

    return mcp


async def test_content_on_decline_is_ignored_modern():
    async with Client(optional_server(), mode="auto", elicitation_handler=answers_by_hand) as client:
        r1 = await call(client, "t")
        evil = mcp_types.ElicitResult(action="decline", content={"value": "evil"})
        r2 = await call(client, "t", responses={"x": evil}, state=r1.request_state)
        assert r2.structured_content == {"result": "None"}


async def test_content_on_decline_is_ignored_handshake():
    async def handler(message, response_type, params, context):
        return mcp_types.ElicitResult(action="decline", content={"value": "evil"})

    async with Client(optional_server(), mode="legacy", elicitation_handler=handler) as client:
        result = await client.call_tool("t", {})
    assert result.data == "None"


async def test_invalid_accepted_content_fails_naming_the_parameter_modern():
    mcp = FastMCP("s")

    @mcp.tool
    @declared_elicitation
    async def t(count: Annotated[int, Elicit("How many?")]) -> int:
        return count

    async with Client(mcp, mode="auto", elicitation_handler=answers_by_hand) as client:
        r1 = await call(client, "t")
        r2 = await call(client, "t", responses={"count": accepted("many")}, state=r1.request_state)
        assert r2.is_error
        assert "`count`" in text_of(r2) and "schema" in text_of(r2)


class Email(BaseModel):
    address: str

    @field_validator("address")
    @classmethod
    def has_at(cls, v: str) -> str:
        if "@" not in v:
            raise ValueError("not an email address")
        return v


async def test_invalid_accepted_content_fails_naming_the_parameter(era):
    # passes the JSON schema on the client, fails the model's validator on the server
    mcp = FastMCP("s")

    @mcp.tool
    @declared_elicitation
    async def t(contact: Annotated[Email, Elicit("Email?")]) -> str:
        return contact.address

    result, _ = await run(mcp, era, Human({"Email": fields(address="nope")}), "t", raise_on_error=False)
    assert result.is_error
    text = result.content[0].text
    assert "`contact`" in text and "not an email address" in text


async def test_answer_restored_from_state_is_validated_again():
    strict = {"on": False}

    class Code(BaseModel):
        code: str

        @field_validator("code")
        @classmethod
        def check(cls, v: str) -> str:
            if strict["on"] and not v.isdigit():
                raise ValueError("digits only")
            return v

    mcp = FastMCP("s")
    seen: dict[str, Any] = {}

    def second(first: Code) -> Elicit[str]:
        return Elicit(f"Confirm {first.code}?")

    @mcp.tool
    @declared_elicitation
    async def t(first: Annotated[Code, Elicit("Code?")], second: Annotated[str, Elicit(second)]) -> str:
        seen["first"] = first
        return second

    async with Client(mcp, mode="auto", elicitation_handler=answers_by_hand) as client:
        r1 = await call(client, "t")
        ok = mcp_types.ElicitResult(action="accept", content={"code": "abc"})
        r2 = await call(client, "t", responses={"first": ok}, state=r1.request_state)
        assert list(r2.input_requests) == ["second"]
        # a happy path first: the body gets a model instance, never the raw dict
        r3 = await call(client, "t", responses={"second": accepted("yes")}, state=r2.request_state)
        assert r3.structured_content == {"result": "yes"}
        assert isinstance(seen["first"], Code) and seen["first"].code == "abc"
        # the stored answer is validated again on the next round
        strict["on"] = True
        r4 = await call(client, "t", responses={"second": accepted("yes")}, state=r2.request_state)
        assert r4.is_error and "`first`" in text_of(r4) and "digits only" in text_of(r4)


async def test_other_version_state_counts_as_no_progress(monkeypatch):
    mcp = FastMCP("s")

    @mcp.tool
    @declared_elicitation
    async def t(a: Annotated[str, Elicit("A?")], b: Annotated[str, Elicit("B?")]) -> str:
        return a + b

    async with Client(mcp, mode="auto", elicitation_handler=answers_by_hand) as client:
        r1 = await call(client, "t")
        r2 = await call(client, "t", responses={"a": accepted("1"), "b": accepted("2")}, state=r1.request_state)
        assert r2.structured_content == {"result": "12"}
        monkeypatch.setattr(state, "STATE_VERSION", state.STATE_VERSION + 1)
        r3 = await call(client, "t", responses={"a": accepted("1"), "b": accepted("2")}, state=r1.request_state)
        assert isinstance(r3, mcp_types.InputRequiredResult)
        assert list(r3.input_requests) == ["a", "b"]


async def test_unreadable_state_counts_as_no_progress(monkeypatch):
    mcp = FastMCP("s")

    @mcp.tool
    @declared_elicitation
    async def t(a: Annotated[str, Elicit("A?")]) -> str:
        return a

    from elicit_lint.runtime import modern

    monkeypatch.setattr(modern, "encode_state", lambda *state: "{not json")
    async with Client(mcp, mode="auto", elicitation_handler=answers_by_hand) as client:
        r1 = await call(client, "t")
        assert r1.request_state  # sealed garbage
        r2 = await call(client, "t", responses={"a": accepted("1")}, state=r1.request_state)
        assert isinstance(r2, mcp_types.InputRequiredResult)


K = '"kind": "elicit-lint/declared-elicitation", "v": 3'


@pytest.mark.parametrize(
    "text",
    [None, "", "[]", '{"kind": "other", "v": 2, "asked": {}, "answers": {}, "n": {}}',
     "{" + K + ', "asked": {"a": 1}, "answers": {}, "n": {}}',
     "{" + K + ', "asked": {}, "answers": {"a": {"d": "x", "a": "maybe"}}, "n": {}}',
     "{" + K + ', "asked": {}, "answers": {}}',  # no ask counts
     "{" + K + ', "asked": {}, "answers": {}, "n": {"a": -1}}',
     "{" + K + ', "asked": {}, "answers": {}, "n": {"a": true}}',
     "{" + K + ', "asked": {}, "answers": {}, "n": {"a": "3"}}',
     "{" + K + ', "asked": {}, "answers": {}, "n": {}}',  # no round count
     "{" + K + ', "asked": {}, "answers": {}, "n": {}, "r": -1}',
     "{" + K + ', "asked": {}, "answers": {}, "n": {}, "r": true}',
     '{"kind": "elicit-lint/declared-elicitation", "v": 2, "asked": {}, "answers": {}, "n": {}}',
     '{"kind": "elicit-lint/declared-elicitation", "v": 1, "asked": {}, "answers": {}}'],
)
def test_decode_state_rejects_malformed(text):
    assert state.decode_state(text) == ({}, {}, {}, 0)


def test_state_round_trip():
    answers = {"a": state.Recorded("d1", "accept", {"value": 1}), "b": state.Recorded("d2", "decline")}
    asked, back, asks, rounds = state.decode_state(state.encode_state({"c": "d3"}, answers, {"a": 1, "c": 2}, 4))
    assert asked == {"c": "d3"} and back == answers and asks == {"a": 1, "c": 2} and rounds == 4


async def test_tampered_request_state_is_rejected_by_the_server():
    from mcp.shared.exceptions import MCPError

    mcp = FastMCP("s")

    @mcp.tool
    @declared_elicitation
    async def t(a: Annotated[str, Elicit("A?")]) -> str:
        return a

    async with Client(mcp, mode="auto", elicitation_handler=answers_by_hand) as client:
        r1 = await call(client, "t")
        state = r1.request_state
        tampered = state[:-2] + ("A" if state[-2] != "A" else "B") + state[-1]
        with pytest.raises(MCPError):
            await call(client, "t", responses={"a": accepted("1")}, state=tampered)


async def test_state_is_bound_to_the_arguments_by_the_framework():
    # a different argument with an old state: FastMCP's request-state boundary
    # rejects the echo before the tool runs (the digest would drop it anyway)
    from mcp.shared.exceptions import MCPError

    mcp = wording_server({"q": "When in {city}?"})
    async with Client(mcp, mode="auto", elicitation_handler=answers_by_hand) as client:
        first = await call(client, "visit", {"city": "Oslo"})
        with pytest.raises(MCPError):
            await call(client, "visit", {"city": "Bergen"}, {"when": accepted("May")}, first.request_state)


async def test_changed_dependency_value_drops_the_old_answer():
    price = {"now": 10}
    mcp = FastMCP("s")

    def current_price() -> int:
        return price["now"]

    from fastmcp.dependencies import Depends

    def confirm(amount: int = Depends(current_price)) -> Elicit[bool]:
        return Elicit(f"Pay {amount} EUR?")

    @mcp.tool
    @declared_elicitation
    async def pay(ok: Annotated[bool, Elicit(confirm)]) -> str:
        return f"paid={ok} at {price['now']}"

    async with Client(mcp, mode="auto", elicitation_handler=answers_by_hand) as client:
        r1 = await call(client, "pay")
        assert r1.input_requests["ok"].params.message == "Pay 10 EUR?"
        price["now"] = 99  # the shown question no longer matches
        r2 = await call(client, "pay", responses={"ok": accepted(True)}, state=r1.request_state)
        assert isinstance(r2, mcp_types.InputRequiredResult)
        assert r2.input_requests["ok"].params.message == "Pay 99 EUR?"
        r3 = await call(client, "pay", responses={"ok": accepted(True)}, state=r2.request_state)
        assert r3.structured_content == {"result": "paid=True at 99"}
