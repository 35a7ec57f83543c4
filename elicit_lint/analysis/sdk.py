"""SDK v2 resolvers (``Annotated[T, Resolve(fn)]``, ``mcp.server.mcpserver``).

Planned per tool, all-or-nothing, from the model's markers of family
``"resolve"`` and the resolvers' own ``return`` statements (stdlib only):

- a tool with an *eliciting* resolver (one returning the SDK's ``Elicit(...)``,
  or depending through ``Resolve(g)`` on one that does) served by a server this
  module builds with ``FastMCP(...)`` (or ``@tool`` from ``fastmcp.tools``) is
  rewritten (kind ``sdk-resolve``): every ``Resolve(fn)`` of the tool becomes
  ``Elicit(fn)`` (value-only resolvers too: FastMCP ignores ``Resolve``, and the
  runtime accepts a resolver that returns a value without asking); the
  resolvers' ``Elicit(message, Schema)`` becomes ``Elicit(message,
  response_type=Schema)``; a resolver parameter ``a: Annotated[X, Resolve(g)]``
  becomes ``a: X``, filled by name from the tool's parameter ``a`` (which must
  be resolved by the same ``g``); an ``ElicitationResult[T]`` parameter whose
  outcome is tested becomes ``Annotated[T | None, Elicit(fn)] = None`` with its
  consumers translated by :func:`.outcomes.analyse` (``isinstance``/``match`` on
  the result classes, ``x.data`` -> ``x``; decline told apart from cancel is
  refused), one only read through ``.data`` a required ``Annotated[T,
  Elicit(fn)]``; the SDK's ``Elicit`` import gives way to the target's
  (:mod:`.imports`). This is step 2 of the documented migration "1. swap
  ``MCPServer(...)`` for ``FastMCP(...)``; 2. run elicit-migrate". The per-tool
  work and its refusals are in :mod:`.sdk_tool`; which server serves a tool in
  :mod:`elicit_lint.model.servers` (``Function.server``). A module is all-or-nothing for the SDK's ``Elicit`` name:
  if one eliciting SDK tool stays, no other is rewritten.
- a tool served by the SDK's ``MCPServer`` is the SDK's own declared form and
  works on both eras: it is neither rewritten nor reported (its eliciting
  markers keep the SDK's ``Elicit`` import, so no other tool's rewrite may
  replace it); a tool served by a server this module does not build gets an
  unknown-server reason;
- a skip on a tool a ``FastMCP(...)`` server serves is such a hole already: its
  reason starts with :data:`UNSAFE` (the summary groups it apart; MCP013/MCP014
  say it in their own words, :func:`strip_unsafe`);
- a resolver returning ``Sample(...)`` or ``ListRoots(...)``: no declared
  equivalent exists, reported (:data:`SAMPLE`), never rewritten;
- a tool whose resolvers only compute values is rewritten the same way when a
  server this module builds with ``FastMCP(...)`` serves it (FastMCP ignores
  the SDK's ``Resolve``, so each such parameter would be model-supplied; the
  runtime runs a resolver that returns a value without asking); on
  ``MCPServer``, or a server the module does not build, it works as written and
  is neither rewritten nor reported. Such a module needs no SDK ``Elicit``.

Semantics kept (mcp 2.3.0 ``mcp/server/mcpserver/resolve.py``): an unwrapped
``Annotated[T, Resolve(fn)]`` aborts the call on decline/cancel, as a required
``Elicit`` parameter does on the runtime (a ``ToolError``); a resolver's plain
return value is injected as accepted, as the runtime injects it; the SDK
memoises one resolver per call, so a resolver filling two parameters is refused;
a default on a plain ``Resolve`` parameter, a resolver of an ``ElicitationResult``
consumer that may return ``None``, and a resolver reading a dependency that
becomes optional would each change an outcome, so they are refused too.

Checker rules MCP013/MCP014 report the same markers with :func:`verdicts`.
"""

from __future__ import annotations

import ast

