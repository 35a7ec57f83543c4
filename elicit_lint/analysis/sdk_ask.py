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
from . import context_use, locate, purity, recompute
from .records import Skip
from .response_types import Refused
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
from .suppression import NOQA, sibling_noqa, suppressed_by_noqa

KIND = "sdk-ask"
FAMILY = "sdk-site"
"""The :class:`.records.Skip` family of an SDK ``ctx.elicit`` call (``"site"`` is
a FastMCP one, MCP001's today)."""
SDK_MODULE = "mcp.server.mcpserver"
SDK_CONTEXT = "mcp.server.mcpserver.Context"

@dataclass
class SdkAsk:
    """One ``ctx.elicit`` call of an SDK tool: ``call``, its ``span`` (what
    ``Analysis.site_verdict`` keys on) and the ``function`` it sits in."""

    call: ast.Call
    span: object
    function: Function


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


def _context_params(model: Model, fn: ast.AST) -> set[str]:
    args = fn.args
    out = set()
    for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs):
        ann = arg.annotation
        if isinstance(ann, ast.Subscript):  # Context[Board]
            ann = ann.value
        if (
            isinstance(ann, (ast.Name, ast.Attribute))
            and model.qualified_name(ann) == SDK_CONTEXT
        ):
            out.add(arg.arg)
    return out


def find_asks(model: Model) -> list[SdkAsk]:
    """Every ``<ctx>.elicit(...)`` call whose receiver is a parameter annotated
    with the SDK's ``Context`` (``mcp.server.mcpserver.Context``, also
    ``Context[T]``), in any function, in source order."""
    out = []
    for function in model.functions:
        contexts = _context_params(model, function.node)
        if not contexts:
            continue
        for node in own_nodes(function.node):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "elicit"
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id in contexts
            ):
                out.append(SdkAsk(node, model.lines.span(node), function))
    out.sort(key=lambda a: (a.span.start.row, a.span.start.column))
    return out


def _bound_in(fn: ast.AST) -> dict[str, int]:
    """Names bound anywhere in ``fn``'s body (assignments, loops, imports, defs...),
    each with the first line binding it."""
    out: dict[str, int] = {}

    def add(name: str, node: ast.AST) -> None:
        row = getattr(node, "lineno", 0)
        out[name] = min(out.get(name, row), row)

    for node in own_nodes(fn):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            add(node.id, node)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            add(node.name, node)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for a in node.names:
                add((a.asname or a.name).split(".")[0], node)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            for name in node.names:
                add(name, node)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            add(node.name, node)
        elif isinstance(node, ast.arg):
            add(node.arg, node)
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            add(node.name, node)
    return out


def plan_sdk_asks(
    model: Model, allowed: set[str], taken: set[str]
) -> tuple[list[SdkAskPlan], list[Skip]]:
    """``(plans, skips)`` for the module's SDK ``ctx.elicit`` calls (:func:`find_asks`).

    A tool is rewritten whole or not at all; skips carry family :data:`FAMILY` at
    the call's start, which :meth:`.facts.Analysis.site_verdict` answers from.
    ``taken``: module names in use (a generated resolver name is added).
    A tool with a question suppressed by ``# noqa: MCP001`` (line or file level,
    :func:`.suppression.suppressed_by_noqa`) is skipped whole with :data:`.suppression.NOQA`.
    Never raises on valid models."""
    plans, skips = [], []
    groups: dict[int, list[SdkAsk]] = {}
    for ask in find_asks(model):
        groups.setdefault(id(ask.function), []).append(ask)
    suppressed = suppressed_by_noqa(model)  # as the FastMCP planner (plan.py) reads it
    for asks in groups.values():
        kept = [a for a in asks if suppressed(a)]
        if kept:
            sibling = sibling_noqa(kept[0].span.start.row)
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
        raise Refused(locate.not_a_tool(function, model))
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
    contexts = _context_params(model, fn)
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
    bound = _bound_in(fn)
    check_ctx_uses(fn, ctx, call)
    if any(isinstance(n, ast.Name) and n.id == function.name for n in own_nodes(fn)):
        raise Refused(
            f"the tool refers to itself (`{function.name}`): recursion; migrate it by hand"
        )
    elsewhere = locate.tool_use_reason(function, model)
    if elsewhere is not None:
        raise Refused(elsewhere)
    message, schema = arguments(call)
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
    locals_ = _Locals(
        fn, readable, {p for p in params if p in bound}, bound, model.source, contexts
    )
    before = _before(fn, statement)
    copied = _copies(locals_, [message], before)
    names = {c.targets[0].id for c in copied}
    read = question_names(
        message, readable, contexts, bound, arguments=params, function=fn, copied=names
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
        for c in _copies(locals_, [t for t, _ in tests], before)
        if all(c is not k for k in copied)
    ]
    copied.sort(key=lambda c: (c.lineno, c.col_offset))
    names = {c.targets[0].id for c in copied}
    for test, _ in tests:
        read |= question_names(
            test, readable, contexts, bound, arguments=params, function=fn, copied=names
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
        recompute.unused_copies(fn, copied, [_Asked(statement)]),
        ctx if unread and ctx in contexts else None,
    )


