"""``# noqa`` suppression, as ruff and flake8 read it.

Forms (checked against ruff 0.17 and flake8 7 in this repository's venv):

- line level, in any comment on the diagnostic's ``noqa_row``: ``# noqa``
  (blanket), ``# noqa: MCP001``, ``# noqa:MCP001,E501``, ``# NOQA: MCP001 MCP002``;
  ``noqa`` is case-insensitive; a code suppresses exactly that code (codes in a
  noqa comment are full codes, not prefixes, as in ruff). Text after ``noqa``
  that is not ``:`` + codes makes it a blanket ``noqa`` (as both tools do for
  ``# noqa F401``).
- file level, in a comment that stands on its own line (both tools ignore a
  trailing one): ``# ruff: noqa`` and ``# flake8: noqa`` exempt the whole file;
  ``# ruff: noqa: MCP002`` (and, as ruff reads it, ``# flake8: noqa: MCP002``)
  exempt only the listed codes.

Only real comment tokens count (``tokenize``), so ``"# noqa"`` inside a string or
docstring suppresses nothing. ``invalid-syntax`` and ``io-error`` cannot be
suppressed (there are no reliable comments in a file that does not parse).
"""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Iterable
from dataclasses import dataclass, field

from .diagnostic import Diagnostic

_CODE = r"[A-Za-z]+[0-9]+"
_CODES = rf"(?P<codes>{_CODE}(?:[\s,]+{_CODE})*)"
_LINE = re.compile(rf"#\s*noqa(?::\s*{_CODES})?", re.IGNORECASE)
_FILE = re.compile(rf"#\s*(?:ruff|flake8)\s*[:=]\s*noqa(?:\s*:\s*{_CODES})?", re.IGNORECASE)
_SPLIT = re.compile(r"[\s,]+")

UNSUPPRESSIBLE = frozenset({"invalid-syntax", "io-error"})

ALL = None
"""Marker in a directive's code set: every code is suppressed."""


@dataclass
class Directives:
    """The suppressions of one file.

    ``lines`` maps a row to the codes its ``# noqa`` names (``None`` = blanket);
    ``file_all`` is set by a blanket file-level exemption; ``file_codes`` holds the
    codes of ``# ruff: noqa: CODE`` exemptions.
    """

    lines: dict[int, frozenset[str] | None] = field(default_factory=dict)
    file_all: bool = False
    file_codes: set[str] = field(default_factory=set)

    def suppresses(self, diagnostic: Diagnostic) -> bool:
        """Is ``diagnostic`` suppressed by a file-level or a line-level directive?"""
        code = diagnostic.code
        if code in UNSUPPRESSIBLE:
            return False
        if self.file_all or code in self.file_codes:
            return True
        row = diagnostic.noqa_row if diagnostic.noqa_row is not None else diagnostic.row
        if row not in self.lines:
            return False
        codes = self.lines[row]
        return codes is None or code in codes


def _codes(match: re.Match[str]) -> frozenset[str] | None:
    raw = match.group("codes")
    if not raw:
        return None
    return frozenset(c.upper() for c in _SPLIT.split(raw.strip()) if c)


def _comments(text: str) -> Iterable[tuple[int, str, bool]]:
    """Yield ``(row, comment_text, own_line)`` for every comment token of ``text``.

    Falls back to a line scan (no string awareness) if the tokenizer fails, which
    only happens for text that ``ast`` rejected too.
    """
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.COMMENT:
                row, col = tok.start
                yield row, tok.string, not tok.line[:col].strip()
    except (tokenize.TokenError, SyntaxError):
        for row, line in enumerate(text.split("\n"), start=1):
            idx = line.find("#")
            if idx >= 0:
                yield row, line[idx:], not line[:idx].strip()


def parse_directives(text: str) -> Directives:
    """Collect the ``noqa`` directives of a decoded file (``\\n`` line ends)."""
    out = Directives()
    if "noqa" not in text.lower():
        return out
    for row, comment, own_line in _comments(text):
        if "noqa" not in comment.lower():
            continue
        file_match = _FILE.search(comment)
        if file_match:
            if own_line:
                codes = _codes(file_match)
                if codes is None:
                    out.file_all = True
                else:
                    out.file_codes.update(codes)
            continue
        line_match = _LINE.search(comment)
        if line_match:
            codes = _codes(line_match)
            previous = out.lines.get(row, frozenset())
            if codes is None or previous is None:
                out.lines[row] = None
            else:
                out.lines[row] = previous | codes
    return out


def filter_suppressed(diagnostics: list[Diagnostic], text: str) -> list[Diagnostic]:
    """Drop the diagnostics that ``text``'s ``noqa`` comments suppress."""
    if not diagnostics:
        return diagnostics
    directives = parse_directives(text)
    return [d for d in diagnostics if not directives.suppresses(d)]
