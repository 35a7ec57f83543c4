"""``# noqa`` suppression, as ruff and flake8 read it.

Forms (checked against ruff 0.17 and flake8 7 in this repository's venv):

- line level, in any comment on the diagnostic's ``noqa_row``: ``# noqa``
  (blanket), ``# noqa: MCP001``, ``# noqa:MCP001,E501``, ``# NOQA: MCP001 MCP002``;
  ``noqa`` is case-insensitive; a code suppresses exactly that code (codes in a
  noqa comment are full codes, not prefixes, as in ruff). Text after ``noqa``
  that does not start with ``:`` makes it a blanket ``noqa`` (as both tools do
  for ``# noqa F401``). After ``noqa:`` there must be codes (letters then
  digits): ``# noqa:``, ``# noqa: MCP`` and ``# noqa: MCP001x`` are invalid
  directives that suppress nothing, with a warning on stderr, as ruff 0.17 does
  ("Invalid `# noqa` directive"). Text after a valid code list is a comment
  (``# noqa: MCP001 not a bug``).

  This is ruff's reading, and the CLI's. flake8 reads differently (checked with
  flake8 7): its codes are prefixes (``# noqa: MCP00`` suppresses MCP001) and a
  malformed list is a blanket ``noqa`` (``# noqa: MCP`` suppresses everything).
  The flake8 plugin does not use this module: flake8 applies its own ``noqa``
  to the plugin's results, so under flake8 flake8's reading holds.
- file level, in a comment that stands on its own line (both tools ignore a
  trailing one): ``# ruff: noqa`` and ``# flake8: noqa`` exempt the whole file;
  ``# ruff: noqa: MCP002`` (and, as ruff reads it, ``# flake8: noqa: MCP002``)
  exempt only the listed codes.

A diagnostic whose row is covered by a multi-line string (a triple-quoted or
continued string, f-strings included) takes its directive on the string's last
row, where a comment can go (:func:`noqa_row`, ruff's ``NoqaMapping``; flake8
reads a comment on any physical line of the logical line). Overlapping strings
chain: the last row of the last one.

Only real comment tokens count (``tokenize``), so ``"# noqa"`` inside a string or
docstring suppresses nothing. ``invalid-syntax`` and ``io-error`` cannot be
suppressed (there are no reliable comments in a file that does not parse).
"""

from __future__ import annotations

import ast
import bisect
import io
import re
import tokenize
import weakref
from collections.abc import Iterable
from functools import lru_cache

from .diagnostic import Diagnostic

_LINE = re.compile(r"#\s*noqa(?P<colon>:)?", re.IGNORECASE)
_FILE = re.compile(r"#\s*(?:ruff|flake8)\s*[:=]\s*noqa(?P<colon>\s*:)?", re.IGNORECASE)
_WORD = re.compile(r"[^\s,#]+")
_CODE = re.compile(r"[A-Z]+[0-9]+")  # as ruff: a code is upper-case, a lower-case word names none
_SEPARATOR = re.compile(r"[\s,]*")

EXPECTED_LIST = "expected a comma-separated list of codes (e.g., `# noqa: MCP001, MCP002`)"
EXPECTED_CODE = "expected code to consist of uppercase letters followed by digits only (e.g. `MCP001`)"

UNSUPPRESSIBLE = frozenset({"invalid-syntax", "io-error"})

ALL = None
"""Marker in a directive's code set: every code is suppressed."""


class Directives:
    """The suppressions of one file.

    ``lines`` maps a row to the codes its ``# noqa`` names (``None`` = blanket);
    ``file_all`` is set by a blanket file-level exemption; ``file_codes`` holds the
    codes of ``# ruff: noqa: CODE`` exemptions.
    """

    __slots__ = ("file_all", "file_codes", "invalid", "lines")
    lines: dict[int, frozenset[str] | None]
    file_all: bool
    file_codes: set[str]
    invalid: list[tuple[int, str]]
    """``(row, reason)`` of malformed directives (they suppress nothing)."""

    def __init__(self) -> None:  # a plain class: built before the fork, see rules.cases.Valid
        self.lines = {}
        self.file_all = False
        self.file_codes = set()
        self.invalid = []

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


def _codes_at(comment: str, match: re.Match[str]) -> tuple[frozenset[str] | str | None, int]:
    """The codes after ``match`` (``None``: blanket; a ``str``: why it is invalid)
    and the column in ``comment`` just after the last code (``match.end()`` if none).

    ruff's reading: after ``noqa:`` comes at least one code; the list ends at the
    first word that is not a code once one code has been read, but a word that
    starts like a code and goes on (``MCP001x``) is an error.
    """
    if not match.group("colon"):
        return None, match.end()
    end = match.end()
    codes: list[str] = []
    pos = match.end()
    while True:
        pos = _SEPARATOR.match(comment, pos).end()
        word = _WORD.match(comment, pos)
        if word is None:
            break
        code = _CODE.match(word.group())
        if code is None:
            break
        if code.end() != len(word.group()):
            return EXPECTED_CODE, end
        codes.append(word.group())
        pos = end = word.end()
    if not codes:
        return EXPECTED_LIST, end
    return frozenset(codes), end