@dataclass
class _Asked:
    """The asking statement, as :func:`.recompute.unused_copies` reads an ask."""

    asking: ast.stmt

    @property
    def placement(self):
        return self


class _Locals:
    """What :func:`.recompute.copies` reads of a planner, for an SDK tool
    ``node``: its readable arguments, those the body binds again (``rebound``), its
    locals (``bound``) and the source of a statement."""

    def __init__(self, node, args: set[str], rebound: set[str], bound, source: str, contexts=()):
        self.node, self.args, self.rebound = node, args, rebound
        self.contexts = set(contexts)
        params = [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
        self.unreadable = {a.arg for a in params} - args
        self.local_names = set(bound) - args - self.unreadable
        self.source = source

    def segment(self, node: ast.AST) -> str:
        return ast.get_source_segment(self.source, node) or ""

    def pure(self, stmt: ast.stmt, before: list[ast.stmt]) -> bool:
        """``stmt`` is ``name = <safe expression>`` given the types known after
        ``before`` (:func:`.purity.pure_assignment`), or ``name =
        ctx.request_context.lifespan_context`` (:func:`.context_use.lifespan_read`):
        it may stay in the body."""
        if context_use.lifespan_read(stmt, self.contexts, sdk=True):
            return not purity.stored_names(stmt) & (self.args | self.rebound | self.contexts)
        types = purity.known_types(self.node, before, self.rebound)
        return purity.pure_assignment(stmt, types, self.args | self.rebound)


def _before(fn: ast.AST, statement: ast.stmt) -> list[ast.stmt]:
    """The statements run before ``statement`` (in the tool's body, or in the
    body of a top-level ``if``; :func:`.sdk_ask_checks.guards` refuses others)."""
    body = fn.body  # type: ignore[attr-defined]
    if statement in body:
        return body[: body.index(statement)]
    top = next((s for s in body if isinstance(s, ast.If) and statement in s.body), None)
    if top is None:
        return []
    return [*body[: body.index(top)], *top.body[: top.body.index(statement)]]


def _copies(locals_: _Locals, exprs: list[ast.expr], before: list[ast.stmt]) -> list[ast.Assign]:
    """:func:`.recompute.copies` of the body locals ``exprs`` read; ``[]`` when one
    cannot be copied (the question check then gives its reason)."""
    read = [
        n
        for e in exprs
        for n in ast.walk(e)
        if isinstance(n, ast.Name) and n.id in locals_.local_names
    ]
    if not read:
        return []
    try:
        copied = recompute.copies(locals_, read, before, str)
    except Refused:
        return []
    if any(purity.loaded(c.value) & locals_.unreadable for c in copied):
        return []  # the context, or an argument the body binds again
    return copied
