"""A helper that asks on behalf of its tools (skip list of docs/architecture.md
"Data flow: `elicit-migrate`").

Shape: a module-level ``async def`` of this module, undecorated, private
(its name starts with ``_``, the module is not a package ``__init__``, the
name is not in ``__all__``: nothing outside the module can be relying on its
parameters, which the rewrite changes), read in the module only by ``await
helper(...)`` calls, one in each FastMCP tool that uses it, each starting its
statement (``ok = await confirm(ctx, q)``, ``if not await confirm(...)``,
``return await confirm(...)``), with arguments that may be evaluated again
(:func:`.inline_call.repeatable`); the helper's body is pure statements, then
``r = await ctx.elicit(q, T)`` on its own lines (``ctx`` a helper parameter),
then anything that awaits nothing.

Such a site is planned through an equivalent text (:func:`.inline_plan.equivalent_text`):
the helper takes the answer instead of asking (``async def confirm(reply)``,
its question removed, the parameters the rest of it reads kept), and each tool
asks right before the statement that calls it (``reply = await
ctx.elicit(<the question, the call's arguments in place of the helper's
parameters>, T)``, then ``ok = await confirm(reply)``). That text runs as the
original does: the helper's statements before the question are pure and run
after it instead, the arguments are evaluated again without effect, and what
follows the question is the same code reading the same result object. The
planner then rewrites the tools as any other (the result passed to the helper
is kept whole, kind ``outcome``), or refuses them with their own reason; a
helper is inlined into all its tools or none (:mod:`.inline_plan`).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from ..model import ElicitationSite, Function, Model
from ..model.uses import exported_names, other_uses
from . import inline_call, locate
from .context_use import context_check
from .inline_text import (
    NotInlined,
    alone,
    alone_start,
    char,
    defaults_of,
    exits_first,
    header_row,
)
from .prelude import is_pure

__all__ = ["Edit", "Inline", "NotInlined", "helper_reason", "shape"]


def helper_reason(helper: str, detail: str) -> str:
    """The reason for a question asked in the helper ``helper`` that is not inlined."""
    return (
        f"asked in the helper `{helper}`, which elicit-migrate does not inline: {detail}; "
        "inline the helper into the tool by hand (or make it take the answer as a "
        "parameter), then run again"
    )


def public_reason(helper: str) -> str:
    """The reason for a question asked in a helper other modules may call."""
    return (
        f"the helper `{helper}` is public: another module may call it; rename it "
        f"`_{helper}` if only this module uses it, then run again, or declare the "
        "question by hand"
    )


def package_init_reason(helper: str) -> str:
    """The reason for a question asked in a helper of a package ``__init__`` module."""
    return (
        f"the helper `{helper}` is defined in a package `__init__` module, whose names "
        "other modules import: move the helper and its tool into a module of their own, "
        "then run again, or declare the question by hand"
    )


def _private_to_module(model: Model, helper: Function) -> None:
    """Raises :class:`NotInlined` unless no other module can be relying on the
    helper's signature: its name starts with ``_`` and the module is not a
    package ``__init__`` (``__all__`` is refused earlier). The codemod sees one
    module at a time, so an importer elsewhere is invisible to it: a public
    helper's parameters are part of its module's interface."""
    stem = model.filename.replace("\\", "/").rsplit("/", 1)[-1]
    if stem in ("__init__.py", "__init__.pyi"):
        raise NotInlined("package `__init__`", package_init_reason(helper.name))
    if not helper.name.startswith("_"):
        raise NotInlined("public", public_reason(helper.name))


@dataclass
class Edit:
    """Original rows ``first``..``last`` (1-based, inclusive) become ``lines``."""

    first: int
    last: int
    lines: list[str]
    ask: int | None = None
    """Index in ``lines`` of the inserted question, if this edit inserts it."""
    origin: list[int] | None = None
    """The original row of each of ``lines`` (default: ``first``)."""


@dataclass
class Inline:
    """One helper's question to move into its tool: the text edits that do it."""

    site: ElicitationSite
    helper: Function
    tool: Function
    edits: list[Edit] = field(default_factory=list)
    tools: list[Function] = field(default_factory=list)
    """Every tool that calls the helper (``tool`` is the first)."""


