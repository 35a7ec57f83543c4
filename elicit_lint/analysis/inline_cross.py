"""A helper of another module that asks for its tools, inlined whole into
them (docs/architecture.md "Data flow: `elicit-migrate`"; the same-module
inliner is :mod:`.inline`).

The helper's module stays byte-for-byte (code outside the run may still
import and call the helper), so the tool cannot call a changed helper: it
asks the question itself and computes the helper's result from the answer
in place of the call. Only a helper whose result is one expression of the
answer can be inlined that way. Shape (:func:`helper_shape`):

- a module-level, undecorated ``async def`` with plain parameters (no
  ``*args``, ``**kwargs``, positional-only), one of them the context;
- its body: an optional docstring, ``r = await ctx.elicit(<question>,
  <type>)`` (``ctx`` the context parameter), ``return <result>``;
- the question, the type and the result read only the helper's parameters,
  ``r`` (the result only), constants and the builtins of :data:`BUILTINS`
  (the same objects in every module that does not rebind them), and call
  nothing (the result is an expression of the answer, without effects).

Each calling statement of the tool module (:func:`caller_text`) must be
``x = await f(...)``, ``if [not] await f(...):`` or ``return await f(...)``
in a FastMCP tool, one call per tool, with arguments the tool may evaluate
again or not at all (:func:`.inline_call.repeatable`, no raising format spec
for an argument the helper never reads: :func:`.inline_call.may_raise`).
The tool then reads ``reply = await ctx.elicit(<question, arguments in place
of the parameters>)`` followed by the statement with ``(<result>)`` in place
of the call: the same question, then the same value computed from the same
answer, with nothing run between them in either text. Standard library only.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ..model import Model, names
from . import inline_call
from .inline_call import _FSTRING_UNSAFE
from .inline_text import NotInlined, alone, char, has_comment, substituted

__all__ = ["BUILTINS", "CrossHelper", "caller_text", "helper_shape"]

BUILTINS = frozenset({"bool", "str", "int", "float", "None", "True", "False"})
"""Names a question or result may read besides the helper's parameters."""


@dataclass
class CrossHelper:
    """A helper that :func:`helper_shape` accepted: its ``node``, its module's
    ``source``, the ``question`` call (``ctx.elicit(...)``), the answer's name
    ``var``, the ``result`` expression and the context parameter's name."""

    name: str
    node: ast.AsyncFunctionDef
    source: str
    question: ast.Call
    var: str
    result: ast.expr
    context: str


