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

Inside it, one line per absolute path holds the file's ``stat`` key (size,
modification and change times in nanoseconds, inode), a BLAKE2 digest of its
bytes, and its diagnostics (without the file name, put back on a hit) and rows:
``path NUL stat NUL digest NUL payload NUL`` where the payload is empty for a
file without diagnostics and JSON otherwise (no raw NUL or newline in either;
a path holding one is never cached). A run over one file finds its line with
one byte search and parses nothing else (a whole-project entry file parsed as
JSON cost a one-file run more than checking it: docs/performance.md); a run
over many files splits the lines once into an index. ``json`` is imported only
for a file with diagnostics. A lookup:

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
misses; the cache never fails a run. The file is written back only when an
entry changed or a deleted file's entry was found: the changed lines replace
theirs and the rest is copied as bytes; entries of files that no longer exist
are dropped when the run looked up at least as many files as it did not (so a
one-file run never calls ``stat`` on the whole project), also by a run with
nothing else to store.
"""

from __future__ import annotations

import os
import time

from ..core import cache as store
from .cache_codec import decode, digest, encode, options_key, stat_key  # noqa: F401 - the cache's public names
from .cache_file import COMPACT_AFTER, HEADER, EntryFile, cut, mostly_dead  # noqa: F401
from .run_stamp import line_key as _line_key
from .run_stamp import stat_bytes as _stat_bytes

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..core.diagnostic import Diagnostic

RACY_NS = 2_000_000_000
"""A file modified less than this before it was read is stored without a ``stat``
key (2 s: the coarsest modification-time resolution in common use, FAT's)."""


INDEX_AFTER = 8
"""Lookups answered by a byte search of the entry file before its index lines
are split into a dictionary."""


class ResultsCache:
    """The cached results of the files checked with one ``RunOptions`` (see the
    module docstring). Load with :meth:`lookup`, record with :meth:`store`, and
    :meth:`save` once at the end of a run (only when something changed)."""

    def __init__(self, cache_dir: str, options) -> None:
        self.path = store.entry_path(cache_dir, f"results-{options_key(options)}")
        self._file: EntryFile | None = None
        self._index: dict[bytes, bytes] | None = None
        self._searches = 0
        self._seen: set[bytes] = set()
        self._updates: dict[bytes, tuple[bytes, bytes, bytes]] = {}
        self._now = time.time_ns()
        self._cwd = os.getcwd()
        self._deleted: list[bytes] | None = None
        project = getattr(options, "project", None)
        self._run_files = list(project.files) if project is not None else None
        self._stamp = False  # a run_stamp.RunStamp, None, or False: not computed yet
        self._stamp_first = True  # the first lookup asks whether a stamp will be needed

    def run_stamp(self, path: bytes) -> bytes | None:
        """The stamp of the run's files but ``path`` that a verdict reading
        other files is stored and served under (:mod:`.run_stamp`; ``None``:
        such a verdict is not stored)."""
        if self._stamp is False:
            from .run_stamp import RunStamp

            self._stamp = RunStamp.of(self._run_files, self._cwd, self._now - RACY_NS)
        return None if self._stamp is None else self._stamp.without(path)

    def _loaded(self) -> EntryFile:
        if self._file is None:
            self._file = EntryFile(store.read(self.path))
        return self._file

    def _rest(self, key: bytes) -> bytes | None:
        """The rest of ``key``'s index line (after the path and its NUL), or ``None``."""
        file = self._loaded()
        if self._index is None and mostly_dead(file):
            self._index = file.index()
        if self._index is None:
            self._searches += 1
            if self._searches <= INDEX_AFTER:
                span = file.find(key)
                return None if span is None else file.data[span[0] + len(key) + 1 : span[1] - 1]
            self._index = file.index()
        return self._index.get(key)

    def _entry(self, key: bytes) -> tuple[bytes, bytes, bytes] | None:
        """``(stat, digest, payload)`` of ``key``'s entry; ``None``: none, or malformed."""
        rest = self._index.get(key) if self._index is not None else self._rest(key)
        if rest is None:
            return None
        parts = rest.split(b"\0")
        if len(parts) != 4 or parts[3]:
            return None
        if not parts[2]:
            return parts[0], parts[1], b""
        payload = self._file.payload(parts[2])
        return None if payload is None else (parts[0], parts[1], payload)

    def lookup(self, filename: str, read):
        """``(result, data, key)`` for ``filename``.

        On a hit ``result`` is the cached ``(diagnostics, lines)`` and ``data``
        is ``None`` or the bytes read for the content check. On a miss ``result``
        is ``None``, ``data`` the file's bytes (read once with ``read(filename)``,
        which may raise) and ``key`` what :meth:`store` needs (``None``: do not store)."""
        path = _line_key(filename, self._cwd)
        if path is None:
            return None, read(filename), None
        self._seen.add(path)
        try:
            st, key = self._stat(path, filename)
        except OSError:
            return None, read(filename), None
        entry = self._entry(path)
        if entry is not None and b"@" in entry[1]:  # a verdict that read other files
            content, _, stamp = entry[1].partition(b"@")
            entry = (entry[0], content, entry[2]) if stamp == self.run_stamp(path) else None
        if entry is not None and entry[0] == key:
            result = self._result(entry[2], filename)
            if result is not None:
                return result, None, None
        data = read(filename)
        content = digest(data).encode()
        if entry is not None and entry[1] == content:
            result = self._result(entry[2], filename)
            if result is not None:
                fresh = self._stat_for(key, st)
                if fresh != entry[0]:
                    self._updates[path] = (fresh, content, entry[2])
                return result, data, None
        return None, data, (path, self._stat_for(key, st), content)

    def _stat(self, path: bytes, filename: str) -> tuple[os.stat_result, bytes]:
        """``filename``'s ``stat`` result and key (raises ``OSError``). When the
        entry file holds a verdict that read other files (``@``), the run's
        stamp is computed at the first lookup, and its ``stat`` of each run
        file serves that file's lookup (one ``stat`` per file, not two; a
        name with ``..`` is asked again: its normalized key may not be the file
        the system resolves through a symbolic link)."""
        if self._stamp_first:
            self._stamp_first = False
            file = self._loaded()
            if self._run_files is not None and file.data.find(b"@", 0, file.index_end) >= 0:
                self.run_stamp(path)
        if self._stamp and ".." not in filename:
            known = self._stamp.stats.get(path)
            if known is not None:
                return known
        st = os.stat(filename)
        return st, _stat_bytes(st)

    def _result(self, payload: bytes, filename: str):
        if not payload:
            return [], None
        import json

        try:
            diagnostics, lines = json.loads(payload)
            found = [decode(item, filename) for item in diagnostics]
            # JSON gives exact types: ``type``, and one C-level pass over the rows
            if lines is not None and not (isinstance(lines, list) and set(map(type, lines)) <= {str}):
                return None
            return found, lines
        except (TypeError, ValueError, IndexError, KeyError, AttributeError):
            return None

    def _stat_for(self, key: bytes, st: os.stat_result) -> bytes:
        return key if st.st_mtime_ns < self._now - RACY_NS else b"-"

    def store(self, filename: str, key, diagnostics: list[Diagnostic], lines: list[str] | None,
              depends: bool = False) -> None:
        """Record the result of a checked file (``key`` from :meth:`lookup`).
        ``depends``: the verdict read other files of the run, so it is stored
        under the :meth:`run_stamp` (not at all without one)."""
        if key is None:
            return
        path, stat, content = key
        if depends:
            stamp = self.run_stamp(path)
            if stamp is None:
                return
            content = content + b"@" + stamp
        payload = b""
        if diagnostics:
            import json

            payload = json.dumps([[encode(d) for d in diagnostics], lines], separators=(",", ":")).encode()
        self._updates[path] = (stat, content, payload)

    def _unseen_gone(self, entries) -> list[bytes]:
        """The paths of ``entries`` this run did not look up and that no longer
        exist, when the run looked up at least as many files as it left unseen
        (else none: a one-file run never calls ``stat`` on the whole project)."""
        unseen = [k for k in entries if k not in self._seen]
        if len(unseen) > len(self._seen):
            return []
        return [k for k in unseen if not os.path.exists(k)]

    def _holds_deleted(self) -> bool:
        """A run with nothing to store that looked up many files (the index is
        split): does the entry file hold a line of a file deleted since? Then it
        is written back without it, as a run with changes would (a warm run over
        an unchanged tree looks up every entry and tests nothing on disk)."""
        if self._index is None:
            return False
        self._deleted = self._unseen_gone(self._index)
        return bool(self._deleted)

    def save(self) -> None:
        """Write the entry file back if an entry changed or one of a deleted file
        was found (:meth:`_holds_deleted`); failures are ignored."""
        if not self._updates and not self._holds_deleted():
            return
        file = self._loaded()
        if self._index is None and mostly_dead(file):
            self._index = file.index()
        if self._index is None:
            # few lookups: the changed lines cut out, the rest of the index and the
            # blob written from the bytes read; new payloads appended to the blob
            out = cut(file, self._updates)
            base = len(file.data) - file.blob
            kept_blob = memoryview(file.data)[file.blob :]
        else:
            # many: every entry rewritten, the blob compacted; entries of files
            # that no longer exist dropped when they are few
            entries = {}
            for k, rest in self._index.items():
                if k not in self._updates:
                    parts = rest.split(b"\0")
                    payload = file.payload(parts[2]) if len(parts) == 4 and not parts[3] else None
                    if payload is not None:
                        entries[k] = (parts[0], parts[1], payload)
            for k in self._deleted if self._deleted is not None else self._unseen_gone(entries):
                entries.pop(k, None)
            entries.update(self._updates)
            self._updates = entries
            out, base, kept_blob = [HEADER], 0, b""
        lines, blob = [], []
        for k, (stat, content, payload) in self._updates.items():
            ref = b""
            if payload:
                ref = f"{base:x}+{len(payload):x}".encode()
                base += len(payload)
                blob.append(payload)
            lines.append(b"%s\0%s\0%s\0%s\0\n" % (k, stat, content, ref))
        out += (b"".join(lines), b"\n", kept_blob, b"".join(blob))
        store.write(self.path, out)
        self._updates = {}
