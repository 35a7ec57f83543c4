"""Skip reasons about a question inside a ``try`` whose handler would change
what the rewrite does (a fallback, a re-raise, a ``TypeError`` taken).

Part of the skip reasons :mod:`.locate` re-exports (same conventions: each
names the cause, then what to do by hand; docs/codemod.md "Skip reasons").
New reasons of this concern go at the end of this module.
"""

from __future__ import annotations


def fallback_in_try(handler: str) -> str:
    """Why an ask alone in a ``try`` with a broad handler is not rewritten, and what to do."""
    return (
        f"inside a `try` whose `{handler}` is a fallback: on fastmcp 4.2.3 it also catches "
        "a client handler that fails and an answer that fails validation, which would fail "
        "the call after a rewrite; to keep only the fallback for a client that cannot be "
        "asked, declare the question by hand with `Elicit(..., unavailable=None)` and run the "
        "handler's code under `if <parameter> is None:` (docs/runtime.md)"
    )


def missing_type_in_try(handler: str | None, catches: bool) -> str:
    """The reason for an ask without a ``response_type`` inside a ``try``
    (``handler``: its broad handler as written, or ``None``; ``catches``: whether
    that handler catches ``TypeError``): fastmcp 4.2.3's ``Context.elicit``
    raises ``TypeError`` before asking (MCP002), so the MCP002 fix comes first."""
    if handler is None:
        where = "inside a `try`"
    elif catches:
        where = f"inside a `try` whose `{handler}` takes that `TypeError` on every call"
    else:
        where = f"inside a `try` whose `{handler}` never catches that `TypeError`"
    return (
        "`ctx.elicit(...)` without a `response_type` raises `TypeError` on FastMCP 4 "
        f"(MCP002), {where}: the original never asks; pass `response_type=bool` and "
        "check the answer first, then run again (the `try` is the next step)"
    )


def reraise_in_try(handler: str, only_logs: bool) -> str:
    """The reason for an ask alone in a ``try`` whose broad ``handler`` ends in a
    bare ``raise``: no fallback, the call fails either way; ``only_logs``: the
    handler does nothing else but call functions (a ``print``, a logger) first."""
    does = "only logs and re-raises" if only_logs else "re-raises after running its own code"
    todo = (
        "remove the `try` (the call fails the same way without it; only the server-side log "
        "is lost), then run again"
        if only_logs
        else "move that code out of the handler or remove the `try`, then run again"
    )
    return f"inside a `try` whose `{handler}` {does} (no fallback: the call fails either way): {todo}"
