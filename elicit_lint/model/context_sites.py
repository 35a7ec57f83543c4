"""Imperative elicitation sites and other handshake-only calls of one scope
(docs/architecture.md "Terms": context): the calls whose receiver
:class:`.contexts.ContextResolver` proves a context."""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import replace

from . import names
from .held import ContextResolver
from .nodes import ContextRef, ElicitationSite, Function, HandshakeCall
from .positions import LineIndex
from .scopes import Scope, own_nodes


def _arguments(call: ast.Call) -> tuple[ast.expr | None, ast.expr | None, str]:
    """``(message, response_type, response_type_form)`` of an ``elicit`` call."""
    starred = any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords)
    keywords = {k.arg: k.value for k in call.keywords if k.arg}
    message = call.args[0] if call.args and not isinstance(call.args[0], ast.Starred) else keywords.get("message")
    if len(call.args) >= 2 and not isinstance(call.args[1], ast.Starred):
        return message, call.args[1], "positional"
    if "response_type" in keywords:
        return message, keywords["response_type"], "keyword"
    if "schema" in keywords:
        return message, keywords["schema"], "schema"
    return message, None, "unknown" if starred else "missing"


def _aliases(scope: Scope, contexts: ContextResolver) -> dict[str, tuple[ast.Assign, ContextRef]]:
    """Names of ``scope`` bound only to ``<context>.elicit`` (``elicit = ctx.elicit``),
    each with its last assignment and that assignment's context. Every binding of
    the name in the scope must be such an assignment on a context."""
    candidates = {id(a) for a in scope.elicit_aliases}
    out: dict[str, tuple[ast.Assign, ContextRef]] = {}
    for assign in scope.elicit_aliases:
        target = assign.targets[0] if len(assign.targets) == 1 else None
        if not isinstance(target, ast.Name) or target.id in out:
            continue
        bindings = scope.bindings.get(target.id, [])
        refs = [
            contexts.of_expr(b.node.value.value, scope)  # type: ignore[attr-defined]
            if b.kind == "assign" and id(b.node) in candidates
            else None
            for b in bindings
        ]
        if refs and all(r is not None for r in refs):
            out[target.id] = (bindings[-1].node, refs[-1])  # type: ignore[assignment]
    return out


def find_sites(
    scope: Scope,
    function: Function | None,
    contexts: ContextResolver,
    lines: LineIndex,
    parents: Callable[[], dict[ast.AST, ast.AST]],
) -> tuple[list[ElicitationSite], list[ElicitationSite]]:
    """``(sites, aliased)``: every ``<context>.elicit(...)`` evaluated in ``scope``,
    and every call there of a local alias of ``<context>.elicit`` (see
    :func:`_aliases`), nested functions excluded (a call from a nested function
    of an alias is not followed). ``parents()``: the module's parent map
    (``Model.parents``), asked only when there is a call."""
    calls: list[tuple[ast.Call, ContextRef]] = []
    for node in scope.elicit_calls:
        ref = contexts.of_expr(node.func.value, scope)
        if ref is not None and ref.framework != names.LOWLEVEL_FRAMEWORK:
            calls.append((node, ref))
    sites = _sites(calls, function, lines, parents)
    aliases = _aliases(scope, contexts) if scope.elicit_aliases else {}
    if not aliases:
        return sites, []
    alias_calls = [
        node
        for node in own_nodes(scope.node)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in aliases
    ]
    aliased = _sites([(call, aliases[call.func.id][1]) for call in alias_calls], function, lines, parents)  # type: ignore[attr-defined]
    return sites, [
        replace(site, receiver=aliases[site.call.func.id][0].value.value, alias=aliases[site.call.func.id][0])  # type: ignore[attr-defined]
        for site in aliased
    ]


def _sites(
    calls: list[tuple[ast.Call, ContextRef]],
    function: Function | None,
    lines: LineIndex,
    module_parents: Callable[[], dict[ast.AST, ast.AST]],
) -> list[ElicitationSite]:
    if not calls:
        return []
    parents = module_parents()
    sites = []
    for call, ref in calls:
        message, response_type, form = _arguments(call)
        up = parents.get(call)
        await_node = up if isinstance(up, ast.Await) else None
        statement: ast.AST | None = call
        while statement is not None and not isinstance(statement, ast.stmt):
            statement = parents.get(statement)
        value = await_node or call
        targets: list[str] = []
        if isinstance(statement, ast.Assign) and statement.value is value:
            targets = [t.id for t in statement.targets if isinstance(t, ast.Name)]
        elif isinstance(statement, ast.AnnAssign) and statement.value is value and isinstance(statement.target, ast.Name):
            targets = [statement.target.id]
        sites.append(
            ElicitationSite(
                call=call,
                receiver=call.func.value if isinstance(call.func, ast.Attribute) else call.func,
                context=ref,
                function=function,
                span=lines.span(call),
                message=message,
                response_type=response_type,
                response_type_form=form,
                await_node=await_node,
                statement=statement,
                targets=targets,
            )
        )
    return sites


