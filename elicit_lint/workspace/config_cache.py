"""A cache of validated ``[tool.elicit-lint]`` tables, so pydantic runs once per change.

Validating a table imports pydantic and builds the schema: about 100 ms, more
than the rest of a pre-commit run over one clean file (measured: 0.20 s with a
table vs 0.06 s without). The table rarely changes, so, like ruff's
``.ruff_cache``, the validated values are kept in ``.elicit_lint_cache/`` next to
the configuration file, in ``config-<key>.json``. The key is a SHA-256 over
this package's version, the configuration file's path and bytes, and the size
and modification time of every module the verdict depends on (the schema,
selection, settings and the rule modules, since a selector is valid only when it
selects an implemented rule). Any change gives a new key; a file that cannot be
read, parsed or written is simply a miss (the cache never fails a run), and so
is an entry whose values do not have the shape validation produces (a
truncated, hand-edited or foreign file: :func:`usable`), so the table is
validated again rather than trusted. The
directory holds a ``.gitignore`` of ``*`` and a ``CACHEDIR.TAG``, as ruff's does.
``elicit-lint check --no-cache`` neither reads nor writes it.

Only the standard library is imported here.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from .. import __version__
from ..core.settings import RUNTIME_MODULES
from .config_names import OUTPUT_FORMATS
from .selection import is_selector

CACHE_DIR = ".elicit_lint_cache"
_PACKAGE = Path(__file__).resolve().parent
_DEPENDS = ("_config_schema.py", "config.py", "selection.py", "settings.py")
_TAG = (
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This file is a cache directory tag created by elicit-lint.\n"
)


def _fingerprint() -> list[Any]:
    out: list[Any] = []
    paths = [_PACKAGE / name for name in _DEPENDS]
    try:
        paths += sorted(p for p in (_PACKAGE / "rules").iterdir() if p.suffix == ".py")
    except OSError:
        pass
    for p in paths:
        try:
            st = p.stat()
        except OSError:
            continue
        out.append([p.name, st.st_size, st.st_mtime_ns])
    return out


def _entry(path: Path) -> Path | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None
    h = hashlib.sha256()
    h.update(json.dumps([__version__, str(path), _fingerprint()]).encode())
    h.update(data)
    return path.parent / CACHE_DIR / f"config-{h.hexdigest()[:32]}.json"


def _strings(value: Any, selectors: bool = False) -> bool:
    return isinstance(value, list) and all(
        isinstance(v, str) and (not selectors or is_selector(v)) for v in value
    )


_SHAPE = {
    "select": lambda v: v is None or _strings(v, True),
    "extend_select": lambda v: _strings(v, True),
    "ignore": lambda v: _strings(v, True),
    "per_file_ignores": lambda v: isinstance(v, dict)
    and all(isinstance(k, str) and _strings(s, True) for k, s in v.items()),
    "exclude": lambda v: v is None or _strings(v),
    "extend_exclude": _strings,
    "output_format": lambda v: v is None or v in OUTPUT_FORMATS,
    "max_rounds": lambda v: type(v) is int and v >= 1,
    "runtime_module": lambda v: v in RUNTIME_MODULES,
    "docs_url": lambda v: v is None or isinstance(v, str),
}
"""What ``_config_schema.validate`` returns, key by key (the schema's constraints,
restated with the standard library so that a cache hit imports no pydantic)."""


def usable(values: Any) -> bool:
    """Does ``values`` have exactly the keys and value shapes of a validation result?

    Used on every cache hit: an entry such as ``{"ok": true}`` or one with
    ``"output_format": "grouped"`` would otherwise reach ``Config(**values)`` or
    the output writer and fail every run.
    """
    return (
        isinstance(values, dict)
        and values.keys() == _SHAPE.keys()
        and all(check(values[key]) for key, check in _SHAPE.items())
    )


def read(path: Path) -> dict[str, Any] | None:
    """The cached validated values for the configuration file ``path``, or ``None``
    (no entry, an unreadable one, or one that is not :func:`usable`)."""
    entry = _entry(path)
    if entry is None:
        return None
    try:
        with open(entry, encoding="utf-8") as f:
            values = json.load(f)
    except (OSError, ValueError):
        return None
    return values if usable(values) else None


def write(path: Path, values: dict[str, Any]) -> None:
    """Store ``values`` (JSON-serialisable) for ``path``; failures are ignored."""
    entry = _entry(path)
    if entry is None:
        return
    try:
        directory = entry.parent
        if not directory.is_dir():
            directory.mkdir()
            (directory / ".gitignore").write_text("# Automatically created by elicit-lint.\n*\n")
            (directory / "CACHEDIR.TAG").write_text(_TAG)
        else:
            for stale in directory.glob("config-*.json"):  # keep one entry per state
                stale.unlink(missing_ok=True)
        tmp = entry.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(values), encoding="utf-8")
        os.replace(tmp, entry)
    except (OSError, TypeError, ValueError):
        pass
