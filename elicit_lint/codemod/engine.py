"""One file through the codemod: read -> plan -> transform -> verify -> write.

:func:`migrate_file` never raises for a bad file: every outcome is a
:class:`FileOutcome` (picklable, so ``--jobs`` can run it in worker processes).
Verification: the new text must parse with ``ast`` and its model must have no
site the planner can still rewrite (else the rewrite is dropped as a bug, the
file is left as it was and the failure is reported).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from ..analysis.plan import Skip
from ..analysis.prefilter import may_need_rewrite
from ..core.settings import DEFAULT_MAX_ROUNDS

__all__ = ["may_need_rewrite"]  # the prefilter, defined with the checker's (analysis.prefilter)


UNCHANGED, REWRITTEN, WOULD_REWRITE, FAILED = (
    "unchanged",
    "rewritten",
    "would-rewrite",
    "failed",
)


@dataclass(frozen=True)
class Options:
    """``target`` module; ``select``: allowed rewrite kinds; ``write``: ``False`` for
    ``--diff``/``--check``; ``diff``: produce a unified diff; ``project``: see below;
    ``max_rounds``: the most rounds a client allows (config ``max-rounds``, the
    limit MCP010 checks): a tool whose rewrite would chain more is skipped."""

    target: str = "elicit_lint.runtime"
    max_rounds: int = DEFAULT_MAX_ROUNDS
    select: frozenset[str] | None = None
    write: bool = True
    diff: bool = False
    project: object = None
    """The run's index of tools registered in other modules
    (``elicit_lint.workspace.tool_index.ToolIndex``; ``None``: each file alone)."""
    upgrade_mcp1: bool | None = False
    """``--upgrade-mcp1`` (``None``: the file's ``upgrade-mcp1`` setting, which
    ``codemod.batch.options_of`` puts here before a file is migrated): rename an mcp 1.x module to mcp 2 (MCP017's unsafe fix) and
    rewrite its asks in the same run (:mod:`elicit_lint.analysis.mcp1_plan`); off, such a
    module is skipped whole."""
    ignored: str | None = None
    """The configuration turns MCP001 off for the file: every site it would rewrite
    is skipped with this reason (:mod:`.config_ignores`)."""

    @property
    def plan_only(self) -> bool:
        """``--check`` decides from the stdlib planner alone: no libcst, no new text.

        The planner is what decides whether a file changes; the transform only
        realises the plan (a transform failure shows in a real or ``--diff`` run)."""
        return not self.write and not self.diff


@dataclass
class FileOutcome:
    """What happened to one file: ``status`` (``unchanged``, ``rewritten``,
    ``would-rewrite``, ``failed``), ``rewritten`` site count, ``skips``, ``error``
    (why it failed) and ``diff`` (when asked)."""

    path: str
    status: str = UNCHANGED
    rewritten: int = 0
    skips: list[Skip] = field(default_factory=list)
    error: str | None = None
    diff: str | None = None
    notes: list[tuple[int, str]] = field(default_factory=list)
    tools: list[tuple[int, str]] = field(default_factory=list)
    """``(row, name)`` of each tool function the rewrite changes the signature of."""
    """``(row, text)`` per rewritten tool the rewrite changes in a documented way
    (``FunctionPlan.notes``)."""


def _model(text: str, path: str):
    """The model of ``text``, parsed as the checker parses it (``source.parse_text``:
    a file too deeply nested for CPython's parser is a ``SyntaxError``, so it is
    reported as "does not parse", not as a ``RecursionError``)."""
    from ..core.depth import deep
    from ..core.source import parse_text
    from ..model import build_model

    return deep(build_model, parse_text(text, path), text, path)


def transform_text(text: str, path: str, options: Options, isolate: bool = True):
    """``(new_text, plan)`` for decoded ``text`` (``\\n`` line ends); ``new_text`` is
    ``text`` itself when nothing can be rewritten. Raises ``SyntaxError`` for
    unparsable input and ``ValueError`` when verification fails or libcst cannot
    take the file. ``isolate``: a file nested too deeply for libcst's native
    parser to be safe in this process, or too deeply for its recursive Python
    side (a ``RecursionError`` here), is rewritten in a child process with room
    for it (:mod:`elicit_lint.codemod.isolate`); a crash there fails only that file."""
    from ..analysis.facts import Analysis

    model = _model(text, path)
    if options.project is not None:  # as the checker does (checker.linter.analyse)
        from ..analysis.elsewhere import apply
        from ..workspace.passed_calls import apply_passed

        apply_passed(model, options.project)  # as the checker does
        apply(model, options.project, options.target, options.max_rounds)
    # an mcp 1.x module is planned by its own path, `--upgrade-mcp1` honoured
    # (analysis.mcp1_plan): another module's helper is inlined into FastMCP tools only
    cross = None if model.mcp1_imports else _cross(text, path, options)
    if (
        cross is None
        and not model.sites
        and not model.aliased_sites  # skipped with MCP001's reason (plan.py)
        and not model.handshake_calls  # likewise (locate.CALLS_ONLY)
        and not ("Resolve" in text and model.elicited_parameters)
        and "mcpserver" not in text
    ):
        return text, None
    # the plan the checker's verdicts read (Analysis.plan, once per selection); with
    # helpers of other modules inlined, the new text's (analysis.inline_elsewhere)
    plan = cross.plan if cross is not None else Analysis(
        model, options.target, options.max_rounds, options.upgrade_mcp1
    ).plan(options.select)
    if not plan.rewrites or options.plan_only:
        return text, plan
    from .isolate import risky

    if isolate and risky(model.tree, text):
        from .isolate import transform_isolated

        return transform_isolated(text, path, options)
    from ..core.depth import recursion_in

    try:
        if plan.functions:
            from .render.transform import rewrite

            # a helper's question inlined: the plan is the equivalent text's (analysis.inline_plan)
            new = rewrite(plan.model or model, plan, options.target)
        else:  # an SDK module: MCPServer tools keep their framework
            from .render.sdk_ask import rewrite_sdk_asks

            # an mcp 1.x module: rendered from its renamed text (analysis.mcp1_plan)
            new = rewrite_sdk_asks(plan.model or model, plan)
            if plan.upgrade:
                new = _wrapped_imports(new, path)
    except Exception as exc:
        if type(exc).__name__ == "ParserSyntaxError":  # one the planner did not foresee
            raise ValueError(libcst_reason(exc)) from None
        if not recursion_in(exc):
            raise
        if not isolate:
            from .isolate import python312_reason

            reason = python312_reason()
            if reason is not None:  # a limit of the interpreter, not a bug: a reason
                raise ValueError(reason) from None
            raise RecursionError("libcst's visitors recurse too deeply for this file") from None
        from .isolate import (
            transform_isolated,  # libcst's Python side recurses per level
        )

        return transform_isolated(text, path, options)
    try:
        # re-planned with the same selection: unselected kinds are left on purpose,
        # so `--check` (the plan alone) predicts what a write does (fresh5 F14)
        rewritten = _model(new, path)
        if options.project is not None:  # what the run's other files told (analysis.elsewhere)
            from ..analysis.elsewhere import carry

            carry(model, rewritten)
        again = Analysis(rewritten, options.target, options.max_rounds, options.upgrade_mcp1).plan(
            options.select
        )
    except SyntaxError as exc:
        raise ValueError(
            f"the rewrite does not parse ({exc.msg}, line {exc.lineno}); file left as is"
        ) from None
    if again.functions or (plan.sdk_asks and again.sdk_asks):
        raise ValueError("the rewrite still has rewritable sites; file left as is")
    return new, plan


def _wrapped_imports(text: str, path: str) -> str:
    """``text`` (an upgraded mcp 1.x module, rendered) with its renamed imports of
    ``mcp.server.mcpserver`` longer than the project's line length split as MCP017's
    fix splits them (:func:`elicit_lint.analysis.mcp1_imports.wrapped`)."""
    import ast

    from ..analysis.mcp1_imports import wrapped
    from ..core.isort_sections import project_of

    rows = [
        n.lineno
        for n in ast.parse(text).body
        if isinstance(n, ast.ImportFrom)
        and not n.level
        and (n.module or "").startswith("mcp.server.mcpserver")
    ]
    return wrapped(text, rows, project_of(path).line_length)


def _cross(text: str, path: str, options: Options):
    """The module with the asking helpers of other run modules it calls inlined
    (:func:`elicit_lint.analysis.inline_elsewhere.inlined`), or ``None``."""
    project = options.project
    if project is None or not hasattr(project, "inline_memo") or not project.asking_helpers(path):
        return None
    if project.text_of(project.file_of(path)) != text:  # the index read other bytes
        return None
    from ..analysis.inline_elsewhere import inlined

    return inlined(project, path, options.target, options.max_rounds, options.select)


def _has_sites(data: bytes | None, path: str) -> bool:
    """Whether the file (read again when ``data`` is ``None``) parses into a model
    with a site (not covered by ``# noqa``) or an SDK marker the codemod acts on;
    ``True`` when unsure."""
    from ..core import source as src

    try:
        text = src.decode(data if data is not None else src.read_bytes(path)).text
        model = _model(text.replace("\r\n", "\n").replace("\r", "\n"), path)
    except Exception:  # noqa: BLE001 - unreadable or unparsable: the refusal stands
        return True
    from ..analysis.plan import suppressed_by_noqa

    suppressed = suppressed_by_noqa(model)  # the checker reports none of those either
    return any(not suppressed(site) for site in model.sites) or any(
        m.family == "resolve" for p in model.elicited_parameters for m in p.markers
    )


def libcst_reason(exc: BaseException) -> str:
    """``"libcst cannot parse this file: Syntax Error @ row:col."`` for libcst's
    ``ParserSyntaxError`` (its first line only: the rest quotes the source)."""
    from ..analysis.cst_limits import PREFIX
    from .isolate import safe_text

    return f"{PREFIX}: {safe_text(exc) or 'a parser error'}"


def migrate_file(path: str, options: Options, data: bytes | None = None) -> FileOutcome:
    """Run the codemod on one file (``data``: its bytes, when already read)."""
    from ..core import source as src
    from . import fileio

    outcome = FileOutcome(path)
    if options.ignored is not None:  # plan only, then skip what it would rewrite
        from dataclasses import replace

        options = replace(options, write=False, diff=False)
    try:
        loaded = fileio.load(path, data)
    except (src.SourceError, fileio.Unsupported) as exc:
        if isinstance(exc, fileio.Unsupported) and not _has_sites(data, path):
            return outcome  # nothing to rewrite, nothing refused: as the checker reports nothing
        outcome.status, outcome.error = (
            FAILED,
            getattr(exc, "message", None) or str(exc.args[0]),
        )
        return outcome
    try:
        new_text, plan = transform_text(loaded.text, path, options)
    except SyntaxError as exc:
        from ..core.newer_syntax import hint, needs_newer_python

        version = needs_newer_python(exc, loaded.text)
        newer = f"; {hint(version)}" if version else ""
        outcome.status, outcome.error = (
            FAILED,
            f"does not parse: {exc.msg} (line {exc.lineno}){newer}",
        )
        return outcome
    except ValueError as exc:
        outcome.status, outcome.error = FAILED, str(exc)
        return outcome
    except Exception as exc:  # noqa: BLE001 - planner or libcst bugs: report, go on
        from .isolate import safe_text

        detail = safe_text(exc)
        detail = f"{type(exc).__name__}{': ' + detail if detail else ''}"
        outcome.status = FAILED
        outcome.error = f"internal error in the rewrite ({detail}); file left as is"
        return outcome
    if plan is not None:
        outcome.skips = plan.skips
        from ..analysis.facts import read_only

        refused = read_only(path) if plan.skips else None
        if refused is not None and any(s.reason == refused for s in plan.skips):
            # the checker's verdict names it too (Analysis.file_reason); a failure, as
            # any file the run cannot write, in every mode, reported once (as a
            # failure, not also as one skip per site: one line per problem)
            outcome.status, outcome.error = FAILED, refused
            outcome.skips = [s for s in plan.skips if s.reason != refused]
            return outcome
    if plan is None or not plan.rewrites:
        return outcome
    if options.ignored is not None:
        from .config_ignores import skip_rewrites

        outcome.skips = [*outcome.skips, *skip_rewrites(plan, options.ignored)]
        return outcome
    outcome.notes = [
        (f.function.node.lineno, note) for f in [*plan.functions, *plan.sdk_asks] for note in f.notes
    ]
    if plan.sdk_asks:  # once per module: the error code a client without elicitation gets
        from ..analysis.sdk_notes import CAPABILITY_NOTE

        outcome.notes.insert(0, (plan.sdk_asks[0].function.node.lineno, CAPABILITY_NOTE))
    if plan.upgrade:  # an mcp 1.x module renamed first (analysis.mcp1_plan)
        from ..analysis.mcp1 import RENAMED_NOTE

        outcome.notes.insert(0, (plan.upgrade[0].row, RENAMED_NOTE))
    outcome.tools = [(f.function.node.lineno, f.function.name) for f in plan.functions]
    outcome.tools += [(a.function.node.lineno, a.function.name) for a in plan.sdk_asks]
    if options.plan_only:
        outcome.status, outcome.rewritten = WOULD_REWRITE, plan.rewritten_sites
        return outcome
    if new_text == loaded.text:
        return outcome
    new = fileio.encode(new_text, loaded)
    if new == loaded.data:
        return outcome
    outcome.rewritten = plan.rewritten_sites
    if options.diff:
        outcome.diff = "".join(
            difflib.unified_diff(
                loaded.text.splitlines(keepends=True),
                new_text.splitlines(keepends=True),
                fromfile=f"a/{path}",
                tofile=f"b/{path}",
            )
        )
    if not options.write:
        outcome.status = WOULD_REWRITE
        return outcome
    from ..core.writes import WriteRefused, write_atomic

    try:
        write_atomic(path, new, loaded.data)
    except (WriteRefused, OSError) as exc:
        outcome.status, outcome.error, outcome.rewritten = FAILED, str(exc), 0
        return outcome
    outcome.status = REWRITTEN
    return outcome
