"""Small libcst helpers shared by the renderers (:mod:`.transform`, :mod:`.sdk_ask`,
:mod:`.imports`)."""

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
