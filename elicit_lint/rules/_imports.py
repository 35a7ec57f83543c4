"""Helpers for rules whose fixes add decorators and imports (MCP019).

:func:`imported_name` is :meth:`Scope.qualified_name` without the canonical
mapping: it tells ``fastmcp.elicitation.Elicit`` from ``elicit_lint.runtime.Elicit``
where the model deliberately treats them as one marker.
"""

from __future__ import annotations

import ast

from ..diagnostic import Location
from ..model import Model
from ..model.scopes import Scope


def imported_name(scope: Scope, expr: ast.expr) -> str | None:
    """The dotted name ``expr`` refers to through an import, exactly as imported."""
    parts: list[str] = []
    while isinstance(expr, ast.Attribute):
        parts.append(expr.attr)
        expr = expr.value
    if not isinstance(expr, ast.Name):
        return None
    binding = scope.last_binding(expr.id)
    if binding is None or binding.kind != "import" or binding.qualified is None:
        return None
    parts.append(binding.qualified)
    return ".".join(reversed(parts))


def bound_anywhere(model: Model, name: str) -> bool:
    """Whether any scope of the module binds ``name`` (import, def, assignment, parameter...)."""
    return any(name in scope.bindings for scope in [model.module_scope, *model.scopes.values()])


def newline(source: str) -> str:
    """The module's line break (the first one found; ``\\n`` when there is none)."""
    for index, char in enumerate(source):
        if char == "\n":
            return "\n"
        if char == "\r":
            return "\r\n" if source[index + 1:index + 2] == "\n" else "\r"
    return "\n"


def indentation(model: Model, row: int) -> str:
    """The leading whitespace of ``row``."""
    line = model.lines.line(row)
    return line[: len(line) - len(line.lstrip(" \t\f"))]


def line_end(model: Model, row: int) -> Location:
    """The location just past the last character of ``row``."""
    return Location(row, len(model.lines.line(row)) + 1)


def starts_line(model: Model, node: ast.AST) -> bool:
    """Whether ``node`` is the first thing on its line (only whitespace before it)."""
    start = model.span(node).start
    return not model.lines.line(start.row)[: start.column - 1].strip(" \t\f")
