"""Whether a file that does not parse uses syntax of a newer Python than the one running.

``ast.parse`` parses the grammar of the running interpreter only, so a project on
Python 3.12 whose module has a ``type`` statement or a PEP 701 f-string is an
``invalid-syntax`` diagnostic when elicit-lint runs under 3.11 (ruff instead parses
every version and asks for ``target-version``). This module names the version the
syntax needs, from the ``SyntaxError`` and the text around it (a small table, no
second parser), so the diagnostic can say to run under the project's Python:

- PEP 695 (3.12): a ``type`` statement, a type-parameter list after ``def``/``class``
  (3.11: "invalid syntax" or "expected '('" at the name or the ``[``);
- PEP 696 (3.13): a type-parameter default (``def f[T = int]``; 3.12's error is at
  the ``[`` or the ``=``);
- PEP 701 (3.12): an f-string whose replacement field reuses the f-string's quote,
  holds a backslash, a ``#`` comment, or a line break in a single-quoted f-string
  (3.11: "f-string: ..." or "unterminated string literal"). The f-string is scanned
  with 3.12's rules and the hint is given only when it closes there and uses one of
  those features around the error position.

Stdlib only (layer 0).
"""

from __future__ import annotations

import re
import sys

_TYPE_STATEMENT = re.compile(r"[ \t]*type[ \t]+[A-Za-z_]\w*[ \t]*[\[=]")
_TYPE_PARAMS = re.compile(
    r"[ \t]*(?:(?:async[ \t]+)?def|class|type)[ \t]+[A-Za-z_]\w*[ \t]*\[([^\]]*)"
)
_FSTRING_START = re.compile(r"(?i)(?<![\w.])(f|rf|fr)('''|\"\"\"|'|\")")
_STRING_PREFIX = re.compile(r"(?i)rb|br|fr|rf|[rbuf]")
_WORD_BEFORE = re.compile(r"\w{1,3}$")
_LOOKBACK_ROWS = 30


def needs_newer_python(
    exc: SyntaxError, text: str, running: tuple[int, int] | None = None
) -> str | None:
    """``"3.12"`` / ``"3.13"`` when ``exc`` (raised by ``ast.parse(text)`` under the
    ``running`` interpreter, default ``sys.version_info``) comes from syntax that
    version added, else ``None``. ``text`` has ``\\n`` line ends only."""
    running = running or (sys.version_info[0], sys.version_info[1])
    rows = text.split("\n")
    row = exc.lineno or 0
    if not 1 <= row <= len(rows):
        return None
    line = rows[row - 1]
    if running < (3, 13):
        params = _TYPE_PARAMS.match(line)
        if params and "=" in params.group(1) and running >= (3, 12):
            return "3.13"
    if running >= (3, 12):
        return None
    if _TYPE_STATEMENT.match(line) or _TYPE_PARAMS.match(line):
        return "3.12"
    msg = exc.msg or ""
    fstring_error = msg.startswith(
        ("f-string", "unterminated string", "unterminated triple")
    )
    if fstring_error and _newer_fstring_at(rows, row, exc.offset or 1):
        return "3.12"
    return None


def hint(version: str) -> str:
    """The sentence appended to an ``invalid-syntax`` message for syntax of ``version``."""
    return f"this syntax needs Python {version}+; run elicit-lint under the project's Python"


def _newer_fstring_at(rows: list[str], row: int, col: int) -> bool:
    """Whether an f-string starting on ``row`` or shortly before it covers ``(row, col)``
    under 3.12's rules and uses a feature 3.11 rejects."""
    first = max(1, row - _LOOKBACK_ROWS)
    text = "\n".join(rows[first - 1 :])
    error_at = sum(len(r) + 1 for r in rows[first - 1 : row - 1]) + col - 1
    for match in _FSTRING_START.finditer(text):
        if match.start() > error_at:
            break
        raw = "r" in match.group(1).lower()
        scanned = _scan_literal(text, match.end(), match.group(2), raw)
        if (
            scanned is not None
            and scanned[1]
            and match.start() <= error_at <= scanned[0]
        ):
            return True
    return False


def _scan_literal(text: str, i: int, quote: str, raw: bool) -> tuple[int, bool] | None:
    """Scan an f-string's literal part from ``i`` (after the opening quote) to its
    closing quote: ``(index after it, uses a 3.12-only feature)``; ``None`` when it
    does not close under 3.12's rules."""
    newer = False
    while i < len(text):
        if text.startswith(quote, i):
            return i + len(quote), newer
        c = text[i]
        if c == "\\" and (not raw or text.startswith((quote[0], "\\"), i + 1)):
            i += 2
            continue
        if c == "\n" and len(quote) == 1:
            return None
        if c == "{":
            if text.startswith("{{", i):
                i += 2
                continue
            field = _scan_field(text, i + 1, quote, raw)
            if field is None:
                return None
            i, newer = field[0], newer or field[1]
            continue
        i += 1
    return None


def _scan_field(text: str, i: int, quote: str, raw: bool) -> tuple[int, bool] | None:
    """Scan a replacement field from ``i`` (after ``{``) to its ``}``: ``(index after
    it, uses a 3.12-only feature)``; ``None`` when it does not close."""
    depth, newer = 0, False
    while i < len(text):
        c = text[i]
        if c in "([{":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == "}":
            if depth == 0:
                return i + 1, newer
            depth -= 1
        elif c == ":" and depth == 0:  # format spec: literal text with nested fields
            return _scan_spec(text, i + 1, quote, raw, newer)
        elif c == "#":
            newer = True
            while i < len(text) and text[i] != "\n":
                i += 1
            continue
        elif c == "\\" or (c == "\n" and len(quote) == 1):
            newer = True
        elif c in "'\"":
            nested = _scan_string(text, i)
            if nested is None:
                return None
            end, inner_newer, inner_quote = nested
            newer = (
                newer
                or inner_newer
                or inner_quote.startswith(quote)
                or "\\" in text[i:end]
            )
            i = end
            continue
        i += 1
    return None


def _scan_spec(
    text: str, i: int, quote: str, raw: bool, newer: bool
) -> tuple[int, bool] | None:
    """A format spec from ``i`` to the field's ``}`` (nested ``{...}`` fields allowed)."""
    while i < len(text):
        c = text[i]
        if c == "}":
            return i + 1, newer
        if c == "{":
            field = _scan_field(text, i + 1, quote, raw)
            if field is None:
                return None
            i, newer = field[0], newer or field[1]
            continue
        if text.startswith(quote, i) or (c == "\n" and len(quote) == 1):
            return None
        i += 1
    return None


def _scan_string(text: str, i: int) -> tuple[int, bool, str] | None:
    """A string literal inside a replacement field, its quote at ``i`` (its prefix
    just before): ``(index after it, uses a 3.12-only feature, its quote)``."""
    word = _WORD_BEFORE.search(text, 0, i)
    letters = word.group(0).lower() if word else ""
    letters = letters if _STRING_PREFIX.fullmatch(letters) else ""
    quote = text[i] * 3 if text.startswith(text[i] * 3, i) else text[i]
    start = i + len(quote)
    if "f" in letters:
        scanned = _scan_literal(text, start, quote, "r" in letters)
        return None if scanned is None else (scanned[0], scanned[1], quote)
    j = start
    while j < len(text):
        if text.startswith(quote, j):
            return j + len(quote), False, quote
        if text[j] == "\\":
            j += 2
            continue
        if text[j] == "\n" and len(quote) == 1:
            return None
        j += 1
    return None
