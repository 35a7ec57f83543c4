"""Imports after a rewrite, with libcst's own helpers (comments kept).

Added (``AddImportsVisitor``, which reuses an existing ``from typing import ...``):
``Annotated``; ``Elicit`` (and ``declared_elicitation`` for the runtime target)
from the target module; ``Literal`` when a shorthand list became one. Removed
(``RemoveImportsVisitor``, which removes a name only when nothing uses it any
more): ``Context``, the result classes (``AcceptedElicitation`` ...) and
``get_context``, from whichever module the file imported them.
"""

from __future__ import annotations

import ast

import libcst as cst
from libcst.codemod import CodemodContext
from libcst.codemod.visitors import AddImportsVisitor, RemoveImportsVisitor

_MAYBE_UNUSED = frozenset(
    {
        "Context",
        "AcceptedElicitation",
        "DeclinedElicitation",
        "CancelledElicitation",
        "get_context",
    }
)


def fix_imports(module: cst.Module, model, plan, target: str) -> cst.Module:
    """Add what the rewritten ``module`` needs and drop what it no longer uses."""
    context = CodemodContext()
    AddImportsVisitor.add_needed_import(context, "typing", "Annotated")
    AddImportsVisitor.add_needed_import(context, target, "Elicit")
    if target == "elicit_lint.runtime":
        AddImportsVisitor.add_needed_import(context, target, "declared_elicitation")
    for function in plan.functions:
        for module_name, name in sorted(function.imports):
            AddImportsVisitor.add_needed_import(context, module_name, name)
    for stmt in model.tree.body:
        if isinstance(stmt, ast.ImportFrom) and stmt.module and not stmt.level:
            for alias in stmt.names:
                if alias.name in _MAYBE_UNUSED:
                    RemoveImportsVisitor.remove_unused_import(
                        context, stmt.module, alias.name, alias.asname
                    )
    module = AddImportsVisitor(context).transform_module(module)
    return RemoveImportsVisitor(context).transform_module(module)