def shape(model: Model, site: ElicitationSite) -> Inline:
    """The :class:`Inline` for a site in a helper, or raises :class:`NotInlined`.
    With more than one caller, a caller's refusal names it and its line."""
    helper = site.function
    assert helper is not None
    node = helper.node
    lines = model.source.split("\n")
    if not isinstance(node, ast.AsyncFunctionDef) or helper.scope.parent is not model.module_scope:
        raise NotInlined("it is not a module-level `async def`")
    if node.decorator_list or helper.registrations:
        raise NotInlined("it is decorated or registered")
    if helper.name in model.elsewhere:  # another module of the run reads it (analysis.elsewhere)
        raise NotInlined("used by other modules", model.elsewhere[helper.name])
    if helper.name in exported_names(model.tree):
        raise NotInlined(f"`{helper.name}` is listed in `__all__`")
    uses = other_uses(model, helper)
    if not uses:
        raise NotInlined("it is used 0 times (lines ), not once")
    if sum(s.function is helper for s in model.sites) != 1:
        raise NotInlined("it asks more than once")
    ask = site.statement
    if ask not in node.body:
        raise NotInlined("its question sits inside a block of the helper (`try`, `if`, `with`, a loop)")
    if (
        not isinstance(ask, ast.Assign)
        or len(ask.targets) != 1
        or not isinstance(ask.targets[0], ast.Name)
        or ask.value is not site.await_node
        or not alone(lines, ask)
    ):
        raise NotInlined("its question is not a statement of its own, `r = await ctx.elicit(...)`")
    var = ask.targets[0].id
    every = inline_call.params(node)
    param_names = {p.arg for p in every}
    index = node.body.index(ask)
    before = node.body[:index]
    for i, stmt in enumerate(before):
        docstring = i == 0 and isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)
        if not docstring and not is_pure(stmt, param_names | {var}):
            receiver = site.receiver.id if isinstance(site.receiver, ast.Name) else ""
            if context_check(stmt, {receiver}):
                raise NotInlined(locate.context_check(ast.unparse(stmt.test), receiver, helper=True))  # type: ignore[attr-defined]
            exit_first = exits_first(stmt)
            if exit_first is not None:
                raise NotInlined(locate.helper_exits_first(stmt.lineno, exit_first))
            raise NotInlined("a statement before its question has effects")
    others = [
        n for stmt in node.body for n in ast.walk(stmt)
        if isinstance(n, (ast.Await, ast.Yield, ast.YieldFrom, ast.Lambda, ast.FunctionDef,
                          ast.AsyncFunctionDef, ast.ClassDef, ast.Global, ast.Nonlocal))
        and n is not site.await_node
    ]
    if others:
        raise NotInlined("it does more than ask and compute from the answer (another `await`, a nested definition, `global`)")
    if node.body[-1] is ask:
        raise NotInlined("nothing follows its question")
    calls = _callers(model, uses)  # after the helper's own shape: that is to fix first
    receiver = site.receiver
    if not isinstance(receiver, ast.Name) or receiver.id not in param_names:
        raise NotInlined("it does not ask through a `Context` parameter")
    local = {t.id for stmt in before for t in ast.walk(stmt) if isinstance(t, ast.Name) and isinstance(t.ctx, ast.Store)}
    # the helper after the rewrite: the parameters its remaining body reads
    rest = [s for s in node.body if s is not ask]
    read = {n.id for s in rest for n in ast.walk(s) if isinstance(n, ast.Name)}
    kept = [p for p in every if p.arg in read]
    if var in param_names:
        raise NotInlined(f"the answer `{var}` has a parameter's name")
    header_end = header_row(lines, node)
    if node.body[0].lineno <= header_end or not alone_start(lines, node):
        raise NotInlined("its body starts on its `def` line")
    indent = lines[node.lineno - 1][: char(lines[node.lineno - 1], node.col_offset)]
    ret = f" -> {ast.get_source_segment(model.source, node.returns)}" if node.returns else ""
    header_params = [var]
    defaults = defaults_of(node)
    for p in kept:
        text = ast.get_source_segment(model.source, p) or p.arg
        if p.arg in defaults:
            equals = " = " if p.annotation is not None else "="
            text += f"{equals}{ast.get_source_segment(model.source, defaults[p.arg])}"
        header_params.append(text)
    result = Inline(site, helper, calls[0].tool, tools=[c.tool for c in calls])
    result.edits.append(
        Edit(node.lineno, header_end, [f"{indent}async def {helper.name}({', '.join(header_params)}){ret}:"])
    )
    result.edits.append(Edit(ask.lineno, ask.end_lineno, []))
    for call in calls:  # each tool: ask, then call the helper with the answer
        try:
            result.edits.append(_caller_edit(model, site, call, var, receiver.id, param_names, local, kept))
        except NotInlined as refused:
            if len(calls) == 1:
                raise
            raise NotInlined(
                f"its caller `{call.tool.name}` (line {call.func.lineno}) cannot pass it the "
                f"answer: {refused.args[0]}"
            ) from None
    _private_to_module(model, helper)
    return result


