"""Safe file I/O for the codemod (docs/architecture.md "Data flow: `elicit-migrate`", steps 2 and 6).

- read: the checker's decoding (:mod:`elicit_lint.core.source`: BOM, PEP 263 cookie,
  UTF-8 default), with the file's line-end style recorded. Text handed to the
  planner and to libcst has ``\\n`` line ends only (libcst's native parser has
  mishandled lone ``\\r`` and mixed endings), and the style is restored on write,
  so bytes outside the edits are unchanged. A file mixing line-end styles is
  refused (restoring it exactly would need per-line bookkeeping);
- write: encode with the detected encoding (``utf-8-sig`` writes the BOM back);
  the write itself is :func:`elicit_lint.core.writes.write_atomic` (shared with
  ``elicit-lint check --fix``): atomic, permissions kept, symlinks written
  through, read-only and changed-on-disk files refused.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import source as src


class Unsupported(Exception):
    """A file the codemod will not rewrite (``args[0]``: why)."""


@dataclass
class Loaded:
    """A read file: ``data`` (raw bytes), ``text`` (decoded, ``\\n`` line ends),
    ``encoding`` (as detected) and ``newline`` (``"\\n"``, ``"\\r\\n"`` or ``"\\r"``)."""

    path: str
    data: bytes
    text: str
    encoding: str
    newline: str


def newline_style(data: bytes) -> str:
    """The one line-end style of ``data``; raises :class:`Unsupported` when mixed."""
    styles = src.newline_styles(data)
    if len(styles) > 1:
        raise Unsupported("mixed line endings")
    return styles[0] if styles else "\n"


def load(path: str, data: bytes | None = None) -> Loaded:
    """Read and decode ``path`` (or the given ``data`` read from it).

    Raises :class:`elicit_lint.core.source.SourceError` (unreadable, undecodable) or
    :class:`Unsupported` (mixed line endings).
    """
    if data is None:
        data = src.read_bytes(path)
    decoded = src.decode(data)
    return Loaded(path, data, decoded.text, decoded.encoding, newline_style(data))


def encode(text: str, loaded: Loaded) -> bytes:
    """``text`` (``\\n`` line ends) as bytes in ``loaded``'s encoding and line-end style."""
    if loaded.newline != "\n":
        text = text.replace("\n", loaded.newline)
    return text.encode(loaded.encoding)
