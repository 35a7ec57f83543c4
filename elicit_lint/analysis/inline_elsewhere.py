"""Asking helpers of another module inlined into the tools that call them,
through the run's index (docs/architecture.md "Data flow: `elicit-migrate`";
the text edits are :mod:`.inline_copy`'s, the index ``workspace/tool_index.py``).

Two readers ask the same questions, so they agree on every site:

- the tool module ``S`` (the codemod, :func:`inlined`): its new text, each
  calling tool asking the helper's question itself, planned as any module,
  kept only when every inserted question is rewritten;
- the helper module ``H`` (checker and codemod, :func:`verdict` through
  :func:`.elsewhere.apply`): its question is "inlined into its callers" only
  when every read of the helper in the run is an awaited call in a FastMCP
  tool of another module, none in ``H``, and each caller module can take the
  helper alone (:func:`_single`).

``S`` inlines only the helpers whose :func:`verdict` holds (never a part of
a helper's callers), all at once; when that combined text does not plan
with every inserted question rewritten, ``S`` is planned as today. ``H`` is
never written. Answers are kept per run on the index (``inline_memo``).
Standard library only.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, replace

from ..model import Model, build_model
from . import locate
from .inline_copy import copy_text, helper_copy
from .inline_plan import map_reason
from .inline_text import NotInlined
from .records import ModulePlan, Skip

__all__ = ["Cross", "asking_defs", "inlined", "verdict"]

_EARLY_EXIT = locate.early_exit_whole("")[:40]  # the planner's reason, as it starts

_BUSY = object()  # a question being answered (a cycle between modules: no)


@dataclass
class Cross:
    """The tool module with helpers of other modules inlined: ``plan`` (its
    ``model`` the new text's; skips in the module's own rows), ``text`` the
    new text, ``rows[i]`` the module's row of its row ``i + 1``, ``helpers``
    the ``(file, name)`` inlined."""

    plan: ModulePlan
    text: str
    rows: list[int]
    helpers: list[tuple[str, str]]


def asking_defs(tree: ast.Module) -> list[str]:
    """The top-level ``async def`` of ``tree`` holding an ``<x>.elicit(...)`` call."""
    return [
        s.name for s in tree.body
        if isinstance(s, ast.AsyncFunctionDef) and any(
            isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "elicit"
            for n in ast.walk(s)
        )
    ]


def _memo(project, key, compute):
    memo = getattr(project, "inline_memo", None)
    if memo is None:
        return compute()
    found = memo.get(key)
    if found is _BUSY:
        return None
    if key in memo:
        return found
    memo[key] = _BUSY
    try:
        found = compute()
    finally:
        memo.pop(key, None)
    memo[key] = found
    return found


def _norm(project, place: str) -> str:
    return project.file_of(place.rsplit(":", 1)[0])


def verdict(project, filename: str, name: str, target: str, max_rounds: int) -> list[str] | str | None:
    """``["`tool` (path:row)", ...]``: the callers the helper ``name`` of
    ``filename`` is inlined into; else a string saying why not (a read in its
    own module, a caller module that cannot take it, naming that module), or
    ``None`` (not a helper other modules' functions call: a registered tool,
    a read outside a function, no read)."""
    key = ("verdict", project.file_of(filename), name, target, max_rounds)
    return _memo(project, key, lambda: _verdict(project, key[1], name, target, max_rounds))


def _verdict(project, home: str, name: str, target: str, max_rounds: int) -> list[str] | str | None:
    if project.tools_in(home, [name]):  # a tool, not a helper (and asked first, as apply does)
        return None
    uses = project.used_from(home, name)
    if not uses or any(caller is None for _, caller, _ in uses):
        return None  # each caller module's copy proves the rest (calls in its tools)
    text = project.text_of(home)
    try:
        tree = ast.parse(text) if text is not None else None
    except SyntaxError:
        tree = None
    if tree is None:
        return "its module could not be read again"
    reads = sorted(n.lineno for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id == name)
    if reads:  # its own module calls or passes it: that use keeps the context
        return f"its own module reads it too (line {reads[0]})"
    try:
        helper_copy(tree, text, name)
    except NotInlined as refused:
        return str(refused.args[0])  # about the helper: no caller takes it
    for caller in sorted({_norm(project, place) for place, _, _ in uses}):
        done = _single(project, caller, home, name, target, max_rounds)
        where = project.shown(caller)
        if isinstance(done, str):
            return f"{where}: {done}"
        if done != sorted(c for p, c, _ in uses if _norm(project, p) == caller):
            return f"{where} reads it otherwise than by calls of its imported name"
    return [f"`{caller}` ({place})" for place, caller, _ in uses]


def _single(project, caller: str, home: str, name: str, target: str, max_rounds: int) -> list[str] | str:
    """The tools of ``caller`` that ask once the helper alone is inlined
    there (one per call), or why it cannot be."""
    key = ("single", caller, home, name, target, max_rounds)

    def compute():
        local = [k for k, v in project.asking_helpers(caller).items() if v == (home, name)]
        if len(local) != 1:
            return "it is not imported there once by `from ... import` of its name"
        found = _combined(project, caller, [(local[0], home, name)], target, max_rounds, None)
        return found if isinstance(found, str) else sorted(found[1])

    found = _memo(project, key, compute)
    return "its callers and it read each other" if found is None else found


def _key(site) -> tuple[int, int]:
    return (site.span.start.row, site.span.start.column)


def _model(text: str, filename: str) -> Model:
    return build_model(ast.parse(text), text, filename)


def _combined(project, filename, helpers, target, max_rounds, select):
    """``(Cross, tools)`` with every helper of ``helpers`` (``(local, file,
    name)``) inlined into ``filename``, or ``None`` when one cannot be or an
    inserted question is not rewritten."""
    from .elsewhere import adopt, apply
    from .facts import Analysis

    text = project.text_of(filename)
    try:
        original = _model(text, filename) if text is not None else None
    except SyntaxError:
        original = None
    if original is None:
        return "it could not be read again"
    rows = list(range(1, text.count("\n") + 2))
    tools: list[str] = []
    asker: dict[str, str] = {}  # tool -> the helper whose question it now asks
    model = original
    try:
        for local, home, name in helpers:
            source = project.text_of(home)
            if source is None:
                return "the helper's module could not be read again"
            helper = helper_copy(ast.parse(source), source, name)
            adopt(model, project, local)  # its callers registered in another module are tools
            found = copy_text(model, local, helper)
            rows = [rows[r - 1] for r in found.rows]
            tools += found.tools
            asker.update((t, name) for t in found.tools)
            model = _model(found.text, filename)
    except NotInlined as refused:
        return str(refused.args[0])
    except SyntaxError:
        return "the new text does not parse"
    project.apply_passed(model)  # as the checker and the codemod prepare a module
    apply(model, project, target, max_rounds, through=False)
    plan = Analysis(model, target, max_rounds).plan(select)
    before = {s.span.start.row for s in original.sites}
    inserted = {
        _key(s) for s in model.sites
        if rows[s.span.start.row - 1] not in before and s.function is not None and s.function.name in tools
    }
    if len(inserted) < len(tools):
        return "a calling tool's new question is not one the planner reads"
    for skip in plan.skips:
        if (skip.row, skip.column) in inserted:
            tool = next(s.function.name for s in model.sites if _key(s) == (skip.row, skip.column))
            if skip.reason.startswith(_EARLY_EXIT) and tool in asker:
                return locate.helper_after_early_exit(tool, asker[tool])  # what is in the way
            return f"`{tool}` cannot be rewritten with its question: {map_reason(skip.reason, rows)}"
    # a tool is rewritten with all its questions or none (.through): one still
    # awaiting an asking helper of another module that is not inlined refuses
    planned = plan.model or model
    others = sorted(set(project.asking_helpers(filename)) - {local for local, _, _ in helpers})
    for f in plan.functions:
        for other in others:
            if planned.references(f.function.node, other):
                return (
                    f"`{f.function.name}` also asks through `{other}` of another module, "
                    "which is not inlined with it"
                )
    positions = plan.positions or {}
    asked = {positions.get(k, k) for f in plan.functions for a in f.asks for k in [_key(a.site)]}
    if not inserted <= asked:
        return "a calling tool is not rewritten with its question"
    skips = sorted(
        (Skip(rows[s.row - 1], s.column, map_reason(s.reason, rows), s.family) for s in plan.skips),
        key=lambda s: (s.row, s.column),
    )
    mapped = replace(plan, skips=skips, model=plan.model or model)
    return Cross(mapped, model.source, rows, [(h, n) for _, h, n in helpers]), tools


def _agreed(project, home: str, name: str, target: str, max_rounds: int) -> bool:
    """Whether the helper module's own plan (the checker's and the codemod's)
    skips every question of ``name`` as inlined: a reason that comes first
    (a context other modules pass, a fallback) keeps the callers as they are."""
    key = ("agreed", home, name, target, max_rounds)

    def compute():
        from .elsewhere import apply, helper_inlined
        from .facts import Analysis

        text = project.text_of(home)
        try:
            model = _model(text, home) if text is not None else None
        except SyntaxError:
            model = None
        if model is None:
            return False
        project.apply_passed(model)
        apply(model, project, target, max_rounds, through=False)
        callers = verdict(project, home, name, target, max_rounds)
        reason = model.elsewhere.get(name)
        rows = {s.span.start.row for s in model.sites if s.function is not None and s.function.name == name}
        if not rows or not isinstance(callers, list) or reason != helper_inlined(name, callers):
            return False
        skips = {s.row: s.reason for s in Analysis(model, target, max_rounds).plan(None).skips}
        return all(skips.get(r) == reason for r in rows)

    return bool(_memo(project, key, compute))


def inlined(project, filename: str, target: str, max_rounds: int, select=None) -> Cross | None:
    """The tool module ``filename`` with the asking helpers of other modules
    it imports inlined, those whose :func:`verdict` holds, or ``None``
    (nothing to inline, or the combined text does not plan: the module is
    planned as today)."""
    helpers = []
    for local, (home, name) in sorted(project.asking_helpers(filename).items()):
        if isinstance(verdict(project, home, name, target, max_rounds), list) and _agreed(
            project, home, name, target, max_rounds
        ):
            helpers.append((local, home, name))
    if not helpers:
        return None
    key = ("inlined", project.file_of(filename), target, max_rounds,
           None if select is None else frozenset(select))
    found = _memo(project, key, lambda: _combined(project, filename, helpers, target, max_rounds, select))
    return found[0] if isinstance(found, tuple) else None
