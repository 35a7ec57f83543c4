"""Planning a module whose helpers ask on behalf of one tool (:mod:`.inline`;
docs/architecture.md "Data flow: `elicit-migrate`").

The module is planned as its equivalent text, and the plan is mapped back:
skip rows and columns (and the "line N" in reasons) to the original's, and
each rewritten question to its original site (``ModulePlan.positions``); the
codemod renders from the equivalent text's model (``ModulePlan.model``). A
helper whose tool cannot be rewritten in that text is not inlined: its site
gets the tool's reason, and the rest is planned again without it.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, replace

from ..model import Function, Model, build_model, names
from ..model.uses import other_uses
from . import inline
from .elsewhere import carry
from .locate import NOT_A_TOOL
from .records import ModulePlan, Skip
from .through import through_reason

_LINE = re.compile(r"\bline (\d+)\b")


@dataclass
class Equivalent:
    """The text the planner plans instead of the module's: ``text``; ``rows[i]`` is
    the original row of its row ``i + 1``; ``asks`` maps the row of each inserted
    question to the original helper site's ``(row, column)``."""

    text: str
    rows: list[int]
    asks: dict[int, tuple[int, int]]


def equivalent_text(source: str, inlines: list[inline.Inline]) -> Equivalent:
    """``source`` with every inline's edits applied (they must not overlap)."""
    lines = source.split("\n")
    edits = sorted((e for i in inlines for e in i.edits), key=lambda e: e.first)
    owner = {id(e): i for i in inlines for e in i.edits}
    out: list[str] = []
    rows: list[int] = []
    asks: dict[int, tuple[int, int]] = {}
    row = 1
    for edit in edits:
        assert edit.first >= row, "overlapping edits"
        for r in range(row, edit.first):
            out.append(lines[r - 1])
            rows.append(r)
        for k, text in enumerate(edit.lines):
            if edit.ask is not None and k == edit.ask:
                start = owner[id(edit)].site.span.start
                asks[len(out) + 1] = (start.row, start.column)
            out.append(text)
            rows.append(edit.origin[k] if edit.origin else edit.first)
        row = edit.last + 1
    for r in range(row, len(lines) + 1):
        out.append(lines[r - 1])
        rows.append(r)
    return Equivalent("\n".join(out), rows, asks)


def candidates(model: Model) -> tuple[list[inline.Inline], dict[int, str]]:
    """The helper sites that have the shape, and ``{id(site): reason}`` for the ones
    in a helper called by a tool that do not."""
    found: list[inline.Inline] = []
    reasons: dict[int, str] = {}
    for site in model.sites:
        function = site.function
        if function is None or function.is_component or site.framework != names.FASTMCP_FRAMEWORK:
            continue
        if site.context.kind in ("attribute", "passed", "passed-elsewhere"):
            continue  # context_use.held_reason: skipped with what to do by hand
        try:
            found.append(inline.shape(model, site))
        except inline.NotInlined as refused:
            if _called_by_a_tool(model, function):
                reasons[id(site)] = refused.reason or inline.helper_reason(
                    function.name, str(refused.args[0])
                )
    return found, reasons


def _called_by_a_tool(model: Model, function: Function) -> bool:
    """Whether a tool of this module reads the helper's name (calls it, in practice)."""
    if function.scope.parent is not model.module_scope:
        return False
    for use in other_uses(model, function):
        up = model.enclosing(use, (ast.FunctionDef, ast.AsyncFunctionDef))
        caller = model.function(up) if up is not None else None
        if caller is not None and caller.is_tool:
            return True
    return False


def _site_key(site) -> tuple[int, int]:
    return (site.span.start.row, site.span.start.column)


def map_reason(reason: str, rows: list[int]) -> str:
    """``reason`` with each "line N" of the planned copy renamed to its line in the
    original file (``rows[N - 1]``); numbers outside the copy stay as written."""
    return _LINE.sub(
        lambda m: f"line {rows[int(m.group(1)) - 1]}" if 0 < int(m.group(1)) <= len(rows) else m.group(0),
        reason,
    )


