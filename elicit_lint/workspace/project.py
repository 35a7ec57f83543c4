"""Per-file configuration: each file is checked with its nearest configuration, as ruff does.

ruff's hierarchical configuration (https://docs.astral.sh/ruff/configuration/#config-file-discovery;
``ruff_workspace::resolver``, ruff 0.17) is mirrored with ``[tool.elicit-lint]``:

- a file uses the configuration of the nearest directory at or above it with a
  configuration file (``.elicit-lint.toml`` > ``elicit-lint.toml`` > a
  ``pyproject.toml`` with the table; one without it is skipped); settings are
  never merged across files (but through ``extend``:
  ``elicit_lint.workspace.config_extend``), and a file's patterns (``exclude``,
  ``extend-exclude``, ``per-file-ignores``) are relative to its directory, so
  its excludes apply only to paths under that directory;
- a path with no such directory above it uses the configuration found from the
  current directory (ruff's fallback), else the defaults; run-wide settings
  (``output-format``) come from that one too, as ruff's printer takes them;
- ``--config PATH`` is used for every file (ruff: "those settings are used for
  all analyzed files").

Each directory is looked up once (:class:`Configs` caches the answer for every
directory it passes), walking a tree opens a configuration file only in the
directories whose listing has one, and each configuration file is read and
validated once.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from .config import Config, config_in, load_config, validated
from .discovery import Discovery


class Configs:
    """Configuration per directory (see the module docstring).

    ``explicit``: ``--config PATH`` (then every lookup returns that file's
    configuration); ``cwd``: the directory the fallback is found from (default:
    the current one); ``isolated``: ruff's ``--isolated``, no file is read (every
    lookup returns the defaults with ``overrides``). Raises :class:`elicit_lint.workspace.config.ConfigError` for an
    invalid file, when it is first needed.
    """

    def __init__(self, explicit: str | None = None, use_cache: bool = True, cwd: str | None = None,
                 overrides: dict | None = None, isolated: bool = False):
        self.use_cache = use_cache
        self.overrides = overrides or {}
        """``--config KEY=VALUE`` settings, applied over every configuration (ruff's
        "take precedence over all configuration files")."""
        self._cwd = os.path.abspath(cwd or os.curdir)
        self._fixed = (
            self._override(load_config(explicit, Path(self._cwd), use_cache))
            if explicit is not None else None
        )
        if isolated:  # ruff's --isolated: no configuration file, the overrides still apply
            self._fixed = self._override(Config(root=Path(self._cwd)))
        self._nearest: dict[str, Config | None] = {}
        """absolute directory -> the nearest configuration at or above it (``None``: none)"""
        self._by_file: dict[Path, Config] = {}
        self._fallback: Config | None = None

    @property
    def fallback(self) -> Config:
        """The configuration of paths outside every configured directory, and of
        run-wide settings: ``--config``'s, else the current directory's, else defaults."""
        if self._fixed is not None:
            return self._fixed
        if self._fallback is None:
            self._fallback = self._lookup(self._cwd) or self._override(Config(root=Path(self._cwd)))
        return self._fallback

    def for_directory(self, directory: str, names: frozenset[str] | None = None) -> Config:
        """The configuration that applies inside ``directory``. ``names``: the
        directory's listing when the caller has it, so the lookup opens there only
        the configuration files it holds (``config.config_in``)."""
        if self._fixed is not None:
            return self._fixed
        return self._lookup(os.path.abspath(directory), names) or self.fallback

    def for_path(self, path: str) -> Config:
        """The configuration of ``path``: its directory's for a file (or a missing
        path), its own for a directory."""
        path = os.path.abspath(path)
        return self.for_directory(path if os.path.isdir(path) else os.path.dirname(path))

    def _override(self, config: Config) -> Config:
        if not self.overrides:
            return config
        from .config_extend import overridden

        return overridden(config, self.overrides)

    def _lookup(self, directory: str, names: frozenset[str] | None = None) -> Config | None:
        chain: list[str] = []
        current = directory
        while current not in self._nearest:
            chain.append(current)
            found = config_in(Path(current), names if current == directory else None)
            if found is not None:
                nearest = self._config(*found)
                break
            parent = os.path.dirname(current)
            if parent == current:
                nearest = None
                break
            current = parent
        else:
            nearest = self._nearest[current]
        for passed in chain:
            self._nearest[passed] = nearest
        return nearest

    def _config(self, path: Path, table: object) -> Config:
        config = self._by_file.get(path)
        if config is None:
            config = self._by_file[path] = self._override(validated(path, table, self.use_cache))
        return config


class ScopedDiscovery(Discovery):
    """:class:`Discovery` whose ``exclude``/``extend-exclude`` come from the
    configuration of each directory walked (:class:`Configs`), each relative to
    its own file's directory. ``exclude``/``extend_exclude``: the command line's
    (``--exclude`` replaces every configuration's ``exclude``; ``--extend-exclude``
    adds to each, as ruff applies command-line overrides to every configuration)."""

    def __init__(
        self,
        configs: Configs,
        exclude: Sequence[str] | None = None,
        extend_exclude: Sequence[str] = (),
        force_exclude: bool = False,
        respect_gitignore: bool = True,
    ):
        self.configs = configs
        self._cli = (exclude, tuple(extend_exclude))
        self._matchers: dict[int, tuple[Config, Discovery]] = {}
        base = configs.fallback
        super().__init__(
            base.root,
            exclude=exclude if exclude is not None else base.exclude,
            extend_exclude=[*base.extend_exclude, *extend_exclude],
            force_exclude=force_exclude,
            respect_gitignore=respect_gitignore,
        )

    def _scope(self, directory: str, names: frozenset[str] | None = None) -> Discovery:
        # a walked directory's listing tells which configuration files it has: most
        # have none, and trying to open one in each cost about 5 ms on fastmcp 4.2.3
        config = self.configs.for_directory(directory, names)
        if config is self.configs.fallback:
            return self
        entry = self._matchers.get(id(config))
        if entry is None:
            exclude, extend = self._cli
            matcher = Discovery(
                config.root,
                exclude=exclude if exclude is not None else config.exclude,
                extend_exclude=[*config.extend_exclude, *extend],
            )
            entry = self._matchers[id(config)] = (config, matcher)
        return entry[1]
