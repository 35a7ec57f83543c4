"""A tool module written with postponed annotations (every annotation is a string)."""

from __future__ import annotations

from typing import Annotated

from fastmcp import Context, FastMCP

from elicit_lint.runtime import Elicit, declared_elicitation


class Size:
    """Module-level names resolve through the original function's globals."""


def confirm(size: str) -> bool | Elicit[bool]:
    return Elicit(f"Confirm {size}?")


def make_server() -> FastMCP:
    mcp = FastMCP("future")

    @mcp.tool
    @declared_elicitation
    async def order(
        ctx: Context,
        item: str,
        size: Annotated[str, Elicit("Which size?")],
        ok: Annotated[bool, Elicit(confirm)],
    ) -> str:
        assert isinstance(ctx, Context)
        return f"{item}:{size}:{ok}"

    return mcp
