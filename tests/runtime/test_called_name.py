"""Failure texts name the tool as the client called it (fresh11 LOW-2): a tool
registered as ``pick-size`` on a server mounted with the namespace ``shop`` is
``shop_pick-size`` to the client, not the Python function ``pick_size``.

Through a real in-memory ``fastmcp.Client`` on both eras (``era``)."""

from __future__ import annotations

from typing import Annotated

from fastmcp import Client, FastMCP

from elicit_lint.runtime import Elicit, declared_elicitation

from .conftest import DECLINE, Human, run


def shop() -> FastMCP:
    sub = FastMCP("sizes")

    @sub.tool(name="pick-size")
    @declared_elicitation
    async def pick_size(size: Annotated[str, Elicit("Which size?")]) -> str:
        return size

    main = FastMCP("shop")
    main.mount(sub, namespace="shop")
    return main


async def test_no_handler_names_the_called_tool(era):
    async with Client(shop(), mode=era) as client:
        result = await client.call_tool("shop_pick-size", {}, raise_on_error=False)
    assert result.is_error
    text = result.content[0].text
    assert "`shop_pick-size` needs an answer for `size`" in text, text
    assert "pick_size" not in text


async def test_declined_required_answer_names_the_called_tool(era):
    result, _ = await run(shop(), era, Human({"Which size?": DECLINE}), "shop_pick-size", raise_on_error=False)
    assert result.is_error
    text = result.content[0].text
    assert "The question for `size` of `shop_pick-size` was declined" in text, text
