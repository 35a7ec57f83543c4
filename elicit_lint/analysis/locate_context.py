"""Skip reasons about where the question's context comes from and what else the
context is used for: a context from a call, an attribute or an unannotated
parameter, an alias of ``ctx.elicit``, a check for a missing context, an asking
helper, and the other calls on the context (handshake-only, removed in FastMCP 4).

Part of the skip reasons :mod:`.locate` re-exports (same conventions: each
names the cause, then what to do by hand; docs/codemod.md "Skip reasons").
New reasons of this concern go at the end of this module.
"""

from __future__ import annotations

RETURNED_CONTEXT = (
    "its context comes from a call to a function of the module (`-> Context`), "
    "which the rewrite would no longer make: ask through a `Context` parameter or "
    "`get_context()` instead, then run again"
)


ATTRIBUTE_CONTEXT = (
    "its context is an attribute of `self` (an object holding the tool's context): "
    "the rewrite cannot move the question out of the method; declare it on the tool "
    "that builds the object and pass the answer in, by hand"
)


PASSED_CONTEXT = (
    "its context is an unannotated parameter the module's calls fill with a context: "
    "annotate it `Context`, then run again, or declare the question on the calling "
    "tool and pass the answer in, by hand"
)


PASSED_ELSEWHERE_CONTEXT = (
    "its context is an unannotated parameter that calls in other modules fill with a "
    "context: annotate it `ctx: Context` (its callers already pass one), then run "
    "again, or move the question into each calling tool and pass the answer in, by hand"
)


def aliased_elicit(alias: str, bound: str) -> str:
    """The reason for a question asked through a local alias (``ask = ctx.elicit``
    then ``await ask(...)``: ``alias`` the name, ``bound`` the aliased
    expression); MCP001 gives the same words."""
    return f"it calls `{bound}` through the alias `{alias}`: call `{bound}(...)` directly, then run again"


def context_check(test: str, name: str, helper: bool = False) -> str:
    """The reason for a question after ``if <test>: return ...`` (``test`` as
    written, e.g. ``ctx is None``: an exit taken when the context ``name`` is
    missing). In a tool FastMCP always passes the context, so the branch is dead
    there; in a helper it depends on the callers."""
    if helper:
        return (
            f"it returns early when its context is missing (`if {test}:`): if every "
            "caller passes a context, delete that check"
        )
    return (
        f"after `if {test}:` (an exit for a missing context, which FastMCP never "
        f"gives a tool: it passes `{name}` whether annotated `Context` or `Context | None`): "
        "delete the check, then run again"
    )


def helper_exits_first(row: int, verb: str = "return") -> str:
    """The reason for an asking helper with a statement before its question that
    may ``return`` (or ``raise``) first (``if not name: return True``): inlined,
    its callers' declared question would be asked where the helper answered
    without asking. ``row``: that statement's line."""
    return (
        f"it may {verb} before its question (line {row}), where it answers without asking, "
        "and its callers would ask there too; move that test out of the helper, around its "
        "call in each calling tool"
    )


def helper_after_early_exit(tool: str, helper: str) -> str:
    """The reason for a tool that may return before its call of an asking helper
    of another module (``if force: return ...``): the helper's copy is given the
    whole answer (an outcome object), which a declared question cannot give
    where the tool returns first (:func:`early_exit_whole`). The advice to give
    the helper the answer is the outer reason's (:func:`.elsewhere.helper_for_tools_elsewhere`)."""
    return (
        f"`{tool}` may return before its call of `{helper}`, whose copy would be given the "
        "whole answer, which a declared question cannot give where the tool returns first: "
        f"declare the question on `{tool}` by hand with a resolver that returns any value of "
        "the answer's type where the tool returns first (else the `Elicit(...)`)"
    )


def other_handshake_call(shown: str, row: int) -> str:
    """The reason for each question of a tool that also makes a handshake-only
    call the codemod does not rewrite (``ctx.session.elicit_form(...)``, a
    ``ctx.elicit`` passed as a value): a rewrite of the questions alone would
    ask them and run the body up to that call before it fails on 2026-07-28,
    where the original failed at its first question."""
    return (
        f"this tool also calls `{shown}` (line {row}), which elicit-migrate does not "
        "rewrite and which fails on 2026-07-28 connections: rewriting only this "
        "question would ask it and run the body up to that call before failing there; "
        "ask that one with `ctx.elicit(...)` too (or declare both by hand), then run again"
    )


def removed_method_call(shown: str, row: int) -> str:
    """The reason for each question of a tool that also calls a method FastMCP 4's
    ``Context`` does not have (``ctx.sample(...)``, MCP029): it raises
    ``AttributeError`` on every era, so a rewrite of the questions alone would ask
    them and run the body up to that call on 2026-07-28, where the original failed
    at its first question (low14)."""
    return (
        f"this tool also calls `{shown}` (line {row}), which FastMCP 4's `Context` does not "
        "have (MCP029): it fails on every era, and rewriting only this question would ask "
        "it and run the body up to that call before failing there; replace that call "
        "first, then run again"
    )


CALLS_ONLY = "it rewrites `ctx.elicit(...)` calls only; declare the value by hand"
"""The reason for another handshake-only elicitation call (``ctx.elicit_url(...)``,
``ctx.session.elicit_form(...)``, ``elicit_with_validation(ctx.session, ...)``,
``ctx.elicit`` passed as a value): MCP001's verdict on it, in the same words, and the
codemod's skip (family ``"handshake"``, listed in the run's summary)."""


def other_request_call(shown: str, row: int, mode: str) -> str:
    """The reason for each question of a tool that also sends a sampling or roots
    request back to the client (``ctx.session.create_message(...)``,
    ``ctx.session.list_roots()``; ``mode`` ``"sampling"`` or ``"roots"``): as
    :func:`other_handshake_call`, but no question can stand in for it (fix13)."""
    return (
        f"this tool also calls `{shown}` (line {row}), a {mode} request elicit-migrate does "
        "not rewrite and which fails on 2026-07-28 connections: rewriting only this "
        "question would ask it and run the body up to that call before failing there; "
        "move that request out of this tool (or migrate the tool by hand), then run again"
    )


REQUEST_ONLY = (
    "it rewrites `ctx.elicit(...)` calls only, not sampling or roots requests: migrate "
    "it by hand as MCP001 says (on `MCPServer` a `Sample`/`ListRoots` resolver; on "
    "FastMCP there is none: keep it for handshake-era clients)"
)
"""The reason for a sampling or roots request (``ctx.session.create_message(...)``,
``ctx.session.list_roots()``): MCP001's verdict on it and the codemod's skip, as
:data:`CALLS_ONLY` for the other handshake-only calls (fix13)."""


def handshake_reason(mode: str) -> str:
    """MCP001's verdict and the codemod's skip for a handshake-only call other than
    ``ctx.elicit(...)`` of ``mode`` (``HandshakeCall.mode``): :data:`REQUEST_ONLY`
    for ``"sampling"`` and ``"roots"``, else :data:`CALLS_ONLY`."""
    return REQUEST_ONLY if mode in ("sampling", "roots") else CALLS_ONLY
