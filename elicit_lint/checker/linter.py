"""The check path's core: one parsed module in, its diagnostics out.

Contract shared by the CLI (``elicit_lint.checker.cli``) and the flake8 plugin
(``elicit_lint.checker.flake8_plugin``): both parse (or receive) a stdlib ``ast`` tree
and call :func:`analyse`. Suppression (``# noqa``) and selection by code happen
in the callers, not here, because flake8 does both itself.
Only the standard library is imported on this path (docs/architecture.md "Layers").
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings


def analyse(
    tree: ast.Module,
    source: str,
    filename: str,
    settings: RuleSettings | None = None,
    enabled: Callable[[str], bool] | None = None,
    mixed_line_ends: bool = False,
    project=None,
) -> list[Diagnostic]:
    """Build the semantic model of ``tree`` and run every enabled rule over it.

    ``source`` is the decoded text ``tree`` was parsed from (for spans and fixes);
    ``enabled(code)`` filters rules before they run (all when ``None``);
    ``mixed_line_ends``: the raw file mixed line-end styles
    (:func:`elicit_lint.core.source.mixed_line_ends`), which the codemod refuses.
    Returns diagnostics sorted by position. Never parses again. A
    ``RecursionError`` (nesting CPython accepts, deeper than a recursive walk
    takes at the default limit) is retried in a deep thread
    (:func:`elicit_lint.core.depth.deep`), per step. ``project``: the run's index
    of tools registered in other modules (``elicit_lint.workspace.tool_index``;
    ``None``: this file alone), applied before any rule runs
    (:func:`elicit_lint.analysis.elsewhere.apply`), so every rule sees such a
    function as a tool registered in place.
    """
    from ..analysis.facts import Analysis
    from ..core.depth import deep
    from ..model import build_model
    from ..rules import ALL_RULES

    settings = settings or RuleSettings()
    # deep(): a walk that meets CPython's nesting (not the recursion limit) is
    # retried with room for it (core/depth.py), so depth is never an internal error
    model = deep(build_model, tree, source, filename)
    model.mixed_line_ends = mixed_line_ends
    if project is not None:
        from ..analysis.direct_calls import apply_elsewhere
        from ..analysis.elsewhere import apply
        from ..workspace.passed_calls import apply_passed

        apply_passed(model, project)  # first: its sites make a helper a candidate of apply
        apply(model, project, settings.runtime_module, settings.max_rounds)
        apply_elsewhere(model, project)  # MCP031's callers in other modules
    # verdicts computed on first ask, against the run's target and round limit
    analysis = Analysis(model, settings.runtime_module, settings.max_rounds, settings.upgrade_mcp1)
    out: list[Diagnostic] = []
    for rule in ALL_RULES:
        if enabled is None or enabled(rule.code):
            out.extend(deep(lambda rule=rule: list(rule.check(model, analysis, settings))))
    out.sort(key=lambda d: d.sort_key)
    return out
