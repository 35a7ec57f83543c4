"""Declared elicitation on released FastMCP 4.x, both protocol eras (docs/architecture.md "The runtime").

Public names:

- :class:`Elicit` -- the marker: ``x: Annotated[T, Elicit("question")]`` or
  ``Annotated[T, Elicit(resolver)]``; generic, so ``-> T | Elicit[T]`` is a valid
  resolver return annotation.
- :data:`ElicitationResult` -- ``reply: Annotated[ElicitationResult[T], Elicit("q")]``
  injects the object ``ctx.elicit`` returns (accepted, declined or cancelled)
  instead of the value, and never fails the call on decline/cancel.
- :func:`declared_elicitation` -- the decorator placed *under* ``@mcp.tool``
  that turns elicited parameters into questions (``InputRequiredResult`` rounds on
  2026-07-28 connections, ``ctx.elicit`` on handshake-era ones).
- the client bridge: :class:`Request`, :class:`Answer`,
  :func:`elicitation_to_request`, :func:`answer_to_elicit_result`,
  :func:`wait_for_handler`.
- client rounds driven by hand (issue 5): :func:`call_tool_rounds`,
  :class:`RoundResult`, :func:`accept`, :func:`decline`, :func:`cancel`,
  :func:`answers_by_hand` (the handler such a client is created with).

fastmcp is an optional extra: importing this package without it raises one
``ImportError`` naming the ``runtime`` extra.
"""

from __future__ import annotations

try:
    import fastmcp as _fastmcp  # noqa: F401
    import mcp_types as _mcp_types  # noqa: F401
except ImportError as _error:  # pragma: no cover - exercised in a subprocess test
    raise ImportError(
        "elicit_lint.runtime needs fastmcp, which comes with the `runtime` extra: install "
        "`elicit-lint[runtime]` (from a git URL or a wheel: docs/getting-started.md)"
    ) from _error

from .bridge import (
    Answer,
    Request,
    answer_to_elicit_result,
    elicitation_to_request,
    wait_for_handler,
)
from .client_rounds import (
    RoundResult,
    accept,
    answers_by_hand,
    call_tool_rounds,
    cancel,
    decline,
)
from .decorator import declared_elicitation
from .marker import Elicit
from .outcome import ElicitationResult

__all__ = [
    "Answer",
    "Elicit",
    "ElicitationResult",
    "Request",
    "RoundResult",
    "accept",
    "answer_to_elicit_result",
    "answers_by_hand",
    "call_tool_rounds",
    "cancel",
    "declared_elicitation",
    "decline",
    "elicitation_to_request",
    "wait_for_handler",
]
