"""Tests of an elicitation result's ``action`` against a value no result has.

Facts (fastmcp 4.2.3, mcp 2.3.0): the ``action`` of ``AcceptedElicitation``,
``DeclinedElicitation`` and ``CancelledElicitation`` is ``Literal["accept"]``,
``Literal["decline"]`` and ``Literal["cancel"]`` (``mcp/server/elicitation.py``,
``fastmcp/server/elicitation.py``): ``r.action == "yes"`` is never true, and
``case "yes":`` under ``match r.action:`` never matches. The user's answer is in
``r.data``. Read by MCP016. Standard library only.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from .result_uses import ALL

_EQUAL = (ast.Eq, ast.Is, ast.In)
_UNEQUAL = (ast.NotEq, ast.IsNot, ast.NotIn)


@dataclass(frozen=True)
class ForeignValue:
    """One test of ``r.action`` against string values none of which a result has:
    ``at`` (the compared constant or collection, or the ``case`` pattern),
    ``values`` (the strings, in source order), ``always`` (``False``: the test
    is never true, ``True``: always true, ``None``: a ``case`` that never matches)."""

    at: ast.AST
    values: tuple[str, ...]
    always: bool | None


def _strings(node: ast.AST) -> tuple[str, ...] | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return (node.value,)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)) and node.elts:
        out = [
            e.value
            for e in node.elts
            if isinstance(e, ast.Constant) and isinstance(e.value, str)
        ]
        return tuple(out) if len(out) == len(node.elts) else None
    return None


def _pattern_strings(pattern: ast.pattern) -> tuple[str, ...] | None:
    if isinstance(pattern, ast.MatchValue):
        return (
            _strings(pattern.value) if isinstance(pattern.value, ast.Constant) else None
        )
    if isinstance(pattern, ast.MatchOr):
        parts = [_pattern_strings(p) for p in pattern.patterns]
        if any(p is None for p in parts):
            return None
        return tuple(v for p in parts for v in p)  # type: ignore[union-attr]
    return None


def foreign_values(
    attribute: ast.Attribute, parents: dict[ast.AST, ast.AST]
) -> list[ForeignValue]:
    """The tests of ``attribute`` (a read of ``r.action``) against values no
    elicitation result has: ``r.action <op> "yes"`` (or ``"yes" <op> r.action``)
    with ``==``, ``!=``, ``is``, ``is not``, ``in``, ``not in`` and string
    constants only, none of them ``"accept"``, ``"decline"`` or ``"cancel"``;
    and each ``case`` of ``match r.action:`` whose string values are all such.
    Empty when there is none. Never raises."""
    parent = parents.get(attribute)
    if isinstance(parent, ast.Compare) and len(parent.ops) == 1:
        op = parent.ops[0]
        if parent.left is attribute:
            other = parent.comparators[0]
        elif parent.comparators[0] is attribute and isinstance(
            op, (ast.Eq, ast.NotEq, ast.Is, ast.IsNot)
        ):
            other = parent.left
        else:
            return []
        values = _strings(other)
        if values is None or set(values) & ALL or not isinstance(op, _EQUAL + _UNEQUAL):
            return []
        return [ForeignValue(other, values, isinstance(op, _UNEQUAL))]
    if isinstance(parent, ast.Match) and parent.subject is attribute:
        out = []
        for case in parent.cases:
            values = _pattern_strings(case.pattern)
            if values and not set(values) & ALL:
                out.append(ForeignValue(case.pattern, values, None))
        return out
    return []


def message(name: str, found: ForeignValue) -> str:
    """MCP016's words for ``found`` on the result ``name``: the what, ``"; "``, the how."""
    shown = ", ".join(f'"{v}"' for v in found.values)
    if found.always is None:
        what = f"`case {shown.replace(', ', ' | ')}:` never matches `{name}.action`"
    else:
        what = (
            f"`{name}.action` is compared with {shown}, which no elicitation result has: "
            f"the test is always {'true' if found.always else 'false'}"
        )
    return (
        f'{what}; `action` is "accept", "decline" or "cancel" (the user\'s answer is in '
        f'`{name}.data`): test `{name}.action == "accept"`, then read `{name}.data`'
    )
