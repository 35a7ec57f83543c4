"""The results cache's keys and its JSON form of a diagnostic (``checker/cache.py``):
a file's content digest, its ``stat`` key, the settings hash, and a
:class:`~elicit_lint.core.diagnostic.Diagnostic` without its file name as a
JSON-able list and back. ``core.diagnostic`` is imported only when a result with
diagnostics is encoded or decoded.
"""

from __future__ import annotations

import os

from ..core import cache as store

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..core.diagnostic import Diagnostic

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
