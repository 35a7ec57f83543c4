"""The handshake-era path (protocol <= 2025-11-25): ask over the back channel.

The same evaluation as the modern path (``engine.evaluate``), so the same
questions go out in the same order; each pending question of a pass is sent as
``elicitation/create`` exactly as FastMCP 4.2.3's ``Context.elicit`` sends it
(``ctx.session.elicit(message=..., requested_schema=<the schema FastMCP built>,
related_request_id=ctx.request_id)``, ``fastmcp/server/context.py``), then the
next pass runs the resolvers that could not run yet. Each resolver runs once per
call, as the MCP SDK v2 runs a ``Resolve`` resolver on this era
(docs/architecture.md "The runtime"): a later pass reuses its value
or question, so a resolver with side effects (an audit record) runs as often as
under the SDK, and a question cannot change between passes. The reply is recorded raw and validated by
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
    anything is asked (``engine.require_capability``), unless every pending
    parameter has ``Elicit(..., unavailable=VALUE)``: it then gets ``VALUE``. Each resolver runs once
    (``engine.evaluate``'s ``ran``), so a question is asked once; the count of
    ``engine.count_asks`` stays as a guard, as on the modern path.
    """
    recorded: dict[str, Recorded] = {}
    asks: dict[str, int] = {}
    rounds = 0
    ran: dict[str, Any] = {}  # each resolver's result, kept for the whole call
    while True:  # every pass asks something; a question is asked once (see count_asks)
        values, pending = await evaluate(plan, arguments, ctx, recorded, ran)
        if not pending:
            return values
        unasked = require_capability(plan, ctx, pending)
        if unasked:  # a client that cannot be asked: the opted-in values, then the next pass
            recorded.update(unasked)
            continue
        asks = count_asks(plan, asks, pending, rounds)
        rounds += 1
        for question in pending:
            recorded[question.key] = await ask(ctx, question)
