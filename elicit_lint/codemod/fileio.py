"""Safe file I/O for the codemod (DESIGN.md §5 "Safety").

- read: the checker's decoding (:mod:`elicit_lint.source`: BOM, PEP 263 cookie,
  UTF-8 default), with the file's line-end style recorded. Text handed to the
  planner and to libcst has ``\\n`` line ends only (libcst's native parser has
  mishandled lone ``\\r`` and mixed endings), and the style is restored on write,
  so bytes outside the edits are unchanged. A file mixing line-end styles is
  refused (restoring it exactly would need per-line bookkeeping);
- write: encode with the detected encoding (``utf-8-sig`` writes the BOM back),
  refuse a read-only file (owner write bit clear), write a temporary file in
  the same directory, copy the permission bits, check
  the file on disk still has the bytes that were read, then ``os.replace``
  (atomic on POSIX and Windows within one file system). A symlink is written
  through to its target (the link is kept), as ruff does.
"""

from __future__ import annotations

import os
import stat
import tempfile
from dataclasses import dataclass

from .. import source as src


class FileChanged(Exception):
    """The file on disk no longer holds the bytes that were read: not written."""


class ReadOnly(Exception):
    """The file is not writable by its owner (mode bits, e.g. ``0444``), or not
    writable for this process: not written. The mode bits are read because
    ``os.access`` answers "writable" to root (DAC override), and ``os.replace``
    would then swap a read-only file for a new one."""


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
    crlf = data.count(b"\r\n")
    cr = data.count(b"\r") - crlf
    lf = data.count(b"\n") - crlf
    styles = [s for s, n in (("\r\n", crlf), ("\r", cr), ("\n", lf)) if n]
    if len(styles) > 1:
        raise Unsupported("mixed line endings")
    return styles[0] if styles else "\n"


def load(path: str, data: bytes | None = None) -> Loaded:
    """Read and decode ``path`` (or the given ``data`` read from it).

    Raises :class:`elicit_lint.source.SourceError` (unreadable, undecodable) or
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


def write_atomic(path: str, new: bytes, expected: bytes) -> None:
    """Replace ``path``'s content with ``new`` if it still holds ``expected``.

    The temporary file lives in the same directory (so ``os.replace`` is a
    rename) and gets the original's permission bits. A symlink is written
    through: its target (fully resolved) is replaced and the link stays a link,
    as ``ruff check --fix`` and ``ruff format`` do (checked against ruff 0.17).
    Raises :class:`ReadOnly` for a file its owner may not write (nothing is
    written), :class:`FileChanged` when the file changed since it was read
    (nothing is written), ``OSError`` on I/O failure (the temporary file is
    removed).
    """
    real = os.path.realpath(path)
    directory = os.path.dirname(real)
    mode = stat.S_IMODE(os.stat(real).st_mode)
    if not mode & stat.S_IWUSR or not os.access(real, os.W_OK):
        raise ReadOnly(f"read-only file (mode {mode:04o}); not written")
    fd, tmp = tempfile.mkstemp(
        dir=directory, prefix=f".{os.path.basename(real)}.", suffix=".tmp"
    )
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(new)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        with open(real, "rb") as f:
            if f.read() != expected:
                raise FileChanged(f"{path} changed on disk since it was read")
        os.replace(tmp, real)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
