"""Reading a Python file: raw bytes -> decoded text -> stdlib ``ast`` tree.

Facts this module relies on (checked on CPython 3.11):

- the encoding is what the interpreter would use: a UTF-8 BOM, else a PEP 263
  coding cookie on line 1 or 2, else UTF-8 (``tokenize.detect_encoding``);
- ``compile``/``ast.parse`` treat ``\\r\\n``, ``\\r`` and ``\\n`` alike as line
  ends and nothing else (a form feed or ``\\u2028`` is *not* a line end, so
  ``str.splitlines`` must not be used to find rows). We normalise every line end
  to ``\\n`` before parsing: rows and columns are unchanged, and every consumer
  (model, noqa, report) can split on ``\\n`` alone;
- the line-break helpers below (:data:`LINE_BREAK`, :func:`row_starts`,
  :func:`newline`, :func:`newline_styles`) are the one place that knows which
  characters end a row; the model's positions, ``--fix`` and the codemod's
  reader all use them;
- a file that cannot be read or decoded, and a syntax error, become diagnostics
  (codes ``io-error`` and ``invalid-syntax``), never exceptions, as in ruff.
  ``io-error`` is ruff's E902 under its rule name: an ``E`` code would be matched
  by flake8's and ruff's ``E`` selectors and noqa prefixes (docs/architecture.md "Terms").
"""

from __future__ import annotations

import ast
import io
import re
import tokenize

from .diagnostic import Diagnostic, Location
from .raw import (  # noqa: F401  (this module's API too)
    NotRegular,
    SourceError,
    file_kind,
    open_regular,
    read_bytes,
    read_regular,
)

IO_ERROR = "io-error"
INVALID_SYNTAX = "invalid-syntax"

_LINE_END = re.compile(r"\r\n?")
_LINE_END_BYTES = re.compile(rb"\r\n?")

LINE_BREAK = re.compile(r"\r\n|\r|\n")
"""A row's line break, as Python's tokenizer knows them (``\\r\\n``, ``\\r``, ``\\n``;
not a form feed or U+2028, which ``str.splitlines`` would split on)."""


class Source:
    """A decoded file: ``text`` has ``\\n`` line ends only; ``encoding`` as detected.
    A plain class: see ``rules.cases.Valid``."""

    __slots__ = ("encoding", "mixed_line_ends", "text")
    text: str
    encoding: str
    mixed_line_ends: bool
    """The raw file mixed ``\\r\\n``, ``\\r`` and ``\\n`` line ends (see :func:`mixed_line_ends`)."""

    def __init__(self, text: str, encoding: str, mixed_line_ends: bool = False) -> None:
        self.text = text
        self.encoding = encoding
        self.mixed_line_ends = mixed_line_ends

    @property
    def lines(self) -> list[str]:
        """The rows of ``text`` (row ``r`` is ``lines[r - 1]``), without line ends."""
        return self.text.split("\n")


def row_starts(text: str) -> list[int]:
    """Offset in ``text`` of the first character of every row (row ``r`` starts
    at ``row_starts(text)[r - 1]``); rows end at :data:`LINE_BREAK`."""
    starts = [0]
    starts.extend(m.end() for m in LINE_BREAK.finditer(text))
    return starts


def newline(text: str) -> str:
    """The first line break of ``text`` (``"\\n"`` when it has none): the one a
    fix writes for the ``\\n`` in its edits, as ruff's ``Stylist`` picks it."""
    match = LINE_BREAK.search(text)
    return match.group(0) if match else "\n"


def newline_styles(data: bytes | str) -> list[str]:
    """The line-break styles present in ``data`` (raw bytes or text), each once, in
    the order ``"\\r\\n"``, ``"\\r"``, ``"\\n"`` (empty for a file of one line)."""
    crlf, cr, lf = ("\r\n", "\r", "\n") if isinstance(data, str) else (b"\r\n", b"\r", b"\n")
    n_crlf = data.count(crlf)  # type: ignore[arg-type]
    n_cr = data.count(cr) - n_crlf  # type: ignore[arg-type]
    n_lf = data.count(lf) - n_crlf  # type: ignore[arg-type]
    return [style for style, n in (("\r\n", n_crlf), ("\r", n_cr), ("\n", n_lf)) if n]


