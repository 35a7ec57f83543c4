"""Calls of a ``@declared_elicitation`` function that pass one of its elicited
parameters (a batch job's ``await withdraw(10, confirm=True)``): in the module
(:func:`direct_calls`), and in the run's other modules (:func:`apply_elsewhere`,
through the run's index).

The runtime's wrapper takes the elicited parameters out of the signature
(``elicit_lint/runtime/decorator.py``): an elicited parameter passed by keyword
raises ``TypeError`` ("call the undecorated function ``f.__wrapped__``"), and one
passed by position lands on another parameter or is one too many. Only a call of
a module-level function, by its name bound once (its ``def``, or in another
module its ``from <module> import f [as g]``) and nowhere else, is read.
Standard library only.
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


def rebound(tree: ast.Module, names: set[str]) -> set[str]:
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
                if name in counts:  # a `global f` rebinds f elsewhere
                    counts[name] += 2
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
    for name in rebound(model.tree, set(declared)):
        del declared[name]
    out: list[DirectCall] = []
    for node in ast.walk(model.tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in declared):
            continue
        definition, elicited = declared[node.func.id]
        out += [DirectCall(node, node.func.id, p, a) for p, a in passed(node, definition, elicited)]
    out.sort(key=lambda c: (c.argument.lineno, c.argument.col_offset))  # type: ignore[attr-defined]
    return out


def passed(call: ast.Call, definition, elicited: set[str]) -> list[tuple[str, ast.AST]]:
    """``[(parameter name, argument)]``: the elicited parameters (``elicited``)
    of the ``def`` ``definition`` that ``call`` passes, by keyword then by
    position (up to the first ``*args``)."""
    out: list[tuple[str, ast.AST]] = []
    for keyword in call.keywords:
        if keyword.arg in elicited:
            out.append((keyword.arg, keyword))
    positional = [*definition.args.posonlyargs, *definition.args.args]
    for arg, param in zip(call.args, positional):
        if isinstance(arg, ast.Starred):
            break
        if param.arg in elicited:
            out.append((param.arg, arg))
    return out


@dataclass(frozen=True)
class CallElsewhere:
    """A call in another module of the run (``where``: ``"path:row"``) passing
    the elicited parameter ``param`` (``node``: its ``ast.arg`` in this module's
    ``def``) of the declared function ``function``."""

    function: str
    param: str
    node: ast.arg
    where: str


def apply_elsewhere(model: Model, project) -> bool:
    """Record in ``model.calls_elsewhere`` (a list of :class:`CallElsewhere`,
    in the order of the parameters, then of the callers) the calls of the
    module's declared functions in the run's other modules that pass an
    elicited parameter. ``project``: the run's index
    (``workspace/tool_index.py``; its ``calls_elsewhere``: one lookup, over the
    files whose text imports this module only). Returns whether the index was
    asked (only for a module declaring such a function)."""
    model.calls_elsewhere = []
    ask = getattr(project, "calls_elsewhere", None)
    declared = _declared(model) if ask is not None else {}
    for name in rebound(model.tree, set(declared)) if declared else ():
        del declared[name]
    if not declared:
        return False
    out: list[CallElsewhere] = []
    for name, calls in sorted(ask(model.filename, sorted(declared)).items()):
        definition, elicited = declared[name]
        params = {
            a.arg: a for a in (*definition.args.posonlyargs, *definition.args.args, *definition.args.kwonlyargs)
        }
        for where, call in calls:
            out += [CallElsewhere(name, p, params[p], f"{where}:{a.lineno}") for p, a in passed(call, definition, elicited)]
    out.sort(key=lambda c: (c.node.lineno, c.node.col_offset))
    model.calls_elsewhere = out
    return True
