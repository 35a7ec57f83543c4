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


def make_local_server() -> FastMCP:
    """Resolver, answer type and a decorator argument all local to the factory."""
    from dataclasses import dataclass

    mcp = FastMCP("future-local")

    @dataclass
    class Address:
        street: str
        number: int = 1

    def where(city: str) -> str | Elicit[Address]:
        return Elicit(f"Where in {city}?")

    def shelf(item: str) -> str | Elicit[str]:
        return Elicit(f"Which shelf for {item}?")

    @mcp.tool
    @declared_elicitation
    async def deliver(city: str, address: Annotated[Address, Elicit(where)]) -> str:
        assert isinstance(address, Address)
        return f"{address.street} {address.number}, {city}"

    @mcp.tool
    @declared_elicitation(run_in_thread=False)
    def store(item: str, place: Annotated[str, Elicit(shelf)]) -> str:
        return f"{item}@{place}"

    return mcp


def make_mismatched_local_server() -> None:
    """A local resolver whose ``Elicit[X]`` disagrees: checked, not skipped."""

    def where(city: str) -> Elicit[int]:
        return Elicit("?")

    @declared_elicitation
    async def deliver(city: str, address: Annotated[str, Elicit(where)]) -> str:
        return ""
