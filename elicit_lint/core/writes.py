"""Writing a source file back safely: shared by ``elicit-lint check --fix`` and
``elicit-migrate`` (docs/architecture.md "Data flow: `elicit-migrate`", step 6).

:func:`write_atomic` refuses a read-only file (owner write bit clear), writes a
temporary file in the same directory, copies the permission bits, checks the
file on disk still has the bytes that were read, then ``os.replace``\\s it
(atomic on POSIX and Windows within one file system). A symlink is written
through to its target (the link is kept), as ruff does. Standard library only:
this module is on the check path of ``--fix``.
"""

from __future__ import annotations

import os
import stat
import tempfile


class WriteRefused(Exception):
    """A file that was deliberately not written (``str(exc)``: why)."""


class FileChanged(WriteRefused):
    """The file on disk no longer holds the bytes that were read: not written."""


class ReadOnly(WriteRefused):
    """The file is not writable by its owner (mode bits, e.g. ``0444``), or not
    writable for this process: not written. The mode bits are read because
    ``os.access`` answers "writable" to root (DAC override), and ``os.replace``
    would then swap a read-only file for a new one."""


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
