"""Source positions: from ``ast`` offsets to ruff-style 1-based character locations.

``ast`` reports ``col_offset`` / ``end_col_offset`` as UTF-8 *byte* offsets into the
line (https://docs.python.org/3/library/ast.html#ast.AST.col_offset); diagnostics
count columns in characters of the decoded line, plus one, with exclusive ends,
as ruff's JSON output does. :class:`LineIndex` does that conversion.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ..core.diagnostic import Location
from ..core.source import LINE_BREAK


@dataclass(frozen=True)
class Span:
    """A half-open range ``[start, end)`` of 1-based :class:`Location` values."""

    start: Location
    end: Location


class LineIndex:
    """Maps ``(lineno, byte col)`` pairs of one source text to character locations.

    Lines are split on ``\\r\\n``, ``\\r`` and ``\\n`` only (the line breaks Python's
    tokenizer knows), so form feeds or U+2028 inside a line do not shift rows.
    """

    def __init__(self, source: str):
        # ``ast.parse`` rejects a BOM inside a ``str``, so callers strip it; drop a
        # leftover one so that columns of row 1 still match the tree's.
        text = source.removeprefix("\ufeff")
        # ``\n`` alone (every decoded source the checker builds a model of): a plain
        # split, several times faster than the regex, same rows
        self._lines = text.split("\n") if "\r" not in text else LINE_BREAK.split(text)

    def line(self, row: int) -> str:
        """The text of 1-based ``row`` without its line break ("" past the end)."""
        if 1 <= row <= len(self._lines):
            return self._lines[row - 1]
        return ""

    def column(self, row: int, byte_col: int) -> int:
        """1-based character column of UTF-8 byte offset ``byte_col`` in ``row``."""
        text = self.line(row)
        if text.isascii():
            return byte_col + 1
        return len(text.encode("utf-8")[:byte_col].decode("utf-8", "ignore")) + 1

    def location(self, row: int, byte_col: int) -> Location:
        """A :class:`Location` for an ``ast`` position."""
        return Location(row, self.column(row, byte_col))

    def span(self, node: ast.AST) -> Span:
        """The exact span of an ``ast`` node (expression, statement, ``arg``...).

        Raises ``ValueError`` for a node without positions (e.g. ``ast.Load``).
        """
        lineno = getattr(node, "lineno", None)
        if lineno is None:
            raise ValueError(f"{type(node).__name__} node has no position")
        end_lineno = getattr(node, "end_lineno", None) or lineno
        end_col = getattr(node, "end_col_offset", None)
        if end_col is None:
            end_col = node.col_offset
        return Span(self.location(lineno, node.col_offset), self.location(end_lineno, end_col))

    def name_span(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> Span:
        """The span of a ``def``/``class`` statement's name (what ruff points at).

        Falls back to the whole statement when the name is not on the ``def`` line.
        """
        row = node.lineno  # the ``def`` line, not the first decorator's (Python >= 3.8)
        text = self.line(row)
        keyword = "class" if isinstance(node, ast.ClassDef) else "def"
        start = text.find(keyword + " ", self.column(row, node.col_offset) - 1)
        index = text.find(node.name, start + len(keyword)) if start >= 0 else -1
        if index < 0:
            return self.span(node)
        return Span(Location(row, index + 1), Location(row, index + len(node.name) + 1))
