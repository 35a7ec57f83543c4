"""Configuration: ``.elicit-lint.toml``, ``elicit-lint.toml`` or the ``[tool.elicit-lint]``
table of a ``pyproject.toml``, the nearest one.

Lookup follows ruff (https://docs.astral.sh/ruff/configuration/#config-file-discovery):
walk up from a starting directory and take the first directory with a
configuration file; in one directory ``.elicit-lint.toml`` wins over
``elicit-lint.toml`` over ``pyproject.toml`` (ruff's ``.ruff.toml`` >
``ruff.toml`` > ``pyproject.toml``). The standalone files hold the keys at their
top level (a ``[tool.elicit-lint]`` header in one is an error, as ruff's "unknown
field `tool`"); a ``pyproject.toml`` without the table is skipped. ``--config
PATH`` names the file directly (a ``pyproject.toml`` is read at
``[tool.elicit-lint]``, any other TOML file at its top level). The directory of
the file is the project root that ``exclude`` and ``per-file-ignores`` patterns
are relative to (the current directory when there is no file). Which file
applies to which path (each file's nearest, as ruff's hierarchical
configuration) is ``elicit_lint.workspace.project``'s business.

Keys are ruff's where they mean the same (``select``, ``ignore``,
``extend-select``, ``per-file-ignores``, ``exclude``, ``extend-exclude``,
``output-format``, ``show-fixes``, ``cache-dir``, ``fixable``, ``extend-fixable``,
``unfixable``, ``extend-safe-fixes``, ``extend-unsafe-fixes``, ``unsafe-fixes``, ``fix``,
``force-exclude``, ``respect-gitignore``) plus ``docs-url`` (the base of rule pages that JSON ``url`` and
SARIF ``helpUri`` link, ``elicit_lint.report.docs_base``), ``max-rounds`` (MCP010) and ``runtime-module``
(``elicit_lint.runtime`` or ``fastmcp.elicitation``: the import the codemod
``elicit-migrate`` writes, i.e. its ``--target``; no checker rule reads it) and
``upgrade-mcp1`` (``elicit-migrate --upgrade-mcp1``: also move mcp 1.x modules to
mcp 2; ``--no-upgrade-mcp1`` wins) and ruff's ``extend`` (another file this one
inherits from: :func:`_extended`, ``elicit_lint.workspace.config_extend``). The table is
validated with pydantic, imported only when a table exists (the check path of a
project without configuration stays stdlib-only). Any problem is a
:class:`ConfigError` whose message names the file and the key; the CLI prints it
and exits 2.
"""

from __future__ import annotations

from pathlib import Path

TYPE_CHECKING = False  # ``typing`` is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

from ..core.settings import DEFAULT_MAX_ROUNDS, DEFAULT_RUNTIME_MODULE
from .config_names import CONFIG_FILES, TABLE, ConfigError


