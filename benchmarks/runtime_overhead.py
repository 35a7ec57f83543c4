"""Per-call overhead of a declared-parameter tool against hand-written equivalents.

Same two-question exchange (two independent string questions, answered by the
same client handler), through a real in-memory ``fastmcp.Client``:

- modern era (``mode="auto"``, 2026-07-28): ``@declared_elicitation`` tool vs a
  hand-written guard tool returning ``InputRequiredResult`` (one round of two
  questions, then the body);
  (also against the same guard carrying a ``request_state``, whose sealing
  by FastMCP is part of the declared tool's cost);
- handshake era (``mode="legacy"``): ``@declared_elicitation`` tool vs a
  hand-written tool calling ``ctx.elicit`` twice.

Reports the ratio of medians (declared / hand-written) per era. Timings are
never asserted by the test suite.

Run: ``.venv/bin/python benchmarks/runtime_overhead.py [--calls N]``
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from typing import Annotated

import mcp_types
from fastmcp import Client, Context, FastMCP
from fastmcp.server.elicitation import parse_elicit_response_type

from elicit_lint.runtime import Elicit, declared_elicitation


def build_server() -> FastMCP:
    mcp = FastMCP("bench")

    @mcp.tool
    @declared_elicitation
    async def declared(
        name: Annotated[str, Elicit("Name?")],
        city: Annotated[str, Elicit("City?")],
    ) -> str:
        return f"{name}@{city}"

    schema = parse_elicit_response_type(str).schema

    def ask(message: str) -> mcp_types.ElicitRequest:
        return mcp_types.ElicitRequest(
            method="elicitation/create",
            params=mcp_types.ElicitRequestFormParams(message=message, requested_schema=schema),
        )

    @mcp.tool
    async def guard(ctx: Context) -> str | mcp_types.InputRequiredResult:
        responses = ctx.input_responses
        if not responses or "name" not in responses or "city" not in responses:
            return mcp_types.InputRequiredResult(
                result_type="input_required",
                input_requests={"name": ask("Name?"), "city": ask("City?")},
            )
        name, city = responses["name"], responses["city"]
        assert isinstance(name, mcp_types.ElicitResult) and isinstance(city, mcp_types.ElicitResult)
        return f"{name.content['value']}@{city.content['value']}"

    @mcp.tool
    async def guard_with_state(ctx: Context) -> str | mcp_types.InputRequiredResult:
        # the same guard carrying a request_state like the declared tool does
        # (FastMCP seals and unseals it: part of the declared tool's cost)
        responses = ctx.input_responses
        if not responses or "name" not in responses or "city" not in responses:
            return mcp_types.InputRequiredResult(
                result_type="input_required",
                input_requests={"name": ask("Name?"), "city": ask("City?")},
                request_state='{"asked":["name","city"]}',
            )
        name, city = responses["name"], responses["city"]
        assert isinstance(name, mcp_types.ElicitResult) and isinstance(city, mcp_types.ElicitResult)
        return f"{name.content['value']}@{city.content['value']}"

    @mcp.tool
    async def imperative(ctx: Context) -> str:
        name = await ctx.elicit("Name?", response_type=str)
        city = await ctx.elicit("City?", response_type=str)
        return f"{name.data}@{city.data}"

    return mcp


async def handler(message, response_type, params, context):
    return {"value": "Ada" if message == "Name?" else "Oslo"}


async def time_calls(client: Client, tool: str, calls: int) -> list[float]:
    for _ in range(20):  # warm-up
        assert (await client.call_tool(tool, {})).data == "Ada@Oslo"
    out = []
    for _ in range(calls):
        start = time.perf_counter()
        await client.call_tool(tool, {})
        out.append(time.perf_counter() - start)
    return out


async def main(calls: int) -> dict[str, float]:
    mcp = build_server()
    ratios: dict[str, float] = {}
    for mode, baseline in (("auto", "guard"), ("auto", "guard_with_state"), ("legacy", "imperative")):
        async with Client(mcp, mode=mode, elicitation_handler=handler) as client:
            # interleave to spread drift evenly over both tools
            declared_t: list[float] = []
            baseline_t: list[float] = []
            for _ in range(5):
                declared_t += await time_calls(client, "declared", calls // 5)
                baseline_t += await time_calls(client, baseline, calls // 5)
            d, b = statistics.median(declared_t), statistics.median(baseline_t)
            ratios[f"{mode}/{baseline}"] = d / b
            print(
                f"{mode:6} ({client.protocol_version}): declared {d * 1e3:.3f} ms, "
                f"hand-written {baseline} {b * 1e3:.3f} ms, ratio of medians {d / b:.3f}"
            )
    return ratios


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=500)
    asyncio.run(main(parser.parse_args().calls))
