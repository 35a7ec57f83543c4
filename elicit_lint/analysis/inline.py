"""A helper that asks on behalf of one tool (skip list of docs/architecture.md
"Data flow: `elicit-migrate`").

Shape: a module-level ``async def`` of this module, undecorated, private
(its name starts with ``_``, the module is not a package ``__init__``, the
name is not in ``__all__``: nothing outside the module can be relying on its
parameters, which the rewrite changes), read exactly once in the module, by an ``await helper(...)`` in a
FastMCP tool that starts its statement (``ok = await confirm(ctx, q)``,
``if not await confirm(...)``, ``return await confirm(...)``), with plain
arguments (the tool's arguments, constants, f-strings of arguments); the
helper's body is pure statements, then ``r = await ctx.elicit(q, T)`` on its
own lines (``ctx`` a helper parameter), then anything that awaits nothing.

Such a site is planned through an equivalent text (:func:`.inline_plan.equivalent_text`):
the helper takes the answer instead of asking (``async def confirm(reply)``,
its question removed, the parameters the rest of it reads kept), and the tool
asks right before the statement that calls it (``reply = await
ctx.elicit(<the question, the call's arguments in place of the helper's
parameters>, T)``, then ``ok = await confirm(reply)``). That text runs as the
original does: the helper's statements before the question are pure and run
after it instead, the arguments are evaluated again without effect, and what
follows the question is the same code reading the same result object. The
planner then rewrites the tool as any other (the result passed to the helper
is kept whole, kind ``outcome``), or refuses it with its own reason.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from ..model import ElicitationSite, Function, Model, names
from ..model.uses import exported_names, other_uses
from .inline_text import (
    NotInlined,
    alone,
    alone_start,
    char,
    defaults_of,
    has_comment,
    header_row,
    substituted,
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


def _params(node: ast.AsyncFunctionDef) -> list[ast.arg]:
    a = node.args
    if a.vararg or a.kwarg or a.posonlyargs:
        raise NotInlined("it takes `*args`, `**kwargs` or positional-only parameters")
    return [*a.args, *a.kwonlyargs]


def _bind(call: ast.Call, node: ast.AsyncFunctionDef) -> dict[str, ast.expr]:
    """Each helper parameter -> the argument the call binds to it (its constant
    default, an ``ast.Constant`` of the ``def``, when the call leaves it out)."""
    params = _params(node)
    if any(isinstance(a, ast.Starred) for a in call.args) or any(
        k.arg is None for k in call.keywords
    ):
        raise NotInlined("the call passes `*args` or `**kwargs`")
    positional = [*node.args.args]
    if len(call.args) > len(positional):
        raise NotInlined("the call passes more arguments than the helper takes")
    bound = {p.arg: a for p, a in zip(positional, call.args)}
    for k in call.keywords:
        if k.arg in bound or k.arg not in {p.arg for p in params}:
            raise NotInlined(f"the call's argument `{k.arg}` does not fit the helper")
        bound[k.arg] = k.value
    defaults = defaults_of(node)
    for p in params:
        if p.arg not in bound:
            default = defaults.get(p.arg)
            if not isinstance(default, ast.Constant):
                raise NotInlined(f"the call leaves out `{p.arg}`")
            bound[p.arg] = default
    return bound


def _plain(arg: ast.expr, tool_args: set[str]) -> bool:
    """A tool argument, a constant, or an f-string of tool arguments and constants."""
    if isinstance(arg, ast.Name):
        return arg.id in tool_args
    if isinstance(arg, ast.Constant):
        return True
    if isinstance(arg, ast.JoinedStr):
        return all(
            isinstance(v, ast.Constant)
            or isinstance(v, ast.FormattedValue)
            and _plain(v.value, tool_args)
            and not isinstance(v.value, ast.JoinedStr)
            and (v.format_spec is None or _plain(v.format_spec, tool_args))
            for v in arg.values
        )
    return False


def _starts_statement(model: Model, await_node: ast.Await) -> ast.stmt:
    """The statement ``await_node`` is the first thing of (its value, or an ``if``
    test, negated or not)."""
    parent = model.parent(await_node)
    if isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.Not):
        up = model.parent(parent)
        if isinstance(up, ast.If) and up.test is parent:
            return up
    if isinstance(parent, ast.If) and parent.test is await_node:
        return parent
    if isinstance(parent, (ast.Assign, ast.AnnAssign, ast.Expr, ast.Return)) and (
        parent.value is await_node
    ):
        if isinstance(parent, ast.Assign) and not all(isinstance(t, ast.Name) for t in parent.targets):
            raise NotInlined("the call's result is stored in something other than a name")
        return parent
    raise NotInlined(
        "the call is not the first thing its statement runs (`ok = await helper(...)`, "
        "`if not await helper(...)`, `return await helper(...)`)"
    )


def _fresh(model: Model, tool: Function, wanted: str) -> str:
    taken = set(tool.scope.bindings) | set(model.module_scope.bindings)
    name, n = wanted, 1
    while name in taken or model.references(tool.node, name):
        n += 1
        name = f"{wanted}_{n}"
    return name


def shape(model: Model, site: ElicitationSite) -> Inline:
    """The :class:`Inline` for a site in a helper, or raises :class:`NotInlined`."""
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
    if len(uses) != 1:
        rows = ", ".join(str(u.lineno) for u in uses)
        raise NotInlined(f"it is used {len(uses)} times (lines {rows}), not once")
    func = uses[0]
    call = model.parent(func)
    await_node = model.parent(call) if isinstance(call, ast.Call) else None
    if not isinstance(call, ast.Call) or call.func is not func or not isinstance(await_node, ast.Await):
        raise NotInlined("its one use is not `await helper(...)`")
    tool = next(
        (f for f in model.functions if f.node is model.enclosing(await_node, (ast.FunctionDef, ast.AsyncFunctionDef))),
        None,
    )
    if tool is None or not tool.is_tool or tool.framework != names.FASTMCP_FRAMEWORK:
        raise NotInlined("its caller is not a FastMCP tool of this module")
    if sum(s.function is helper for s in model.sites) != 1:
        raise NotInlined("it asks more than once")
    ask = site.statement
    if ask not in node.body:
        raise NotInlined("its question sits inside a block of the helper (`try`, `if`, `with`, a loop)")
    if (
        ask not in node.body
        or not isinstance(ask, ast.Assign)
        or len(ask.targets) != 1
        or not isinstance(ask.targets[0], ast.Name)
        or ask.value is not site.await_node
        or not alone(lines, ask)
    ):
        raise NotInlined("its question is not a statement of its own, `r = await ctx.elicit(...)`")
    var = ask.targets[0].id
    params = _params(node)
    param_names = {p.arg for p in params}
    index = node.body.index(ask)
    before = node.body[:index]
    for i, stmt in enumerate(before):
        docstring = i == 0 and isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)
        if not docstring and not is_pure(stmt, param_names | {var}):
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
    receiver = site.receiver
    if not isinstance(receiver, ast.Name) or receiver.id not in param_names:
        raise NotInlined("it does not ask through a `Context` parameter")
    bound = _bind(call, node)
    tool_args = {a.arg for a in (*tool.node.args.posonlyargs, *tool.node.args.args, *tool.node.args.kwonlyargs)}
    for name, arg in bound.items():
        if name == receiver.id:
            if not isinstance(arg, ast.Name):
                raise NotInlined("the call's `Context` argument is not a name")
        elif not _plain(arg, tool_args):
            raise NotInlined(
                f"the call passes `{ast.unparse(arg)}` to `{name}`: only the tool's arguments, "
                "constants and f-strings of them are inlined"
            )
    local = {t.id for stmt in before for t in ast.walk(stmt) if isinstance(t, ast.Name) and isinstance(t.ctx, ast.Store)}
    subs: dict[int, str] = {}
    for n in ast.walk(site.call):
        if not isinstance(n, ast.Name):
            continue
        if n.id in local:
            raise NotInlined(f"its question reads `{n.id}`, computed in the helper")
        if n.id in param_names:
            arg = bound[n.id]
            text = ast.get_source_segment(model.source, arg)
            inside_fstring = any(
                isinstance(up, ast.JoinedStr) for up, _ in model.ancestors(n, site.call)
            )
            if text is None or (inside_fstring and not isinstance(arg, ast.Name)):
                raise NotInlined(f"`{n.id}` is quoted inside an f-string and gets `{ast.unparse(arg)}`")
            subs[id(n)] = text
        elif n.id in tool.scope.bindings:
            raise NotInlined(f"its question reads `{n.id}`, which the tool binds too")
    # the helper after the rewrite: the parameters its remaining body reads
    rest = [s for s in node.body if s is not ask]
    read = {n.id for s in rest for n in ast.walk(s) if isinstance(n, ast.Name)}
    kept = [p for p in params if p.arg in read]
    if var in param_names:
        raise NotInlined(f"the answer `{var}` has a parameter's name")
    header_end = header_row(lines, node)
    if node.body[0].lineno <= header_end or not alone_start(lines, node):
        raise NotInlined("its body starts on its `def` line")
    name = _fresh(model, tool, var)
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
    result = Inline(site, helper, tool)
    result.edits.append(
        Edit(node.lineno, header_end, [f"{indent}async def {helper.name}({', '.join(header_params)}){ret}:"])
    )
    result.edits.append(Edit(ask.lineno, ask.end_lineno, []))
    # the tool: ask, then call the helper with the answer
    statement = _starts_statement(model, await_node)
    if not alone(lines, statement) and not isinstance(statement, ast.If):
        raise NotInlined("the calling statement shares its lines")
    if has_comment(ast.get_source_segment(model.source, call) or ""):
        raise NotInlined("the call has comments among its arguments")
    row = lines[statement.lineno - 1]
    s_indent = row[: char(row, statement.col_offset)]
    if s_indent.strip():
        raise NotInlined("the calling statement shares its line")
    ask_rows = substituted(lines, site.call, subs)
    ask_rows[0] = f"{s_indent}{name} = await {ask_rows[0]}"
    call_rows = lines[statement.lineno - 1:statement.end_lineno]
    passed = [p for p in kept if bound[p.arg] is not defaults.get(p.arg)]  # left out: the default
    args = ", ".join(
        [name, *(f"{p.arg}={ast.get_source_segment(model.source, bound[p.arg])}" for p in passed)]
    )
    open_row = func.end_lineno - statement.lineno
    close_row = call.end_lineno - statement.lineno
    start = char(lines[func.end_lineno - 1], func.end_col_offset)
    end = char(lines[call.end_lineno - 1], call.end_col_offset)
    head, tail = call_rows[open_row][:start], call_rows[close_row][end:]
    call_rows = [*call_rows[:open_row], f"{head}({args}){tail}", *call_rows[close_row + 1:]]
    first = statement.lineno
    origin = [first] * len(ask_rows) + [
        *range(first, first + open_row),
        func.end_lineno,
        *range(first + close_row + 1, statement.end_lineno + 1),
    ]
    result.edits.append(
        Edit(first, statement.end_lineno, [*ask_rows, *call_rows], ask=0, origin=origin)
    )
    _private_to_module(model, helper)
    return result
