"""The handshake-era path (protocol <= 2025-11-25): ask through ``ctx.elicit``.

The same evaluation as the modern path (``engine.evaluate``), so the same
questions go out in the same order; each pending question of a pass is asked
with ``ctx.elicit`` (FastMCP builds and validates the schema exactly as for a
hand-written ``ctx.elicit``), then resolvers run again.
"""

from __future__ import annotations

from typing import Any

from fastmcp.exceptions import ToolError
from fastmcp.server.elicitation import AcceptedElicitation

from .analysis import ToolPlan
from .engine import count_asks, evaluate
from .state import Recorded


async def ask_all(plan: ToolPlan, arguments: dict[str, Any], ctx: Any) -> dict[str, Any]:
    """Ask until every elicited parameter has a value; returns the values.

    A question due again after ``engine.MAX_ASKS`` asks (its wording or schema
    keeps changing) fails the call with a ``ToolError`` naming its parameter,
    as the modern path does (``engine.count_asks``).
    """
    recorded: dict[str, Recorded] = {}
    asks: dict[str, int] = {}
    while True:  # every pass asks something, and nothing more than MAX_ASKS times
        values, pending = await evaluate(plan, arguments, ctx, recorded)
        if not pending:
            return values
        asks = count_asks(plan, asks, pending)
        for question in pending:
            try:
                result = await ctx.elicit(
                    question.message,
                    question.response_type,
                    response_title=question.title,
                    response_description=question.description,
                )
            except (ValueError, TypeError) as error:  # pydantic.ValidationError is a ValueError
                raise ToolError(
                    f"The answer for `{question.key}` of `{plan.tool}` does not match its "
                    f"schema: {error}"
                ) from error
            if isinstance(result, AcceptedElicitation):
                recorded[question.key] = Recorded(
                    question.digest, "accept", value=result.data, validated=True
                )
            else:
                recorded[question.key] = Recorded(question.digest, result.action)
