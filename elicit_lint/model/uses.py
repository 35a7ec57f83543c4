"""Where a module-level name is used besides its definition (docs/architecture.md
"The analysis object": structural questions are the model's).

A rewrite that changes a function's parameters (a tool given declared
parameters, a helper inlined into its one caller) is safe only when nothing
else in the module calls or passes on that function: :func:`other_uses` lists
the reads of its name that resolve to its binding, leaving out the ones that
only register it (``mcp.add_tool(fn)``, ``Tool.from_function(fn)``);
:func:`exported_names` reads ``__all__``, through which other modules may reach
it. Names are resolved through the scopes (a local ``confirm`` in another
function is not a use), flow-insensitively, as everywhere in the model.
"""

from __future__ import annotations

import ast
import weakref

from .nodes import Function


def exported_names(tree: ast.Module) -> frozenset[str]:
    """The strings listed in module-level ``__all__ = [...]`` / ``(...)``, ``__all__
    += [...]`` and ``__all__.extend([...])`` / ``.append("x")`` statements. Read
    once per tree and kept while the tree lives (it is asked for every tool of a
    module; trees are not changed after parsing)."""
    found = _EXPORTED.get(tree)
    if found is None:
        found = _EXPORTED[tree] = frozenset(_read_exported(tree))
    return found


_EXPORTED: weakref.WeakKeyDictionary[ast.Module, frozenset[str]] = weakref.WeakKeyDictionary()


def _read_exported(tree: ast.Module) -> set[str]:
    found: set[str] = set()
    for stmt in tree.body:
        value: ast.expr | None = None
        if isinstance(stmt, ast.Assign):
            targets = stmt.targets
        elif isinstance(stmt, (ast.AugAssign, ast.AnnAssign)):
            targets = [stmt.target]
        else:
            targets = []
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
            value = stmt.value
        elif (
            isinstance(stmt, ast.Expr)
            and isinstance(stmt.value, ast.Call)
            and isinstance(stmt.value.func, ast.Attribute)
            and isinstance(stmt.value.func.value, ast.Name)
            and stmt.value.func.value.id == "__all__"
            and stmt.value.args
        ):
            value = stmt.value.args[0]
        if value is None:
            continue
        for node in ast.walk(value):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.add(node.value)
    return found


def registration_arguments(function: Function) -> set[int]:
    """``id()`` of the name nodes that only register ``function`` (the first
    argument of ``mcp.add_tool(fn)``, ``mcp.tool(fn)``, ``Tool.from_function(fn)``)."""
    ids = set()
    for reg in function.registrations:
        if reg.form == "call" and isinstance(reg.node, ast.Call) and reg.node.args:
            ids.add(id(reg.node.args[0]))
    return ids


def other_uses(model, function: Function) -> list[ast.Name]:
    """The reads of ``function``'s name anywhere in the module that resolve to the
    scope defining it, other than its call registrations, in source order (its
    own recursive calls included)."""
    outer = function.scope.parent
    if outer is None:
        return []
    skip = registration_arguments(function)
    found: list[ast.Name] = []
    for node, name in model.references_everywhere(function.name):
        if id(name) in skip:
            continue
        scope = model.module_scope if node is model.tree else model.scopes[node]
        resolved = scope.lookup(function.name)
        if resolved is not None and resolved[0] is outer:
            found.append(name)
    found.sort(key=lambda n: (n.lineno, n.col_offset))
    return found


def registered_before_def(function: Function) -> ast.Call | None:
    """A call registration of ``function`` written above its ``def`` (it registers
    an earlier function of that name, or runs from code defined before it), else
    ``None``."""
    for reg in function.registrations:
        if reg.form == "call" and (reg.node.lineno, reg.node.col_offset) < (
            function.node.lineno,
            function.node.col_offset,
        ):
            return reg.node  # type: ignore[return-value]
    return None
