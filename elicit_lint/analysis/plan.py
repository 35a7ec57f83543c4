"""The planner: from the stdlib ``ast`` model to rewrites and skip reasons
(docs/architecture.md "Data flow: `elicit-migrate`").

:func:`plan_module` decides, for every imperative site of a module, either a
rewrite (grouped per tool: a tool is rewritten with all its questions or not at
all, since a half-rewritten tool still fails on modern clients) or a skip with a
reason. It imports only the standard library and the model, so the checker can
ask it too (:class:`.facts.Analysis`, used by MCP001). libcst is not involved here.
The per-tool work is :class:`.toolplan.ToolPlanner`; the records are in
:mod:`.records` (re-exported here).
"""

from __future__ import annotations

import ast
from functools import partial

from ..core.settings import DEFAULT_MAX_ROUNDS
from ..model import ElicitationSite, HandshakeCall, Model, names
from . import locate, placement
from .aliases import plan_aliases
from .context_use import held_reason, receiver_reason
from .naming import Taken
from .records import KINDS, TARGETS, Ask, FunctionPlan, ModulePlan, ResolverPlan, Skip
from .response_types import Refused
from .round_notes import add_round_notes
from .suppression import NOQA, sibling_noqa, suppressed_by_noqa
from .text import Renderer
from .through import asks_through, through_reason
from .toolplan import ToolPlanner, module_names

__all__ = [
    "KINDS",
    "TARGETS",
    "Ask",
    "FunctionPlan",
    "ModulePlan",
    "ResolverPlan",
    "Skip",
    "plan_module",
]


def component_reason(site: ElicitationSite) -> str | None:
    """The reason for a site in a prompt or resource (not also a tool), else ``None``."""
    function = site.function
    if function is None or function.is_tool or not function.is_component:
        return None
    kind = function.registrations[0].component
    return (
        f"in a {kind}: elicit-migrate rewrites tools only; declare the parameter by "
        "hand (the runtime serves declared parameters in prompts and resources too)"
    )


SDK_SITE = (
    "it uses the SDK's `Context` (`mcp.server.mcpserver`) in a shape the SDK "
    "planner does not read: write the `Resolve` resolver by hand"
)
"""The reason for an SDK ``ctx.elicit`` site the SDK planner (:mod:`.sdk_ask`)
does not see; the ones it sees get its own verdict. The FastMCP targets never
plan SDK sites: they do not run on ``MCPServer``."""


MCP1_SITE = (
    "the file imports mcp 1.x (`mcp.server.fastmcp`): import `Context` and "
    "`MCPServer` from `mcp.server.mcpserver` and build the server with "
    "`MCPServer(...)` (MCP017, mcp 2; FastMCP was renamed), then run again"
)
"""The reason for every SDK ``ctx.elicit`` site of a module importing mcp 1.x's
``mcp.server.fastmcp`` (the model reads its names as the SDK v2 ones): the
SDK planner's ``Resolve`` rewrite needs mcp 2, where that import raises."""


def unplanned_sdk_reason(site: ElicitationSite, model: Model) -> str:
    """Why the SDK planner did not plan ``site`` (an SDK ``ctx.elicit``): the
    module is mcp 1.x (:data:`MCP1_SITE`), the site is not in a tool body (the
    FastMCP planner's wording for the same place), else :data:`SDK_SITE`."""
    if model.mcp1_imports:
        return MCP1_SITE
    return place_reason(site, model) or SDK_SITE


def place_reason(site: ElicitationSite, model: Model) -> str | None:
    """Why where ``site`` sits rules a rewrite out, the same for both planners: a
    prompt or resource, a context held on ``self`` or passed in, a function that
    is no tool or a tool used elsewhere; ``None`` when none applies."""
    return component_reason(site) or held_reason(site) or placement.function_reason(site, model)


def sdk_site_reason(site: ElicitationSite) -> str | None:
    """:data:`SDK_SITE` for a site on the SDK's ``Context``, else ``None``."""
    return SDK_SITE if site.framework == names.MCPSERVER_FRAMEWORK else None


def _key(site: ElicitationSite) -> tuple[int, int]:
    return (site.span.start.row, site.span.start.column)


