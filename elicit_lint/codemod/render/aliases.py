"""Module-level ``Literal`` aliases after the imports (:mod:`elicit_lint.analysis.aliases`)."""

from __future__ import annotations

import libcst as cst

from .signature import MAX_LINE, lay


def _is_import(stmt: cst.CSTNode) -> bool:
    return isinstance(stmt, cst.SimpleStatementLine) and all(
        isinstance(s, (cst.Import, cst.ImportFrom)) for s in stmt.body
    )


def _is_docstring(stmt: cst.CSTNode) -> bool:
    return (
        isinstance(stmt, cst.SimpleStatementLine)
        and len(stmt.body) == 1
        and isinstance(stmt.body[0], cst.Expr)
        and isinstance(stmt.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


def _alias(name: str, literal: str, line_length: int) -> cst.BaseStatement:
    """``name = literal``, split inside the brackets as ruff format splits a
    subscript too long for the line (:func:`.signature.lay`)."""
    stmt = cst.parse_statement(f"{name} = {literal}\n")
    if len(name) + 3 + len(literal) <= line_length:
        return stmt
    value = stmt.body[0].value
    lines = lay(value, 0, line_length, "", "", first=len(name) + 3)
    return cst.parse_statement(f"{name} = " + "\n".join(lines) + "\n")


def add_aliases(
    module: cst.Module, aliases: list[tuple[str, str]], line_length: int = MAX_LINE
) -> cst.Module:
    """``module`` with ``name = Literal[...]`` lines after its leading imports
    (after a docstring and the import block that follows it), one blank line
    above them, as ruff's isort leaves a non-definition after imports; a line
    longer than ``line_length`` (the project's ruff ``line-length``) split as
    ruff format splits it."""
    if not aliases:
        return module
    body = list(module.body)
    at = 0
    if body and _is_docstring(body[0]):
        at = 1
    while at < len(body) and _is_import(body[at]):
        at += 1
    lines = [_alias(name, literal, line_length) for name, literal in aliases]
    lines[0] = lines[0].with_changes(leading_lines=[cst.EmptyLine()] if at else [])
    if at < len(body) and not body[at].leading_lines:
        body[at] = body[at].with_changes(leading_lines=[cst.EmptyLine()])
    return module.with_changes(body=[*body[:at], *lines, *body[at:]])
