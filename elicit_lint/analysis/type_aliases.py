"""Module-level type aliases read through their value, as ``typing.get_type_hints``
evaluates them when ``@declared_elicitation`` is applied: ``Either = int | str``
(or ``Either: TypeAlias = ...``) bound once, by one top-level statement, is
``int | str`` wherever an annotation names it (MCP002's union, MCP006's markers
behind an ``Annotated`` alias). Standard library only."""

from __future__ import annotations

import ast
import copy

from ..model import Model

__all__ = ["alias_value", "expanded"]


def alias_value(model: Model, expr: ast.expr | None, scope=None) -> ast.expr | None:
    """The value of the module-level alias ``expr`` names (read in ``scope``, default
    the module), followed through up to four aliases; ``None`` when ``expr`` is no
    name, or its name is not bound once, by a plain assignment at the top level of
    the module (a class, an import, a name bound twice or under an ``if``)."""
    value = None
    for _ in range(4):
        if not isinstance(expr, ast.Name):
            return value
        found = (scope or model.module_scope).lookup(expr.id)
        if found is None:
            return value
        owner, bindings = found
        if owner.kind != "module" or len(bindings) != 1:
            return value
        binding = bindings[0]
        if binding.kind != "assign" or binding.value is None or binding.fallback:
            return value
        if not any(binding.node is s for s in model.tree.body):
            return value
        expr = value = binding.value
    return value


def expanded(model: Model, expr: ast.expr | None, scope=None) -> ast.expr | None:
    """``expr`` with every name of a module-level alias in it replaced by the alias's
    value (:func:`alias_value`; ``Either | None`` -> ``int | str | None``): a copy
    when something was replaced, ``expr`` itself otherwise (``None`` stays ``None``)."""
    if expr is None:
        return None
    whole = alias_value(model, expr, scope)
    if whole is not None:
        return expanded(model, whole, scope)
    if not any(
        isinstance(n, ast.Name) and alias_value(model, n, scope) is not None for n in ast.walk(expr)
    ):
        return expr

    class _Expand(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.expr:
            value = alias_value(model, node, scope)
            return node if value is None else expanded(model, value, scope)

    return _Expand().visit(copy.deepcopy(expr))
