"""Helpers for rules whose fixes add decorators and imports (MCP019).

Imported names as spelled (``fastmcp.elicitation.Elicit`` vs ``elicit_lint.runtime.Elicit``)
come from :meth:`Scope.imported_name`.
"""

from __future__ import annotations

import ast

from ..core.diagnostic import Location
from ..model import Model


def bound_anywhere(model: Model, name: str) -> bool:
    """Whether any scope of the module binds ``name`` (import, def, assignment, parameter...)."""
    return any(name in scope.bindings for scope in [model.module_scope, *model.scopes.values()])


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
