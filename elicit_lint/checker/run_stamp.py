"""The stamp of a run's files for the results cache (``checker/cache.py``).

A file's verdict that read other files of the run (the tool index,
``analysis.elsewhere``: a function another module registers, a tool another
module calls) is stored and served under a key of those other files: their
paths and ``stat`` keys. Any other file of the run added, removed, renamed or
changed gives another stamp, so such a verdict is never stale; the file's own
freshness is its entry's ``stat`` key and digest, as for any entry. The
stamps are sums of per-file hashes (128 bits), so each file's stamp ("every
file but this one") is one subtraction: one ``stat`` per run file, once per run.
"""

from __future__ import annotations

import os

from ..core import cache as store

_MODULUS = 1 << 128


def line_key(filename: str, cwd: str) -> bytes | None:
    """The cache line key of ``filename``: its absolute path as bytes (``None``:
    a path holding a newline or NUL, never cached)."""
    # ``os.path.abspath`` without its ``getcwd`` call per file
    path = os.path.normpath(filename if os.path.isabs(filename) else os.path.join(cwd, filename))
    # tested on the ``str``: ``bytes.__contains__`` tries the argument as an int first
    return None if "\n" in path or "\0" in path else os.fsencode(path)


def stat_bytes(st: os.stat_result) -> bytes:
    """The ``stat`` key of an entry: size, modification and change times, inode."""
    # hexadecimal, each field after its "0x" (a decimal conversion of the nanosecond
    # times, or a format spec, costs more than the ``stat`` itself)
    return (hex(st.st_size) + hex(st.st_mtime_ns) + hex(st.st_ctime_ns) + hex(st.st_ino)).encode()


class RunStamp:
    """The hashes of a run's files (see the module docstring)."""

    def __init__(self, hashes: dict[bytes, int], racy: set[bytes],
                 stats: dict[bytes, tuple[os.stat_result, bytes]] | None = None) -> None:
        self.hashes = hashes
        self.total = sum(hashes.values()) % _MODULUS
        self.racy = racy
        self.stats = {} if stats is None else stats
        """``{path: (stat result, stat_bytes)}`` of each file as stamped: the
        cache's lookups of the same run take a file's ``stat`` from here
        rather than asking the system again."""

    @classmethod
    def of(cls, files, cwd: str, limit: int) -> RunStamp | None:
        """The stamp of ``files`` (the run's paths as given; ``cwd``: the
        current directory); ``None`` when no files are known or one cannot be
        ``stat``-ed. A file modified at ``limit`` (nanoseconds; the cache's
        ``RACY_NS`` before the run started) or later is *racy*: its next change
        could keep its ``stat`` key."""
        if files is None:
            return None
        hashes, racy, stats = {}, set(), {}
        try:
            for key in {line_key(f, cwd) or b"" for f in files}:
                st = os.stat(key)
                if st.st_mtime_ns >= limit:
                    racy.add(key)
                key_bytes = stat_bytes(st)
                stats[key] = st, key_bytes
                digest = store.blake2b(key + b"\0" + key_bytes, digest_size=16).digest()
                hashes[key] = int.from_bytes(digest, "big")
        except OSError:
            return None
        return cls(hashes, racy, stats)

    def without(self, path: bytes) -> bytes | None:
        """The stamp of every file but ``path`` (its cache line key), as
        hexadecimal bytes; ``None`` when another file is racy (the verdict is
        then not stored: a later change of that file could go unseen)."""
        if self.racy - {path}:
            return None
        return b"%x" % ((self.total - self.hashes.get(path, 0)) % _MODULUS)
