"""The layout of one entry file of the results cache (``checker/cache.py``): its
header, its index lines, the blob of payloads; finding one path's line with a
byte search, splitting the index, telling a mostly dead blob, cutting lines out.
Bytes only: nothing here decodes a payload.
"""

from __future__ import annotations

HEADER = b"elicit-lint results 2\n"
"""The first line of an entry file; a file without it is read as empty."""

COMPACT_AFTER = 1 << 16
"""Blob size (bytes) past which a few-lookup save counts the live payloads and
rewrites the whole file when more than half of the blob is dead (payloads of
entries replaced by earlier few-lookup saves): the file stays within twice its
live size however many one-file runs (pre-commit's case) come in a row."""

class EntryFile:
    """An entry file's bytes: ``HEADER``, index lines ``path NUL stat NUL digest NUL
    ref NUL`` (``ref``: empty, or ``offset+length`` in hexadecimal of the payload in
    the blob), an empty line, then the blob of JSON payloads (which hold no raw
    newline or NUL, so a path's line is found by one byte search)."""

    def __init__(self, data: bytes | None) -> None:
        end = data.find(b"\n\n") if data is not None and data.startswith(HEADER) else -1
        if end < 0:
            data, end = HEADER + b"\n", len(HEADER) - 1
        self.data = data
        self.index_end = end + 1  # after the last index line's newline
        self.blob = end + 2
        self._index: dict[bytes, bytes] | None = None
        self._dead: bool | None = None

    def find(self, key: bytes) -> tuple[int, int] | None:
        """``(start, end)`` of ``key``'s whole line (newline included), or ``None``."""
        start = self.data.find(b"\n" + key + b"\0", 0, self.index_end)
        if start < 0:
            return None
        end = self.data.find(b"\n", start + 1, self.index_end)
        return start + 1, end + 1

    def index(self) -> dict[bytes, bytes]:
        """``{path: rest of its index line}`` (split once; the caller does not change it)."""
        if self._index is None:
            index = {}
            for line in self.data[len(HEADER) : self.index_end].split(b"\n"):
                key, sep, rest = line.partition(b"\0")
                if sep:
                    index[key] = rest
            self._index = index
        return self._index

    def payload(self, ref: bytes) -> bytes | None:
        """The payload ``ref`` points to (``b""`` for none); ``None``: a bad ref."""
        if not ref:
            return b""
        try:
            offset, length = (int(x, 16) for x in ref.split(b"+"))
        except ValueError:
            return None
        start = self.blob + offset
        if offset < 0 or length <= 0 or start + length > len(self.data):
            return None
        return self.data[start : start + length]


def mostly_dead(file: EntryFile) -> bool:
    """More than half of a blob larger than :data:`COMPACT_AFTER` is referenced by
    no index line (splitting the index lines only; no payload is decoded).
    Answered once per entry file: the cache asks it at each of its first lookups
    (one split of the index each, when it was asked again)."""
    if file._dead is None:
        file._dead = _mostly_dead(file)
    return file._dead


def _mostly_dead(file: EntryFile) -> bool:
    size = len(file.data) - file.blob
    if size <= COMPACT_AFTER:
        return False
    live = 0
    for rest in file.index().values():
        ref = rest.split(b"\0")[2:3]
        if ref and b"+" in ref[0]:
            try:
                live += int(ref[0].split(b"+")[1], 16)
            except ValueError:
                continue
    return 2 * live < size


def cut(file: EntryFile, updates) -> list:
    """Views of ``file``'s header and index lines without the lines of ``updates``' paths."""
    view = memoryview(file.data)
    cuts = sorted(span for span in map(file.find, updates) if span is not None)
    parts, pos = [], 0
    for start, end in cuts:
        parts.append(view[pos:start])
        pos = end
    parts.append(view[pos : file.index_end])
    return parts
