"""One analysis per model: the codemod's verdicts, computed once, lazily.

:class:`Analysis` is what rules (``Rule.check(model, analysis, settings)``) and
the codemod engine ask instead of planning themselves. The planner
(:func:`.plan.plan_module`) runs at most once per selection of rewrite kinds,
and only when a reader asks: a module without an imperative site or an SDK
``Resolve(fn)`` marker never imports it. The model is never written to.
Standard library only (layer 2, docs/architecture.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.settings import DEFAULT_MAX_ROUNDS

if TYPE_CHECKING:
    from ..model import ElicitationSite, ElicitedParameter, Marker, Model
    from .records import ModulePlan

DEFAULT_TARGET = "elicit_lint.runtime"
"""``elicit-migrate --target`` / config ``runtime-module`` default (:data:`.records.TARGETS` [0])."""


UNPLANNED = (
    "not a call elicit-migrate plans (it rewrites `r = await ctx.elicit(...)` on a "
    "`Context` parameter)"
)
"""The verdict on a call the planner never saw (an SDK call through an alias, a
``Context | None`` parameter, ``ctx.session.elicit``...): never "can rewrite"."""


@dataclass(frozen=True)
class Verdict:
    """The codemod's verdict on one site or marker: ``reason`` is ``None`` when
    ``elicit-migrate`` rewrites it, else why it does not."""

    reason: str | None = None

    @property
    def rewritable(self) -> bool:
        """``True`` when ``elicit-migrate`` rewrites it."""
        return self.reason is None

    @property
    def text(self) -> str:
        """``"`elicit-migrate` can rewrite it"`` or ``"... cannot rewrite it: <reason>"``."""
        return verdict_text(self.reason)


def verdict_text(reason: str | None) -> str:
    """``"`elicit-migrate` can rewrite it"`` (``reason`` ``None``) or
    ``"`elicit-migrate` cannot rewrite it: <reason>"``."""
    if reason is None:
        return "`elicit-migrate` can rewrite it"
    return f"`elicit-migrate` cannot rewrite it: {reason}"


def read_only(path: str) -> str | None:
    """The codemod's reason for an existing file it may not write (the owner write
    bit clear, or not writable by this process: ``core.writes.ReadOnly``), else ``None``."""
    import os
    import stat

    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except (OSError, ValueError):
        return None  # stdin, a file not on disk: nothing to refuse
    if mode & stat.S_IWUSR and os.access(path, os.W_OK):
        return None
    return (
        f"the file is read-only (mode {mode:04o}); elicit-migrate does not write it: "
        "make it writable, then run again"
    )


def refuse_file(plan: ModulePlan, reason: str | None) -> ModulePlan:
    """``plan`` with every rewrite turned into a skip with ``reason`` (a file-level
    refusal), or ``plan`` itself when ``reason`` is ``None``."""
    if reason is None:
        return plan
    from .records import ModulePlan, Skip

    skips = list(plan.skips)
    for function in plan.functions:
        for ask in function.asks:
            start = ask.site.span.start
            row, column = plan.positions.get((start.row, start.column), (start.row, start.column))
            skips.append(Skip(row, column, reason))
        for marker in function.sdk_markers:
            start = marker.span.start
            skips.append(Skip(start.row, start.column, reason, "resolve"))
    skips.sort(key=lambda s: (s.row, s.column))
    return ModulePlan([], skips)


class Analysis:
    """The verdicts of ``elicit-migrate --target <target>`` on one model.

    ``Analysis(model, target, max_rounds)``; ``target``: config ``runtime-module`` (one of
    :data:`.records.TARGETS`); ``max_rounds``: config ``max-rounds`` (MCP010's),
    the most rounds a rewritten tool's chain of questions may need. Every answer is computed on first request and
    kept; the model is never modified.

    - :meth:`plan` -- the :class:`.records.ModulePlan` (once per ``select``);
      the codemod engine rewrites from it, the checker's verdicts read it.
    - :meth:`site_verdict` -- MCP001's :class:`Verdict` on an imperative site.
    - :meth:`sdk_verdicts` / :meth:`sdk_findings` -- MCP013/MCP014's verdicts on
      SDK ``Resolve(fn)`` markers.
    """

    def __init__(
        self,
        model: Model,
        target: str = DEFAULT_TARGET,
        max_rounds: int = DEFAULT_MAX_ROUNDS,
        mcp1: bool = False,
    ) -> None:
        self.model = model
        # elicit-migrate --upgrade-mcp1 (plan_module's ``mcp1``); the checker: config upgrade-mcp1
        self.mcp1 = mcp1
        self.target = target
        self.max_rounds = max_rounds
        self._plans: dict[frozenset[str] | None, ModulePlan] = {}
        self._site_verdicts: dict[tuple[int, int], str | None] | None = None
        self._sdk: dict[tuple[int, int], str | None] | None = None
        self._site_ids: set[int] = set()

    def plan(self, select: set[str] | frozenset[str] | None = None) -> ModulePlan:
        """The module's plan with the rewrite kinds ``select`` allowed (all when
        ``None``), :func:`.plan.plan_module`; planned once per ``select``.
        Raises what the planner raises (a planner bug)."""
        key = None if select is None else frozenset(select)
        found = self._plans.get(key)
        if found is None:
            from ..core.depth import deep
            from .plan import plan_module

            found = deep(
                plan_module, self.model, None if key is None else set(key), self.target,
                max_rounds=self.max_rounds, mcp1=self.mcp1,
            )
            if found.functions:
                found = refuse_file(found, self.file_reason())
            self._plans[key] = found
        return found

    def file_reason(self) -> str | None:
        """Why ``elicit-migrate`` leaves this whole file as it is although the
        planner could rewrite sites in it, else ``None``: libcst cannot parse it
        (:func:`.cst_limits.refusal`), or the file on disk is read-only (as
        :func:`elicit_lint.core.writes.write_atomic` judges it). Asked only when
        the plan rewrites something; both the checker's verdicts and the codemod
        read it from :meth:`plan`."""
        from .cst_limits import refusal

        return refusal(self.model.source) or read_only(self.model.filename)

    def site_verdict(self, site: ElicitationSite) -> Verdict:
        """The codemod's :class:`Verdict` on ``site`` (one of ``model.sites``, or an
        SDK ``ctx.elicit`` call: anything with the call's ``span``; the SDK planner
        is :mod:`.sdk_ask`), with every rewrite kind selected. A planner bug gives ``internal planner error
        (<Exception>)`` for every site instead of raising: it must not break MCP001."""
        if self._site_verdicts is None:
            self._site_verdicts = self._plan_site_verdicts()
            self._site_ids = {id(s) for s in self.model.sites}  # one set, not a scan per site
        key = (site.span.start.row, site.span.start.column)
        if "error" in self._site_verdicts:
            return Verdict(self._site_verdicts["error"])
        if key not in self._site_verdicts and id(site) not in self._site_ids:
            return Verdict(UNPLANNED)  # e.g. an SDK call the SDK planner does not see
        return Verdict(self._site_verdicts.get(key))

    def _plan_site_verdicts(self) -> dict:
        if not self.model.sites and "mcpserver" not in self.model.source:
            return {}
        try:
            plan = self.plan()
        except Exception as exc:  # noqa: BLE001 - a planner bug must not break the checker
            return {"error": f"internal planner error ({type(exc).__name__})"}
        families = ("site", "sdk-site")  # FastMCP sites; SDK `ctx.elicit` (sdk_ask)
        out = {(s.row, s.column): s.reason for s in plan.skips if s.family in families}
        for ask in plan.sdk_asks:  # positions: an mcp 1.x module's renamed text (mcp1_plan)
            key = (ask.ask.span.start.row, ask.ask.span.start.column)
            out[plan.positions.get(key, key)] = None
        return out

    def sdk_asks(self) -> list:
        """The SDK ``ctx.elicit`` calls of ``MCPServer``-annotated contexts
        (:func:`.sdk_ask.find_asks`: ``.call``, ``.span``, ``.function``), each
        answerable by :meth:`site_verdict`. Empty (nothing imported) for a module
        that never names ``mcpserver``."""
        if "mcpserver" not in self.model.source:
            return []
        from .sdk_ask import find_asks

        return find_asks(self.model)

    def sdk_verdicts(self) -> dict[tuple[int, int], str | None]:
        """``{(row, column): reason}`` for every SDK ``Resolve(fn)`` marker the
        codemod acts on: ``None`` when it rewrites it, else its skip reason
        (:func:`.sdk.verdicts`). Empty without a ``Resolve`` marker (the SDK
        planner is then not imported). Raises what the planner raises."""
        if self._sdk is None:
            if not self._resolve_markers():
                self._sdk = {}
            elif self.model.mixed_line_ends:
                # plan_module skips every site of such a file before the SDK
                # planner; MCP013/MCP014 keep the SDK planner's own verdicts
                from .sdk import verdicts

                self._sdk = verdicts(self.model, self.target)
            else:
                plan = self.plan()
                out = {(s.row, s.column): s.reason for s in plan.skips if s.family == "resolve"}
                for function in plan.functions:
                    for marker in function.sdk_markers:
                        out[(marker.span.start.row, marker.span.start.column)] = None
                self._sdk = out
        return self._sdk

    def _resolve_markers(self) -> list[tuple[ElicitedParameter, Marker]]:
        return [
            (param, marker)
            for param in self.model.elicited_parameters
            for marker in param.markers
            if marker.family == "resolve"
        ]

    def sdk_findings(self) -> list[tuple[ElicitedParameter, Marker, str | None]]:
        """``(parameter, marker, reason)`` for every SDK marker the codemod acts on,
        in model order: ``reason`` ``None`` when ``elicit-migrate`` rewrites it,
        else the skip reason. Markers of eliciting or sampling resolvers, and on a
        ``FastMCP(...)``-served tool every marker (:func:`.sdk.verdicts`)."""
        markers = self._resolve_markers()
        if not markers:
            return []
        found = self.sdk_verdicts()
        out = []
        for param, marker in markers:
            key = (marker.span.start.row, marker.span.start.column)
            if key in found:
                out.append((param, marker, found[key]))
        return out
