"""The handshake-era path (protocol <= 2025-11-25): ask over the back channel.

The same evaluation as the modern path (``engine.evaluate``), so the same
questions go out in the same order; each pending question of a pass is sent as
``elicitation/create`` exactly as FastMCP 4.2.3's ``Context.elicit`` sends it
(``ctx.session.elicit(message=..., requested_schema=<the schema FastMCP built>,
related_request_id=ctx.request_id)``, ``fastmcp/server/context.py``), then
resolvers run again. The reply is recorded raw and validated by
``engine.settle`` with ``handle_elicit_accept`` -- the function ``ctx.elicit``
validates with -- so both eras turn the same reply into the same value or
outcome object (an accept without content included, which ``ctx.elicit``
itself would reject for a model with no fields while the modern path accepts it).
"""

from __future__ import annotations

from typing import Any

from .analysis import ToolPlan
from .engine import Question, count_asks, evaluate, require_capability
from .state import Recorded


async def ask(ctx: Any, question: Question) -> Recorded:
    """Send one question on the back channel; the reply pinned to its digest."""
    result = await ctx.session.elicit(
        message=question.message,
        requested_schema=question.config.schema,
        related_request_id=ctx.request_id,
    )
    content = result.content if result.action == "accept" else None
    return Recorded(question.digest, result.action, content=None if content is None else dict(content))


async def ask_all(plan: ToolPlan, arguments: dict[str, Any], ctx: Any) -> dict[str, Any]:
    """Ask until every elicited parameter has a value; returns the values.

    A client without the form elicitation capability fails the call before
    anything is asked (``engine.require_capability``). A question due again
    after ``engine.MAX_ASKS`` asks (its wording or schema keeps changing) fails
    the call with a ``ToolError`` naming its parameter, as the modern path does
    (``engine.count_asks``).
    """
    recorded: dict[str, Recorded] = {}
    asks: dict[str, int] = {}
    while True:  # every pass asks something, and nothing more than MAX_ASKS times
        values, pending = await evaluate(plan, arguments, ctx, recorded)
        if not pending:
            return values
        require_capability(plan, ctx, pending)
        asks = count_asks(plan, asks, pending)
        for question in pending:
            recorded[question.key] = await ask(ctx, question)
