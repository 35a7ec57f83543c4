"""Writing a source file back safely: shared by ``elicit-lint check --fix`` and
``elicit-migrate`` (docs/architecture.md "Data flow: `elicit-migrate`", step 6).

:func:`write_atomic` refuses a read-only file (owner write bit clear), writes a
temporary file in the same directory, copies the permission bits, checks the
file on disk still has the bytes that were read, then ``os.replace``\\s it
(atomic on POSIX and Windows within one file system). A symlink is written
through to its target (the link is kept), as ruff does. Standard library only:
this module is on the check path of ``--fix``.

Temporary files are named ``.<name>.elicit-lint.<pid>.<random>.tmp`` (see
:data:`TEMP_NAME`): a run killed between creating one and renaming it (SIGKILL,
power loss) leaves it behind, and a later writing run removes it
(:func:`remove_stale_temps`) once the process that made it is gone. A name
without that exact shape (a user's ``.x.py.tmp``) is never touched.

What the "unchanged on disk" check guarantees:
the file is re-read *after* the temporary file is complete, and its identity
(device, inode, size, modification and change times) is compared again with one
``stat`` immediately before the rename. An edit saved before that last ``stat``
is never overwritten. What remains: an edit landing in the microseconds between
that ``stat`` and the rename, and a write through a descriptor opened before
the rename (it lands in the replaced inode), are lost; POSIX offers no
compare-and-rename. An in-place edit that keeps the size and falls in the same
timestamp tick as the re-read is seen only by the content comparison.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile

from .processes import orphaned


class WriteRefused(Exception):
    """A file that was deliberately not written (``str(exc)``: why)."""


class FileChanged(WriteRefused):
    """The file on disk no longer holds the bytes that were read: not written."""


class ReadOnly(WriteRefused):
    """The file is not writable by its owner (mode bits, e.g. ``0444``), or not
    writable for this process: not written. The mode bits are read because
    ``os.access`` answers "writable" to root (DAC override), and ``os.replace``
    would then swap a read-only file for a new one."""


TEMP_NAME = re.compile(r"\.(?P<name>.+)\.elicit-lint\.(?P<pid>[0-9]+)\.[a-z0-9_]{8}\.tmp")
"""A temporary file of :func:`write_atomic`: ``.<name>.elicit-lint.<pid>.<8 random>.tmp``
(``tempfile.mkstemp``'s 8 characters of ``[a-z0-9_]``), matched in full."""

_NAME_ROOM = 200
"""Characters of the original name kept in a temporary file's name, so that it
stays under the usual 255-byte limit of a name."""


def _temp(directory: str, name: str) -> tuple[int, str]:
    """``mkstemp`` in ``directory`` with a :data:`TEMP_NAME` name for ``name``."""
    return tempfile.mkstemp(
        dir=directory, prefix=f".{name[:_NAME_ROOM]}.elicit-lint.{os.getpid()}.", suffix=".tmp"
    )


def _alive(pid: int) -> bool:
    """Whether a process ``pid`` may exist on this machine (``kill(pid, 0)``: no
    signal is sent; a process of another user answers ``EPERM``, alive). Any
    doubt (pid 0, out of range, another error) counts as alive: keep the file."""
    if pid <= 0 or pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):
        return True
    return True


def remove_stale_temps(directories) -> list[str]:
    """Remove the temporary files of :func:`write_atomic` left in ``directories`` by
    a process that no longer runs; returns the paths removed.

    Removed: a regular file (not a symlink) owned by this user whose whole name
    matches :data:`TEMP_NAME` and whose ``<pid>`` is not a running process. The
    temporary file of a run still going (its pid alive, or a pid reused since)
    is left alone. Process ids are this machine's: on a file system shared
    between machines, a temporary file of another machine's live run could be
    taken for stale. Errors (a directory that cannot be listed, a file removed
    meanwhile) are ignored: cleaning is best effort.
    """
    removed: list[str] = []
    uid = os.getuid() if hasattr(os, "getuid") else None
    for directory in dict.fromkeys(directories):
        try:
            entries = list(os.scandir(directory or "."))
        except OSError:
            continue
        for entry in entries:
            if not entry.name.startswith(".") or not entry.name.endswith(".tmp"):
                continue
            match = TEMP_NAME.fullmatch(entry.name)
            if match is None or _alive(int(match["pid"])):
                continue
            try:
                info = entry.stat(follow_symlinks=False)
                if not stat.S_ISREG(info.st_mode) or (uid is not None and info.st_uid != uid):
                    continue
                os.unlink(entry.path)
            except OSError:
                continue
            removed.append(entry.path)
    return removed


def _identity(info: os.stat_result) -> tuple[int, ...]:
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


def _current(real: str) -> tuple[bytes, tuple[int, ...]]:
    """The bytes of ``real`` and the identity of what was read (``fstat`` of the
    same descriptor). Never blocks (``source.open_regular``)."""
    from .source import open_regular

    fd = open_regular(real)
    try:
        info = os.fstat(fd)
        chunks = []
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
    finally:
        os.close(fd)
    return b"".join(chunks), _identity(info)


def write_atomic(path: str, new: bytes, expected: bytes) -> None:
    """Replace ``path``'s content with ``new`` if it still holds ``expected``.

    The temporary file (:data:`TEMP_NAME`) lives in the same directory (so
    ``os.replace`` is a rename) and gets the original's permission bits. The
    file is re-read once the temporary file is written and synced, and its
    identity checked again right before the rename (the module docstring says
    what that leaves). A symlink is written through: its target (fully
    resolved) is replaced and the link stays a link, as ``ruff check --fix``
    and ``ruff format`` do (checked against ruff 0.17).
    Raises :class:`ReadOnly` for a file its owner may not write (nothing is
    written), :class:`FileChanged` when the file changed since it was read
    (nothing is written), ``OSError`` on I/O failure or for a path that is not
    a regular file (the temporary file is removed).
    """
    real = os.path.realpath(path)
    directory = os.path.dirname(real)
    mode = stat.S_IMODE(os.stat(real).st_mode)
    if not mode & stat.S_IWUSR or not os.access(real, os.W_OK):
        raise ReadOnly(f"read-only file (mode {mode:04o}); not written")
    fd, tmp = _temp(directory, os.path.basename(real))
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(new)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        data, identity = _current(real)  # after the slow part: the write and fsync
        if data != expected:
            raise FileChanged(f"{path} changed on disk since it was read")
        if orphaned():  # a pool worker whose run was killed writes nothing more
            raise WriteRefused("the run that started this worker has ended; not written")
        if _identity(os.stat(real)) != identity:  # one system call before the rename
            raise FileChanged(f"{path} changed on disk while it was being written")
        os.replace(tmp, real)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
