"""Fallbacks written around an ask for a client that cannot be asked.

Servers guard ``ctx.elicit`` with ``try: r = await ctx.elicit(...) except
Exception: <fallback>`` (the 44-file corpus: 7 asks; whole repositories:
okta's ``except McpError``). The runtime's ``Elicit(..., unavailable=VALUE)``
(docs/runtime.md) keeps the fallback for a client without the form elicitation
capability, but such a handler catches more than that on fastmcp 4.2.3 (the
handshake era, measured with a real ``fastmcp.Client``): a client whose
elicitation handler raises, and an answer that fails validation (the
client's check of the schema or ``handle_elicit_accept``), both reach the
server as an ``MCPError`` and take the fallback; after a rewrite both fail the
call. So no such ``try`` is rewritten; :func:`try_reason` says what to do by hand.
"""

from __future__ import annotations

import ast

from . import locate

#: Exception names whose handler catches the failures of ``ctx.elicit`` listed above.
BROAD = frozenset({"Exception", "BaseException", "McpError", "MCPError"})


def _caught(handler: ast.ExceptHandler) -> set[str]:
    kind = handler.type
    if kind is None:
        return {"BaseException"}
    parts = kind.elts if isinstance(kind, ast.Tuple) else [kind]
    names = set()
    for part in parts:
        if isinstance(part, ast.Name):
            names.add(part.id)
        elif isinstance(part, ast.Attribute):
            names.add(part.attr)
    return names


def broad_handler(node: ast.Try) -> str | None:
    """The first handler of ``node`` that catches the failures of ``ctx.elicit`` a
    fallback is written for, spelled as written (``except Exception``), or ``None``."""
    for handler in node.handlers:
        caught = _caught(handler) & BROAD
        if caught:
            return "except" if handler.type is None else f"except {ast.unparse(handler.type)}"
    return None


def try_reason(node: ast.AST, statement: ast.stmt, site=None) -> str | None:
    """The skip reason for an ask that is the only statement of a ``try`` with a broad
    handler (a fallback for a client that cannot be asked), else ``None`` (the
    caller keeps the general reason, ``locate.TRY``). An ask of ``site`` without a
    ``response_type`` gets the MCP002 reason first (:func:`.locate.missing_type_in_try`)."""
    if site is not None and (site.response_type_form == "missing" or site.response_type_is_none):
        handler = broad_handler(node) if isinstance(node, ast.Try) else None
        catches = isinstance(node, ast.Try) and any(
            _caught(h) & {"Exception", "BaseException", "TypeError"} for h in node.handlers
        )
        return locate.missing_type_in_try(handler, catches)
    if not isinstance(node, ast.Try) or node.body != [statement]:
        return None
    handler = broad_handler(node)
    if handler is None:
        return None
    raising = _reraising(node)
    if raising is not None:
        return locate.reraise_in_try(handler, raising)
    return locate.fallback_in_try(handler)


def _reraising(node: ast.Try) -> bool | None:
    """When every broad handler of ``node`` ends in a bare ``raise`` (or raises the
    name it binds): whether each only logs first (:func:`_logs`: ``print(...)``,
    ``logger.exception(...)``); ``None`` otherwise."""
    only_logs = True
    for handler in node.handlers:
        if not _caught(handler) & BROAD:
            continue
        last = handler.body[-1]
        if not (
            isinstance(last, ast.Raise)
            and last.cause is None
            and (last.exc is None or isinstance(last.exc, ast.Name) and last.exc.id == handler.name)
        ):
            return None
        only_logs = only_logs and all(_logs(s) for s in handler.body[:-1])
    return only_logs


_LOG_METHODS = frozenset({"debug", "info", "warning", "warn", "error", "exception", "critical", "log"})


def _logs(stmt: ast.stmt) -> bool:
    """``print(...)`` or ``<x>.<level>(...)`` (a logger's or a context's log
    method, awaited or not) as a statement of its own."""
    call = stmt.value if isinstance(stmt, ast.Expr) else None
    call = call.value if isinstance(call, ast.Await) else call
    if not isinstance(call, ast.Call):
        return False
    func = call.func
    return (isinstance(func, ast.Name) and func.id == "print") or (
        isinstance(func, ast.Attribute) and func.attr in _LOG_METHODS
    )
