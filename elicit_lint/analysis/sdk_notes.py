"""What an ``sdk-resolve`` rewrite changes that the person running the codemod
should know: a documented difference of order, told per tool in the run's
summary (docs/codemod.md, "SDK `Resolve` tools served by FastMCP")."""

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
