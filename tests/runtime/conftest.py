"""Shared helpers: a real in-memory fastmcp.Client on both protocol eras.

``era`` runs a test twice: ``mode="auto"`` negotiates 2026-07-28 (questions go
out as ``InputRequiredResult`` rounds) and ``mode="legacy"`` pins the handshake
(questions go out through ``ctx.elicit``). Rounds are counted with a middleware
that records every ``InputRequiredToolResult`` (issue 3).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from fastmcp import Client, FastMCP
from fastmcp.server.middleware import Middleware
from fastmcp.tools.base import InputRequiredToolResult

from elicit_lint.runtime import Answer, Request, wait_for_handler

MODERN = "2026-07-28"


@pytest.fixture(params=["auto", "legacy"])
def era(request: pytest.FixtureRequest) -> str:
    return request.param


class Rounds(Middleware):
    """Records every tool result; ``asks`` are the InputRequiredResults sent out."""

    def __init__(self) -> None:
        self.results: list[Any] = []

    async def on_call_tool(self, context, call_next):
        result = await call_next(context)
        self.results.append(result)
        return result

    @property
    def asks(self) -> list[Any]:
        return [r.input_required for r in self.results if isinstance(r, InputRequiredToolResult)]

    @property
    def ask_keys(self) -> list[list[str]]:
        return [list(a.input_requests) for a in self.asks]


@dataclass
class Human:
    """A scripted person behind the bridge: answers by the first matching prompt fragment.

    ``replies`` maps a prompt fragment to an ``Answer`` or to ``callable(Request) -> Answer``.
    Every request is recorded in ``asked`` (prompt, schema) in the order shown.
    """

    replies: dict[str, Any]
    asked: list[Request] = field(default_factory=list)

    def __call__(self, request: Request) -> Answer:
        self.asked.append(request)
        for fragment, reply in self.replies.items():
            if fragment in request.prompt:
                return reply(request) if callable(reply) else reply
        raise AssertionError(f"unexpected question: {request.prompt!r}")

    @property
    def prompts(self) -> list[str]:
        return [r.prompt for r in self.asked]


def say(value: Any) -> Answer:
    """Accept a single-value form."""
    return Answer(ok=True, data={"value": value})


def fields(**values: Any) -> Answer:
    return Answer(ok=True, data=values)


DECLINE = Answer(ok=False, reason="declined")
CANCEL = Answer(ok=False, reason="dismissed")


async def run(
    mcp: FastMCP,
    era: str,
    human: Callable[[Request], Any],
    tool: str,
    arguments: dict[str, Any] | None = None,
    *,
    raise_on_error: bool = True,
) -> tuple[Any, Rounds]:
    """Call ``tool`` through a fresh client on ``era``; returns ``(result, rounds)``."""
    rounds = Rounds()
    mcp.add_middleware(rounds)
    async with Client(mcp, mode=era, elicitation_handler=wait_for_handler(human)) as client:
        assert (client.protocol_version == MODERN) == (era == "auto")
        result = await client.call_tool(tool, arguments or {}, raise_on_error=raise_on_error)
    return result, rounds