def _codes(comment: str, match: re.Match[str]) -> frozenset[str] | str | None:
    """The codes after ``match`` (see :func:`_codes_at`)."""
    return _codes_at(comment, match)[0]


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


@lru_cache(maxsize=4)
def parse_directives(text: str) -> Directives:
    """Collect the ``noqa`` directives of a decoded file (``\\n`` line ends).

    Cached on the text: for a file with an imperative elicitation the planner
    (``codemod.plan``, asked by MCP001 whether a site is suppressed) and then the
    runner's :func:`filter_suppressed` read the same file's directives; they are
    tokenized once. ``str`` caches its hash and the runner hands both the same
    object, so a hit costs a dict lookup. The result is shared: do not mutate it.
    """
    out = Directives()
    if "noqa" not in text.lower():
        return out
    for row, comment, own_line in _comments(text):
        if "noqa" not in comment.lower():
            continue
        file_match = _FILE.search(comment)
        if file_match:
            if own_line:
                codes = _codes(comment, file_match)
                if isinstance(codes, str):
                    out.invalid.append((row, codes))
                elif codes is None:
                    out.file_all = True
                else:
                    out.file_codes.update(codes)
            continue
        line_match = _LINE.search(comment)
        if line_match:
            codes = _codes(comment, line_match)
            if isinstance(codes, str):
                out.invalid.append((row, codes))
                continue
            previous = out.lines.get(row, frozenset())
            if codes is None or previous is None:
                out.lines[row] = None
            else:
                out.lines[row] = previous | codes
    return out


@lru_cache(maxsize=4)
def _string_ends(text: str) -> dict[int, int]:
    """``{row: last row}`` for every row a multi-line string token of ``text``
    covers but the last; overlapping ranges are merged (ruff's ``NoqaMapping``)."""
    ranges: list[tuple[int, int]] = []
    opened: list[int] = []
    fstring_start = getattr(tokenize, "FSTRING_START", None)  # Python 3.12+
    fstring_end = getattr(tokenize, "FSTRING_END", None)
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.STRING and tok.end[0] > tok.start[0]:
                ranges.append((tok.start[0], tok.end[0]))
            elif fstring_start is not None and tok.type == fstring_start:
                opened.append(tok.start[0])
            elif fstring_end is not None and tok.type == fstring_end and opened:
                first = opened.pop()
                if tok.end[0] > first:
                    ranges.append((first, tok.end[0]))
    except (tokenize.TokenError, SyntaxError):
        return {}
    ends: dict[int, int] = {}
    for first, last in _merged(ranges):
        for row in range(first, last):
            ends[row] = last
    return ends


def noqa_row(text: str, row: int, tree: ast.Module | None = None) -> int:
    """The row whose ``# noqa`` covers a diagnostic starting on ``row`` of ``text``
    (decoded, ``\\n`` line ends): ``row`` itself, or the last row of the
    multi-line string that covers it (ruff's reading, see the module docstring).

    Tokenizes only a text with a triple quote or a line continuation. With
    ``tree`` (``ast.parse(text)``), only the innermost statement holding ``row``
    is tokenized, from its first line until no string token can reach ``row``
    (a string token never crosses a statement; the whole file's tokens cost
    about twice its parse); without it, or when that fragment does not
    tokenize, the whole text is (cached)."""
    if not _may_span_rows(text):
        return row
    if tree is not None:
        found = _fragment_row(text, row, tree)
        if found is not None:
            return found
    return _string_ends(text).get(row, row)


@lru_cache(maxsize=4)
def _may_span_rows(text: str) -> bool:
    """Whether ``text`` has a triple quote or a line continuation: read once per
    text, not once per diagnostic (a module can have thousands)."""
    return '"""' in text or "'''" in text or "\\\n" in text


def _first_row(stmt: ast.stmt) -> int:
    decorators = getattr(stmt, "decorator_list", None)
    return min(stmt.lineno, *(d.lineno for d in decorators)) if decorators else stmt.lineno


def _starts_line(stmt: ast.stmt, lines: list[str]) -> bool:
    """Whether ``stmt`` is the first thing on its first line (not after a ``;``
    or a compound statement's ``:``). Only simple statements can follow either."""
    if not isinstance(stmt, _SIMPLE):
        return True
    line = lines[stmt.lineno - 1]
    return len(line) - len(line.lstrip(" \t\f")) == stmt.col_offset  # ASCII prefix: bytes == chars