def _callers(model: Model, uses: list[ast.Name]) -> list[inline_call.Call]:
    """The tools calling the helper, one call each (several: each names itself
    when it does not fit)."""
    calls: list[inline_call.Call] = []
    for use in uses:
        try:
            calls.append(inline_call.caller(model, use))
        except NotInlined as refused:
            if len(uses) == 1:  # the single-caller wording
                detail = str(refused.args[0])
                if "is not `await helper" in detail:
                    raise NotInlined("its one use is not `await helper(...)`") from None
                raise NotInlined("its caller is not a FastMCP tool of this module") from None
            raise
    seen: dict[int, list[int]] = {}
    for c in calls:
        seen.setdefault(id(c.tool), []).append(c.func.lineno)
    for c in calls:
        rows = seen[id(c.tool)]
        if len(rows) > 1:
            listed = ", ".join(map(str, rows))
            raise NotInlined(
                f"its caller `{c.tool.name}` calls it {len(rows)} times (lines {listed}), not once"
                if len(seen) > 1
                else f"it is used {len(rows)} times (lines {listed}), not once"
            )
    return calls


def _caller_edit(
    model: Model, site: ElicitationSite, call: inline_call.Call, var: str, context: str,
    param_names: set[str], local: set[str], kept: list[ast.arg],
) -> Edit:
    """The edit of one calling tool: it asks right before the statement that calls
    the helper, and passes the answer (and the kept parameters' arguments)."""
    node = site.function.node  # type: ignore[union-attr]
    bound = inline_call.bind(call.call, node)
    statement = inline_call.starts_statement(model, call.await_node)
    for name, arg in bound.items():
        if name == context:
            if not isinstance(arg, ast.Name):
                raise NotInlined("the call's `Context` argument is not a name")
        elif not inline_call.repeatable(model, call, arg, statement):
            raise NotInlined(
                f"the call passes `{ast.unparse(arg)}` to `{name}`: only the tool's arguments, "
                "constants and f-strings of them are inlined (and its variables, fixed module "
                "names and expressions of them that call nothing and cannot raise)"
            )
    asked = {n.id for n in ast.walk(site.call) if isinstance(n, ast.Name)}
    for name, arg in bound.items():  # an argument read nowhere after the rewrite is not evaluated
        if name != context and name not in asked and all(p.arg != name for p in kept):
            spec = inline_call.may_raise(arg)
            if spec is not None:
                raise NotInlined(
                    f"the call passes `{ast.unparse(arg)}` to `{name}`, which the helper never "
                    f"reads: the rewrite would no longer evaluate it, and formatting with `{spec}` "
                    "can raise"
                )
    ask_rows = inline_call.question_rows(model, site.call, param_names, local, bound, call.tool)
    defaults = defaults_of(node)
    passed = [p for p in kept if bound[p.arg] is not defaults.get(p.arg)]  # left out: the default
    name = inline_call.fresh(model, call.tool, var)
    args = ", ".join(
        [name, *(f"{p.arg}={ast.get_source_segment(model.source, bound[p.arg])}" for p in passed)]
    )
    rows, origin = inline_call.edit_rows(model, call, statement, ask_rows, name, args)
    return Edit(statement.lineno, statement.end_lineno, rows, ask=0, origin=origin)
