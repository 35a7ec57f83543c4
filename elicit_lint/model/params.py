"""Elicited parameters, their markers and resolvers, and guard returns.

Markers: ``elicit_lint.runtime.Elicit`` / ``fastmcp.elicitation.Elicit``
(docs/architecture.md "Terms") and the MCP Python SDK v2's ``Resolve(fn)``
(``mcp/server/mcpserver/resolve.py`` in mcp 2.3.0). A resolver is a function of
this module referenced by name from a marker; one defined elsewhere (imported)
is not analysed. A resolver's ``Depends(...)`` parameters (``uncalled_for.Depends``,
re-exported by ``fastmcp.dependencies``) are not dependencies.
"""

from __future__ import annotations

import ast

from . import annotation as ann
from . import names
from .contexts import context_framework, is_context_annotation
from .nodes import (
    ElicitedParameter,
    Function,
    GuardReturn,
    Marker,
    Resolver,
    ResolverParameter,
    UncalledMarker,
)
from .positions import LineIndex
from .scopes import FunctionNode, Scope, parameter_defaults

MARKERS = frozenset({names.ELICIT, names.SDK_RESOLVE})
_SDK_ARMS = frozenset({names.SDK_ELICIT, names.SDK_SAMPLE, names.SDK_LIST_ROOTS})


_LITERAL_TYPES = {
    ast.List: "list", ast.Tuple: "tuple", ast.Dict: "dict", ast.Set: "set",
    ast.ListComp: "list", ast.SetComp: "set", ast.DictComp: "dict", ast.GeneratorExp: "generator",
}