class Config:
    """Settled configuration from one file (or defaults when ``path`` is ``None``).

    ``select`` (``fixable``) is ``None`` when the file does not set it (the default
    selection applies; every rule is fixable); list-valued keys hold selectors or glob patterns as written;
    ``cache_dir`` is ``cache-dir`` as written (relative to ``root``, see
    :attr:`cache_directory`). A plain class (keyword arguments, equality and
    ``repr`` by field) so that the check path does not import ``dataclasses``.
    """

    FIELDS = ("path", "root", "select", "extend_select", "ignore", "per_file_ignores",
              "extend_per_file_ignores", "exclude", "extend_exclude", "output_format", "max_rounds", "runtime_module", "cache_dir", "docs_url",
              "show_fixes", "fixable", "extend_fixable", "unfixable", "extend_safe_fixes",
              "extend_unsafe_fixes", "unsafe_fixes", "fix", "force_exclude", "respect_gitignore",
              "upgrade_mcp1", "extend", "extended", "inherited_select", "inherited_fixes")

    def __init__(
        self,
        path: Path | None = None,
        root: Path | None = None,
        select: list[str] | None = None,
        extend_select: list[str] | None = None,
        ignore: list[str] | None = None,
        per_file_ignores: dict[str, list[str]] | None = None,
        extend_per_file_ignores: dict[str, list[str]] | None = None,
        exclude: list[str] | None = None,
        extend_exclude: list[str] | None = None,
        output_format: str | None = None,
        max_rounds: int = DEFAULT_MAX_ROUNDS,
        runtime_module: str = DEFAULT_RUNTIME_MODULE,
        cache_dir: str | None = None,
        docs_url: str | None = None,
        show_fixes: bool | None = None,
        fixable: list[str] | None = None,
        extend_fixable: list[str] | None = None,
        unfixable: list[str] | None = None,
        extend_safe_fixes: list[str] | None = None,
        extend_unsafe_fixes: list[str] | None = None,
        unsafe_fixes: bool | None = None,
        fix: bool | None = None,
        force_exclude: bool | None = None,
        respect_gitignore: bool | None = None,
        upgrade_mcp1: bool = False,
        extend: str | None = None,
        extended: tuple[Path, ...] = (),
        inherited_select: tuple = (),
        inherited_fixes: tuple = (),
    ) -> None:
        self.path = path
        self.root = Path.cwd() if root is None else root
        self.select = select
        self.extend_select = [] if extend_select is None else extend_select
        self.ignore = [] if ignore is None else ignore
        self.per_file_ignores = {} if per_file_ignores is None else per_file_ignores
        self.extend_per_file_ignores = {} if extend_per_file_ignores is None else extend_per_file_ignores
        self.exclude = exclude
        self.extend_exclude = [] if extend_exclude is None else extend_exclude
        self.output_format = output_format
        self.max_rounds = max_rounds
        self.runtime_module = runtime_module
        self.cache_dir = cache_dir
        self.docs_url = docs_url
        self.show_fixes = show_fixes
        self.fixable = fixable
        self.extend_fixable = [] if extend_fixable is None else extend_fixable
        self.unfixable = [] if unfixable is None else unfixable
        self.extend_safe_fixes = [] if extend_safe_fixes is None else extend_safe_fixes
        self.extend_unsafe_fixes = [] if extend_unsafe_fixes is None else extend_unsafe_fixes
        self.unsafe_fixes = unsafe_fixes
        self.fix = fix
        self.force_exclude = force_exclude
        self.respect_gitignore = respect_gitignore
        self.upgrade_mcp1 = upgrade_mcp1
        self.extend = extend
        self.extended = extended
        self.inherited_select = inherited_select
        self.inherited_fixes = inherited_fixes

    def replace(self, **changes) -> Config:
        """A copy with ``changes`` (keyword arguments of the constructor), as
        ``dataclasses.replace`` makes one."""
        return Config(**{**{f: getattr(self, f) for f in self.FIELDS}, **changes})

    def __eq__(self, other: object) -> bool:
        return type(other) is Config and all(getattr(self, f) == getattr(other, f) for f in self.FIELDS)

    __hash__ = None  # mutable

    def __repr__(self) -> str:
        return "Config(" + ", ".join(f"{f}={getattr(self, f)!r}" for f in self.FIELDS) + ")"

    def selection_layers(self) -> list:
        """The rule selection of this configuration as ``selection.Layer`` records,
        applied in order: those of the files it extends (``extend``), base first,
        then its own ``select``/``extend-select``/``ignore``."""
        from .selection import Layer

        own = (tuple(self.select) if self.select is not None else None, tuple(self.extend_select),
               tuple(self.ignore))
        return [Layer(*layer) for layer in (*self.inherited_select, own)]

    def fix_layers(self) -> list:
        """``fixable``/``extend-fixable``/``unfixable`` as ``selection.Layer`` records,
        the extended files' first; empty when no file in the chain sets any."""
        from .selection import Layer

        own = () if self.fixable is None and not self.extend_fixable and not self.unfixable else (
            (tuple(self.fixable) if self.fixable is not None else None, tuple(self.extend_fixable),
             tuple(self.unfixable)),)
        return [Layer(*layer) for layer in (*self.inherited_fixes, *own)]

    @property
    def cache_directory(self) -> str:
        """The cache directory of the files this configuration applies to
        (``$ELICIT_LINT_CACHE_DIR``, else ``cache-dir``, else ``.elicit_lint_cache``
        in ``root``: ``elicit_lint.core.cache``)."""
        from ..core.cachedir import directory

        return directory(str(self.root), self.cache_dir)


def _load_toml(path: Path, raw: bytes | None = None) -> dict[str, Any]:
    """The TOML of ``path`` (``raw``: its bytes, when the caller has read them);
    raises :class:`ConfigError` for an unreadable file or invalid TOML."""
    import tomllib  # only for a file that mentions elicit-lint (3-4 ms of imports)

    from ..core.raw import read_regular

    try:  # never blocks on a FIFO or device (core.source.open_regular)
        return tomllib.loads((read_regular(str(path)) if raw is None else raw).decode())
    except OSError as exc:
        raise ConfigError(f"cannot read configuration file {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"invalid TOML in {path}: not UTF-8 ({exc.reason})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"invalid TOML in {path}: {exc}") from None


