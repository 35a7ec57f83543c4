"""Background tasks: ``@mcp.tool(task=True)`` over ``@declared_elicitation`` (gap 1).

FastMCP 4.2.3 runs a ``task=True`` tool called by a client that opted into the
tasks extension in a Docket worker (``fastmcp_tasks``): there is no wire request
(``ctx.request_context`` is ``None``), no foreground context for ``get_context()``
(a ``Context`` reaches the call only through a ``CurrentContext()`` dependency,
built by ``fastmcp_tasks.context.make_task_context``), ``ctx.elicit`` raises, and
input is gathered with the guard pattern: the leg returns ``InputRequiredResult``,
the client answers, and the next leg runs with ``ctx.input_responses`` /
``ctx.request_state`` injected (``fastmcp_tasks.input_loop.reentrant_task_fn``;
docs/servers/tasks.mdx "Gathering Input Mid-Task"). A handshake-era client never
tasks a call: the tool runs in the foreground and asks through ``ctx.elicit``.

``fastmcp_tasks`` is not a dependency of elicit-lint, so the worker is emulated
here with the two hooks FastMCP core exposes to it (``set_background_context_factory``
and the guard leg loop); ``test_real_background_task`` drives the real extension
where it is installed.
"""

import asyncio
from typing import Annotated, Any

import mcp_types
import pytest
from fastmcp import Context, FastMCP
from fastmcp.exceptions import ToolError
from fastmcp.server.dependencies import (
    resolve_dependencies,
    set_background_context_factory,
)

from elicit_lint.runtime import Elicit, declared_elicitation

from .conftest import Human, run, say


def task_server(seen: dict[str, Any]) -> FastMCP:
    """Tools without a ``Context`` parameter, with one named ``context``, and sync."""
    mcp = FastMCP("tasks")

    def which_airport(destination: str, ctx: Context) -> str | Elicit[str]:
        seen["background"] = ctx.is_background_task
        seen["request_context"] = ctx.request_context
        return Elicit(f"Which airport in {destination}?")

    @mcp.tool
    @declared_elicitation
    async def book(
        passengers: int,
        destination: Annotated[str, Elicit("Where would you like to fly?")],
        airport: Annotated[str, Elicit(which_airport)],
        seat: Annotated[str | None, Elicit("Window or aisle?")] = None,
    ) -> str:
        seen.setdefault("ran", []).append(destination)
        return f"Booked {passengers}x {destination}/{airport} ({seat})"

    @mcp.tool
    @declared_elicitation
    async def named(context: Context, city: Annotated[str, Elicit("City?")]) -> str:
        return f"{city} background={context.is_background_task}"

    @mcp.tool
    @declared_elicitation
    def sync_body(city: Annotated[str, Elicit("City?")]) -> str:
        return f"sync {city}"

    @mcp.tool
    @declared_elicitation
    async def strict(city: Annotated[str, Elicit("City?")]) -> str:
        return city

    return mcp


class Worker:
    """One background task of ``tool``, driven leg by leg as fastmcp_tasks 4.2.3 does.

    Each leg is a fresh asyncio task (a fresh Docket execution: no foreground
    context) that resolves the registered function's dependencies -- the
    ``Context`` from the background factory, with the previous leg's request
    state and the client's answers injected, as ``make_task_context`` does --
    and calls it once. A leg returning ``InputRequiredResult`` parks the task.
    """

    def __init__(self, mcp: FastMCP, tool: str, arguments: dict[str, Any]) -> None:
        self.mcp, self.tool, self.arguments = mcp, tool, arguments
        self.legs: list[mcp_types.InputRequiredResult] = []

    async def _leg(self, responses: Any, state: str | None) -> Any:
        tool = await self.mcp.get_tool(self.tool)

        async def factory() -> Context:
            ctx = Context(fastmcp=self.mcp, session=None, task_id="task-1")
            await ctx.__aenter__()
            ctx._task_input_responses = responses
            ctx._task_request_state = state
            return ctx

        set_background_context_factory(factory)
        try:
            async with resolve_dependencies(tool.fn, dict(self.arguments)) as kwargs:
                return await tool.fn(**kwargs)
        finally:
            set_background_context_factory(None)

    async def run(self, answer: dict[str, Any], max_legs: int = 5) -> Any:
        """Run legs until a value; ``answer`` maps a question's words to the accepted value."""
        responses, state = None, None
        for _ in range(max_legs):
            result = await asyncio.create_task(self._leg(responses, state))
            if not isinstance(result, mcp_types.InputRequiredResult):
                return result
            self.legs.append(result)
            responses = {
                key: mcp_types.ElicitResult(
                    action="accept",
                    content={"value": next(v for k, v in answer.items() if k in request.params.message)},
                )
                for key, request in result.input_requests.items()
            }
            state = result.request_state
        raise AssertionError("the task never finished")


async def test_tool_without_context_runs_as_a_background_task():
    seen: dict[str, Any] = {}
    worker = Worker(task_server(seen), "book", {"passengers": 2})
    result = await worker.run({"Where": "Paris", "Window": "aisle", "airport": "CDG"})
    assert result == "Booked 2x Paris/CDG (aisle)"
    # the same rounds as a foreground modern call, carried by the task's legs
    assert [list(leg.input_requests) for leg in worker.legs] == [["destination", "seat"], ["airport"]]
    assert seen["ran"] == ["Paris"]  # the body ran once, on the last leg
    assert seen["background"] is True and seen["request_context"] is None


async def test_context_under_another_name_and_sync_body_in_a_task():
    mcp = task_server({})
    assert await Worker(mcp, "named", {}).run({"City": "Oslo"}) == "Oslo background=True"
    assert await Worker(mcp, "sync_body", {}).run({"City": "Oslo"}) == "sync Oslo"


async def test_decline_in_a_task_is_a_tool_error():
    worker = Worker(task_server({}), "strict", {})
    first = await asyncio.create_task(worker._leg(None, None))
    assert isinstance(first, mcp_types.InputRequiredResult)
    declined = {"city": mcp_types.ElicitResult(action="decline")}
    with pytest.raises(ToolError, match="`city` of `strict` was declined"):
        await asyncio.create_task(worker._leg(declined, first.request_state))


async def test_signature_is_unchanged_and_a_direct_call_says_how_to_call_it(era):
    """The worker's context is found at call time, not through an extra parameter;
    outside any request the wrapper says where it can be called."""
    import inspect

    from fastmcp import Client

    mcp = task_server({})
    book = (await mcp.get_tool("book")).fn
    assert list(inspect.signature(book).parameters) == ["passengers"]
    async with Client(mcp, mode=era) as client:
        tools = {t.name: t for t in await client.list_tools()}
    assert set(tools["book"].input_schema["properties"]) == {"passengers"}
    with pytest.raises(RuntimeError) as info:
        await book(passengers=1)
    assert str(info.value) == (
        "`book` was called outside a FastMCP request, where its elicited parameters cannot "
        "be asked; call it through a FastMCP server or client, or call the undecorated "
        "function `book.__wrapped__` with every argument"
    )
    assert await book.__wrapped__(passengers=1, destination="Oslo", airport="OSL") == "Booked 1x Oslo/OSL (None)"
