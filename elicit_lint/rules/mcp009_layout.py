"""MCP009's fix within the project's line length (fresh15 LOW-3): a one-line ``def``
that ``= None`` would push past ruff's ``line-length`` is laid out one parameter a
line with a trailing comma, as the codemod lays out a rewritten signature
(``codemod/render/signature.py``, ``one_per_line``; ruff format keeps that layout
for its magic trailing comma). Standard library only (the check path).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize

from ..core.diagnostic import Edit, Location

_OPEN, _CLOSE = "([{", ")]}"
_LONG_ALLOWED = re.compile(r"#\s*noqa(?!\s*:)|#\s*noqa\s*:[^#]*\bE501\b", re.IGNORECASE)
"""A ``# noqa`` that allows the line its length (bare, or naming E501): kept long."""


def _items(line: str, start: int) -> tuple[int, int, list[tuple[int, int]]] | None:
    """``(open, close, items)`` for the parameter list whose ``(`` is the first one at
    or after ``start`` in ``line``: the 0-based columns of the brackets and each
    top-level item's ``[start, end)`` (commas left out); ``None`` when the line does
    not hold the whole list or does not tokenize."""
    try:
        tokens = list(
            tokenize.generate_tokens(io.StringIO(line[start:] + "\n").readline)
        )
    except (tokenize.TokenError, SyntaxError):
        return None
    depth, open_at, items, item_start, last_end = 0, None, [], None, 0
    for tok in tokens:
        if tok.type == tokenize.COMMENT:
            return None
        col = start + tok.start[1]
        if tok.type == tokenize.OP and tok.string in _OPEN:
            depth += 1
            if depth == 1 and open_at is None and tok.string == "(":
                open_at = col
                continue
        elif tok.type == tokenize.OP and tok.string in _CLOSE:
            depth -= 1
            if depth == 0 and open_at is not None:
                if item_start is not None:
                    items.append((item_start, last_end))
                return open_at, col, items
        if open_at is None or tok.type in (
            tokenize.NL,
            tokenize.NEWLINE,
            tokenize.INDENT,
        ):
            continue
        if depth == 1 and tok.type == tokenize.OP and tok.string == ",":
            if item_start is not None:
                items.append((item_start, last_end))
            item_start = None
            continue
        if item_start is None:
            item_start = col
        last_end = start + tok.end[1]
    return None


def wrapped_default(
    source_line: str, node: ast.AST, at: int, line_length: int
) -> Edit | None:
    """The edit that adds ``= None`` at 0-based column ``at`` of the one-line ``def``
    ``node`` (its text: ``source_line``) and lays its parameters out one a line, when
    the line with ``= None`` added is longer than ``line_length``; ``None`` when it
    fits, or the signature is not on one line (the author's layout is kept), or holds
    a comment, or its line says ``# noqa: E501`` (or a bare ``# noqa``)."""
    if len(source_line) + len(" = None") <= line_length or _LONG_ALLOWED.search(
        source_line
    ):
        return None
    args = node.args  # type: ignore[attr-defined]
    parts = [
        *args.posonlyargs,
        *args.args,
        *args.kwonlyargs,
        args.vararg,
        args.kwarg,
        node.returns,
    ]  # type: ignore[attr-defined]
    if any(p is not None and p.end_lineno != node.lineno for p in parts):  # type: ignore[attr-defined]
        return None
    found = _items(source_line, len(source_line) - len(source_line.lstrip()))
    if found is None:
        return None
    open_at, close_at, items = found
    if not items or not any(s <= at <= e for s, e in items):
        return None
    indent = " " * (len(source_line) - len(source_line.lstrip()))
    lines = []
    for s, e in items:
        text = source_line[s:e]
        if s <= at <= e:
            text = source_line[s:at] + " = None" + source_line[at:e]
        lines.append(f"\n{indent}    {text},")
    row = node.lineno  # type: ignore[attr-defined]
    return Edit(
        "".join(lines) + f"\n{indent}",
        Location(row, open_at + 2),
        Location(row, close_at + 1),
    )
