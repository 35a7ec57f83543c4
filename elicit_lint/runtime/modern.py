"""The 2026-07-28 path: questions out as one ``InputRequiredResult`` per round.

The tool is an ordinary FastMCP guard tool (SEP-2322): each round is a complete
request. Replies arrive in ``ctx.input_responses``; the answers collected so
far ride ``ctx.request_state`` (plaintext here -- FastMCP 4.2.3's
request-state boundary seals it on the wire with AES-GCM, bound to the tool,
its arguments and the principal, and rejects a tampered echo before the tool
runs; ``mcp.server.request_state.RequestStateBoundary``).

Each question carries ``config.schema``, the schema the handshake path and
``ctx.elicit`` send; the MCP SDK's runner sieves the result through the
2026-07-28 wire types, which keep only ``$schema``/``properties``/``required``/
``type`` of it (docs/architecture.md "The runtime").

Security rules (issue 3, item 5): a reply is credited only for a key that was
asked in the previous round, pinned to the digest of that question; content
on decline/cancel is dropped; accepted content is validated again on every
round by ``engine.settle``.
"""

from __future__ import annotations

from typing import Any

import mcp_types

from .analysis import ToolPlan
from .engine import count_asks, evaluate, require_capability
from .state import Recorded, decode_state, encode_state


def credit(asked: dict[str, str], answers: dict[str, Recorded], responses: Any) -> dict[str, Recorded]:
    """Merge this round's replies into the recorded answers, crediting only asked keys."""
    recorded = dict(answers)
    for key, reply in (responses or {}).items():
        pinned = asked.get(key)
        if pinned is None or not isinstance(reply, mcp_types.ElicitResult):
            continue  # not asked (forged key) or not an elicitation reply
        content = dict(reply.content) if reply.action == "accept" and reply.content is not None else None
        recorded[key] = Recorded(digest=pinned, action=reply.action, content=content)
    return recorded


async def run_round(
    plan: ToolPlan, arguments: dict[str, Any], ctx: Any
) -> tuple[dict[str, Any] | None, mcp_types.InputRequiredResult | None]:
    """``(values, None)`` when everything is answered, else ``(None, InputRequiredResult)``.

    A client that cannot be asked (``engine.require_capability``) gets no
    round: every pending parameter with ``Elicit(..., unavailable=VALUE)`` takes
    ``VALUE`` and the next pass runs, within this request; one without fails the call.
    """
    asked, answers, asks, rounds = decode_state(ctx.request_state)
    recorded = credit(asked, answers, ctx.input_responses)
    ran: dict[object, object] = {}  # a resolver runs once per request across the passes below
    while True:
        values, pending = await evaluate(plan, arguments, ctx, recorded, ran)
        if not pending:
            return values, None
        unasked = require_capability(plan, ctx, pending)
        if not unasked:
            break
        recorded.update(unasked)  # could not ask: the opted-in values (never in request_state)
    asks = count_asks(plan, asks, pending, rounds)
    keep = {k: r for k, r in recorded.items() if k not in {q.key for q in pending}}
    return None, mcp_types.InputRequiredResult(
        result_type="input_required",
        input_requests={q.key: q.to_request() for q in pending},
        request_state=encode_state({q.key: q.digest for q in pending}, keep, asks, rounds + 1),
    )
