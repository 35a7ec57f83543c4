"""Serve one declared tool through ``elicit_lint.runtime`` and call it on both eras.

Run as a script by tests/install (in a fresh venv with only ``elicit-lint[runtime]``,
and in the test venv for the import footprint). Prints the tool's result per era,
then, one per line after ``--modules--``, every module the run imported.
"""

import asyncio
import sys
from typing import Annotated

from fastmcp import Client, FastMCP

from elicit_lint.runtime import Answer, Elicit, Request, declared_elicitation, wait_for_handler

mcp = FastMCP("Packaging")


@mcp.tool
@declared_elicitation
async def greet(name: Annotated[str, Elicit("Your name?")]) -> str:
    return f"Hello {name}"


def answer(request: Request) -> Answer:
    return Answer(ok=True, data={"value": "Ada"})


async def main() -> None:
    for mode in ("auto", "legacy"):
        async with Client(mcp, mode=mode, elicitation_handler=wait_for_handler(answer)) as client:
            result = await client.call_tool("greet", {})
            print(f"{mode}: {result.data}")


asyncio.run(main())
print("--modules--")
print("\n".join(sorted(sys.modules)))