def _positions(model: Model, eq: Equivalent) -> dict[tuple[int, int], tuple[int, int]]:
    out = {}
    for site in model.sites:
        row, column = _site_key(site)
        out[(row, column)] = eq.asks.get(row, (eq.rows[row - 1], column))
    return out


def _mapped(plan: ModulePlan, model: Model, eq: Equivalent) -> ModulePlan:
    positions = _positions(model, eq)
    skips = []
    for skip in plan.skips:
        row, column = positions.get((skip.row, skip.column), (eq.rows[skip.row - 1], skip.column))
        skips.append(Skip(row, column, map_reason(skip.reason, eq.rows), skip.family))
    skips.sort(key=lambda s: (s.row, s.column))
    return replace(plan, skips=skips, model=model, positions=positions)


def _through(mapped: ModulePlan, through: dict) -> None:
    """Rebuilds the reasons of the tools refused for asking through a helper
    (:mod:`.through`) from the helper site's final reason, in the module's rows."""
    positions = mapped.positions
    final = {(s.row, s.column): s.reason for s in mapped.skips}
    mapped.through = {}
    for key, (name, helper) in through.items():
        site, at = positions.get(key, key), positions.get(helper, helper)
        mapped.through[site] = (name, at)
        for skip in mapped.skips:
            if (skip.row, skip.column) == site and at in final:
                skip.reason = through_reason(name, at[0], final[at])


def plan_inlined(
    model: Model, select: set[str] | None, target: str, plan_module
) -> tuple[ModulePlan | None, dict[int, str]]:
    """``(plan, reasons)``: the module's plan through its equivalent text when a
    helper can be inlined (else ``None``), and ``{id(site): reason}`` for the
    helper sites that are not inlined. ``plan_module``: :func:`.plan.plan_module`
    (passed in: this module is imported by it)."""
    found, reasons = candidates(model)
    sdk = "mcpserver" in model.source or any(
        m.family == "resolve" for p in model.elicited_parameters for m in p.markers
    )
    if found and sdk:  # their plans are keyed by markers and calls of the module itself
        for item in found:
            reasons[id(item.site)] = inline.helper_reason(
                item.helper.name, "the module also uses the SDK's `MCPServer` or `Resolve`"
            )
        return None, reasons
    while found:
        try:
            eq = equivalent_text(model.source, found)
            tree = ast.parse(eq.text)
        except (AssertionError, SyntaxError):  # edits that overlap: helpers sharing lines
            for item in found:
                reasons[id(item.site)] = inline.helper_reason(
                    item.helper.name, "its call and another helper's share lines"
                )
            return None, reasons
        equivalent = build_model(tree, eq.text, model.filename)
        carry(model, equivalent)  # tools registered in another module stay tools
        planned = plan_module(equivalent, select, target, inline=False)
        skipped = {(s.row, s.column): s.reason for s in planned.skips}
        failed: dict[tuple[int, int], str] = {}
        for row, original in sorted(eq.asks.items()):
            site = next((s for s in equivalent.sites if s.span.start.row == row), None)
            if original in failed:  # a helper asking for several tools: the first that fails
                continue
            if site is None:
                failed[original] = "its `Context` argument is not one the planner reads"
            elif _site_key(site) in skipped:
                tool = site.function.name if site.function else "?"
                failed[original] = f"`{tool}` cannot be rewritten with its question: " + map_reason(
                    skipped[_site_key(site)], eq.rows
                )
        if not failed:
            mapped = _mapped(planned, equivalent, eq)
            refused = {_site_key(s): reasons[id(s)] for s in model.sites if id(s) in reasons}
            for skip in mapped.skips:
                if (skip.row, skip.column) in refused and skip.reason == NOT_A_TOOL:
                    skip.reason = refused[(skip.row, skip.column)]
            _through(mapped, planned.through)
            return mapped, reasons
        for item in list(found):
            detail = failed.get(_site_key(item.site))
            if detail is not None:
                reasons[id(item.site)] = inline.helper_reason(item.helper.name, detail)
                found.remove(item)
    return None, reasons