def _bad_argument(call: ast.Call, message: ast.expr | None, qualify: ann.Qualify) -> str | None:
    """What ``Elicit.__init__`` would reject, named as its ``TypeError`` names it
    (``type(x).__name__``): a literal that is neither a string nor callable, a
    nested marker call, or no message at all. ``None`` when it may be fine
    (names, calls, attributes: anything the checker cannot evaluate)."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    if message is None:
        named = {k.arg for k in call.keywords}
        return None if named & {"message", "message_or_resolver"} else "nothing"
    if isinstance(message, ast.Constant):
        return None if isinstance(message.value, str) else type(message.value).__name__
    if isinstance(message, ast.Call) and qualify(message.func) == names.ELICIT:
        return "Elicit"
    return _LITERAL_TYPES.get(type(message))


def marker_response_type(call: ast.Call) -> ast.expr | None:
    """An ``Elicit(...)`` call's response type: ``response_type=`` or the second
    positional argument (``Elicit.__init__(message, response_type=None, *, ...)``,
    the order of ``ctx.elicit``); ``None`` when absent or behind ``*args``."""
    for keyword in call.keywords:
        if keyword.arg == "response_type":
            return keyword.value
    positional = call.args[:2]
    if len(positional) == 2 and not any(isinstance(a, ast.Starred) for a in positional):
        return positional[1]
    return None


def _outcome(tp: ast.expr | None, scope: Scope) -> tuple[bool, ast.expr | None]:
    """``(True, T)`` for ``ElicitationResult[T]`` (``(True, None)`` bare), else ``(False, tp)``."""
    if tp is None:
        return False, None
    if isinstance(tp, ast.Subscript) and scope.qualified_name(tp.value) == names.ELICITATION_RESULT:
        return True, tp.slice
    if scope.qualified_name(tp) == names.ELICITATION_RESULT:
        return True, None
    # ``ElicitationResult[T] | None`` / ``Optional[...]``: still outcome-typed (the
    # ``None`` is what ``Elicit(..., unavailable=None)`` delivers), as the runtime reads it
    inner = None
    if isinstance(tp, ast.BinOp) and isinstance(tp.op, ast.BitOr):
        if isinstance(tp.right, ast.Constant) and tp.right.value is None:
            inner = tp.left
        elif isinstance(tp.left, ast.Constant) and tp.left.value is None:
            inner = tp.right
    elif isinstance(tp, ast.Subscript) and scope.qualified_name(tp.value) == "typing.Optional":
        inner = tp.slice
    if inner is not None:
        found, answer = _outcome(inner, scope)
        if found:
            return True, answer
    return False, tp


class ParameterAnalyser:
    """Builds :class:`ElicitedParameter`, :class:`Resolver` and :class:`GuardReturn` records."""

    def __init__(self, lines: LineIndex, scopes: dict[ast.AST, Scope]):
        self._lines = lines
        self._scopes = scopes
        self.resolvers: dict[ast.AST, Resolver] = {}
        self.uncalled: list[UncalledMarker] = []

    def elicited(self, function: Function) -> list[ElicitedParameter]:
        outer = function.scope.parent or function.scope
        out = []
        for arg, default, _kind in parameter_defaults(function.node.args):
            if arg.annotation is None:
                continue
            resolved = ann.resolve(arg.annotation, outer.qualified_name, self._lines.line)
            hits = ann.find_markers(resolved, MARKERS, outer.qualified_name)
            if not hits and (aliased := self._alias(arg.annotation, outer)) is not None:
                resolved, hits = aliased  # `X = Annotated[T, Elicit(...)]`, then `p: X`
            for hit in hits:
                if hit.placement == "uncalled" and hit.qualified == names.ELICIT:
                    self.uncalled.append(UncalledMarker(function, arg.arg, hit.call, self._lines.span(hit.call)))
            hits = [hit for hit in hits if hit.placement != "uncalled"]
            if not hits:
                continue
            markers = [self._marker(hit, outer) for hit in hits]
            out.append(
                ElicitedParameter(function, arg, arg.arg, resolved, markers, default, self._lines.span(arg))
            )
        return out

    def _alias(self, annotation: ast.expr, outer: Scope) -> tuple[ast.expr, list[ann.MarkerHit]] | None:
        """A module-level type alias's ``Annotated[...]`` value and its markers, for an
        annotation naming it (bound once, by a plain assignment), when every marker
        there is ``Elicit`` (the runtime honours them through the alias, fresh13);
        ``None`` otherwise. ``Resolve`` markers behind an alias are not followed: a
        rewrite would edit the alias every tool shares."""
        if not isinstance(annotation, ast.Name):
            return None
        found = outer.lookup(annotation.id)
        if found is None or found[0].parent is not None or len(found[1]) != 1:
            return None
        binding = found[1][0]
        value = binding.value if binding.kind == "assign" else None
        if not isinstance(value, ast.Subscript) or found[0].qualified_name(value.value) != names.ANNOTATED:
            return None
        qualify = found[0].qualified_name
        resolved = ann.resolve(value, qualify, self._lines.line)
        hits = ann.find_markers(resolved, MARKERS, qualify)
        if not hits or any(h.qualified != names.ELICIT for h in hits):
            return None
        return resolved, hits

    def _marker(self, hit: ann.MarkerHit, scope: Scope) -> Marker:
        call = hit.call
        keywords = {k.arg: k.value for k in call.keywords if k.arg}
        family = "elicit" if hit.qualified == names.ELICIT else "resolve"
        first = call.args[0] if call.args and not isinstance(call.args[0], ast.Starred) else None
        message = first if first is not None else keywords.get("message" if family == "elicit" else "fn")
        question = resolver_name = resolver = None
        if isinstance(message, (ast.Constant, ast.JoinedStr)):
            question = message if not isinstance(message, ast.Constant) or isinstance(message.value, str) else None
        elif isinstance(message, ast.Name):
            binding = scope.last_binding(message.id)
            if binding is not None and binding.kind == "assign" and isinstance(binding.value, ast.Constant) and isinstance(binding.value.value, str):
                question = binding.value
            else:
                resolver_name = message.id
                if binding is not None and binding.kind == "function":
                    resolver = self.resolver(binding.node)
        outcome, answer_type = _outcome(hit.type, scope) if family == "elicit" else (False, hit.type)
        return Marker(
            outcome=outcome,
            answer_type=answer_type,
            bad_argument=_bad_argument(call, message, scope.qualified_name) if family == "elicit" else None,
            call=call,
            family=family,
            qualified=hit.qualified,
            placement=hit.placement,
            span=self._lines.span(call),
            message=message,
            question=question,
            resolver_name=resolver_name,
            resolver=resolver,
            response_type=marker_response_type(call) if family == "elicit" else keywords.get("response_type"),
            annotated=hit.annotated,
            type=hit.type,
        )

    def resolver(self, node: FunctionNode) -> Resolver:
        """The :class:`Resolver` record of a function (cached per node)."""
        if node in self.resolvers:
            return self.resolvers[node]
        scope = self._scopes[node]
        outer = scope.parent or scope
        qualify = outer.qualified_name
        parameters = []
        for arg, default, kind in parameter_defaults(node.args):
            if kind in ("vararg", "kwarg"):
                pkind = "variadic"
            elif is_context_annotation(arg.annotation, outer, self._lines) or (
                isinstance(default, ast.Call) and qualify(default.func) == names.CURRENT_CONTEXT
            ):
                pkind = "context"
            elif context_framework(arg.annotation, outer, self._lines) == names.MCPSERVER_FRAMEWORK:
                pkind = "sdk-context"
            elif arg.annotation is not None and any(
                h.qualified == names.SDK_RESOLVE
                for h in ann.find_markers(
                    ann.resolve(arg.annotation, qualify, self._lines.line), MARKERS, qualify
                )
            ):
                pkind = "resolved"
            elif isinstance(default, ast.Call):
                called = qualify(default.func)
                if called is not None and called.startswith(names.DEPENDENCY_MODULES):
                    pkind = "depends"
                elif called is None or called.startswith("."):
                    pkind = "call-default"  # a local or relative factory: may build a Dependency
                else:
                    pkind = "defaulted"
            elif default is not None:
                pkind = "defaulted"
            else:
                pkind = "dependency"
            parameters.append(ResolverParameter(arg.arg, arg, pkind, self._lines.span(arg)))
        returns = ann.resolve(node.returns, qualify, self._lines.line)
        elicit_types, value_types = [], []
        if returns is not None:
            for arm in ann.type_arms(returns, qualify):
                if isinstance(arm, ast.Subscript) and qualify(arm.value) == names.ELICIT:
                    elicit_types.append(arm.slice)
                elif isinstance(arm, (ast.Name, ast.Attribute)) and qualify(arm) == names.ELICIT:
                    continue  # bare ``Elicit``: no type to compare
                else:
                    value_types.append(arm)
        sdk_arms = [
            arm
            for arm in (ann.type_arms(returns, qualify) if returns is not None else ())
            if isinstance(arm, (ast.Name, ast.Attribute, ast.Subscript))
            and qualify(arm.value if isinstance(arm, ast.Subscript) else arm) in _SDK_ARMS
        ]
        returned = [
            (callee, sub.value)
            for sub in scope.returns
            if isinstance(sub.value, ast.Call) and (callee := scope.qualified_name(sub.value.func))
        ]
        resolver = Resolver(
            node=node,
            name=node.name,
            span=self._lines.span(node),
            name_span=self._lines.name_span(node),
            parameters=parameters,
            returns=returns,
            elicit_types=elicit_types,
            value_types=value_types,
            returned_calls=returned,
            sdk_arms=sdk_arms,
        )
        self.resolvers[node] = resolver
        return resolver

    def guard_returns(self, function: Function, guards: bool = True) -> list[GuardReturn]:
        """``InputRequiredResult`` in the return annotation or returned by the body.

        Also fills ``function.returned_markers`` (same walk over the body).
        ``guards`` false: only that (the caller knows the module cannot name
        ``InputRequiredResult``); returns ``[]``."""
        out: list[GuardReturn] = []
        scope = function.scope
        if not guards:
            for sub in scope.returns:
                value = sub.value
                if isinstance(value, ast.Call) and scope.qualified_name(value.func) == names.ELICIT:
                    function.returned_markers.append(value)
            return out
        outer = function.scope.parent or function.scope
        returns = function.node.returns
        if returns is not None:
            resolved = ann.resolve(returns, outer.qualified_name, self._lines.line)
            if ann.mentions(resolved, names.INPUT_REQUIRED_RESULT, outer.qualified_name):
                out.append(GuardReturn(function, "annotation", returns, self._lines.span(returns)))
        for sub in scope.returns:
            value = sub.value
            if isinstance(value, ast.Call) and scope.qualified_name(value.func) == names.ELICIT:
                function.returned_markers.append(value)
            if self._is_guard_value(value, scope) or (
                isinstance(value, ast.Name) and self._is_guard_name(value.id, scope)
            ):
                out.append(GuardReturn(function, "return", sub, self._lines.span(sub)))
        return out

    def _is_guard_name(self, name: str, scope: Scope) -> bool:
        """Whether every binding of ``name`` in ``scope`` (its own, not an outer
        one) is a guard value: asked only for a returned name."""
        bindings = scope.bindings.get(name)
        return bool(bindings) and all(self._is_guard_value(b.value, scope) for b in bindings)

    @staticmethod
    def _is_guard_value(value: ast.expr | None, scope: Scope) -> bool:
        return isinstance(value, ast.Call) and scope.qualified_name(value.func) == names.INPUT_REQUIRED_RESULT
