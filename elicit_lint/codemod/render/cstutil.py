"""Small libcst helpers shared by the renderers (:mod:`.transform`, :mod:`.sdk_ask`,
:mod:`.imports`, :mod:`.import_cleanup`)."""

from __future__ import annotations

import libcst as cst


def split_blank(lines) -> tuple[list[cst.EmptyLine], list[cst.EmptyLine]]:
    """``leading_lines`` as (blank lines above the first comment, the rest)."""
    lines = list(lines)
    n = 0
    while n < len(lines) and lines[n].comment is None:
        n += 1
    return lines[:n], lines[n:]


def param_node(source: str) -> cst.Param:
    """The parameter ``source`` (``"name: Annotation = default"``) as a libcst node."""
    fn = cst.parse_statement(f"def _({source}): pass")
    assert isinstance(fn, cst.FunctionDef)
    return fn.params.params[0]


def dotted(node: cst.BaseExpression | None) -> str:
    """The source text of a (dotted) name node; ``""`` for ``None``."""
    return "" if node is None else cst.Module([]).code_for_node(node)


def import_of(stmt: cst.CSTNode) -> cst.Import | cst.ImportFrom | None:
    """The import a one-statement line holds; ``None`` for any other statement."""
    if (
        isinstance(stmt, cst.SimpleStatementLine)
        and len(stmt.body) == 1
        and isinstance(stmt.body[0], (cst.Import, cst.ImportFrom))
    ):
        return stmt.body[0]
    return None