from ..model import Marker, Model
from ..model import names as qn
from ..model.servers import FASTMCP
from ..model.servers import MCPSERVER as MCPSERVER_KIND
from . import locate
from .records import TARGETS, FunctionPlan, Skip
from .response_types import Refused
from .sdk_tool import (
    KIND,
    SAMPLE,
    UNSAFE,
    ModuleFacts,
    ToolPlanner,
    resolve_marker,
    strip_unsafe,
)
from .text import Renderer

__all__ = [
    "KIND",
    "SAMPLE",
    "UNSAFE",
    "plan_sdk",
    "strip_unsafe",
    "verdicts",
]


def sibling(row: int, reason: str) -> str:
    """The reason for the other resolvers of a tool refused because of line ``row``."""
    return f"another resolver of this tool (line {row}) cannot be rewritten: {reason}"


def _module_reason(
    model: Model, replaced: set[ast.AST], asks: set[ast.AST], target: str
) -> str | None:
    """Why the module's SDK ``Elicit`` name cannot become the target's, or ``None``.

    ``replaced``: every call the plans rewrite; ``asks``: those that are the SDK's
    ``Elicit(...)`` in a resolver. After the rewrite ``Elicit`` names the target's
    marker, so the SDK's ``Elicit``, when a resolver asks, must be imported as
    ``Elicit`` at module level and every call of it replaced; a module binding
    ``Elicit`` to anything else is refused (the target's import would shadow it).
    A module of value-only resolvers needs no SDK ``Elicit`` at all."""
    bound = (
        model.qualified_name(ast.Name(id="Elicit", ctx=ast.Load()))
        if "Elicit" in model.module_scope.bindings
        else None
    )
    if bound is not None and bound not in (qn.SDK_ELICIT, qn.ELICIT):
        return locate.name_taken("Elicit")
    if asks and (
        bound != qn.SDK_ELICIT
        or any(not isinstance(n.func, ast.Name) or n.func.id != "Elicit" for n in asks)
    ):
        return (
            "the SDK's `Elicit` is not imported under its own name: import it as "
            "`Elicit`, then run again"
        )
    if bound == qn.SDK_ELICIT and model.sites:
        return (
            "the module also asks with `ctx.elicit`, which the SDK's `Elicit` name "
            "blocks: move the `Resolve` tools to a module of their own, then run again"
        )
    for node in ast.walk(model.tree):
        if (
            isinstance(node, ast.Call)
            and node not in replaced
            and isinstance(node.func, ast.Name)
            and node.func.id == "Elicit"
        ):
            return (
                f"the SDK's `Elicit` is also called on line {node.lineno}, outside the "
                "resolvers rewritten: move that use to another module, then run again"
            )
    for name in ("declared_elicitation",) if target == TARGETS[0] else ():
        if name in model.module_scope.bindings:
            return locate.name_taken(name)
    return None


