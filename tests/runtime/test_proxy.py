"""Behind fastmcp's ``create_proxy`` (fastmcp 4.2.3), pinned as it is today.

The proxy's backend client (``ProxyClient``) always declares the form elicitation
capability to the server it fronts (``default_proxy_elicitation_handler``), whatever
the front client declared, and on 2026-07-28 passes the ``InputRequiredResult`` on to
the front client. So the runtime sees a client that can be asked and asks; a front
client with no elicitation handler then fails in its own input-required driver
(``mcp/client/_input_required.py``) with the SDK's default answer, an ``MCPError``
"Elicitation not supported", instead of the error result the runtime gives such a
client directly (``engine.cannot_ask``). A hand-written ``InputRequiredResult`` gets the
same ``MCPError`` with no proxy at all: the proxy's declared capability, not the
runtime, decides. docs/runtime.md "Behind a proxy" says so."""

from __future__ import annotations

from typing import Annotated

import mcp_types
import pytest
from fastmcp import Client, FastMCP
from fastmcp.server import create_proxy
from mcp.shared.exceptions import MCPError

from elicit_lint.runtime import Elicit, declared_elicitation, wait_for_handler

from .conftest import MODERN, Human, say


def backend() -> FastMCP:
    mcp = FastMCP("Workshop")

    @mcp.tool
    @declared_elicitation
    async def rename(old: str, new: Annotated[str | None, Elicit("New name?")] = None) -> str:
        return f"{old} -> {new}"

    @mcp.tool
    async def by_hand(old: str) -> mcp_types.InputRequiredResult | str:
        return mcp_types.InputRequiredResult(
            result_type="input_required",
            input_requests={
                "new": mcp_types.ElicitRequest(
                    method="elicitation/create",
                    params=mcp_types.ElicitRequestFormParams(
                        message="New name?",
                        requested_schema={"type": "object", "properties": {"value": {"type": "string"}}},
                    ),
                )
            },
        )

    return mcp


async def _text(server, era: str, tool: str, handler=None) -> str:
    async with Client(server, mode=era, elicitation_handler=handler) as client:
        assert (client.protocol_version == MODERN) == (era == "auto")
        result = await client.call_tool(tool, {"old": "draft"}, raise_on_error=False)
    return result.content[0].text


async def test_direct_client_without_handler_gets_the_documented_error_result():
    text = await _text(backend(), "auto", "rename")
    assert text.startswith("Elicitation not supported: `rename` needs an answer for `new`")


async def test_behind_the_proxy_on_2026_07_28_the_client_raises_mcperror():
    with pytest.raises(MCPError, match="^Elicitation not supported$") as raised:
        await _text(create_proxy(backend(), name="Front"), "auto", "rename")
    assert raised.value.error.code == mcp_types.INVALID_REQUEST  # the SDK client's default callback


async def test_a_hand_written_input_required_result_raises_the_same_without_any_proxy():
    with pytest.raises(MCPError, match="^Elicitation not supported$"):
        await _text(backend(), "auto", "by_hand")


async def test_behind_the_proxy_on_the_handshake_era_it_is_an_error_result():
    text = await _text(create_proxy(backend(), name="Front"), "legacy", "rename")
    assert text == "Error calling tool 'rename': Elicitation not supported"


@pytest.mark.parametrize("era", ["auto", "legacy"])
async def test_behind_the_proxy_a_client_with_a_handler_is_asked(era):
    human = Human({"New name?": say("final")})
    text = await _text(create_proxy(backend(), name="Front"), era, "rename", wait_for_handler(human))
    assert text == "draft -> final"
    assert human.prompts == ["New name?"]