def helper_shape(tree: ast.Module, source: str, name: str) -> CrossHelper:
    """The :class:`CrossHelper` for the module-level ``async def name`` of
    ``tree`` (parsed from ``source``), or raises :class:`NotInlined` saying why
    it cannot be inlined whole."""
    found = [
        s for s in tree.body
        if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and s.name == name
    ]
    if len(found) != 1 or not isinstance(found[0], ast.AsyncFunctionDef):
        raise NotInlined("it is not one module-level `async def`")
    node = found[0]
    if node.decorator_list:
        raise NotInlined("it is decorated")
    params = {p.arg for p in inline_call.params(node)}
    body = list(node.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    if (
        len(body) != 2
        or not isinstance(body[0], ast.Assign)
        or len(body[0].targets) != 1
        or not isinstance(body[0].targets[0], ast.Name)
        or not isinstance(body[1], ast.Return)
        or body[1].value is None
    ):
        raise NotInlined("its body is not `r = await ctx.elicit(...)` then `return <expression of r>`")
    ask, ret = body[0], body[1]
    await_node = ask.value
    call = await_node.value if isinstance(await_node, ast.Await) else None
    if (
        not isinstance(call, ast.Call)
        or not isinstance(call.func, ast.Attribute)
        or call.func.attr != "elicit"
        or not isinstance(call.func.value, ast.Name)
        or call.func.value.id not in params
    ):
        raise NotInlined("it does not ask `await ctx.elicit(...)` through a parameter")
    var = ask.targets[0].id
    context = call.func.value.id
    if var in params:
        raise NotInlined(f"the answer `{var}` has a parameter's name")
    _reads_only(call.args + [k.value for k in call.keywords], params - {context}, "its question")
    _reads_only([ret.value], (params - {context}) | {var}, "its result")
    return CrossHelper(name, node, source, call, var, ret.value, context)


_ACTIVE = (
    ast.Call, ast.Await, ast.Lambda, ast.NamedExpr, ast.Yield, ast.YieldFrom,
    ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp,
)


def _reads_only(exprs: list[ast.expr], allowed: set[str], what: str) -> None:
    for expr in exprs:
        for n in ast.walk(expr):
            if isinstance(n, _ACTIVE):
                raise NotInlined(f"{what} calls or binds something (`{ast.unparse(n)}`)")
            if isinstance(n, ast.Name) and n.id not in allowed and n.id not in BUILTINS:
                raise NotInlined(f"{what} reads `{n.id}`, a name of the helper's module")


@dataclass
class CallerText:
    """The tool module with the helper inlined: ``text``; ``rows[i]`` is the
    original row of its row ``i + 1``; ``tools``: the tools that now ask."""

    text: str
    rows: list[int]
    tools: list[str]


def _calls(model: Model, local: str) -> list[inline_call.Call]:
    """Each ``await local(...)`` of the module, in a FastMCP tool, once per tool."""
    found: list[inline_call.Call] = []
    for n in ast.walk(model.tree):
        if isinstance(n, ast.Name) and n.id == local and isinstance(n.ctx, ast.Load):
            found.append(inline_call.caller(model, n))
    if not found:
        raise NotInlined("no tool of the module calls it")
    tools = [c.tool.name for c in found]
    for c in found:
        if tools.count(c.tool.name) > 1:
            raise NotInlined(f"its caller `{c.tool.name}` calls it {tools.count(c.tool.name)} times, not once")
        if local in c.tool.scope.bindings:
            raise NotInlined(f"its caller `{c.tool.name}` binds `{local}` itself")
    return found


def caller_text(model: Model, local: str, helper: CrossHelper) -> CallerText:
    """The text of ``model``'s module (the tool module, importing the helper as
    ``local``) with the helper inlined into each calling tool, or raises
    :class:`NotInlined` (nothing is inlined then)."""
    if any(b in model.module_scope.bindings for b in BUILTINS - {"None", "True", "False"}):
        raise NotInlined("the tool module rebinds a builtin the question or result reads")
    lines = model.source.split("\n")
    edits: list[tuple[int, int, list[str]]] = []
    for c in sorted(_calls(model, local), key=lambda c: c.call.lineno):
        edits.append(_edit(model, lines, c, helper))
    out: list[str] = []
    rows: list[int] = []
    row = 1
    for first, last, new in edits:
        for r in range(row, first):
            out.append(lines[r - 1])
            rows.append(r)
        out.extend(new)
        rows.extend([first] * len(new))
        row = last + 1
    for r in range(row, len(lines) + 1):
        out.append(lines[r - 1])
        rows.append(r)
    return CallerText("\n".join(out), rows, [c.tool.name for c in _calls(model, local)])


def _edit(model: Model, lines: list[str], c: inline_call.Call, helper: CrossHelper):
    if c.tool.framework != names.FASTMCP_FRAMEWORK:
        raise NotInlined(f"its caller `{c.tool.name}` is not a FastMCP tool")
    bound = inline_call.bind(c.call, helper.node)
    statement = inline_call.starts_statement(model, c.await_node)
    if not alone(lines, statement) and not isinstance(statement, ast.If):
        raise NotInlined("the calling statement shares its lines")
    if has_comment(ast.get_source_segment(model.source, c.call) or ""):
        raise NotInlined("the call has comments among its arguments")
    context = bound[helper.context]
    if not isinstance(context, ast.Name):
        raise NotInlined("the call's `Context` argument is not a name")
    for name, arg in bound.items():
        if name == helper.context:
            continue
        if not inline_call.repeatable(model, c, arg, statement):
            raise NotInlined(f"the call passes `{ast.unparse(arg)}` to `{name}`, which the tool may not evaluate again")
        spec = inline_call.may_raise(arg)
        if spec is not None:  # evaluated where the helper reads it, or not at all: no longer first
            raise NotInlined(
                f"the call passes `{ast.unparse(arg)}` to `{name}`: formatting with `{spec}` can "
                "raise, and the inlined tool would evaluate it later than the call does, or never"
            )
        if isinstance(arg, ast.Name) and arg.id in BUILTINS:
            raise NotInlined(f"the call passes `{arg.id}`")
    reply = inline_call.fresh(model, c.tool, helper.var)
    helper_lines = helper.source.split("\n")

    def text_of(expr: ast.expr, answer: bool) -> list[str]:
        subs: dict[int, str] = {}
        quoted = {id(n) for up in ast.walk(expr) if isinstance(up, ast.JoinedStr) for n in ast.walk(up)}
        for n in ast.walk(expr):
            if not isinstance(n, ast.Name):
                continue
            if answer and n.id == helper.var:
                subs[id(n)] = reply
            elif n.id == helper.context:
                subs[id(n)] = context.id
            elif n.id in bound:
                arg = bound[n.id]
                defaults = (*helper.node.args.defaults, *helper.node.args.kw_defaults)
                own = helper.source if any(arg is d for d in defaults) else model.source
                text = ast.get_source_segment(own, arg)
                if text is None or "\n" in text:
                    raise NotInlined(f"the argument for `{n.id}` spans lines")
                if id(n) in quoted and (set(text) & _FSTRING_UNSAFE or not isinstance(arg, ast.Name)):
                    raise NotInlined(f"`{n.id}` is quoted inside an f-string and gets `{text}`")
                if isinstance(arg, (ast.Name, ast.Constant)):
                    subs[id(n)] = text
                else:
                    subs[id(n)] = f"({text})"
            elif n.id in c.tool.scope.bindings:
                raise NotInlined(f"the helper reads `{n.id}`, which the tool `{c.tool.name}` binds too")
        return substituted(helper_lines, expr, subs)

    ask = text_of(helper.question, False)
    result = text_of(helper.result, True)
    row = lines[statement.lineno - 1]
    indent = row[: char(row, statement.col_offset)]
    if indent.strip():
        raise NotInlined("the calling statement shares its line")
    new = [f"{indent}{reply} = await {ask[0]}", *ask[1:]]
    start_row, end_row = c.await_node.lineno, c.call.end_lineno
    if start_row != end_row:
        raise NotInlined("the call spans lines")
    line = lines[start_row - 1]
    a, b = char(line, c.await_node.col_offset), char(line, c.call.end_col_offset)
    joined = " ".join(r.strip() for r in result)
    replaced = [*lines[statement.lineno - 1:statement.end_lineno]]
    k = start_row - statement.lineno
    replaced[k] = f"{line[:a]}({joined}){line[b:]}"
    return statement.lineno, statement.end_lineno, [*new, *replaced]