def decode(data: bytes) -> Source:
    """Decode ``data`` as Python source (BOM, PEP 263 cookie, UTF-8 default).

    Line ends are normalised to ``\\n``. Raises :class:`SourceError` for an unknown
    or invalid coding cookie and for bytes that do not decode.
    """
    head = data
    if b"\r" in data:  # detect_encoding splits lines on LF only; a CR-only file has lines too
        head = _LINE_END_BYTES.sub(b"\n", data)
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(head).readline)
    except SyntaxError as exc:  # unknown encoding, or BOM + non-UTF-8 cookie
        raise SourceError(str(exc.msg if hasattr(exc, "msg") else exc)) from None
    try:
        text = data.decode(encoding)
    except (UnicodeDecodeError, LookupError) as exc:
        if isinstance(exc, UnicodeDecodeError):
            row = data.count(b"\n", 0, exc.start) + 1
            raise SourceError(
                f"stream did not contain valid {encoding.upper().replace('-SIG', '')} (line {row})"
            ) from None
        raise SourceError(str(exc)) from None
    mixed = False
    if "\r" in text:
        mixed = mixed_line_ends(data)
        text = _LINE_END.sub("\n", text)
    return Source(text=text, encoding=encoding, mixed_line_ends=mixed)


def mixed_line_ends(data: bytes | str) -> bool:
    """Whether ``data`` uses more than one line-end style (``\\r\\n``, lone ``\\r``,
    lone ``\\n``). ``elicit-migrate`` refuses such a file (it restores one style on
    write), so the planner gives that verdict to the checker too."""
    return len(newline_styles(data)) > 1


def parse(source: Source, filename: str) -> ast.Module:
    """``ast.parse`` the decoded text; a ``SyntaxError`` propagates to the caller.

    Same as :func:`parse_text` on ``source.text``.
    """
    return parse_text(source.text, filename)


def parse_text(text: str, filename: str) -> ast.Module:
    """``ast.parse`` decoded ``text``; a ``SyntaxError`` propagates to the caller.

    A file nested too deeply for CPython's parser (``1 + 1 + ...`` thousands of
    times: ``RecursionError: maximum recursion depth exceeded during ast
    construction``; or ``MemoryError`` from an overflowing parser stack) cannot be
    compiled by the interpreter either: it is raised as a ``SyntaxError`` at the
    start of the file, so it becomes that file's ``invalid-syntax`` diagnostic
    instead of ending the run. What a fresh interpreter parses is parsed here
    however deep the caller's stack is (:func:`.depth.on_fresh_stack`).
    """
    try:
        try:
            return ast.parse(text, filename=filename, type_comments=False)
        except RecursionError:
            from .depth import on_fresh_stack

            return on_fresh_stack(ast.parse, text, filename=filename, type_comments=False)
    except (RecursionError, MemoryError) as exc:
        detail = str(exc) or type(exc).__name__
        error = SyntaxError(f"too many nested expressions for Python's parser ({detail})")
        error.lineno, error.offset = 1, 1
        raise error from None


def io_error(filename: str, message: str) -> Diagnostic:
    """The diagnostic for an unreadable or undecodable file (ruff's E902 ``io-error``)."""
    start = Location(1, 1)
    return Diagnostic(IO_ERROR, IO_ERROR, message, filename, start, start)


def syntax_error(filename: str, exc: SyntaxError, source: Source) -> Diagnostic:
    """The diagnostic for a file that does not parse, at the parser's position.

    ``SyntaxError.offset`` is a 1-based character column of the decoded line
    (CPython >= 3.10); it may point past the end of the line (e.g. at EOF) or be
    missing, which is clamped to the line. When the syntax is valid on a newer
    Python than the running one (:mod:`.newer_syntax`), the message says so.
    """
    lines = source.lines
    row = exc.lineno or 1
    row = min(max(row, 1), max(len(lines), 1))
    line = lines[row - 1] if lines else ""
    col = exc.offset or 1
    col = min(max(col, 1), len(line) + 1)
    end_row = exc.end_lineno or row
    end_col = exc.end_offset or col
    if (end_row, end_col) < (row, col) or end_row > len(lines):
        end_row, end_col = row, col
    message = exc.msg or "invalid syntax"
    from .newer_syntax import hint, needs_newer_python

    version = needs_newer_python(exc, source.text)
    if version is not None:
        message = f"{message}; {hint(version)}"
    start = Location(row, col)
    return Diagnostic(
        INVALID_SYNTAX, INVALID_SYNTAX, message, filename, start, Location(end_row, end_col)
    )
