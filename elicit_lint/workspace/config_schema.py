"""The pydantic schema of ``[tool.elicit-lint]`` (imported only when a table exists).

Kept apart from ``config`` so that importing ``config`` never imports pydantic.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from .selection import SELECTOR

Selector = Annotated[str, StringConstraints(pattern=SELECTOR.pattern)]
RuntimeModule = Literal["elicit_lint.runtime", "fastmcp.elicitation"]
"""The two targets ``elicit-migrate --target`` knows (the checker's rules read none)."""


class Schema(BaseModel):
    """``[tool.elicit-lint]``: every key optional, unknown keys rejected, no coercion."""

    model_config = ConfigDict(extra="forbid", strict=True)

    select: list[Selector] | None = None
    extend_select: list[Selector] = Field(default_factory=list, alias="extend-select")
    ignore: list[Selector] = Field(default_factory=list)
    extend_ignore: list[Selector] = Field(default_factory=list, alias="extend-ignore")
    """ruff's deprecated spelling, still read by ruff 0.17.6: added to ``ignore``."""
    per_file_ignores: dict[str, list[Selector]] = Field(
        default_factory=dict, alias="per-file-ignores"
    )
    extend_per_file_ignores: dict[str, list[Selector]] = Field(
        default_factory=dict, alias="extend-per-file-ignores"
    )
    """ruff's ``lint.extend-per-file-ignores``: added to ``per-file-ignores`` (and to the
    extended file's ``extend-per-file-ignores``), where ``per-file-ignores`` replaces."""
    exclude: list[str] | None = None
    extend_exclude: list[str] = Field(default_factory=list, alias="extend-exclude")
    output_format: Literal["concise", "full", "json", "json-lines", "github", "gitlab", "sarif", "junit",
                           "pylint", "azure", "grouped"] | None = Field(
        None, alias="output-format"
    )
    max_rounds: int = Field(10, alias="max-rounds", ge=1)
    runtime_module: RuntimeModule = Field("elicit_lint.runtime", alias="runtime-module")
    cache_dir: str | None = Field(None, alias="cache-dir", min_length=1)
    docs_url: str | None = Field(None, alias="docs-url")
    show_fixes: bool | None = Field(None, alias="show-fixes")
    fixable: list[Selector] | None = None
    extend_fixable: list[Selector] = Field(default_factory=list, alias="extend-fixable")
    unfixable: list[Selector] = Field(default_factory=list)
    extend_unfixable: list[Selector] = Field(default_factory=list, alias="extend-unfixable")
    """ruff's deprecated spelling, still read by ruff 0.17.6: added to ``unfixable``."""
    extend_safe_fixes: list[Selector] = Field(default_factory=list, alias="extend-safe-fixes")
    extend_unsafe_fixes: list[Selector] = Field(default_factory=list, alias="extend-unsafe-fixes")
    unsafe_fixes: bool | None = Field(None, alias="unsafe-fixes")
    fix: bool | None = None
    force_exclude: bool | None = Field(None, alias="force-exclude")
    respect_gitignore: bool | None = Field(None, alias="respect-gitignore")
    upgrade_mcp1: bool = Field(False, alias="upgrade-mcp1")
    extend: str | None = Field(None, min_length=1)


_RUFF_HINTS = {
    "lint": " (the keys go {where}, e.g. `select`, not under `lint`)",
}
"""Why a key ruff users may write is unknown (ruff's removed or nested spellings);
``{where}``: :func:`_where`'s place of the keys."""


def _where(path: Path) -> str:
    """Where ``path`` holds its keys, as the file spells it: ``[tool.elicit-lint]`` in a
    ``pyproject.toml``, the top level of a standalone file (``elicit-lint.toml``,
    ``.elicit-lint.toml``, a ``--config`` file of another name: ruff's ``ruff.toml``)
    or of a ``--config KEY=VALUE`` override (``path`` is ``--config``); ``""`` for a
    top level."""
    from .config_names import TABLE

    return f"[tool.{TABLE}]" if path.name == "pyproject.toml" else ""


def _key(loc: tuple[Any, ...]) -> str:
    parts = [str(p) for p in loc if not isinstance(p, int)]
    indexes = [p for p in loc if isinstance(p, int)]
    key = ".".join(parts) if parts else "(table)"
    if indexes:
        key += f"[{indexes[0]}]"
    return key


def _check_selectors(path: Path, model: Schema) -> None:
    """ruff's "Unknown rule selector": every selector must select an implemented rule."""
    from .config_names import ConfigError
    from .selection import implemented_codes, unknown_selectors

    groups = [
        ("select", model.select or []),
        ("extend-select", model.extend_select),
        ("ignore", model.ignore),
        ("extend-ignore", model.extend_ignore),
        ("per-file-ignores", [s for v in model.per_file_ignores.values() for s in v]),
        ("extend-per-file-ignores", [s for v in model.extend_per_file_ignores.values() for s in v]),
        ("fixable", model.fixable or []),
        ("extend-fixable", model.extend_fixable),
        ("unfixable", model.unfixable),
        ("extend-unfixable", model.extend_unfixable),
        ("extend-safe-fixes", model.extend_safe_fixes),
        ("extend-unsafe-fixes", model.extend_unsafe_fixes),
    ]
    if not any(selectors for _, selectors in groups):
        return
    codes = implemented_codes()
    for key, selectors in groups:
        bad = unknown_selectors(selectors, codes)
        if bad:
            raise ConfigError(
                f"unknown rule selector `{bad[0]}` in `{key}` from {path} "
                f"(known rules: {', '.join(codes)})"
            )


def validate(path: Path, table: Any) -> dict[str, Any]:
    """Validate ``table`` read from ``path``; return ``Config`` keyword arguments.

    Raises ``ConfigError`` naming the file and each offending key.
    """
    from .config_names import ConfigError

    where = _where(path)
    if not isinstance(table, dict):  # only a pyproject.toml's table can be something else
        raise ConfigError(f"invalid configuration in {path}: {where or 'the file'} must be a table")
    try:
        model = Schema.model_validate(table)
    except ValidationError as exc:
        lines = []
        for err in exc.errors():
            key = _key(tuple(err["loc"]))
            if err["type"] == "extra_forbidden":
                hint = _RUFF_HINTS.get(key, "").format(
                    where=f"directly in {where}" if where else "at the top level of the file")
                lines.append(f"unknown key `{key}`{hint}")
            elif err["type"] == "string_pattern_mismatch":
                lines.append(
                    f"`{key}`: invalid rule selector {err['input']!r} "
                    "(expected `ALL` or a prefix of an `MCP` code, e.g. `MCP001`)"
                )
            else:
                lines.append(f"`{key}`: {err['msg']} (got {err['input']!r})")
        detail = "; ".join(lines)
        raise ConfigError(f"invalid configuration in {path}{' ' + where if where else ''}: {detail}") from None
    _check_selectors(path, model)
    return {
        "select": model.select,
        "extend_select": model.extend_select,
        "ignore": [*model.ignore, *model.extend_ignore],
        "per_file_ignores": model.per_file_ignores,
        "extend_per_file_ignores": model.extend_per_file_ignores,
        "exclude": model.exclude,
        "extend_exclude": model.extend_exclude,
        "output_format": model.output_format,
        "max_rounds": model.max_rounds,
        "runtime_module": model.runtime_module,
        "cache_dir": model.cache_dir,
        "docs_url": model.docs_url,
        "show_fixes": model.show_fixes,
        "fixable": model.fixable,
        "extend_fixable": model.extend_fixable,
        "unfixable": [*model.unfixable, *model.extend_unfixable],
        "extend_safe_fixes": model.extend_safe_fixes,
        "extend_unsafe_fixes": model.extend_unsafe_fixes,
        "unsafe_fixes": model.unsafe_fixes,
        "fix": model.fix,
        "force_exclude": model.force_exclude,
        "respect_gitignore": model.respect_gitignore,
        "upgrade_mcp1": model.upgrade_mcp1,
        "extend": model.extend,
    }
