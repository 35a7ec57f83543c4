"""The cache directory: one place, one mechanism, for every cached verdict.

Like ruff's ``.ruff_cache`` (https://docs.astral.sh/ruff/settings/#cache-dir):
the directory is ``$ELICIT_LINT_CACHE_DIR`` when set, else the configuration's
``cache-dir`` (relative to the configuration file), else ``.elicit_lint_cache``
in the project root (the configuration file's directory, or the current one).
It holds a ``.gitignore`` of ``*`` and a ``CACHEDIR.TAG``, and one
sub-directory per :func:`fingerprint` (this package's code and the Python that
runs it), so a new version never reads an old version's entries and
``elicit-lint clean`` removes the lot.

Two kinds of entries use it: validated configuration tables
(``elicit_lint.workspace.config_cache``) and per-file check results
(``elicit_lint.checker.cache``). Both go through :func:`read` and :func:`write`:

- :func:`read` opens without blocking (``O_NONBLOCK``) and accepts only a
  regular file: a FIFO, device or directory put in an entry's place is a miss,
  never a hang;
- :func:`write` writes a temporary file in the same directory and renames it
  over the entry (``os.replace`` is atomic on POSIX and Windows), so a reader
  sees the old entry or the new one, never half of one; concurrent runs at worst
  overwrite each other's entries (a later miss);
- every failure (a read-only directory, a full disk, a name that is a file) is
  a miss: the cache never fails a run, and a corrupt entry is the caller's miss
  too (each caller checks the shape of what it reads).

Only the standard library is imported here.
"""

from __future__ import annotations

import itertools
import os
import stat
import sys

from .cachedir import DEFAULT_NAME, ENV, directory  # noqa: F401 - re-exported: the cache's one public place

_blake2b = None


def blake2b(data: bytes = b"", **kwargs):
    """``hashlib.blake2b(data, **kwargs)``, from the ``_blake2`` module itself
    (``hashlib`` would load OpenSSL first, about 5 ms at start-up), loaded on
    first use: a run that only names the cache directory loads no hash module."""
    global _blake2b
    if _blake2b is None:
        try:
            from _blake2 import blake2b as _blake2b
        except ImportError:  # pragma: no cover - an interpreter built without it
            from hashlib import blake2b as _blake2b
    return _blake2b(data, **kwargs)

TEMP_PREFIX = ".tmp-"
_TAG = (
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This file is a cache directory tag created by elicit-lint.\n"
    "# For information about cache directory tags, see: https://bford.info/cachedir/\n"
)
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_fingerprint: str | None = None
_serial = itertools.count()


def fingerprint() -> str:
    """A key of the code that produces cached verdicts, computed once per process:
    this package's version, the Python version (``ast`` differs between them) and
    the modules' sizes and modification times. An installed package (under
    ``site-packages``) is keyed by its ``__init__.py`` alone, which every
    (re)install rewrites; a source checkout or an editable install by every
    module (about 110 ``stat`` calls), so an edited rule is a miss too."""
    global _fingerprint
    if _fingerprint is None:
        from .. import __version__

        h = blake2b(f"{__version__}\0{sys.version}\0{sys.implementation.cache_tag}".encode())
        installed = os.path.basename(os.path.dirname(_PACKAGE)) in ("site-packages", "dist-packages")
        stack = [] if installed else [_PACKAGE]
        found = []  # (path, size, mtime); sorted once: scandir's order is the file system's
        if installed:
            _add_stat(found, os.path.join(_PACKAGE, "__init__.py"))
        while stack:
            try:
                entries = os.scandir(stack.pop())
            except OSError:
                continue
            with entries:
                for entry in entries:
                    name = entry.name
                    if name.endswith(".py"):
                        try:
                            st = entry.stat()
                        except OSError:
                            continue
                        found.append((entry.path, st.st_size, st.st_mtime_ns))
                    elif not name.startswith((".", "__")) and entry.is_dir(follow_symlinks=False):
                        stack.append(entry.path)
        h.update(repr(sorted(found)).encode())
        _fingerprint = h.hexdigest()[:16]
    return _fingerprint


def _add_stat(found: list, path: str) -> None:
    try:
        st = os.stat(path)
    except OSError:
        return
    found.append((path, st.st_size, st.st_mtime_ns))


def entry_path(cache_dir: str, name: str) -> str:
    """Where the entry ``name`` of the current :func:`fingerprint` lives in ``cache_dir``."""
    return os.path.join(cache_dir, fingerprint(), name)


def read(path: str) -> bytes | None:
    """The bytes of the entry at ``path``, or ``None``: missing, unreadable, or not a
    regular file (opened with ``O_NONBLOCK`` and checked with ``fstat`` before any
    read, so a FIFO or a device never blocks the run)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return None
        chunks = []
        while True:
            chunk = os.read(fd, max(st.st_size + 1, 65536))
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)


def _prepare(path: str) -> None:
    parent = os.path.dirname(path)
    if os.path.isdir(parent):
        return
    top = os.path.dirname(parent)
    if not os.path.isdir(top):
        os.makedirs(top, exist_ok=True)
        for name, text in ((".gitignore", "# Automatically created by elicit-lint.\n*\n"),
                           ("CACHEDIR.TAG", _TAG)):
            with open(os.path.join(top, name), "w", encoding="utf-8") as f:
                f.write(text)
    os.makedirs(parent, exist_ok=True)
    prune(top)


def write(path: str, data) -> bool:
    """Store ``data`` (bytes, or a list of bytes-like chunks written in order, so a
    caller need not join them into one copy) at ``path`` atomically (a temporary
    file renamed over it), creating the cache directory on first use; ``False``
    when anything failed."""
    tmp = None
    try:
        _prepare(path)
        tmp = os.path.join(os.path.dirname(path), f"{TEMP_PREFIX}{os.getpid()}-{next(_serial)}")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
        with os.fdopen(fd, "wb", buffering=0) as f:
            for chunk in [data] if isinstance(data, bytes) else data:
                view = memoryview(chunk)
                while view:
                    view = view[f.write(view):]
        os.replace(tmp, path)
        return True
    except OSError:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        return False


def prune(top: str) -> None:
    """Remove the entries of other fingerprints from the cache directory ``top``
    (called when the current fingerprint's sub-directory is created: an upgrade
    or an edited module leaves nothing behind; failures ignored)."""
    current = fingerprint()
    try:
        names = os.listdir(top)
    except OSError:
        return
    for name in names:
        if len(name) == 16 and name != current and all(c in "0123456789abcdef" for c in name):
            _remove_tree(os.path.join(top, name))


def _remove_tree(path: str) -> None:
    import shutil

    shutil.rmtree(path, ignore_errors=True)


def clean(cache_dir: str) -> bool:
    """Remove ``cache_dir`` if it is an elicit-lint cache directory (it holds our
    ``CACHEDIR.TAG``); returns whether something was removed. A directory without
    the tag is left alone (it may be the user's own, misnamed by a setting)."""
    tag = read(os.path.join(cache_dir, "CACHEDIR.TAG"))
    if tag is None or b"created by elicit-lint" not in tag:
        return False
    _remove_tree(cache_dir)
    return not os.path.exists(cache_dir)
