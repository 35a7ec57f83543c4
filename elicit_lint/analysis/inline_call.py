"""The caller's side of a helper's question moved into its tools (:mod:`.inline`;
docs/architecture.md "Data flow: `elicit-migrate`").

For each tool that calls the helper: the arguments the call binds to the
helper's parameters, whether each may be evaluated again (before the question
it now feeds, and again in the call that stays), and the edit that makes the
tool ask right before the statement that calls the helper and pass the answer
instead of the context. Standard library only.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ..model import Function, Model, names
from . import purity
from .inline_text import NotInlined, alone, char, defaults_of, has_comment, substituted

__all__ = ["Call", "bind", "caller", "edit_rows", "fresh", "may_raise", "question_rows"]


@dataclass
class Call:
    """One ``await helper(...)`` in a tool: the ``Name`` read, the call, its ``await``
    and the tool (a FastMCP tool of the module)."""

    func: ast.Name
    call: ast.Call
    await_node: ast.Await
    tool: Function


def caller(model: Model, func: ast.Name) -> Call:
    """The :class:`Call` of a read of the helper's name, or raises :class:`NotInlined`."""
    call = model.parent(func)
    await_node = model.parent(call) if isinstance(call, ast.Call) else None
    if not isinstance(call, ast.Call) or call.func is not func or not isinstance(await_node, ast.Await):
        raise NotInlined(f"its use on line {func.lineno} is not `await helper(...)`")
    up = model.enclosing(await_node, (ast.FunctionDef, ast.AsyncFunctionDef))
    tool = model.function(up) if up is not None else None
    if tool is None or not tool.is_tool:
        where = f"`{tool.name}`" if tool is not None else "module-level code"
        raise NotInlined(f"its use on line {func.lineno}, in {where}, is not in a tool of this module")
    if tool.framework != names.FASTMCP_FRAMEWORK:
        receiver = tool.server("tool")[1]
        if receiver and _imported(model, receiver):  # the tool planner reads its context instead
            raise NotInlined(
                f"its caller `{tool.name}` (line {func.lineno}) is served by `{receiver}`, which "
                "its module imports: a helper is inlined only into tools of a server their "
                "module builds with `FastMCP(...)` (the tool's own questions are rewritten)"
            )
        raise NotInlined(
            f"its caller `{tool.name}` (line {func.lineno}) is a tool of a server this module "
            "does not build with `FastMCP(...)`"
        )
    return Call(func, call, await_node, tool)


def params(node: ast.AsyncFunctionDef) -> list[ast.arg]:
    """The helper's parameters; raises :class:`NotInlined` for ``*args``,
    ``**kwargs`` or positional-only ones."""
    a = node.args
    if a.vararg or a.kwarg or a.posonlyargs:
        raise NotInlined("it takes `*args`, `**kwargs` or positional-only parameters")
    return [*a.args, *a.kwonlyargs]


def bind(call: ast.Call, node: ast.AsyncFunctionDef) -> dict[str, ast.expr]:
    """Each helper parameter -> the argument the call binds to it (its constant
    default, an ``ast.Constant`` of the ``def``, when the call leaves it out)."""
    every = params(node)
    if any(isinstance(a, ast.Starred) for a in call.args) or any(
        k.arg is None for k in call.keywords
    ):
        raise NotInlined("the call passes `*args` or `**kwargs`")
    positional = [*node.args.args]
    if len(call.args) > len(positional):
        raise NotInlined("the call passes more arguments than the helper takes")
    bound = {p.arg: a for p, a in zip(positional, call.args)}
    for k in call.keywords:
        if k.arg in bound or k.arg not in {p.arg for p in every}:
            raise NotInlined(f"the call's argument `{k.arg}` does not fit the helper")
        bound[k.arg] = k.value
    defaults = defaults_of(node)
    for p in every:
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


def may_raise(arg: ast.expr) -> str | None:
    """The source of the first format spec in the f-string ``arg`` (or in one
    nested in it), ``None`` when there is none. Formatting with a spec can raise
    (``f"{name:d}"`` on a string: ``ValueError``), so an argument holding one
    must still be evaluated after the rewrite; one without a spec formats a tool
    argument or a constant with ``str``/``repr``, which :func:`_plain` allows."""
    for node in ast.walk(arg):
        if isinstance(node, ast.FormattedValue) and node.format_spec is not None:
            return ":" + "".join(
                v.value if isinstance(v, ast.Constant) else "{" + ast.unparse(v.value) + "}"
                for v in node.format_spec.values  # type: ignore[attr-defined]
            )
    return None