_SIMPLE = (
    ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Return, ast.Delete, ast.Pass,
    ast.Break, ast.Continue, ast.Raise, ast.Assert, ast.Import, ast.ImportFrom, ast.Global,
    ast.Nonlocal,
)  # fmt: skip
_BLOCKS = ("body", "orelse", "finalbody")


def _statement_start(lines: list[str], row: int, tree: ast.Module) -> int | None:
    """The first row of the innermost statement holding ``row`` whose first line
    begins with it (else of the statement before it on that line, or of the
    enclosing one); ``None`` when ``row`` is in no statement (a comment or blank)."""
    body: list[ast.stmt] = tree.body
    start = None
    while body:
        firsts = _module_firsts(tree) if body is tree.body else [_first_row(s) for s in body]
        index = bisect.bisect_right(firsts, row) - 1
        if index < 0 or body[index].end_lineno < row:  # type: ignore[operator]
            return start
        stmt = body[index]
        clean = index
        while clean >= 0 and not _starts_line(body[clean], lines):
            clean -= 1  # ``a; b``: back to ``a``, if that starts the line
            if clean >= 0 and body[clean].end_lineno < firsts[clean + 1]:  # type: ignore[operator]
                clean = -1  # not on the same line: the outer statement holds it
        if clean < 0:
            return start
        start = firsts[clean]
        if clean != index:
            return start
        body = [child for block in _BLOCKS for child in getattr(stmt, block, ())]
        for part in (*getattr(stmt, "handlers", ()), *getattr(stmt, "cases", ())):
            body.extend(part.body)
        body.sort(key=_first_row)
    return start


def _module_firsts(tree: ast.Module) -> list[int]:
    """The first rows of ``tree``'s top-level statements, read once per tree (kept
    while it lives) and not once per diagnostic: a module can have thousands of both."""
    firsts = _FIRSTS.get(tree)
    if firsts is None:
        firsts = _FIRSTS[tree] = [_first_row(s) for s in tree.body]
    return firsts


_FIRSTS: weakref.WeakKeyDictionary[ast.Module, list[int]] = weakref.WeakKeyDictionary()


@lru_cache(maxsize=4)
def _split(text: str) -> list[str]:
    """``text``'s lines (``\\n`` only), split once for every diagnostic of the file."""
    return text.split("\n")


def _fragment_row(text: str, row: int, tree: ast.Module) -> int | None:
    """:func:`noqa_row` from the tokens of the statement holding ``row``, read
    until no later token can start a string that reaches ``row``; ``None`` when
    the fragment does not tokenize before that point (ask the whole text)."""
    lines = _split(text)
    start = _statement_start(lines, row, tree)
    if start is None:
        return row
    position = start - 1
    read = start - 1  # the last row handed to the tokenizer

    def readline() -> str:
        nonlocal position, read
        if position >= len(lines):
            return ""
        line = lines[position]
        position += 1
        read = position
        return line + "\n" if position < len(lines) else line

    ranges: list[tuple[int, int]] = []
    opened: list[int] = []
    reach = row
    offset = start - 1
    fstring_start = getattr(tokenize, "FSTRING_START", None)  # Python 3.12+
    fstring_end = getattr(tokenize, "FSTRING_END", None)
    try:
        for tok in tokenize.generate_tokens(readline):
            first, last = tok.start[0] + offset, tok.end[0] + offset
            if first > reach and not opened:
                break
            if tok.type == tokenize.STRING and last > first:
                ranges.append((first, last))
            elif fstring_start is not None and tok.type == fstring_start:
                opened.append(first)
            elif fstring_end is not None and tok.type == fstring_end and opened:
                begin = opened.pop()
                if last > begin:
                    ranges.append((begin, last))
            else:
                continue
            reach = max(reach, last)
    except (tokenize.TokenError, SyntaxError):
        if read <= reach or opened:
            return None  # failed before every token reaching ``row`` was read
    for first, last in _merged(ranges):
        if first <= row < last:
            return last
    return row


def _merged(ranges: list[tuple[int, int]]) -> list[list[int]]:
    """``ranges`` sorted, the overlapping ones (sharing a row) merged."""
    merged: list[list[int]] = []
    for first, last in sorted(ranges):
        if merged and first <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], last)
        else:
            merged.append([first, last])
    return merged


def filter_suppressed(diagnostics: list[Diagnostic], text: str) -> list[Diagnostic]:
    """Drop the diagnostics that ``text``'s ``noqa`` comments suppress.

    A malformed directive is reported on stderr (ruff's "Invalid `# noqa`
    directive" warning) and suppresses nothing.
    """
    if not diagnostics:
        return diagnostics
    directives = parse_directives(text)
    if directives.invalid:
        import sys

        filename = diagnostics[0].filename
        for row, reason in directives.invalid:
            print(
                f"elicit-lint: warning: Invalid `# noqa` directive on {filename}:{row}: {reason}",
                file=sys.stderr,
            )
    return [d for d in diagnostics if not directives.suppresses(d)]
