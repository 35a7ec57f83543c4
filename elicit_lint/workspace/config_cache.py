"""Validated ``[tool.elicit-lint]`` tables, kept in the cache directory so pydantic runs once per change.

Validating a table imports pydantic and builds the schema: about 100 ms, more
than the rest of a pre-commit run over one clean file. The table rarely
changes, so the validated values are an entry of the cache directory
(``elicit_lint.core.cache``: the same directory, sub-directory per code
fingerprint, non-blocking reads and atomic writes as the results cache), named
``config-<key>.json`` where the key hashes the configuration file's path and
bytes. The directory is the one the file's own table names (``cache-dir``, read
from the raw table: the entry is needed before validation), else
``$ELICIT_LINT_CACHE_DIR`` or ``.elicit_lint_cache`` next to the file, as for
the results of the files it configures. A file that cannot be read, an entry
that is not a regular file or not JSON, and one whose values do not have the
shape validation produces (a truncated, hand-edited or foreign file:
:func:`usable`) are misses, so the table is validated again rather than
trusted; failures to write are ignored (the cache never fails a run).
``elicit-lint check --no-cache`` neither reads nor writes it.

Only the standard library is imported here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..core import cache as store
from ..core.settings import RUNTIME_MODULES
from .config_names import OUTPUT_FORMATS
from .selection import is_selector


def directory_of(path: Path, table: Any) -> str:
    """The cache directory that holds the entry of ``path``'s ``table``: the one the
    table names (``cache-dir``, read raw), else the environment's or the default
    next to the file (``elicit_lint.core.cache``)."""
    configured = table.get("cache-dir") if isinstance(table, dict) else None
    return store.directory(str(path.parent), configured if isinstance(configured, str) else None)


def _entry(path: Path, table: Any, directory: str | None = None) -> str | None:
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    if directory is None:
        directory = directory_of(path, table)
    key = store.blake2b(str(path).encode() + b"\0" + data, digest_size=16).hexdigest()
    return store.entry_path(directory, f"config-{key}.json")


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
    "extend_per_file_ignores": lambda v: isinstance(v, dict)
    and all(isinstance(k, str) and _strings(s, True) for k, s in v.items()),
    "exclude": lambda v: v is None or _strings(v),
    "extend_exclude": _strings,
    "output_format": lambda v: v is None or v in OUTPUT_FORMATS,
    "max_rounds": lambda v: type(v) is int and v >= 1,
    "runtime_module": lambda v: v in RUNTIME_MODULES,
    "cache_dir": lambda v: v is None or (isinstance(v, str) and v != ""),
    "docs_url": lambda v: v is None or isinstance(v, str),
    "show_fixes": lambda v: v is None or type(v) is bool,
    "fixable": lambda v: v is None or _strings(v, True),
    "extend_fixable": lambda v: _strings(v, True),
    "unfixable": lambda v: _strings(v, True),
    "extend_safe_fixes": lambda v: _strings(v, True),
    "extend_unsafe_fixes": lambda v: _strings(v, True),
    "unsafe_fixes": lambda v: v is None or type(v) is bool,
    "fix": lambda v: v is None or type(v) is bool,
    "force_exclude": lambda v: v is None or type(v) is bool,
    "respect_gitignore": lambda v: v is None or type(v) is bool,
    "upgrade_mcp1": lambda v: type(v) is bool,
    "extend": lambda v: v is None or (isinstance(v, str) and v != ""),
}
"""What ``_config_schema.validate`` returns, key by key (the schema's constraints,
restated with the standard library so that a cache hit imports no pydantic)."""


def usable(values: Any) -> bool:
    """Does ``values`` have exactly the keys and value shapes of a validation result?

    Used on every cache hit: an entry such as ``{"ok": true}`` or one with
    ``"output_format": "rdjson"`` would otherwise reach ``Config(**values)`` or
    the output writer and fail every run.
    """
    return (
        isinstance(values, dict)
        and values.keys() == _SHAPE.keys()
        and all(check(values[key]) for key, check in _SHAPE.items())
    )


def read(path: Path, table: Any = None, directory: str | None = None) -> dict[str, Any] | None:
    """The cached validated values for the configuration file ``path`` (whose
    table is ``table``), or ``None`` (no entry, an unreadable one, or one that is
    not :func:`usable`). ``directory``: the cache directory to look in (default:
    :func:`directory_of`; a file another one extends is cached in the directory of
    the file that extends it, so a shared file elsewhere gets no cache beside it)."""
    entry = _entry(path, table, directory)
    data = store.read(entry) if entry is not None else None
    if data is None:
        return None
    try:
        values = json.loads(data)
    except ValueError:
        return None
    return values if usable(values) else None


def write(path: Path, table: Any, values: dict[str, Any], directory: str | None = None) -> None:
    """Store ``values`` (JSON-serialisable) for ``path`` (in ``directory``, as
    :func:`read`); failures are ignored."""
    entry = _entry(path, table, directory)
    if entry is None:
        return
    try:
        data = json.dumps(values).encode()
    except (TypeError, ValueError):
        return
    store.write(entry, data)