def repeatable(model: Model, site: Call, arg: ast.expr, statement: ast.stmt) -> bool:
    """Whether ``arg`` may be evaluated again right after the question with the
    same value: :func:`_plain`, or an expression without effects or exceptions
    (:func:`.purity.safe_expression`, types known at ``statement``) that is a
    deterministic function (:func:`.purity.varying_part`) of the tool's arguments,
    its locals (nothing else runs between the two evaluations but the question)
    and names fixed for the life of the process (:func:`.purity.fixed_name`)."""
    node = site.tool.node
    tool_args = {a.arg for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)}
    if _plain(arg, tool_args):
        return True
    body = node.body
    before = body[: body.index(statement)] if statement in body else []
    types = purity.known_types(node, before, set())
    scope = site.tool.scope
    return purity.safe_expression(arg, types) and purity.varying_part(
        arg,
        set(scope.bindings),
        lambda name, value=True: purity.fixed_name(model, scope, name, value),
        types,
    ) is None


def starts_statement(model: Model, await_node: ast.Await) -> ast.stmt:
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


def fresh(model: Model, tool: Function, wanted: str) -> str:
    """``wanted``, or ``wanted_2``... : a name neither the tool nor the module binds or reads."""
    taken = set(tool.scope.bindings) | set(model.module_scope.bindings)
    name, n = wanted, 1
    while name in taken or model.references(tool.node, name):
        n += 1
        name = f"{wanted}_{n}"
    return name


_ATOMS = (ast.Name, ast.Constant, ast.JoinedStr, ast.Call, ast.Attribute, ast.Subscript)
_FSTRING_UNSAFE = frozenset("'\"\\\n#{}")


def question_rows(
    model: Model, ask: ast.Call, param_names: set[str], local: set[str],
    bound: dict[str, ast.expr], tool: Function,
) -> list[str]:
    """The source rows of the helper's question ``ask`` as the tool asks it: each
    helper parameter replaced by the argument the call binds to it (in
    parentheses when it is not an atom and sits inside an operator or an
    f-string). Raises :class:`NotInlined` when the question reads a local of the
    helper, a name the tool binds too, or quotes inside an f-string an argument
    whose text cannot go there (a quote, a backslash, a brace, a comment)."""
    subs: dict[int, str] = {}
    for n in ast.walk(ask):
        if not isinstance(n, ast.Name):
            continue
        if n.id in local:
            raise NotInlined(f"its question reads `{n.id}`, computed in the helper")
        if n.id in param_names:
            arg = bound[n.id]
            text = ast.get_source_segment(model.source, arg)
            inside_fstring = any(isinstance(up, ast.JoinedStr) for up, _ in model.ancestors(n, ask))
            if text is None or inside_fstring and set(text) & _FSTRING_UNSAFE:
                raise NotInlined(f"`{n.id}` is quoted inside an f-string and gets `{ast.unparse(arg)}`")
            parent = model.parent(n)
            whole = isinstance(parent, ast.keyword) or isinstance(parent, ast.Call) and n in parent.args
            if not isinstance(arg, (ast.Name, ast.Constant)) and (
                inside_fstring or not whole and not isinstance(arg, _ATOMS)
            ):
                text = f"({text})"
            subs[id(n)] = text
        elif n.id in tool.scope.bindings:
            raise NotInlined(f"its question reads `{n.id}`, which the tool binds too")
    return substituted(model.source.split("\n"), ask, subs)


def edit_rows(
    model: Model, site: Call, statement: ast.stmt, ask_rows: list[str], name: str, args: str
) -> tuple[list[str], list[int]]:
    """``(rows, origin)``: the tool's rows ``statement.lineno``..``end_lineno``
    with ``name = await <question>`` inserted before them and the call's
    arguments replaced by ``args``; ``origin`` the original row of each."""
    lines = model.source.split("\n")
    if not alone(lines, statement) and not isinstance(statement, ast.If):
        raise NotInlined("the calling statement shares its lines")
    if has_comment(ast.get_source_segment(model.source, site.call) or ""):
        raise NotInlined("the call has comments among its arguments")
    row = lines[statement.lineno - 1]
    s_indent = row[: char(row, statement.col_offset)]
    if s_indent.strip():
        raise NotInlined("the calling statement shares its line")
    ask_rows = [f"{s_indent}{name} = await {ask_rows[0]}", *ask_rows[1:]]
    call_rows = lines[statement.lineno - 1:statement.end_lineno]
    func, call = site.func, site.call
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
    return [*ask_rows, *call_rows], origin


def _imported(model: Model, receiver: str) -> bool:
    """``receiver`` (``mcp``, ``app.mcp``) starts with a name the module imports."""
    head = receiver.split(".", 1)[0]
    bindings = model.module_scope.bindings.get(head, [])
    return bool(bindings) and all(b.kind == "import" for b in bindings)
