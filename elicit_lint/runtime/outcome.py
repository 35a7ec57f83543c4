"""Outcome-typed elicited parameters: ``Annotated[ElicitationResult[T], Elicit(...)]``.

``ElicitationResult[T]`` is a generic type alias over the very classes
FastMCP 4.2.3's ``Context.elicit`` returns (``fastmcp/server/context.py``):
``fastmcp.server.elicitation.AcceptedElicitation`` (fields ``action``, ``data``;
``handle_elicit_accept`` builds it as ``AcceptedElicitation[Any]``) and
``DeclinedElicitation`` / ``CancelledElicitation`` (field ``action``), which
``fastmcp.server.elicitation`` re-exports from ``mcp.server.elicitation``. A
body written against ``ctx.elicit``'s result (``.action``, ``.data``,
``isinstance``, ``match``) keeps working unchanged. The MCP SDK v2 spells the
same form ``Annotated[ElicitationResult[T], Resolve(fn)]``
(``mcp/server/mcpserver/resolve.py``), over its own ``AcceptedElicitation``
class, which is not FastMCP's: the SDK's alias is refused at decoration.
"""

from __future__ import annotations

from typing import Any, get_args, get_origin

from fastmcp.server.elicitation import (
    AcceptedElicitation,
    CancelledElicitation,
    DeclinedElicitation,
)
from typing_extensions import TypeAliasType, TypeVar

T = TypeVar("T")

ElicitationResult = TypeAliasType(
    "ElicitationResult",
    AcceptedElicitation[T] | DeclinedElicitation | CancelledElicitation,  # type: ignore[valid-type]
    type_params=(T,),
)
"""``AcceptedElicitation[T] | DeclinedElicitation | CancelledElicitation``: what
``ctx.elicit(message, T)`` returns. ``isinstance(x, ElicitationResult)`` raises
(it is a type alias); test the member classes instead."""

OUTCOMES = (AcceptedElicitation, DeclinedElicitation, CancelledElicitation)
"""The classes an outcome-typed parameter receives."""

NO_TYPE = object()
"""``answer_of`` for a bare ``ElicitationResult``: the question's type must come from ``response_type``."""


def _is_sdk_alias(tp: Any) -> bool:
    alias = get_origin(tp) or tp
    return getattr(alias, "__name__", None) == "ElicitationResult" and getattr(
        alias, "__module__", ""
    ).startswith("mcp.")


def answer_of(tp: Any) -> Any:
    """``T`` of ``ElicitationResult[T]``, ``NO_TYPE`` for the bare alias, ``None`` otherwise.

    Raises ``TypeError`` for the MCP SDK v2's ``ElicitationResult`` (its
    ``AcceptedElicitation`` is another class than the one injected here).
    """
    if tp is ElicitationResult:
        return NO_TYPE
    if get_origin(tp) is ElicitationResult:
        return get_args(tp)[0]
    if _is_sdk_alias(tp):
        raise TypeError(
            "`ElicitationResult` from the MCP SDK holds the SDK's `AcceptedElicitation`, not the one "
            "FastMCP's `ctx.elicit` returns; import `ElicitationResult` from `elicit_lint.runtime`"
        )
    return None


def accepted(data: Any) -> AcceptedElicitation[Any]:
    """The accepted outcome as ``fastmcp.server.elicitation.handle_elicit_accept`` builds it."""
    return AcceptedElicitation[Any](data=data)


def refused(action: str) -> DeclinedElicitation | CancelledElicitation:
    """The outcome of a ``"decline"`` or ``"cancel"`` action, as ``Context.elicit`` builds it."""
    return DeclinedElicitation() if action == "decline" else CancelledElicitation()
