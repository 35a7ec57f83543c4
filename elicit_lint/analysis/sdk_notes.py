"""What an SDK rewrite changes that the person running the codemod should know:
for ``sdk-resolve``, a documented difference of order, told per tool in the run's
summary (docs/codemod.md, "SDK `Resolve` tools served by FastMCP"); for
``sdk-ask`` (``MCPServer`` asks rewritten to ``Resolve``), the error a client
without the elicitation capability gets, told once per module (:data:`CAPABILITY_NOTE`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..model import ElicitedParameter
from ..model import names as qn


def order_note(
    params: Sequence[ElicitedParameter],
    asks: Callable[[ElicitedParameter], bool],
    is_result: Callable[[ElicitedParameter], bool],
) -> str | None:
    """The note for a tool with a required asking ``Resolve`` parameter (typed
    ``T``, not ``ElicitationResult[T]``) beside another asking one: on the
    handshake era mcp 2.3.0 fails the call as soon as the required answer is
    declined or cancelled, while the runtime asks the tool's other independent
    questions first (as the SDK itself does on 2026-07-28), then fails the call
    the same way. ``asks(p)``: ``p``'s resolver returns an ``Elicit``;
    ``is_result(p)``: ``p`` is typed ``ElicitationResult[T]``. ``None`` when no
    such pair exists."""
    asking = [p for p in params if asks(p)]
    required = [p.name for p in asking if not is_result(p)]
    if not required or len(asking) < 2:
        return None
    names = ", ".join(f"`{n}`" for n in required)
    return (
        f"on the handshake era a declined or cancelled {names} no longer stops the "
        "call before the tool's other questions are asked (mcp 2.3.0 stops at once; "
        "the call still fails the same way, and on 2026-07-28 the SDK asks them too): "
        "to keep the order, make the later resolver take that parameter"
    )


def resolver_asks(returned: list[tuple[str, object]]) -> bool:
    """Whether a resolver's returned calls (``(qualified callee, call)``) include
    the SDK's ``Elicit``."""
    return any(callee == qn.SDK_ELICIT for callee, _ in returned)


CAPABILITY_NOTE = (
    "a client without the elicitation capability got the handshake-era error -32600 "
    "\"Elicitation not supported\" at the question; the rewritten tool fails before its "
    "body, on both eras, with the SDK's -32021 \"Client did not declare the form "
    "elicitation capability required by resolver '<module>:<resolver>'\" (the generated "
    "resolver's qualified name reaches the client): a test or client pinning the old code "
    "or words must change (docs/codemod.md, \"What a failing call reports changes with the "
    "rewrite\")"
)
"""The note on each module whose ``MCPServer`` asks are rewritten (corpus16 F12: the
sdist's own tests pinning -32600 fail after the rewrite; docs/codemod.md says so)."""
