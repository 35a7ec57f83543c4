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
    return locate.fallback_in_try(handler)
