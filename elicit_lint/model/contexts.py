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
``ctx.session``) and ``super()`` never are, except ``self.<attr>`` held from a
context, and an unannotated helper parameter every call fills with one
(:mod:`.held`). The sites found through these receivers are in :mod:`.context_sites`.
"""

from __future__ import annotations

import ast

from . import annotation as ann
from . import held, names
from .context_sites import find_handshake_calls, find_sites
from .nodes import ContextRef, Function
from .positions import LineIndex
from .scopes import Binding, Scope

__all__ = [
    "ContextResolver",
    "context_framework",
    "find_handshake_calls",
    "find_sites",
    "is_context_annotation",
]

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

    def __init__(
        self,
        lines: LineIndex,
        scopes: dict[ast.AST, Scope],
        functions: dict[ast.AST, Function],
        outside: dict[tuple[ast.AST, str], str | None] | None = None,
    ):
        self._lines = lines
        self._scopes = scopes
        self._functions = functions
        self._held: dict[tuple[int, str], str | None] = {}  # (class scope, attribute) -> framework
        self._passed: dict[tuple[int, int | None, str | None], str | None] = {}
        self._outside = outside or {}
        """``{(def node, parameter name): framework}``: what the calls of other modules
        of the run pass to a helper's parameter (:mod:`.passed`); ``None``: a read
        there that is not such a call."""

    def annotation_framework(self, expr: ast.expr | None, scope: Scope) -> str | None:
        """:func:`context_framework` of an annotation evaluated in ``scope``."""
        return context_framework(expr, scope, self._lines)

    def all_scopes(self) -> list[Scope]:
        """Every ``def``/``class``/``lambda`` scope of the module."""
        return list(self._scopes.values())

    def child_scopes(self, parent: Scope) -> list[Scope]:
        """The scopes directly inside ``parent`` (a class's methods)."""
        return [s for s in self._scopes.values() if s.parent is parent]

    def held_attribute(self, cls: Scope, attr: str, depth: int) -> str | None:
        """The framework of ``self.<attr>`` in class ``cls`` (:func:`.held.attribute_framework`),
        computed once; ``None`` while it is being computed (a cycle)."""
        key = (id(cls), attr)
        if key not in self._held:
            self._held[key] = None
            self._held[key] = held.attribute_framework(self, cls, attr, depth)
        return self._held[key]

    def passed_framework(
        self, function: ast.AST, home: Scope, index: int | None, keyword: str | None, name: str, depth: int
    ) -> str | None:
        """The framework of the contexts every call passes to a helper's parameter
        ``name`` (:func:`.held.passed_frameworks` in the module, and the calls of
        other modules of the run given as ``outside``), computed once; ``None``
        without a call, while it is being computed (a recursive helper) or beyond
        :data:`.held.MAX_HOPS` hops."""
        key = (id(function), index, keyword)
        if key not in self._passed:
            if depth > 2 * held.MAX_HOPS:
                return None
            self._passed[key] = None
            found = held.passed_frameworks(self, function, home, index, keyword, depth)
            if found is not None and (function, name) in self._outside:
                other = self._outside[(function, name)]
                found = None if other is None else found | {other}
            self._passed[key] = found.pop() if found is not None and len(found) == 1 else None
        return self._passed[key]

    def from_outside(self, function: ast.AST, name: str) -> bool:
        """Whether calls of other modules of the run fill the parameter ``name``
        of ``function`` (the ``outside`` given to this resolver)."""
        return (function, name) in self._outside

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
        if isinstance(expr, ast.Attribute) and depth < 4:
            return held.attribute_context(self, expr, scope, depth)
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
            if function is not None and function.is_component:
                return None  # the framework fills a tool's parameters, not the module's calls
            return held.passed_context(self, b, owner, depth)
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