_HELPERS = {
    names.SDK_ELICIT_WITH_VALIDATION: "elicit_with_validation",
    "mcp.server.elicitation.elicit_url": "elicit_url",
}


def _session_owner(expr: ast.expr, scope: Scope, contexts: ContextResolver) -> ContextRef | None:
    """The context whose session ``expr.session`` is: ``ctx`` or ``ctx.request_context``."""
    if isinstance(expr, ast.Attribute) and expr.attr == "request_context":
        ref = contexts.of_expr(expr.value, scope)
        return ref if ref is not None and ref.framework != names.LOWLEVEL_FRAMEWORK else None
    return contexts.of_expr(expr, scope)


def _session_local(name: ast.Name, scope: Scope) -> ast.Attribute | None:
    """The ``<x>.session`` a local bound once by a plain assignment holds, else ``None``."""
    bindings = scope.bindings.get(name.id, [])
    if len(bindings) != 1 or bindings[0].kind != "assign":
        return None
    value = bindings[0].value
    return value if isinstance(value, ast.Attribute) and value.attr == "session" else None


def find_handshake_calls(
    scope: Scope, function: Function | None, contexts: ContextResolver, lines: LineIndex
) -> list[HandshakeCall]:
    """Every handshake-only call in ``scope`` other than ``<context>.elicit(...)``
    (:class:`.nodes.HandshakeCall`), nested functions excluded."""
    out = []
    for call in scope.handshake_calls:
        for ref in _elicit_values(call):
            ref_context = contexts.of_expr(ref.value, scope)
            if ref_context is not None and ref_context.framework != names.LOWLEVEL_FRAMEWORK:
                out.append(HandshakeCall(call, ref_context, function, lines.span(ref), "elicit", "value", ast.unparse(ref)))
        func = call.func
        if isinstance(func, ast.Attribute) and func.attr in names.FASTMCP_REMOVED_METHODS:
            ref = contexts.of_expr(func.value, scope)
            if ref is not None and ref.framework == names.FASTMCP_FRAMEWORK:  # no such method
                out.append(HandshakeCall(call, ref, function, lines.span(call), func.attr, "removed", ast.unparse(func)))
                continue
        if isinstance(func, ast.Attribute) and func.attr in names.HANDSHAKE_SESSION_METHODS:
            owner = func.value
            if func.attr == "elicit_url":
                ref = contexts.of_expr(owner, scope)
                if ref is not None and ref.framework == names.MCPSERVER_FRAMEWORK:
                    out.append(HandshakeCall(call, ref, function, lines.span(call), "elicit_url", "context", ast.unparse(func)))
                    continue
            if isinstance(owner, ast.Name):  # `s = ctx.session`, then `s.elicit_form(...)`
                owner = _session_local(owner, scope) or owner
            if isinstance(owner, ast.Attribute) and owner.attr == "session":
                ref = _session_owner(owner.value, scope, contexts)
                if ref is not None:
                    out.append(HandshakeCall(call, ref, function, lines.span(call), func.attr, "session", ast.unparse(func)))
            continue
        helper = _HELPERS.get(scope.qualified_name(func) or "")
        if helper is None:
            continue
        keywords = {k.arg: k.value for k in call.keywords if k.arg}
        session = call.args[0] if call.args else keywords.get("session")
        if isinstance(session, ast.Attribute) and session.attr == "session":
            ref = _session_owner(session.value, scope, contexts)
            if ref is not None:
                out.append(HandshakeCall(call, ref, function, lines.span(call), helper, "helper", ast.unparse(func)))
    return out


def _elicit_values(call: ast.Call) -> list[ast.Attribute]:
    """The ``<x>.elicit`` attributes passed as values to ``call`` (arguments and
    keyword values): each asks wherever it is called, through the back channel."""
    values = [*call.args, *(k.value for k in call.keywords)]
    return [v for v in values if isinstance(v, ast.Attribute) and v.attr == "elicit"]
