"""Contexts and imperative elicitation sites (docs/architecture.md "Terms": context).

A receiver is a FastMCP ``Context`` only when the model can show it: an
annotation resolving to ``fastmcp.server.context.Context`` (``X | None``,
``Optional[X]``, string forms), a ``CurrentContext()`` default, a
``get_context()`` result (direct or via a variable), a ``Context(...)`` instance,
the result of a call to a function of the module annotated ``-> Context`` (or
``Context | None``), or an unannotated parameter named ``ctx`` of a registered tool. Every binding of
the name in its scope must agree (flow-insensitive), so a name rebound to
something else is not a context. One attribute receiver is: ``<m>.fastmcp_context``
where ``<m>`` is a FastMCP ``MiddlewareContext`` (a parameter annotated
``MiddlewareContext[...]``, or the unannotated ``context`` parameter of a hook such
as ``on_call_tool`` in a class deriving from ``Middleware`` or one of fastmcp's
own middleware classes; see
:data:`.names.MIDDLEWARE_HOOKS`). Other attribute receivers (``self.session``,
``ctx.session``) and ``super()`` never are.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import replace

from . import annotation as ann
from . import names
from .nodes import ContextRef, ElicitationSite, Function, HandshakeCall
from .positions import LineIndex
from .scopes import Binding, Scope, own_nodes

_CONTEXT_CLASSES = {
    names.CONTEXT: names.FASTMCP_FRAMEWORK,
    names.SDK_CONTEXT: names.MCPSERVER_FRAMEWORK,
    names.SDK_REQUEST_CONTEXT: names.LOWLEVEL_FRAMEWORK,
}
"""Context classes -> the framework whose context they are. FastMCP's and the
SDK's ``Context`` both offer ``elicit``; the low-level ``ServerRequestContext``
only ``session``."""


def context_framework(expr: ast.expr | None, scope: Scope, lines: LineIndex, depth: int = 0) -> str | None:
    """The framework of a context annotation (evaluated in ``scope``):
    ``"fastmcp"`` for ``fastmcp.Context``, ``"mcpserver"`` for
    ``mcp.server.mcpserver.Context``, ``"lowlevel"`` for ``ServerRequestContext``;
    also ``X | None``, ``Optional[X]``, ``Annotated[X, ...]``, ``X[...]`` and string
    forms, and a type alias of one of those (``Ctx = ServerRequestContext[...]``,
    one assignment). ``None`` for anything else (or a mix)."""
    if expr is None:
        return None
    qualify = scope.qualified_name
    resolved = ann.resolve(expr, qualify, lines.line)
    arms = [a for a in ann.type_arms(resolved, qualify) if not ann.is_none(a)]
    found = set()
    for arm in arms:
        head = arm.value if isinstance(arm, ast.Subscript) else arm
        if not isinstance(head, (ast.Name, ast.Attribute)):
            return None
        framework = _CONTEXT_CLASSES.get(qualify(head) or "")
        if framework is None and isinstance(head, ast.Name) and depth < 2:
            framework = _alias_framework(head.id, scope, lines, depth)
        found.add(framework)
    return found.pop() if len(found) == 1 else None


def _alias_framework(name: str, scope: Scope, lines: LineIndex, depth: int) -> str | None:
    """The framework of a type alias ``name = <context annotation>`` bound once."""
    found = scope.lookup(name)
    if found is None:
        return None
    owner, bindings = found
    if len(bindings) != 1 or bindings[0].kind != "assign" or bindings[0].value is None:
        return None
    return context_framework(bindings[0].value, owner, lines, depth + 1)


def is_context_annotation(expr: ast.expr | None, scope: Scope, lines: LineIndex) -> bool:
    """Whether an annotation (evaluated in ``scope``) is a FastMCP ``Context`` or ``Context | None``."""
    return context_framework(expr, scope, lines) == names.FASTMCP_FRAMEWORK


class ContextResolver:
    """Answers "is this receiver a context?" for one module."""

    def __init__(self, lines: LineIndex, scopes: dict[ast.AST, Scope], functions: dict[ast.AST, Function]):
        self._lines = lines
        self._scopes = scopes
        self._functions = functions

    def of_expr(
        self, expr: ast.expr, scope: Scope, depth: int = 0, skip: ast.AST | None = None
    ) -> ContextRef | None:
        """The :class:`ContextRef` of a receiver expression evaluated in ``scope``, or ``None``.

        ``a or b`` and ``a if test else b`` are contexts when every value they can
        give is one (``ctx = ctx or get_context()``); ``skip`` is the assignment
        being evaluated, whose own target read in its value means the earlier
        bindings of the name."""
        if isinstance(expr, ast.BoolOp) and isinstance(expr.op, ast.Or) and depth < 4:
            return _all_of([self.of_expr(v, scope, depth + 1, skip) for v in expr.values])
        if isinstance(expr, ast.IfExp) and depth < 4:
            return _all_of([self.of_expr(v, scope, depth + 1, skip) for v in (expr.body, expr.orelse)])
        if isinstance(expr, ast.Call):
            name = scope.qualified_name(expr.func)
            if name == names.GET_CONTEXT:
                return ContextRef("get-context", None, expr)
            if name == names.CONTEXT:
                return ContextRef("instance", None, expr)
            if isinstance(expr.func, ast.Name) and self._returns_context(expr.func.id, scope):
                return ContextRef("returned", None, expr)
            return None
        if isinstance(expr, ast.Name) and depth < 4:
            return self.of_name(expr.id, scope, depth, expr, skip)
        if (
            isinstance(expr, ast.Attribute)
            and expr.attr == "fastmcp_context"
            and isinstance(expr.value, ast.Name)
            and self.is_middleware_context(expr.value.id, scope)
        ):
            return ContextRef("middleware", None, expr)
        return None

    def _returns_context(self, name: str, scope: Scope) -> bool:
        """Whether ``name`` (seen from ``scope``) is bound only by one ``def``
        annotated ``-> Context`` (FastMCP's, or ``Context | None``)."""
        found = scope.lookup(name)
        if found is None:
            return False
        owner, bindings = found
        if len(bindings) != 1 or bindings[0].kind != "function":
            return False
        node = bindings[0].node
        returns = getattr(node, "returns", None)
        return context_framework(returns, owner, self._lines) == names.FASTMCP_FRAMEWORK

    def is_middleware_context(self, name: str, scope: Scope) -> bool:
        """Whether every binding of ``name`` seen from ``scope`` is a parameter
        holding a FastMCP ``MiddlewareContext`` (annotated so, or the ``context``
        parameter of a ``Middleware`` subclass's hook)."""
        found = scope.lookup(name)
        if found is None:
            return False
        owner, bindings = found
        return all(b.kind == "parameter" and self._is_middleware_param(b, owner) for b in bindings)

    def _is_middleware_param(self, b: Binding, owner: Scope) -> bool:
        outer = owner.parent or owner
        if b.annotation is not None:
            resolved = ann.resolve(b.annotation, outer.qualified_name, self._lines.line)
            arms = [a for a in ann.type_arms(resolved, outer.qualified_name) if not ann.is_none(a)]
            heads = [a.value if isinstance(a, ast.Subscript) else a for a in arms]
            return bool(heads) and all(
                isinstance(h, (ast.Name, ast.Attribute)) and outer.qualified_name(h) == names.MIDDLEWARE_CONTEXT
                for h in heads
            )
        node = owner.node
        if b.name != "context" or not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return False
        if node.name not in names.MIDDLEWARE_HOOKS or outer.kind != "class" or not isinstance(outer.node, ast.ClassDef):
            return False
        positional = [*node.args.posonlyargs, *node.args.args]
        if len(positional) < 2 or positional[1] is not b.node:
            return False
        home = outer.parent or outer  # class bases are evaluated in the class's enclosing scope
        return any(names.is_middleware_class(home.qualified_name(base)) for base in outer.node.bases)

    def of_name(
        self, name: str, scope: Scope, depth: int = 0, use: ast.expr | None = None, skip: ast.AST | None = None
    ) -> ContextRef | None:
        """The :class:`ContextRef` of ``name`` read in ``scope``: every binding of
        it must be a context, except parameter bindings that an assignment
        directly in the function's body, before ``use`` (same scope), overwrites:
        a parameter's value cannot reach past such a statement. ``skip``: a
        binding left out (the assignment whose value reads ``name``)."""
        found = scope.lookup(name)
        if found is None:
            return None
        owner, bindings = found
        if skip is not None:
            bindings = [b for b in bindings if b.node is not skip]
        if use is not None and owner is scope and any(b.kind == "parameter" for b in bindings):
            bindings = _reaching(bindings, scope, use)
        refs = [self._of_binding(b, owner, depth) for b in bindings]
        if not refs or any(r is None for r in refs):
            return None
        return refs[0]

    def _of_binding(self, b: Binding, owner: Scope, depth: int) -> ContextRef | None:
        outer = owner.parent or owner  # annotations and defaults live in the enclosing scope
        if b.kind == "parameter":
            framework = context_framework(b.annotation, outer, self._lines)
            if framework == names.MCPSERVER_FRAMEWORK:
                served = self._functions.get(owner.node)
                if served is not None and served.framework == names.FASTMCP_FRAMEWORK:
                    return None  # FastMCP does not inject the SDK's Context (MCP013)
            if framework is not None:
                return ContextRef("annotation", b.name, b.node, framework)
            if isinstance(b.value, ast.Call) and outer.qualified_name(b.value.func) == names.CURRENT_CONTEXT:
                return ContextRef("current-context", b.name, b.node)
            function = self._functions.get(owner.node)
            if b.name == "ctx" and b.annotation is None and b.value is None and function and function.is_component:
                if function.framework == names.MCPSERVER_FRAMEWORK:
                    return None  # MCPServer injects an annotated `Context` only (MCP022)
                return ContextRef("bare-ctx", b.name, b.node)
            return None
        if b.kind == "assign":
            framework = context_framework(b.annotation, owner, self._lines) if b.annotation is not None else None
            if framework is not None:
                return ContextRef("annotation", b.name, b.node, framework)
            if b.value is not None:
                ref = self.of_expr(b.value, owner, depth + 1, skip=b.node)
                if ref is not None:
                    return ContextRef(ref.kind, b.name, b.node, ref.framework)
            return None
        if b.kind == "other" and isinstance(b.node, ast.withitem) and b.value is not None:
            ref = self.of_expr(b.value, owner, depth + 1)
            if ref is not None and ref.kind == "instance":
                return ContextRef("instance", b.name, b.node)
        return None


def _all_of(refs: list[ContextRef | None]) -> ContextRef | None:
    """The first ref when every one is a context, else ``None``."""
    return refs[0] if refs and all(r is not None for r in refs) else None


def _reaching(bindings: list[Binding], scope: Scope, use: ast.expr) -> list[Binding]:
    """``bindings`` without the parameter ones when a plain assignment of the
    name directly in the function's body ends before ``use`` starts."""
    body = getattr(scope.node, "body", None)
    if not isinstance(body, list):
        return bindings
    top = {id(stmt) for stmt in body}
    at = (use.lineno, use.col_offset)
    overwritten = any(
        b.kind == "assign"
        and isinstance(b.node, (ast.Assign, ast.AnnAssign))
        and b.node.value is not None
        and id(b.node) in top
        and (b.node.end_lineno, b.node.end_col_offset) <= at
        for b in bindings
    )
    return [b for b in bindings if b.kind != "parameter"] if overwritten else bindings


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


def find_alias_sites(
    scope: Scope,
    function: Function | None,
    contexts: ContextResolver,
    lines: LineIndex,
    parents: Callable[[], dict[ast.AST, ast.AST]],
) -> list[ElicitationSite]:
    """Calls in ``scope`` of a local alias of ``<context>.elicit`` (see :func:`_aliases`);
    calls from nested functions are not followed. ``parents()``: the module's
    parent map (``Model.parents``), asked only when there is a call."""
    aliases = _aliases(scope, contexts) if scope.elicit_aliases else {}
    if not aliases:
        return []
    calls = [
        node
        for node in own_nodes(scope.node)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in aliases
    ]
    sites = _sites([(call, aliases[call.func.id][1]) for call in calls], function, lines, parents)  # type: ignore[attr-defined]
    return [
        replace(site, receiver=aliases[site.call.func.id][0].value.value, alias=aliases[site.call.func.id][0])  # type: ignore[attr-defined]
        for site in sites
    ]


def find_sites(
    scope: Scope,
    function: Function | None,
    contexts: ContextResolver,
    lines: LineIndex,
    parents: Callable[[], dict[ast.AST, ast.AST]],
) -> list[ElicitationSite]:
    """Every ``<context>.elicit(...)`` evaluated in ``scope`` (nested functions
    excluded); ``parents()`` as for :func:`find_alias_sites`."""
    calls: list[tuple[ast.Call, ContextRef]] = []
    for node in scope.elicit_calls:
        ref = contexts.of_expr(node.func.value, scope)
        if ref is not None and ref.framework != names.LOWLEVEL_FRAMEWORK:
            calls.append((node, ref))
    return _sites(calls, function, lines, parents)


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


def find_handshake_calls(
    scope: Scope, function: Function | None, contexts: ContextResolver, lines: LineIndex
) -> list[HandshakeCall]:
    """Every handshake-only call in ``scope`` other than ``<context>.elicit(...)``
    (:class:`.nodes.HandshakeCall`), nested functions excluded."""
    out = []
    for call in scope.handshake_calls:
        func = call.func
        if isinstance(func, ast.Attribute) and func.attr in names.HANDSHAKE_SESSION_METHODS:
            owner = func.value
            if func.attr == "elicit_url":
                ref = contexts.of_expr(owner, scope)
                if ref is not None and ref.framework == names.MCPSERVER_FRAMEWORK:
                    out.append(HandshakeCall(call, ref, function, lines.span(call), "elicit_url", "context", ast.unparse(func)))
                    continue
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
