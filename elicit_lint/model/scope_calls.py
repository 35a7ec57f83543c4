"""What one call contributes to its scope's records (:class:`.scopes.Scope`):
candidate ``.elicit(...)`` sites, handshake-only calls (and calls that pass a
context's ``elicit`` as a value), calls whose first argument is a name or an
attribute. Called from the scope walk for every ``ast.Call``."""

from __future__ import annotations

import ast

_HANDSHAKE_ATTRS = frozenset({"elicit", "elicit_form", "elicit_url", "create_message", "list_roots"})
"""``ServerSession`` back-channel methods (``model.names.HANDSHAKE_SESSION_METHODS``)."""
_REMOVED = frozenset({"sample", "sample_step", "list_roots"})
"""Methods FastMCP 4 removed from its ``Context`` (``model.names.FASTMCP_REMOVED_METHODS``)."""
CALL_ATTRS = _HANDSHAKE_ATTRS | _REMOVED | {"elicit_with_validation"}
"""Attribute names of a callee ``<expr>.<attr>(...)`` that :func:`record_call` may record as a site or handshake call."""
CALL_NAMES = frozenset({"elicit_with_validation", "elicit_url"})
"""Names of a callee ``<name>(...)`` that :func:`record_call` records as a handshake call."""


def record_call(scope, sub: ast.Call) -> None:
    """Record what one call contributes to ``scope`` (candidate sites, handshake
    calls and registrations)."""
    func = sub.func
    if isinstance(func, ast.Attribute):
        attr = func.attr
        if attr == "elicit":
            scope.elicit_calls.append(sub)
        if attr in _HANDSHAKE_ATTRS and (
            attr == "elicit_url"
            or (isinstance(func.value, ast.Attribute) and func.value.attr == "session")
            or (attr != "elicit" and isinstance(func.value, ast.Name))  # `s = ctx.session`
        ) or attr in _REMOVED or attr == "elicit_with_validation":
            scope.handshake_calls.append(sub)
    elif isinstance(func, ast.Name) and func.id in CALL_NAMES:
        scope.handshake_calls.append(sub)
    if passes_elicit(sub):  # `partial(ctx.elicit, ...)`: ask made elsewhere
        scope.handshake_calls.append(sub)
    if sub.args:
        first = sub.args[0]
        if isinstance(first, ast.Name):
            scope.name_calls.append(sub)
        elif isinstance(first, ast.Attribute) and isinstance(first.value, ast.Name):
            scope.attribute_calls.append(sub)


def passes_elicit(call: ast.Call) -> bool:
    """Whether an argument of ``call`` is an ``<x>.elicit`` attribute passed as a
    value (``functools.partial(ctx.elicit, ...)``, ``run_with(ctx.elicit, q)``)."""
    for arg in call.args:
        if type(arg) is ast.Attribute and arg.attr == "elicit":
            return True
    for keyword in call.keywords:
        value = keyword.value
        if type(value) is ast.Attribute and value.attr == "elicit":
            return True
    return False