def _skip(site: ElicitationSite, reason: str) -> Skip:
    return Skip(site.span.start.row, site.span.start.column, reason)


_NEEDED = {
    "Elicit": names.ELICIT,
    "declared_elicitation": names.DECLARED_ELICITATION,
    "Annotated": names.ANNOTATED,
    "Literal": names.LITERAL,
}


MIXED_LINE_ENDS = (
    "the file mixes line endings (`\\r\\n`, `\\r` or `\\n` on different lines): the "
    "codemod refuses the whole file; convert it to one line ending, then run again"
)
"""File-level reason (the codemod's file reader refuses such a file before
planning; the planner says so too, for the checker's MCP001 verdict)."""


def sibling_reason(row: int, reason: str) -> str:
    """The reason for a site that could be rewritten itself, in a tool whose
    question on ``row`` cannot (tools are rewritten all-or-nothing)."""
    return f"another question of this tool (line {row}) cannot be rewritten: {reason}"


def needed_names(target: str) -> dict[str, str]:
    """``{name: qualified}`` the rewrite imports for ``target`` (one of
    :data:`TARGETS`): ``declared_elicitation`` only for ``elicit_lint.runtime``
    (``fastmcp.elicitation`` needs no decorator)."""
    if target == TARGETS[0]:
        return _NEEDED
    return {k: v for k, v in _NEEDED.items() if k != "declared_elicitation"}


def _name_clashes(model: Model, target: str) -> dict[str, str]:
    """``{name: reason}`` for each name the rewrite for ``target`` imports that is
    already bound to something else at module level (e.g. the SDK's ``Elicit``):
    the new import would shadow it."""
    from .star_names import dynamic_reason, import_clash

    dynamic = dynamic_reason(model)
    if dynamic is not None:  # no new name can be shown unread
        return dict.fromkeys(needed_names(target), dynamic)
    out = {
        name: locate.name_taken(name)
        for name, qualified in needed_names(target).items()
        if name in model.module_scope.bindings
        and model.qualified_name(ast.Name(id=name, ctx=ast.Load())) != qualified
    }
    for name, qualified in needed_names(target).items():
        reason = None if name in out else import_clash(model, name, qualified)
        if reason is not None:  # a star import may bind it (star_names.py)
            out[name] = reason
    return out


def _clash_for(plan, clashes: dict[str, str]) -> str | None:
    """The clash that blocks this tool's rewrite: a name every rewrite imports
    (``Annotated``, ``Elicit``, ``declared_elicitation``), or one only this tool's
    rewrite needs (``Literal`` for a shorthand list); ``plan`` is ``None`` before
    planning."""
    for name, reason in clashes.items():
        if name != "Literal":
            return reason
        if plan is not None and ("typing", "Literal") in plan.imports:
            return reason
    return None


