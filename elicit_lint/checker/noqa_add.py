"""``elicit-lint check --add-noqa``: write ``# noqa: CODE`` where findings are, as ruff does.

Checked against ruff 0.17.6 (``ruff check --add-noqa``):

- a line without a directive gets ``  # noqa: CODE`` at its end, after any
  comment already there (``x  # note  # noqa: MCP001``);
- a line with ``# noqa: A, B`` gets its directive rewritten with the union of
  the codes, sorted, as ``# noqa: A, B, CODE``; the text after the old codes
  (``# noqa:E501 explain why``, ``# noqa: E501 # fmt: skip``) is kept as
  written. ruff 0.17.6 drops it, a bug its maintainers filed
  (astral-sh/ruff#26287, "`--add-noqa` deletes trailing content"); the fix
  under review there keeps it, as this does;
- ``--add-noqa=REASON`` writes ``# noqa: CODE REASON`` (on a directive that
  already has its own text after the codes, that text stays and no reason is
  added);
- a finding whose ``noqa`` row ends inside a multi-line string is left alone (a
  comment there would become part of the string).

The directives are read by :mod:`elicit_lint.core.noqa` (the same reading as
the check), the file is written with ``elicit_lint.core.writes.write_atomic``.
"""

from __future__ import annotations

import io
import tokenize

from ..core.noqa import _LINE, _codes_at


def _string_rows(text: str) -> set[int]:
    """Rows whose end lies inside a string token (multi-line strings)."""
    rows: set[int] = set()
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.STRING or tok.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
                rows.update(range(tok.start[0], tok.end[0]))
    except (tokenize.TokenError, SyntaxError):
        pass
    return rows


def _comment_columns(text: str) -> dict[int, list[tuple[int, str]]]:
    out: dict[int, list[tuple[int, str]]] = {}
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.COMMENT:
                out.setdefault(tok.start[0], []).append((tok.start[1], tok.string))
    except (tokenize.TokenError, SyntaxError):
        pass
    return out


def add_directives(text: str, codes_by_row: dict[int, set[str]], reason: str = "") -> tuple[str, int]:
    """``text`` with a ``noqa`` directive for each ``{row: codes}``; returns the new
    text and how many rows got one."""
    lines = text.split("\n")
    strings = _string_rows(text)
    comments = _comment_columns(text)
    added = 0
    suffix = f" {reason}" if reason else ""
    for row, codes in sorted(codes_by_row.items()):
        if row in strings or not 1 <= row <= len(lines):
            continue
        line = lines[row - 1]
        existing = None
        for col, comment in comments.get(row, []):
            match = _LINE.search(comment)
            if not match:
                continue
            parsed, end = _codes_at(comment, match)
            if not isinstance(parsed, str) and parsed is not None:
                existing = (col + match.start(), parsed, line[col + end :].rstrip())
                break
        if existing is not None:
            start, old, trailing = existing
            lines[row - 1] = (
                f"{line[:start]}# noqa: {', '.join(sorted(old | codes))}{trailing or suffix}"
            )
        else:
            body = line.rstrip()
            lines[row - 1] = f"{body}  # noqa: {', '.join(sorted(codes))}{suffix}"
        added += 1
    return "\n".join(lines), added


def add_to_file(filename: str, options, reason: str = "") -> tuple[int, str | None]:
    """Add directives for the unsuppressed findings of one file; returns ``(rows
    changed, error or None)``. A file that cannot be read, decoded or parsed is
    left alone (the check reports it)."""
    from ..core import source as src
    from ..core.writes import WriteRefused, write_atomic
    from .runner import check_source

    try:
        data = src.read_bytes(filename)
        decoded = src.decode(data)
    except src.SourceError:
        return 0, None
    found = check_source(filename, data, options).diagnostics
    codes_by_row: dict[int, set[str]] = {}
    for d in found:
        if d.code.startswith("MCP"):
            codes_by_row.setdefault(d.noqa_row or d.row, set()).add(d.code)
    if not codes_by_row:
        return 0, None
    text = data.decode(decoded.encoding)
    newline = "\r\n" if "\r\n" in text else "\n"
    new, added = add_directives(text.replace("\r\n", "\n"), codes_by_row, reason)
    if not added:
        return 0, None
    try:
        write_atomic(filename, new.replace("\n", newline).encode(decoded.encoding), data)
    except (WriteRefused, OSError) as exc:
        return 0, str(exc)
    return added, None
