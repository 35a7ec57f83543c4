"""Helper parameters other modules fill with a context (docs/architecture.md
"Terms": context).

An unannotated parameter of a module-level helper is a ``passed`` context when
every call fills it with a proven context (:mod:`.held`). The calls the model of
one module sees are its own; a helper whose callers live in other modules of the
run (``async def handler(message, context): await context.elicit(...)``, called
as ``handler(m, context=get_context())`` from the tools of other modules) needs
the run's index. This module names the parameters worth that question
(:func:`open_parameters`) and rebuilds the model's sites with the answer
(:func:`add_outside`); the workspace layer asks the index
(``elicit_lint.workspace.passed_calls``).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from .contexts import (
    ContextResolver,
    find_handshake_calls,
    find_sites,
)
from .nodes import Function


@dataclass(frozen=True)
class OpenParameter:
    """An unannotated parameter (no default, or ``None``) of the module-level
    helper ``function`` that a handshake-only call of the helper uses as its
    receiver and that the module's own calls do not prove a context: ``index``
    its position (``None``: keyword-only), ``keyword`` the name a call may pass
    it by (``None``: positional-only)."""

    function: Function
    name: str
    index: int | None
    keyword: str | None


def _receiver_root(expr: ast.expr) -> str | None:
    while isinstance(expr, ast.Attribute):
        expr = expr.value
    return expr.id if isinstance(expr, ast.Name) else None


def _used_names(model, function: Function) -> set[str]:
    """The root names of the receivers of the handshake-only calls evaluated in
    ``function``'s own scope that the model did not prove contexts."""
    scope = function.scope
    seen = {id(s.call) for s in (*model.sites, *model.aliased_sites)}
    seen |= {id(c.call) for c in model.handshake_calls}
    out = set()
    for call in (*scope.elicit_calls, *scope.handshake_calls):
        if id(call) not in seen and isinstance(call.func, ast.Attribute):
            root = _receiver_root(call.func.value)
            if root is not None:
                out.add(root)
    for assign in scope.elicit_aliases:
        root = _receiver_root(assign.value)
        if root is not None:
            out.add(root)
    return out


def open_parameters(model) -> list[OpenParameter]:
    """The :class:`OpenParameter` of ``model`` (a :class:`.build.Model`), in source order:
    only module-level plain functions bound once by their ``def``, never a
    registered component (the framework fills a tool's parameters)."""
    out = []
    top = model.module_scope
    for function in model.functions:
        node = function.node
        if function.scope.parent is not top or function.is_component:
            continue
        if len(top.bindings.get(node.name, [])) != 1:
            continue
        used = _used_names(model, function)
        if not used:
            continue
        args = node.args
        positional = [*args.posonlyargs, *args.args]
        defaults = dict(zip([a.arg for a in positional][len(positional) - len(args.defaults):], args.defaults))
        defaults.update({a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None})
        for arg in [*positional, *args.kwonlyargs]:
            default = defaults.get(arg.arg)
            if arg.arg not in used or arg.annotation is not None:
                continue
            if default is not None and not (isinstance(default, ast.Constant) and default.value is None):
                continue
            if len(function.scope.bindings.get(arg.arg, [])) != 1:
                continue
            index = positional.index(arg) if arg in positional else None
            keyword = None if arg in args.posonlyargs else arg.arg
            out.append(OpenParameter(function, arg.arg, index, keyword))
    return out


def add_outside(model, outside: dict[tuple[str, str], str | None]) -> None:
    """Find ``model``'s sites and handshake-only calls again with ``outside``
    (``{(module-level helper name, parameter name): framework, or None for a
    read of the helper in another module that is not a call passing a proven
    context}``, kept in ``model.outside``): a parameter every call, in the module
    and in the others, fills with a context of one framework is a
    ``"passed-elsewhere"`` context. Only adds: the model's own proofs do not read
    ``outside``."""
    model.outside.update(outside)
    by_node = {f.node: f for f in model.functions}
    top = {f.name: f.node for f in model.functions if f.scope.parent is model.module_scope}
    keyed = {(top[name], param): framework for (name, param), framework in model.outside.items() if name in top}
    contexts = ContextResolver(model.lines, model.scopes, by_node, keyed)
    parents = lambda: model.parents
    sites, aliased, calls = [], [], []
    for node, scope in [(None, model.module_scope), *model.scopes.items()]:
        function = by_node.get(node) if node else None
        found, found_aliased = find_sites(scope, function, contexts, model.lines, parents)
        sites.extend(found)
        aliased.extend(found_aliased)
        if scope.handshake_calls:
            calls.extend(find_handshake_calls(scope, function, contexts, model.lines))
    model.sites = sorted(sites, key=lambda s: (s.span.start, s.span.end))
    model.aliased_sites = sorted(aliased, key=lambda s: (s.span.start, s.span.end))
    model.handshake_calls = sorted(calls, key=lambda c: (c.span.start, c.span.end))


def carry_outside(original, other) -> None:
    """Give ``other`` (a model of an equivalent text of the same module) the
    answers :func:`add_outside` gave ``original``, by helper name."""
    if original.outside:
        add_outside(other, original.outside)