def plan_module(
    model: Model,
    select: set[str] | None = None,
    target: str = TARGETS[0],
    inline: bool = True,
    max_rounds: int = DEFAULT_MAX_ROUNDS,
    mcp1: bool | None = False,
) -> ModulePlan:
    """Plan every imperative site of ``model``: rewrites per tool, or skips with reasons.

    ``select``: the rewrite kinds allowed (default: all of :data:`KINDS`); a tool
    needing another kind is skipped with the reason ``rewrite kind `k` not selected``.
    ``target``: the module the rewrite imports ``Elicit`` from (one of
    :data:`TARGETS`, ``elicit-migrate --target``, config ``runtime-module``): it
    decides which module-level names would clash (``declared_elicitation`` only
    for ``elicit_lint.runtime``).
    ``inline``: plan a helper's question through its tool (:mod:`.inline_plan`).
    ``max_rounds``: the most rounds a client allows (config ``max-rounds``, as
    MCP010 reads it): a tool whose declared chain would need more is refused
    (:mod:`.rounds`).
    A model of a file that mixes line endings (``model.mixed_line_ends``) has every
    site skipped with :data:`MIXED_LINE_ENDS`, as the codemod refuses the file.
    ``mcp1``: plan a module importing mcp 1.x through MCP017's rename (:mod:`.mcp1_plan`;
    ``elicit-migrate --upgrade-mcp1``); default off: its SDK sites are skipped with
    :data:`.mcp1_plan.OPT_IN` (mcp 2 changes more than the questions, docs/sdk.md);
    ``None``: plan the module as it is (:mod:`.mcp1_plan`'s own calls).
    Never raises on valid models.
    """
    if mcp1 is not None and model.mcp1_imports and not model.mixed_line_ends:
        from .mcp1_plan import plan_mcp1

        replan = partial(plan_module, target=target, inline=inline, max_rounds=max_rounds)
        return plan_mcp1(model, select, replan, MCP1_SITE, upgrade=mcp1)
    allowed = set(KINDS) if select is None else set(select)
    result = ModulePlan()
    if model.mixed_line_ends:
        result.skips = [_skip(site, MIXED_LINE_ENDS) for site in (*model.sites, *model.aliased_sites)]
        if "mcpserver" in model.source:
            from .sdk_ask import find_asks

            result.skips += [
                Skip(a.span.start.row, a.span.start.column, MIXED_LINE_ENDS, "sdk-site")
                for a in find_asks(model)
            ]
        return result
    helpers: dict[int, str] = {}  # a helper's question not inlined: why
    if inline and any(s.function is not None and not s.function.is_component for s in model.sites):
        from .inline_plan import plan_inlined

        # the equivalent text is planned against the same round limit
        replan = partial(plan_module, max_rounds=max_rounds)
        inlined, helpers = plan_inlined(model, select, target, replan)
        if inlined is not None:
            return inlined
    groups: dict[int, list[ElicitationSite]] = {}
    suppressed = suppressed_by_noqa(model)
    sdk_sites: list[ElicitationSite] = []  # their verdict is the SDK planner's (sdk_ask)
    held: dict[int, str] = {}  # a site skipped here: why
    for site in model.sites:
        if sdk_site_reason(site) is not None:
            sdk_sites.append(site)
            continue
        reason = place_reason(site, model) or receiver_reason(site)
        if reason == locate.NOT_A_TOOL:
            reason = helpers.get(id(site), reason)
            if site.function is not None and site.function.name in model.elsewhere:
                reason = model.elsewhere[site.function.name]  # registered in another module
            elif reason == locate.NOT_A_TOOL:  # a project's own registering decorator?
                reason = placement.unknown_decorator(site.function, model) or reason
        if reason is not None:
            result.skips.append(_skip(site, reason))
            held[id(site)] = reason
            continue
        groups.setdefault(id(site.function), []).append(site)
    # a tool asking through a helper whose question stays imperative (through.py)
    through = asks_through(model, [s for s in model.sites if id(s) in held])
    # a tool that also makes a handshake-only call the codemod leaves as it is
    handshake_in: dict[int, HandshakeCall] = {}
    # (and one to a method FastMCP 4's Context does not have, MCP029: it fails on every era)
    others = sorted([*model.handshake_calls, *model.removed_calls], key=lambda c: c.span.start)
    for call in others:
        if call.function is not None:
            handshake_in.setdefault(id(call.function), call)
    taken = Taken(module_names(model))  # numbers resolver names from where it stopped
    render = Renderer(model)
    clashes = _name_clashes(model, target)
    hoisted: dict[str, str] = {}  # class name -> the tool it is hoisted from
    for sites in groups.values():
        function = sites[0].function
        assert function is not None
        clash = _clash_for(None, clashes)
        if clash:
            result.skips.extend(_skip(site, clash) for site in sites)
            continue
        kept = [site for site in sites if suppressed(site)]
        if kept:
            sibling = sibling_noqa(kept[0].span.start.row)
            result.skips.extend(
                _skip(site, NOQA if any(site is k for k in kept) else sibling)
                for site in sites
            )
            continue
        if id(function) in through:
            name, helper = through[id(function)]
            reason = through_reason(name, helper.span.start.row, held[id(helper)])
            result.skips.extend(_skip(site, reason) for site in sites)
            result.through.update({_key(site): (name, _key(helper)) for site in sites})
            continue
        other = handshake_in.get(id(function))
        if other is not None:
            if other.via == "removed":
                reason = locate.removed_method_call(other.shown, other.span.start.row)
            elif other.mode in ("sampling", "roots"):  # no question stands in for it (fix13)
                reason = locate.other_request_call(other.shown, other.span.start.row, other.mode)
            else:
                reason = locate.other_handshake_call(other.shown, other.span.start.row)
            result.skips.extend(_skip(site, reason) for site in sites)
            continue
        planner = ToolPlanner(model, function, sites, taken, render, target, max_rounds)
        try:
            plan = planner.plan()
            missing = sorted(plan.kinds - allowed)
            if missing:
                raise Refused(locate.kinds_not_selected(missing))
            clash = _clash_for(plan, clashes)
            if clash:
                raise Refused(clash)
            for cls in plan.hoist:
                if cls.name in hoisted:
                    raise Refused(
                        f"hoisting `{cls.name}` would collide with the `{cls.name}` "
                        f"hoisted from `{hoisted[cls.name]}`: rename one of the "
                        "classes, then run again"
                    )
        except Refused as refused:
            reason = str(refused.args[0])
            culprit = planner.culprit
            for site in sites:
                if culprit is None or site is culprit:
                    result.skips.append(_skip(site, reason))
                else:
                    row = culprit.span.start.row
                    result.skips.append(_skip(site, sibling_reason(row, reason)))
            continue
        for ask in plan.asks:
            if ask.resolver:
                taken.add(ask.resolver.name)
        for cls in plan.hoist:  # two tools' `class Order` would be one module name
            hoisted[cls.name] = function.name
        result.functions.append(plan)
    result.aliases = plan_aliases(model, result.functions)
    if any(m.family == "resolve" for p in model.elicited_parameters for m in p.markers):
        # only SDK `Resolve(fn)` markers give plan_sdk anything to plan: a module
        # merely spelling "Resolve"/"Resolver" does not load the SDK planner
        from .sdk import plan_sdk

        functions, skips = plan_sdk(model, allowed, render, target)
        result.functions.extend(functions)
        result.skips.extend(skips)
    if "mcpserver" in model.source and not model.mcp1_imports:
        # SDK `ctx.elicit` calls: the target follows the framework (sdk_ask); an
        # mcp 1.x module gets MCP1_SITE below (its rewrite would need mcp 2)
        from .sdk_ask import plan_sdk_asks

        # what a helper's site is told, for a tool asking through it (through.py)
        unplanned = {id(s): unplanned_sdk_reason(s, model) for s in sdk_sites}
        asks, skips = plan_sdk_asks(model, allowed, taken, held | unplanned)
        if asks and result.functions:
            reason = "the module also has FastMCP rewrites; run elicit-migrate again"
            skips += [
                Skip(p.ask.span.start.row, p.ask.span.start.column, reason, "sdk-site")
                for p in asks
            ]
            asks = []
        result.sdk_asks = asks
        result.skips.extend(skips)
    planned = {(s.row, s.column) for s in result.skips} | {
        (p.ask.span.start.row, p.ask.span.start.column) for p in result.sdk_asks
    }
    result.skips += [  # an SDK site neither planner reads: say so, never "can rewrite"
        _skip(site, unplanned_sdk_reason(site, model))
        for site in sdk_sites
        if (site.span.start.row, site.span.start.column) not in planned
    ]
    result.skips += [  # `ask = ctx.elicit; await ask(...)`: MCP001 says why, in the same words
        _skip(site, locate.aliased_elicit(site.call.func.id, ast.unparse(site.alias.value)))  # type: ignore[attr-defined]
        for site in model.aliased_sites
        if (site.span.start.row, site.span.start.column) not in planned
    ]
    result.skips += [  # `ctx.elicit_url(...)`, `ctx.session.elicit_form(...)`, sampling and
        # roots (`ctx.session.create_message`, `.list_roots`): MCP001's verdict (fix13)
        Skip(call.span.start.row, call.span.start.column, locate.handshake_reason(call.mode), "handshake")
        for call in model.handshake_calls
    ]
    add_round_notes(model, [*result.functions, *result.sdk_asks])  # once per round on 2026-07-28
    result.skips.sort(key=lambda s: (s.row, s.column))
    return result