def _table(data: dict[str, Any]) -> dict[str, Any] | None:
    tool = data.get("tool")
    if isinstance(tool, dict) and TABLE in tool:
        return tool[TABLE]
    return None


def _standalone(path: Path, data: dict[str, Any], why: str) -> dict[str, Any]:
    """The top-level table of a standalone configuration file (``.elicit-lint.toml``,
    ``elicit-lint.toml``, or a ``--config`` file not named ``pyproject.toml``); ``why``
    says in the error how the file was chosen. Raises :class:`ConfigError` for a
    ``[tool.elicit-lint]`` header: ruff reads such a file as ``ruff.toml`` (keys at
    the top level) and says "unknown field `tool`"."""
    if _table(data) is not None:
        raise ConfigError(
            f"{path} has a [tool.{TABLE}] table, but {why} is read at its top level: remove the "
            f"`[tool.{TABLE}]` header (keys such as `select = [...]` go at the "
            f"top), or move the table to a pyproject.toml"
        )
    return data


def config_in(directory: Path, names: frozenset[str] | None = None) -> tuple[Path, dict[str, Any]] | None:
    """``(path, table)`` of the configuration file of ``directory``, if any.

    The first of :data:`~elicit_lint.workspace.config_names.CONFIG_FILES` that
    applies wins, as ruff's ``.ruff.toml`` > ``ruff.toml`` > ``pyproject.toml``: a
    standalone file (even empty) always applies, a ``pyproject.toml`` only with a
    ``[tool.elicit-lint]`` table. ``names``: the directory's listing when the caller
    has it (a name not in it is not opened). One ``open`` per candidate for a
    directory without the files; a ``pyproject.toml`` that does not mention
    ``elicit-lint`` is not parsed, and one that is not valid TOML is an error
    (:class:`ConfigError`) only if it mentions ``elicit-lint`` (otherwise it is not
    ours). Raises :class:`ConfigError` for an unreadable or invalid standalone file.
    """
    from ..core.raw import read_regular

    for name in CONFIG_FILES:
        if names is not None and name not in names:
            continue
        candidate = directory / name
        try:
            raw = read_regular(str(candidate))
        except OSError:  # missing, a directory, a FIFO, unreadable: not a configuration
            continue
        if name != "pyproject.toml":
            return candidate, _standalone(candidate, _load_toml(candidate, raw), f"a {name}")
        if TABLE.encode() not in raw:
            return None
        table = _table(_load_toml(candidate, raw))
        return (candidate, table) if table is not None else None
    return None


def find_config(start: Path) -> tuple[Path, dict[str, Any]] | None:
    """The nearest configuration file at or above ``start`` (:func:`config_in`).

    Returns ``(path, table)`` or ``None`` (:func:`config_in` for each directory).
    """
    start = start.resolve()
    for directory in (start, *start.parents):
        found = config_in(directory)
        if found is not None:
            return found
    return None


def load_config(explicit: str | None, start: Path, use_cache: bool = True) -> Config:
    """Resolve configuration: ``explicit`` (``--config PATH``) or the nearest file above ``start``.

    Raises :class:`ConfigError` for a missing/unreadable file, invalid TOML, a
    ``[tool.elicit-lint]`` table in an explicit file that is read at its top level, an
    unknown key, a bad value or a selector that selects no implemented rule.
    ``use_cache``: reuse a previous validation of the same file
    (``elicit_lint.workspace.config_cache``; ``--no-cache`` turns it off).
    """
    if explicit is not None:
        path = Path(explicit)
        if path.is_dir():
            raise ConfigError(
                f"configuration file {path} is a directory (name the file, e.g. {path / 'pyproject.toml'})"
            )
        if not path.is_file():
            raise ConfigError(f"configuration file {path} does not exist")
        data = _load_toml(path)
        table = (_table(data) if path.name == "pyproject.toml"
                 else _standalone(path, data, "a --config file not named pyproject.toml"))
        if table is None:
            raise ConfigError(f"{path} has no [tool.{TABLE}] table")
        return validated(path.resolve(), table, use_cache)
    found = find_config(start)
    if found is None:
        return Config()
    return validated(*found, use_cache)


