"""Which isort section an imported module belongs to, for one file (stdlib only).

Used by the codemod (:mod:`elicit_lint.codemod.render.imports`) to put a new
import in the group ruff's isort rule (I001) expects, and for the project's line
length (signatures it wraps; MCP017's renamed imports). The order of sections and the tests follow ruff 0.17's
``categorize`` with its default settings (checked with ``ruff check --select I``):

1. a relative import -> :data:`LOCAL`; ``__future__`` -> :data:`FUTURE`;
2. a module named by ``known-first-party`` / ``known-third-party`` of the
   nearest ``pyproject.toml`` (``[tool.ruff.lint.isort]``, ``[tool.ruff.isort]``,
   or isort's own ``[tool.isort] known_first_party``) -> that section;
3. the standard library (``sys.stdlib_module_names``) -> :data:`STDLIB`;
4. a module found in one of the project's source roots (ruff's ``src``,
   default ``[".", "src"]`` relative to the ``pyproject.toml``; ``<root>/<top>/``
   or ``<root>/<top>.py``) -> :data:`FIRST_PARTY`;
5. anything else -> :data:`THIRD_PARTY`.

Not modelled: glob patterns in the ``known-*`` lists, ``detect-same-package``,
custom sections, and configuration outside ``pyproject.toml`` (``ruff.toml``,
``.isort.cfg``).
"""

from __future__ import annotations

import os
import sys
import tomllib
from dataclasses import dataclass
from functools import lru_cache

FUTURE, STDLIB, THIRD_PARTY, FIRST_PARTY, LOCAL = 0, 1, 2, 3, 4


@dataclass(frozen=True)
class Project:
    """What decides sections for files under ``root`` (``None``: no ``pyproject.toml``)."""

    root: str | None = None
    first_party: frozenset[str] = frozenset()
    third_party: frozenset[str] = frozenset()
    src: tuple[str, ...] = ()
    line_length: int = 88
    """``[tool.ruff] line-length`` (ruff's default 88): where signatures and imports wrap."""

    def section(self, module: str, level: int = 0) -> int:
        """The section of ``from <module> import ...`` (``level``: leading dots)."""
        if level:
            return LOCAL
        top = module.split(".", 1)[0]
        if top == "__future__":
            return FUTURE
        for known, section in (
            (self.first_party, FIRST_PARTY),
            (self.third_party, THIRD_PARTY),
        ):
            if any(module == k or module.startswith(k + ".") for k in known):
                return section
        if top in sys.stdlib_module_names:
            return STDLIB
        for src in self.src:
            base = os.path.join(src, top)
            if os.path.isdir(base) or os.path.isfile(base + ".py"):
                return FIRST_PARTY
        return THIRD_PARTY


def _names(table: dict, *keys: str) -> frozenset[str]:
    out: set[str] = set()
    for key in keys:
        value = table.get(key)
        if isinstance(value, list):
            out |= {v for v in value if isinstance(v, str)}
    return frozenset(out)


@lru_cache(maxsize=64)
def project_for(directory: str) -> Project:
    """The :class:`Project` of the nearest ``pyproject.toml`` at or above ``directory``
    (an unreadable or invalid one counts as absent settings: defaults apply)."""
    here = os.path.abspath(directory)
    while True:
        candidate = os.path.join(here, "pyproject.toml")
        if os.path.isfile(candidate):
            break
        parent = os.path.dirname(here)
        if parent == here:
            return Project()
        here = parent
    from .raw import read_regular

    try:  # never blocks on a FIFO (core.source.open_regular)
        tool = tomllib.loads(read_regular(candidate).decode()).get("tool", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        tool = {}
    ruff = tool.get("ruff", {}) if isinstance(tool.get("ruff"), dict) else {}
    lint = ruff.get("lint", {}) if isinstance(ruff.get("lint"), dict) else {}
    tables = [t for t in (lint.get("isort"), ruff.get("isort")) if isinstance(t, dict)]
    isort = tool.get("isort", {}) if isinstance(tool.get("isort"), dict) else {}
    first = _names(isort, "known_first_party")
    third = _names(isort, "known_third_party")
    for table in tables:
        first |= _names(table, "known-first-party")
        third |= _names(table, "known-third-party")
    src = ruff.get("src", [".", "src"])
    if not isinstance(src, list):
        src = [".", "src"]
    roots = tuple(
        os.path.normpath(os.path.join(here, s)) for s in src if isinstance(s, str)
    )
    length = ruff.get("line-length", 88)
    if not isinstance(length, int) or isinstance(length, bool) or length < 1:
        length = 88
    return Project(here, first, third, roots, length)


def project_of(path: str | None) -> Project:
    """The :class:`Project` for a file ``path`` (defaults when ``None``)."""
    if not path:
        return Project()
    return project_for(os.path.dirname(os.path.abspath(path)))
