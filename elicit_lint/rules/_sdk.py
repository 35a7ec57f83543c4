"""The SDK v2 ``Resolve(fn)`` markers MCP013/MCP014 report, with the codemod's verdict.

The verdicts come from ``elicit_lint.analysis.sdk.verdicts`` (the planner
``elicit-migrate`` acts on, standard library only), imported only for a file
with a ``Resolve`` marker, so the checker and the codemod never disagree.
"""

from __future__ import annotations

from ..model import ElicitedParameter, Marker, Model


def sdk_findings(
    model: Model, target: str = "elicit_lint.runtime"
) -> list[tuple[ElicitedParameter, Marker, str | None]]:
    """``(parameter, marker, verdict)`` for every SDK marker the codemod acts on:
    ``verdict`` is ``None`` when ``elicit-migrate --target <target>`` rewrites it
    (``target``: config ``runtime-module``), else the skip reason.
    Markers of eliciting or sampling resolvers, and on a ``FastMCP(...)``-served
    tool every marker (:func:`elicit_lint.analysis.sdk.verdicts`)."""
    markers = [
        (param, marker)
        for param in model.elicited_parameters
        for marker in param.markers
        if marker.family == "resolve"
    ]
    if not markers:
        return []
    # MCP013 and MCP014 both ask: plan the module once per target (the model is
    # not changed by planning)
    cache: dict[str, dict] = model.__dict__.setdefault("_sdk_verdicts", {})
    found = cache.get(target)
    if found is None:
        from ..analysis.sdk import verdicts

        found = cache[target] = verdicts(model, target)
    out = []
    for param, marker in markers:
        key = (marker.span.start.row, marker.span.start.column)
        if key in found:
            out.append((param, marker, found[key]))
    return out


def verdict_text(verdict: str | None) -> str:
    """``"`elicit-migrate` can rewrite it"`` or ``"... cannot rewrite it: <reason>"``."""
    if verdict is None:
        return "`elicit-migrate` can rewrite it"
    return f"`elicit-migrate` cannot rewrite it: {verdict}"
