"""Imports after a rewrite, with libcst's own helpers (comments kept).

Added (``AddImportsVisitor``, which reuses an existing ``from typing import ...``):
``Annotated``; ``Elicit`` (and ``declared_elicitation`` for the runtime target)
from the target module; ``Literal`` when a shorthand list became one. Removed
(``RemoveImportsVisitor``, which removes a name only when nothing uses it any
more): ``Context``, the result classes (``AcceptedElicitation`` ...) and
``get_context``, the SDK's ``ElicitationResult`` and ``Resolve``, from whichever
module the file imported them; after an SDK ``Resolve(fn)`` rewrite, the SDK's
``Elicit`` (its name now means the target's marker).
"""

from __future__ import annotations

import ast

import libcst as cst
import libcst.helpers
from libcst.codemod import CodemodContext
from libcst.codemod.visitors import AddImportsVisitor, RemoveImportsVisitor

_MAYBE_UNUSED = frozenset(
    {
        "Context",
        "AcceptedElicitation",
        "DeclinedElicitation",
        "CancelledElicitation",
        "get_context",
        "ElicitationResult",
        "Resolve",
    }
)
_SDK_MODULES = frozenset({"mcp.server.mcpserver", "mcp.server.mcpserver.resolve"})


class _DropSdkElicit(cst.CSTTransformer):
    """Removes ``Elicit`` from ``from mcp.server.mcpserver import ...``: after an SDK
    ``Resolve(fn)`` rewrite the name is still used, but for the target's marker
    (``RemoveImportsVisitor`` keeps a name that is used, so it cannot do this)."""

    def leave_ImportFrom(self, original_node, updated_node):
        module = updated_node.module
        if module is None or updated_node.relative:
            return updated_node
        name = cst.helpers.get_full_name_for_node(module)
        if name not in _SDK_MODULES or isinstance(updated_node.names, cst.ImportStar):
            return updated_node
        kept = [
            a
            for a in updated_node.names
            if not (a.evaluated_name == "Elicit" and a.asname is None)
        ]
        if len(kept) == len(updated_node.names):
            return updated_node
        if not kept:
            return cst.RemoveFromParent()
        if updated_node.lpar is None:
            kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return updated_node.with_changes(names=kept)

    def leave_SimpleStatementLine(self, original_node, updated_node):
        if not updated_node.body:
            return cst.RemoveFromParent()
        return updated_node


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
    module = RemoveImportsVisitor(context).transform_module(module)
    if any(f.sdk_sites for f in plan.functions):
        module = module.visit(_DropSdkElicit())
    return module
