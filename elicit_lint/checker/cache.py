"""The results cache: a file's diagnostics reused while nothing they depend on changed.

As ruff's cache does (``ruff_linter``'s ``cache.rs``), the entries of one
configuration live in one file of the cache directory
(``elicit_lint.core.cache``: where it is, atomic writes, non-blocking reads),
named by a hash of everything a file's diagnostics depend on besides the file:

- the code that produced them: the sub-directory is the package's
  :func:`elicit_lint.core.cache.fingerprint` (version, every module's size and
  modification time, the Python version);
- the effective settings: the :class:`~elicit_lint.checker.runner.RunOptions`
  (selection layers, rule settings, ``per-file-ignores`` and the root they are
  relative to).

Inside it, an entry per absolute path holds the file's ``stat`` key (size,
modification and change times in nanoseconds, inode), a BLAKE2 digest of its
bytes, and its diagnostics (without the file name, put back on a hit) and rows.
A lookup:

- ``stat`` equal to the entry's: a hit, the file is not read (a warm run over
  unchanged files costs one ``stat`` each);
- otherwise the file is read and its digest compared: equal (e.g. touched, or
  checked out again) is a hit whose ``stat`` key is refreshed; different is a miss.

A file modified within :data:`RACY_NS` of being read (the modification time
cannot tell its next change apart: git's "racily clean" problem) is stored
without a ``stat`` key, so its next lookup compares content. A renamed file is
a different path (a miss); ``# noqa`` edits change the content; a changed
``per-file-ignores`` changes the settings hash. Files that could not be read
or analysed (``io-error``, an internal error) are never stored. Entries that do
not have the expected shape (truncated, hand-edited, another version's) are
misses; the cache never fails a run.
"""

from __future__ import annotations

import json
import os
import time

from ..core import cache as store

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..core.diagnostic import Diagnostic

RACY_NS = 2_000_000_000
"""A file modified less than this before it was read is stored without a ``stat``
key (2 s: the coarsest modification-time resolution in common use, FAT's)."""



_FIELDS: list[tuple[str, ...]] = []


def _fields() -> tuple[str, ...]:
    """:class:`Diagnostic`'s fields but ``filename`` (the module is imported only
    when a result with diagnostics is encoded or decoded)."""
    if not _FIELDS:
        from dataclasses import fields

        from ..core.diagnostic import Diagnostic

        _FIELDS.append(tuple(f.name for f in fields(Diagnostic) if f.name != "filename"))
    return _FIELDS[0]


def digest(data: bytes) -> str:
    """The content key of a file's bytes (BLAKE2b, 128 bits)."""
    return store.blake2b(data, digest_size=16).hexdigest()


def stat_key(st: os.stat_result) -> list[int]:
    """What identifies an unchanged file without reading it."""
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino]


def options_key(options) -> str:
    """The hash of the settings a file's diagnostics depend on (``RunOptions``)."""
    text = repr((options.layers, options.settings, options.per_file_ignores, options.root))
    return store.blake2b(text.encode(), digest_size=16).hexdigest()


def _encode_value(value):
    from ..core.diagnostic import Fix, Location

    if isinstance(value, Location):
        return [value.row, value.column]
    if isinstance(value, Fix):
        edits = [[e.content, e.location.row, e.location.column, e.end_location.row, e.end_location.column]
                 for e in value.edits]
        return [value.message, edits, value.applicability.value]
    return value


def encode(diagnostic: Diagnostic) -> list:
    """A JSON-able form of ``diagnostic`` without its file name."""
    return [_encode_value(getattr(diagnostic, name)) for name in _fields()]


def decode(item: list, filename: str) -> Diagnostic:
    """The :class:`Diagnostic` of :func:`encode`'s ``item`` for ``filename``; raises
    ``TypeError``/``ValueError``/``IndexError`` on a malformed item."""
    from ..core.diagnostic import Applicability, Diagnostic, Edit, Fix, Location

    values = dict(zip(_fields(), item, strict=True))
    values["location"] = Location(*values["location"])
    values["end_location"] = Location(*values["end_location"])
    fix = values.get("fix")
    if fix is not None:
        message, edits, applicability = fix
        values["fix"] = Fix(message, tuple(Edit(c, Location(r, col), Location(er, ec))
                                           for c, r, col, er, ec in edits), Applicability(applicability))
    if not isinstance(values["extra"], dict):
        raise TypeError("extra")
    return Diagnostic(filename=filename, **values)


class ResultsCache:
    """The cached results of the files checked with one ``RunOptions`` (see the
    module docstring). Load with :meth:`lookup`, record with :meth:`store`, and
    :meth:`save` once at the end of a run (only when something changed)."""

    def __init__(self, cache_dir: str, options) -> None:
        self.path = store.entry_path(cache_dir, f"results-{options_key(options)}.json")
        self._entries: dict | None = None
        self._dirty = False
        self._now = time.time_ns()
        self._cwd = os.getcwd()

    def _key(self, filename: str) -> str:
        # ``os.path.abspath`` without its ``getcwd`` call per file (a warm run's
        # largest cost after the ``stat`` calls)
        return os.path.normpath(filename if os.path.isabs(filename) else os.path.join(self._cwd, filename))

    def _load(self) -> dict:
        if self._entries is None:
            data = store.read(self.path)
            entries = None
            if data is not None:
                try:
                    entries = json.loads(data)
                except ValueError:
                    entries = None
            self._entries = entries if isinstance(entries, dict) else {}
        return self._entries

    def lookup(self, filename: str, read):
        """``(result, data, key)`` for ``filename``.

        On a hit ``result`` is the cached ``(diagnostics, lines)`` and ``data``
        is ``None`` or the bytes read for the content check. On a miss ``result``
        is ``None``, ``data`` the file's bytes (read once with ``read(filename)``,
        which may raise) and ``key`` what :meth:`store` needs."""
        entry = self._load().get(self._key(filename))
        try:
            st = os.stat(filename)
        except OSError:
            return None, read(filename), None
        key = stat_key(st)
        if entry is not None and entry[0] == key:
            result = self._result(entry, filename)
            if result is not None:
                return result, None, None
        data = read(filename)
        content = digest(data)
        if entry is not None and entry[1] == content:
            result = self._result(entry, filename)
            if result is not None:
                entry[0] = self._stat_for(key)
                self._dirty = True
                return result, data, None
        return None, data, (key, content)

    def _result(self, entry, filename: str):
        try:
            _, _, diagnostics, lines = entry
            found = [decode(item, filename) for item in diagnostics]
            if lines is not None and not (isinstance(lines, list) and all(isinstance(x, str) for x in lines)):
                return None
            return found, lines
        except (TypeError, ValueError, IndexError, KeyError, AttributeError):
            return None

    def _stat_for(self, key: list[int]):
        return key if key[1] < self._now - RACY_NS else None

    def store(self, filename: str, key, diagnostics: list[Diagnostic], lines: list[str] | None) -> None:
        """Record the result of a checked file (``key`` from :meth:`lookup`)."""
        if key is None:
            return
        stat, content = key
        self._load()[self._key(filename)] = [
            self._stat_for(stat), content, [encode(d) for d in diagnostics], lines if diagnostics else None,
        ]
        self._dirty = True

    def save(self) -> None:
        """Write the entries back if anything changed (entries of files that no
        longer exist are dropped); failures are ignored."""
        if not self._dirty or self._entries is None:
            return
        entries = {p: e for p, e in self._entries.items() if os.path.exists(p)}
        store.write(self.path, json.dumps(entries, separators=(",", ":")).encode())
        self._dirty = False