def plan_sdk(
    model: Model,
    allowed: set[str],
    render: Renderer,
    target: str = TARGETS[0],
) -> tuple[list[FunctionPlan], list[Skip]]:
    """``(tool plans, skips)`` for the module's SDK ``Resolve(fn)`` tools.

    ``target``: as for :func:`.plan.plan_module` (``declared_elicitation`` clashes
    only for ``elicit_lint.runtime``).

    Skips sit on the markers of eliciting or ``Sample``/``ListRoots`` resolvers,
    and on every marker of a tool served by ``FastMCP(...)`` (value-only ones too);
    the latter's reasons start with :data:`UNSAFE` (the parameter is
    model-supplied as the code stands). A tool on ``MCPServer`` gets none: it
    works as written on both eras, so there is nothing to do.
    Never raises on valid models."""
    facts = ModuleFacts(model)
    plans: list[FunctionPlan] = []
    skips: list[Skip] = []
    failed: list[tuple[list[Marker], str, bool]] = []  # (markers, reason, unsafe)
    keeping: list[Marker] = []  # eliciting markers of tools left as they are
    for node, params in facts.params.items():
        if node in facts.resolver_nodes:
            continue  # a resolver's own dependencies: planned with its tool
        function = model.function(node)
        markers = [resolve_marker(p) for p in params]

        def reaches(m: Marker, wanted) -> bool:
            return m.resolver is not None and facts.reaches(m.resolver.node, wanted)

        eliciting = [m for m in markers if reaches(m, {qn.SDK_ELICIT})]
        sampling = [
            m for m in markers if reaches(m, {qn.SDK_SAMPLE, qn.SDK_LIST_ROOTS})
        ]
        kind = (
            function.server("tool")[0]
            if function is not None and function.is_tool
            else None
        )
        if kind == MCPSERVER_KIND:
            # the SDK's own form, served on both eras: nothing to report; its
            # SDK `Elicit` import stays, so it blocks the others' rewrite
            keeping.extend(m for m in eliciting if m not in sampling)
            continue
        on_fastmcp = kind == FASTMCP
        if not eliciting and not sampling and not on_fastmcp:
            continue  # value-only resolvers work on `MCPServer`
        for m in sampling:
            reason = UNSAFE + SAMPLE if on_fastmcp else SAMPLE
            skips.append(Skip(m.span.start.row, m.span.start.column, reason, "resolve"))
        # on FastMCP every `Resolve` is ignored, a value-only one too
        reported = [
            m for m in (markers if on_fastmcp else eliciting) if m not in sampling
        ]
        if sampling:
            row = sampling[0].span.start.row
            failed.append((reported, sibling(row, SAMPLE), on_fastmcp))
            keeping.extend(m for m in eliciting if m not in sampling)
            continue
        try:
            if function is None:
                raise Refused(locate.NOT_A_TOOL)
            if KIND not in allowed:
                raise Refused(locate.not_selected(KIND))
            plans.append(ToolPlanner(facts, function, render).run())
        except Refused as refused:
            failed.append((reported, str(refused.args[0]), on_fastmcp))
            keeping.extend(m for m in eliciting if m not in sampling)
    if plans:
        replaced = {n for p in plans for n in p.replacements if isinstance(n, ast.Call)}
        asks = {
            call
            for node in facts.resolver_nodes
            for name, call in facts.returned(node)
            if name == qn.SDK_ELICIT and call in replaced
        }
        kept = sorted(keeping, key=lambda m: (m.span.start.row, m.span.start.column))
        reason = (
            _module_reason(model, replaced, asks, target)
            if not kept
            else f"another SDK tool of this module (line {kept[0].span.start.row}) "
            "keeps the SDK's `Elicit`, which the rewrite would replace: move the "
            "`FastMCP(...)` tools to a module of their own, then run again"
        )
        if reason is not None:
            for plan in plans:  # a plan exists only for a FastMCP-served tool
                failed.append((plan.sdk_markers, reason, True))
            plans = []
    for markers, reason, unsafe in failed:
        skips.extend(
            Skip(
                m.span.start.row,
                m.span.start.column,
                UNSAFE + reason if unsafe else reason,
                "resolve",
            )
            for m in markers
        )
    return plans, skips


def verdicts(
    model: Model, target: str = "elicit_lint.runtime"
) -> dict[tuple[int, int], str | None]:
    """The codemod's verdict per SDK marker it acts on (checker rules MCP013/MCP014).

    Keys: ``(row, column)`` (1-based) of every ``Resolve(fn)`` marker of a tool
    whose resolver elicits or samples, and of every marker of a tool served by
    ``FastMCP(...)``; values: ``None`` when ``elicit-migrate``
    (every kind selected) rewrites it, else its skip reason (:data:`SAMPLE` for
    ``Sample``/``ListRoots``). Standard library only; never raises on valid models.
    """
    from .records import KINDS

    plans, skips = plan_sdk(model, set(KINDS), Renderer(model), target)
    out: dict[tuple[int, int], str | None] = {(s.row, s.column): s.reason for s in skips}
    for plan in plans:
        for marker in plan.sdk_markers:
            out[(marker.span.start.row, marker.span.start.column)] = None
    return out
