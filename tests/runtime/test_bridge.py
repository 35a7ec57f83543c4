"""The client bridge: exact mappings, unique ids, one wait_for for both eras, form and URL mode."""

import asyncio
from typing import Annotated

import mcp_types
import pytest
from fastmcp import Client, Context, FastMCP

from elicit_lint.runtime import (
    Answer,
    Elicit,
    Request,
    answer_to_elicit_result,
    declared_elicitation,
    elicitation_to_request,
    wait_for_handler,
)

FORM = mcp_types.ElicitRequestFormParams(
    message="Name?",
    requested_schema={"type": "object", "properties": {"value": {"type": "string"}}, "required": ["value"]},
)
URL = mcp_types.ElicitRequestURLParams(message="Sign in", url="https://auth.example/x", elicitation_id="e1")


def test_form_maps_to_input_with_schema():
    r = elicitation_to_request(FORM)
    assert (r.kind, r.prompt, r.data, r.url) == ("input", "Name?", {"schema": FORM.requested_schema}, None)
    assert r.id.startswith("elc-")


def test_url_maps_to_authorization():
    r = elicitation_to_request(URL)
    assert (r.kind, r.prompt, r.url) == ("authorization", "Sign in", "https://auth.example/x")
    assert r.data == {"elicitation_id": "e1"}


def test_wrapped_request_and_unique_ids():
    req = mcp_types.ElicitRequest(method="elicitation/create", params=FORM)
    ids = {elicitation_to_request(req).id for _ in range(200)}
    assert len(ids) == 200 and all(i.startswith("elc-") for i in ids)


def test_not_an_elicitation():
    with pytest.raises(TypeError):
        elicitation_to_request({"message": "x"})


@pytest.mark.parametrize(
    "answer,action,content",
    [
        (Answer(ok=True, data={"value": "x"}), "accept", {"value": "x"}),
        (Answer(ok=True), "accept", {}),
        (Answer(ok=True, data={"value": False}), "accept", {"value": False}),
        (Answer(ok=False, reason="declined", data={"value": "x"}), "decline", None),
        (Answer(ok=False, reason="dismissed"), "cancel", None),
        (Answer(ok=False, reason="expired"), "cancel", None),
        (Answer(ok=False, reason=""), "cancel", None),
        (Answer(ok=False), "cancel", None),
    ],
)
def test_answer_mapping(answer, action, content):
    result = answer_to_elicit_result(answer)
    assert isinstance(result, mcp_types.ElicitResult)
    assert (result.action, result.content) == (action, content)


def server() -> FastMCP:
    mcp = FastMCP("s")

    def greeting(name: str) -> Elicit[bool]:
        return Elicit(f"Greet {name} loudly?")

    @mcp.tool
    @declared_elicitation
    async def greet(
        name: Annotated[str, Elicit("Name?")],
        loud: Annotated[bool, Elicit(greeting)],
    ) -> str:
        return f"HELLO {name.upper()}" if loud else f"hello {name}"

    @mcp.tool
    async def handwritten(ctx: Context) -> str:
        # a handshake-era tool written by hand: the same wait_for answers it
        result = await ctx.elicit("Name?", response_type=str)
        return result.data if result.action == "accept" else "-"

    return mcp


async def test_one_async_wait_for_answers_both_eras():
    seen: list[Request] = []

    async def wait_for(request: Request) -> Answer:
        await asyncio.sleep(0)
        seen.append(request)
        if request.prompt == "Name?":
            return Answer(ok=True, data={"value": "ada"})
        return Answer(ok=True, data={"value": True})

    handler = wait_for_handler(wait_for)
    outputs = {}
    for mode in ("auto", "legacy"):
        async with Client(server(), mode=mode, elicitation_handler=handler) as client:
            outputs[mode] = (await client.call_tool("greet", {})).data
    assert outputs == {"auto": "HELLO ADA", "legacy": "HELLO ADA"}
    assert [r.prompt for r in seen] == ["Name?", "Greet ada loudly?"] * 2
    assert len({r.id for r in seen}) == 4


async def test_scalar_data_is_wrapped_for_value_forms():
    handler = wait_for_handler(lambda r: Answer(ok=True, data="bob"))
    async with Client(server(), mode="legacy", elicitation_handler=handler) as client:
        assert (await client.call_tool("handwritten", {})).data == "bob"


async def test_url_mode_on_the_modern_era():
    mcp = FastMCP("s")

    @mcp.tool
    async def login(ctx: Context) -> str | mcp_types.InputRequiredResult:
        if ctx.input_responses is None:
            return mcp_types.InputRequiredResult(
                result_type="input_required",
                input_requests={"auth": mcp_types.ElicitRequest(method="elicitation/create", params=URL)},
            )
        return ctx.input_responses["auth"].action

    seen: list[Request] = []

    def wait_for(request: Request) -> Answer:
        seen.append(request)
        return Answer(ok=False, reason="declined")

    async with Client(mcp, mode="auto", elicitation_handler=wait_for_handler(wait_for)) as client:
        assert (await client.call_tool("login", {})).data == "decline"
    assert seen[0].kind == "authorization" and seen[0].url == URL.url


async def test_wait_for_must_return_an_answer():
    handler = wait_for_handler(lambda r: {"value": "x"})
    with pytest.raises(TypeError):
        await handler("Name?", None, FORM, None)
