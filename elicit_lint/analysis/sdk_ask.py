"""SDK v2 ``ctx.elicit`` in an ``MCPServer`` tool -> a ``Resolve`` resolver (stdlib only).

The target follows the module's framework
(docs/architecture.md "Data flow: `elicit-migrate`"): a tool served by ``MCPServer(...)`` keeps its server, and
its one question

    r = await ctx.elicit(M, S)          # or schema=S, message=M

becomes a resolver ``async def ask_r(<tool arguments it reads>) -> Elicit[S]:
return Elicit(M, S)`` placed above the tool, and a parameter ``r:
Annotated[ElicitationResult[S], Resolve(ask_r)]``; the ask statement is
removed and the body reading ``r`` stays as written. Facts relied on (mcp
2.3.0, verified with the SDK's in-process ``Client`` on both eras by
``tests/codemod/test_sdk_ask.py``): the injected objects are the ``AcceptedElicitation`` / ``DeclinedElicitation`` /
``CancelledElicitation`` classes ``ctx.elicit`` returns; a resolver returning
``None`` asks nothing (an ``AcceptedElicitation(data=None)`` is injected, read by
no path of the rewritten body).

A question reached only under guards on tool arguments (``if G: r = ...``, or
after ``if G: return ...``) gets the guards copied into the resolver, which
returns ``None`` where the original would not ask. Everything else is refused
with a reason (:class:`Refused`): see :func:`_plan_tool`.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from ..model import Function, Model
from ..model import names as qn
from ..model.servers import FASTMCP, MCPSERVER
from . import locate, recompute
from .placement import not_a_tool, tool_use_reason
from .records import Skip
from .response_types import Refused
from .response_types import read as read_response
from .sdk_ask_call import (
    NAMES,
    arguments,
    call_arguments_text,
    clash,
    defined_before,
    param_text,
    resolver_name,
    statement_of,
)
from .sdk_ask_checks import (
    check_ctx_uses,
    check_result_uses,
    guard_text,
    guards,
    own_nodes,
    question_names,
)
from .sdk_ask_find import SdkAsk, bound_in, context_params, find_asks
from .sdk_ask_locals import Asked, Locals, local_copies, statements_before
from .sdk_schema import not_a_model
from .sdk_schema_args import local_value
from .suppression import NOQA, sibling_noqa, suppressed_by_noqa
from .through import asks_through, through_reason

KIND = "sdk-ask"
FAMILY = "sdk-site"
"""The :class:`.records.Skip` family of an SDK ``ctx.elicit`` call (``"site"`` is
a FastMCP one, MCP001's today)."""
SDK_MODULE = "mcp.server.mcpserver"

@dataclass
class SdkAskPlan:
    """The rewrite of one ``MCPServer`` tool: drop ``statement``, add ``param:
    annotation``, insert ``resolver`` (source text) above the tool."""

    function: Function
    ask: SdkAsk
    statement: ast.stmt
    param: str
    annotation: str
    resolver: str
    resolver_name: str
    imports: dict[str, list[str]] = field(default_factory=dict)
    drops: list[ast.stmt] = field(default_factory=list)
    """Body statements the resolver computes again and nothing else reads."""
    #: the ``Context`` parameter nothing reads once the ask statement is gone (dropped,
    #: as the FastMCP path drops it: ``analysis.context_use``), else ``None``
    drop_param: str | None = None
    notes: list[str] = field(default_factory=list)
    """What the rewrite changes that the person running it should know (:mod:`.round_notes`)."""


def plan_sdk_asks(
    model: Model, allowed: set[str], taken: set[str], held: dict[int, str] | None = None
) -> tuple[list[SdkAskPlan], list[Skip]]:
    """``(plans, skips)`` for the module's SDK ``ctx.elicit`` calls (:func:`find_asks`).

    A tool is rewritten whole or not at all; skips carry family :data:`FAMILY` at
    the call's start, which :meth:`.facts.Analysis.site_verdict` answers from.
    ``taken``: module names in use (a generated resolver name is added).
    ``held``: ``{id(site): reason}`` of the model's other sites the FastMCP planner
    skipped (a helper asking on an unannotated context is one).
    A tool with a question suppressed by ``# noqa: MCP001`` (line or file level,
    :func:`.suppression.suppressed_by_noqa`) is skipped whole with :data:`.suppression.NOQA`.
    A tool that also asks through a helper whose question stays imperative
    (:func:`.through.asks_through`) is skipped whole with
    :func:`.through.through_reason`: the helper's ``ctx.elicit`` would still raise on
    2026-07-28, after the rewritten tool ran its body up to that call.
    Never raises on valid models."""
    plans, skips = [], []
    groups: dict[int, list[SdkAsk]] = {}
    for ask in find_asks(model):
        groups.setdefault(id(ask.function), []).append(ask)
    # helpers first: their reasons are what a tool asking through them is told
    order = sorted(groups.values(), key=lambda asks: asks[0].function.is_tool)
    helper_asks = [a for asks in order if not asks[0].function.is_tool for a in asks]
    found = {(a.span.start.row, a.span.start.column) for a in helper_asks}
    helper_sites = [  # a site on an annotated SDK context is one of find_asks' already
        s
        for s in model.sites
        if s.function is not None
        and not s.function.is_tool
        and (s.span.start.row, s.span.start.column) not in found
    ]
    through = asks_through(model, [*helper_asks, *helper_sites])
    held = {id(s): (held or {}).get(id(s), locate.NOT_A_TOOL) for s in helper_sites}
    suppressed = suppressed_by_noqa(model)  # as the FastMCP planner (plan.py) reads it
    for asks in order:
        function = asks[0].function
        if function.is_tool and id(function) in through:
            name, helper = through[id(function)]
            reason = through_reason(name, helper.span.start.row, held[id(helper)])
            skips.extend(
                Skip(a.span.start.row, a.span.start.column, reason, FAMILY) for a in asks
            )
            continue
        kept = [a for a in asks if suppressed(a)]
        if kept:
            sibling = sibling_noqa(kept[0].span.start.row)
            held.update((id(a), NOQA if any(a is k for k in kept) else sibling) for a in asks)
            skips.extend(
                Skip(
                    a.span.start.row,
                    a.span.start.column,
                    NOQA if any(a is k for k in kept) else sibling,
                    FAMILY,
                )
                for a in asks
            )
            continue
        try:
            if KIND not in allowed:
                raise Refused(locate.not_selected(KIND))
            plans.append(_plan_tool(model, asks, taken))
        except Refused as refused:
            reason = str(refused.args[0])
            held.update((id(a), reason) for a in asks)
            skips.extend(
                Skip(a.span.start.row, a.span.start.column, reason, FAMILY)
                for a in asks
            )
    return plans, skips


def _plan_tool(model: Model, asks: list[SdkAsk], taken: set[str]) -> SdkAskPlan:
    function = asks[0].function
    fn = function.node
    if not function.is_tool:
        if function.scope.parent is model.module_scope and function.name in model.elsewhere:
            raise Refused(model.elsewhere[function.name])  # registered in another module
        raise Refused(not_a_tool(function, model))
    if function.is_method or (
        function.scope.parent and function.scope.parent.kind == "class"
    ):
        raise Refused(locate.METHOD)
    kind, receiver = function.server("tool")  # the model's answer (model/servers.py)
    if kind == FASTMCP:
        raise Refused(
            "an SDK `Context` on a tool `FastMCP(...)` serves: annotate it "
            "`fastmcp.Context` (MCP013), then run again"
        )
    if kind != MCPSERVER:
        raise Refused(locate.unknown_server(receiver))
    if len(asks) > 1:
        raise Refused(
            "the tool asks more than once (whether and what a later question asks "
            "depends on the earlier answer): declare one `Resolve` parameter per "
            "question by hand"
        )
    ask = asks[0]
    call = ask.call
    contexts = context_params(model, fn)
    ctx = call.func.value.id
    args = fn.args
    if args.vararg or args.kwarg:
        raise Refused(
            "the tool takes `*args`/`**kwargs`: name its parameters, then run again"
        )
    if any(
        isinstance(n, ast.Call) and model.qualified_name(n.func) == qn.SDK_RESOLVE
        for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)
        if a.annotation is not None
        for n in ast.walk(a.annotation)
    ):
        raise Refused(
            "the tool already has `Resolve` parameters (the order of its questions "
            "after the rewrite is not proven): add this question as another "
            "`Resolve` parameter by hand"
        )
    params = [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)]
    bound = bound_in(fn)
    check_ctx_uses(fn, ctx, call)
    if any(isinstance(n, ast.Name) and n.id == function.name for n in own_nodes(fn)):
        raise Refused(
            f"the tool refers to itself (`{function.name}`): recursion; migrate it by hand"
        )
    elsewhere = tool_use_reason(function, model)
    if elsewhere is not None:
        raise Refused(elsewhere)
    message, schema = arguments(call)
    schema = read_response(model, schema, function.scope).written  # `X` of `cast(T, X)`
    broken = not_a_model(model, schema, function.scope)
    if broken is None and (held := local_value(schema, function.scope)) is not schema:
        broken = not_a_model(model, held, function.scope)  # `s = Row; ... schema=s`
    if broken is not None:
        raise Refused(locate.sdk_schema_not_a_model(broken))
    statement, result = statement_of(model, call)
    if result in params or result in NAMES or result == "Annotated":
        raise Refused(
            f"the answer's name `{result}` is already a parameter or an import: "
            "rename the answer, then run again"
        )
    # an argument the body binds only after the question (the backfill written
    # out: `if x is None: r = ...; x = r.data`) still holds its entry value when
    # the question and its guards read it: the resolver reads the same value
    later = {p for p in params if p in bound and bound[p] > statement.lineno}
    bound = {name: row for name, row in bound.items() if name not in later}
    readable = {p for p in params if p not in contexts and p not in bound}
    locals_ = Locals(
        fn, readable, {p for p in params if p in bound}, bound, model.source, contexts
    )
    before = statements_before(fn, statement)
    copied = local_copies(locals_, [message], before)
    names = {c.targets[0].id for c in copied}
    read = question_names(
        message,
        readable,
        contexts,
        bound,
        arguments=params,
        function=fn,
        copied=names,
        types=recompute.copied_types(locals_, copied),
    )
    read |= question_names(
        schema, readable, contexts, bound, schema=True, arguments=params, function=fn
    )
    if not defined_before(model, function, schema):
        raise Refused(
            locate.defined_later(f"the response type `{ast.unparse(schema)}` is")
        )
    tests = guards(model, fn, statement, locals_.pure)
    copied += [
        c
        for c in local_copies(locals_, [t for t, _ in tests], before)
        if all(c is not k for k in copied)
    ]
    copied.sort(key=lambda c: (c.lineno, c.col_offset))
    names = {c.targets[0].id for c in copied}
    types = recompute.copied_types(locals_, copied)  # as the FastMCP planner's gates
    for test, _ in tests:
        read |= question_names(
            test,
            readable,
            contexts,
            bound,
            arguments=params,
            function=fn,
            copied=names,
            types=types,
        )
    read |= set(recompute.arguments_read(locals_, copied))
    check_result_uses(model, fn, result, statement, tests)
    taken_name = clash(model)
    if taken_name:
        raise Refused(taken_name)
    name = resolver_name(model, function, result, taken)
    taken.add(name)
    seg = model.source
    schema_text = ast.get_source_segment(seg, schema)
    arg_text = call_arguments_text(model, call, statement.col_offset)
    resolver_params = ", ".join(
        param_text(model, a)
        for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)
        if a.arg in read
    )
    returns = f"Elicit[{schema_text}]" + (" | None" if tests else "")
    lines = [f"async def {name}({resolver_params}) -> {returns}:"]
    lines += [f"    {locals_.segment(c)}" for c in copied]
    for guard in tests:
        lines += [f"    if {guard_text(seg, guard)}:", "        return None"]
    lines.append(f"    return Elicit{arg_text}")
    imports = {SDK_MODULE: sorted(NAMES), "typing": ["Annotated"]}
    gone = {id(n) for n in ast.walk(statement)}
    unread = not any(
        isinstance(n, ast.Name) and n.id == ctx and id(n) not in gone for n in own_nodes(fn)
    )
    return SdkAskPlan(
        function,
        ask,
        statement,
        result,
        f"Annotated[ElicitationResult[{schema_text}], Resolve({name})]",
        "\n".join(lines) + "\n",
        name,
        imports,
        recompute.unused_copies(fn, copied, [Asked(statement)]),
        ctx if unread and ctx in contexts else None,
    )