def validated(path: Path, table: Any, use_cache: bool = True, chain: tuple[Path, ...] = (),
              cache: str | None = None) -> Config:
    """The :class:`Config` of ``table`` read from ``path`` (validated with pydantic,
    or taken from the cache), over the file its ``extend`` names, if any
    (:func:`_extended`; ``chain``: the files that extend this one, for the cycle
    check; ``cache``: the cache directory of the first of them, where this file's
    entry goes too); raises :class:`ConfigError`."""
    values = None
    if use_cache:
        from . import config_cache

        if cache is None:
            cache = _cache_of(path, table)
        values = config_cache.read(path, table, cache)
    if values is None:
        from .config_schema import validate  # pydantic, only when a table exists

        values = validate(path, table)
        if use_cache:
            config_cache.write(path, table, values, cache)
    config = Config(path=path, root=path.parent, **values)
    if config.extend is None:
        return config
    from .config_extend import inherit

    base = _extended(path, config.extend, use_cache, (*chain, path.resolve()), cache)
    return inherit(base, config, {key.replace("-", "_") for key in table})


def _cache_of(path: Path, table: Any) -> str:
    """The effective cache directory of the configuration ``path`` (raw ``table``),
    where every file of its ``extend`` chain has its validated entry: the first
    ``cache-dir`` along the chain (relative to the file that writes it, as
    :func:`~elicit_lint.workspace.config_extend.inherit` anchors it), else the
    environment's or the default beside ``path`` (ruff creates only the effective
    cache directory). Read before validation, from the raw tables: a chain that
    cannot be followed (a missing file, bad TOML, a cycle) falls back to ``path``'s
    own, and validation then reports the error."""
    import os

    from ..core.cachedir import ENV
    from . import config_cache

    here, raw, seen = path, table, [path.resolve()]
    while not os.environ.get(ENV) and isinstance(raw, dict) and not isinstance(raw.get("cache-dir"), str):
        extend = raw.get("extend")
        if not isinstance(extend, str) or not extend:
            break
        target = (here.parent / os.path.expandvars(os.path.expanduser(extend))).resolve()
        if target in seen or not target.is_file():
            break
        try:
            data = _load_toml(target)
            raw = (_table(data) or {} if target.name == "pyproject.toml"
                   else _standalone(target, data, "a file named by `extend`"))
        except ConfigError:
            break
        here = target
        seen.append(target)
    if isinstance(raw, dict) and isinstance(raw.get("cache-dir"), str) and raw["cache-dir"]:
        return config_cache.directory_of(here, raw)
    return config_cache.directory_of(path, table)


def _extended(path: Path, extend: str, use_cache: bool, chain: tuple[Path, ...],
              cache: str | None = None) -> Config:
    """The settled configuration of the file ``extend`` names (``path``'s ``extend``:
    relative to ``path``'s directory, ``~`` and environment variables expanded, as
    ruff's). A ``pyproject.toml`` is read at ``[tool.elicit-lint]`` (none: the
    defaults, as ruff), any other file at its top level. Raises
    :class:`ConfigError` for a missing or unreadable file and for a cycle
    (ruff's "Circular configuration detected")."""
    import os

    target = (path.parent / os.path.expandvars(os.path.expanduser(extend))).resolve()
    if target in chain:
        cycle = " extends ".join(f"`{p}`" for p in (*chain[chain.index(target):], target))
        raise ConfigError(f"circular configuration: {cycle} (the `extend` key of {path})")
    if not target.is_file():
        what = "is a directory" if target.is_dir() else "does not exist"
        raise ConfigError(f"cannot extend {target}: it {what} (the `extend` key of {path})")
    data = _load_toml(target)
    if target.name == "pyproject.toml":
        table = _table(data)
        table = {} if table is None else table
    else:
        table = _standalone(target, data, "a file named by `extend` that is not a pyproject.toml")
    return validated(target, table, use_cache, chain, cache)


def overrides(table: dict[str, Any]) -> dict[str, Any]:
    """``--config KEY=VALUE`` overrides: the ``Config`` keyword arguments of the keys
    set in ``table`` (validated as a ``[tool.elicit-lint]`` table is). Raises
    :class:`ConfigError` naming ``--config`` and the key."""
    if not table:
        return {}
    if "extend" in table:  # ruff resolves `extend` per file, before any override
        raise ConfigError("--config cannot set `extend` (name the file with --config PATH, or write "
                          "`extend` in a configuration file)")
    for old, new in (("extend-ignore", "ignore"), ("extend-unfixable", "unfixable")):
        if old in table:  # merged into `new` by validation: an override would replace the file's
            raise ConfigError(f"--config cannot set `{old}`, ruff's old spelling of `{new}`: use "
                              f"--{old} (added to the files' `{new}`) or --config \"{new} = [...]\"")
    from .config_schema import validate

    values = validate(Path("--config"), table)
    return {key.replace("-", "_"): values[key.replace("-", "_")] for key in table}
