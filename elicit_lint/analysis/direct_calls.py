"""Calls, in the module, of a ``@declared_elicitation`` function that pass one of
its elicited parameters (a batch job's ``await withdraw(10, confirm=True)``).

The runtime's wrapper takes the elicited parameters out of the signature
(``elicit_lint/runtime/decorator.py``): an elicited parameter passed by keyword
raises ``TypeError`` ("call the undecorated function ``f.__wrapped__``"), and one
passed by position lands on another parameter or is one too many. Only a call of
a module-level function, by its name bound once (its ``def``) and nowhere else,
is read. Standard library only.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ..model import Model
from .runtime_markers import has_declared_elicitation, runtime_marker


@dataclass(frozen=True)
class DirectCall:
    """``call`` passes ``argument`` (the keyword or positional argument) for the
    elicited parameter ``param`` of the declared function ``function``."""

    call: ast.Call
    function: str
    param: str
    argument: ast.AST


def _declared(model: Model) -> dict[str, tuple[ast.AST, set[str]]]:
    """``{name: (def, elicited parameter names)}`` of the module-level functions
    under ``@declared_elicitation`` with a runtime ``Elicit`` marker."""
    found: dict[str, tuple[ast.AST, set[str]]] = {}
    for param in model.elicited_parameters:
        function = param.function
        if function.is_method or function.scope.parent is not model.module_scope:
            continue
        if not runtime_marker(param) or not has_declared_elicitation(function):
            continue
        found.setdefault(function.name, (function.node, set()))[1].add(param.name)
    return found


def _rebound(tree: ast.Module, names: set[str]) -> set[str]:
    """The names among ``names`` bound anywhere but by one top-level ``def``."""
    counts = dict.fromkeys(names, 0)
    for node in ast.walk(tree):
        bound = None
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound = node.name
        elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            bound = node.id
        elif isinstance(node, ast.arg):
            bound = node.arg
        elif isinstance(node, ast.alias):
            bound = (node.asname or node.name).split(".")[0]
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            for name in node.names:
                counts[name] = counts.get(name, 0) + 2
        if bound in counts:
            counts[bound] += 1
    return {name for name, count in counts.items() if count != 1}


def direct_calls(model: Model) -> list[DirectCall]:
    """Every call in the module of a declared function (see the module docstring)
    that passes an elicited parameter, in source order; empty when the module
    declares none."""
    declared = _declared(model)
    if not declared:
        return []
    for name in _rebound(model.tree, set(declared)):
        del declared[name]
    out: list[DirectCall] = []
    for node in ast.walk(model.tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in declared):
            continue
        definition, elicited = declared[node.func.id]
        for keyword in node.keywords:
            if keyword.arg in elicited:
                out.append(DirectCall(node, node.func.id, keyword.arg, keyword))
        positional = [*definition.args.posonlyargs, *definition.args.args]  # type: ignore[attr-defined]
        for arg, param in zip(node.args, positional):
            if isinstance(arg, ast.Starred):
                break
            if param.arg in elicited:
                out.append(DirectCall(node, node.func.id, param.arg, arg))
    out.sort(key=lambda c: (c.argument.lineno, c.argument.col_offset))  # type: ignore[attr-defined]
    return out
