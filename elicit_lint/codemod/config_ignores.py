"""Files whose configuration turns MCP001 off: ``elicit-migrate`` leaves them as
``elicit-lint check`` reports them, as nothing to do (issue 11).

``ignore``/``select`` and ``per-file-ignores`` of the file's configuration (the
nearest one, or ``--config``'s; none with ``--isolated``) are read with the
checker's selection semantics (``elicit_lint.workspace.selection``) and glob
matching (``elicit_lint.workspace.globs``), as ruff's ``--fix`` does not fix a
rule that is ignored for a file. Every site the codemod would rewrite there is
skipped with :func:`elicit_lint.analysis.locate.config_ignored`, naming the
setting and the file it came from.
"""

from __future__ import annotations

import os

from ..analysis import locate
from ..analysis.records import Skip

CODE = "MCP001"


def _matches(selector: str) -> bool:
    return selector == "ALL" or CODE.startswith(selector)


def ignored_reason(config, path: str) -> str | None:
    """Why the configuration of ``path`` turns MCP001 off (a skip reason), or ``None``.

    ``config``: a ``elicit_lint.workspace.project.Configs`` or one
    ``elicit_lint.workspace.config.Config``. Never raises for a valid configuration."""
    from ..workspace.project import Configs
    from ..workspace.selection import resolve

    if isinstance(config, Configs):
        config = config.for_path(path)
    if config.path is None:  # the defaults: every rule, no per-file entry
        return None
    source = str(config.path)
    if config.extended:  # the setting may come from a file it extends
        source += ", which extends " + " and ".join(str(p) for p in config.extended)
    layers = config.selection_layers()  # those of the files it extends first
    if CODE not in resolve([CODE], layers):
        setting = "ignore" if any(_matches(s) for layer in layers for s in layer.ignore) else "select"
        return locate.config_ignored(setting, source)
    from ..workspace.globs import per_file_applies

    for key in ("per-file-ignores", "extend-per-file-ignores"):
        for pattern, selectors in getattr(config, key.replace("-", "_")).items():
            if any(_matches(s) for s in selectors) and per_file_applies(
                pattern, os.path.abspath(path), str(config.root)
            ):
                return locate.config_ignored(f'{key} "{pattern}"', source)
    return None


def skip_rewrites(plan, reason: str) -> list[Skip]:
    """A skip with ``reason`` for every site ``plan`` (an ``analysis.records.ModulePlan``)
    would rewrite, at its place in the module, in source order."""
    out: list[Skip] = []
    for function in plan.functions:
        for ask in function.asks:
            key = (ask.site.span.start.row, ask.site.span.start.column)
            row, column = plan.positions.get(key, key)
            out.append(Skip(row, column, reason))
        for marker in function.sdk_markers:
            out.append(
                Skip(marker.span.start.row, marker.span.start.column, reason, "resolve")
            )
    for ask in plan.sdk_asks:
        start = ask.ask.span.start
        out.append(Skip(start.row, start.column, reason, "sdk-site"))
    unique = {(s.row, s.column, s.family): s for s in out}
    return sorted(unique.values(), key=lambda s: (s.row, s.column))
