"""A helper of another module that asks for its tools, moved into the tool
module as a copy that takes the answer
(docs/architecture.md "Data flow: `elicit-migrate`"; the same-module inliner
is :mod:`.inline`; wired to the run's index by :mod:`.inline_elsewhere`).

The helper's module stays byte-for-byte (code outside the run may still call
the helper). The tool module gets (:func:`copy_text`):

- each calling tool asks right before the calling statement (``reply = await
  ctx.elicit(<question, the call's arguments in place of the parameters>)``)
  and calls ``_<helper>_answer(reply, <the kept parameters' arguments>)``
  instead of the helper;
- ``_<helper>_answer``: the helper's text with its question removed, its
  parameters those the rest reads, placed before the module's first
  definition after its import of the helper;
- the imports the copy and the question read (:mod:`.inline_imports`: from
  the absolute module the helper imports a name from, else from the helper's
  module), so both read the same objects as the helper does.

The helper's shape is the same-module inliner's (statements before the
question pure, the question a statement of its own at the top of the body,
nothing else awaited, no nested definition), plus: each helper-module name
read is bound once at its top level (an import, a ``def``, a ``class`` or one
assignment; then importing it gives the object the helper reads), a name the
helper module does not bind (a builtin) is not bound by the tool module, and
a name imported into the tool module is not bound there already by something
else. Standard library only.
"""

from __future__ import annotations

import ast
import builtins
from dataclasses import dataclass

from ..model import Model
from . import inline_call, locate
from .inline_call import _FSTRING_UNSAFE
from .inline_imports import bound_once, import_edits, import_of, needed
from .inline_text import (
    NotInlined,
    alone,
    char,
    exits_first,
    has_comment,
    header_row,
    substituted,
)
from .prelude import is_pure

__all__ = ["CallerText", "CopyHelper", "copy_text", "helper_copy"]

_MODULE_BOUND = frozenset({"globals", "vars", "locals", "eval", "exec", "super", "__import__"})
"""Builtins whose result depends on the module (or frame) that calls them."""

_NESTED = (
    ast.Await, ast.Yield, ast.YieldFrom, ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef,
    ast.ClassDef, ast.Global, ast.Nonlocal,
)


@dataclass
class CopyHelper:
    """A helper :func:`helper_copy` accepted."""

    name: str
    node: ast.AsyncFunctionDef
    source: str
    ask: ast.Assign
    question: ast.Call
    var: str
    context: str
    kept: list[ast.arg]
    module_names: set[str]
    """The helper module's top-level names the question or the copy read."""


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


def helper_copy(tree: ast.Module, source: str, name: str) -> CopyHelper:
    """The :class:`CopyHelper` of the module-level ``async def name`` of ``tree``,
    or raises :class:`NotInlined` saying why it cannot be copied."""
    found = [
        s for s in tree.body
        if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and s.name == name
    ]
    if len(found) != 1 or not isinstance(found[0], ast.AsyncFunctionDef):
        raise NotInlined("it is not one module-level `async def`")
    node = found[0]
    if node.decorator_list:
        raise NotInlined("it is decorated")
    lines = source.split("\n")
    every = inline_call.params(node)
    params = {p.arg for p in every}
    asks = [
        s for s in node.body
        if isinstance(s, ast.Assign) and isinstance(s.value, ast.Await)
        and isinstance(s.value.value, ast.Call) and isinstance(s.value.value.func, ast.Attribute)
        and s.value.value.func.attr == "elicit"
    ]
    if len(asks) != 1 or len(asks[0].targets) != 1 or not isinstance(asks[0].targets[0], ast.Name):
        raise NotInlined("its body has no statement of its own `r = await ctx.elicit(...)`")
    ask = asks[0]
    call = ask.value.value  # type: ignore[union-attr]
    receiver = call.func.value  # type: ignore[union-attr]
    if not isinstance(receiver, ast.Name) or receiver.id not in params:
        raise NotInlined("it does not ask through a `Context` parameter")
    if not alone(lines, ask):
        raise NotInlined("its question shares its lines")
    var = ask.targets[0].id
    if var in params:
        raise NotInlined(f"the answer `{var}` has a parameter's name")
    index = node.body.index(ask)
    for i, stmt in enumerate(node.body[:index]):
        docstring = i == 0 and isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)
        if not docstring and not is_pure(stmt, params | {var}):
            exit_first = exits_first(stmt)
            if exit_first is not None:
                raise NotInlined(locate.helper_exits_first(stmt.lineno, exit_first))
            raise NotInlined("a statement before its question has effects")
    if any(isinstance(n, _NESTED) and n is not ask.value for s in node.body for n in ast.walk(s)):
        raise NotInlined("it does more than ask and compute from the answer (another `await`, a nested definition)")
    if node.body[-1] is ask:
        raise NotInlined("nothing follows its question")
    if node.body[0].lineno <= header_row(lines, node):
        raise NotInlined("its body starts on its `def` line")
    local = {
        t.id for s in node.body for t in ast.walk(s) if isinstance(t, ast.Name) and isinstance(t.ctx, ast.Store)
    }
    for n in ast.walk(call):
        if isinstance(n, ast.Name) and n.id in local:
            raise NotInlined(f"its question reads `{n.id}`, computed in the helper")
    rest = [s for s in node.body if s is not ask]
    read = {n.id for s in rest for n in ast.walk(s) if isinstance(n, ast.Name)}
    kept = [p for p in every if p.arg in read]
    if receiver.id in read:
        raise NotInlined(f"it reads `{receiver.id}` after its question")
    once, bound = bound_once(tree)
    outer = {
        n.id for s in (*rest, call) for n in ast.walk(s)
        if isinstance(n, ast.Name) and n.id not in params | local | {var}
    }
    for n in sorted(outer):
        if n.startswith("__") or n in _MODULE_BOUND:  # read in the tool module, they answer for it
            raise NotInlined(f"it reads `{n}`, whose value depends on the module it runs in")
    rebound = {g for n in ast.walk(tree) if isinstance(n, ast.Global) for g in n.names}
    for n in sorted(outer & rebound):
        raise NotInlined(f"it reads `{n}`, which a function of its module rebinds (`global`)")
    module_names = outer & bound
    for n in sorted(module_names - once):
        raise NotInlined(f"it reads `{n}`, which its module binds more than once")
    for n in sorted(outer - bound):
        if not hasattr(builtins, n):
            raise NotInlined(f"it reads `{n}`, which neither its module nor the builtins bind")
    return CopyHelper(name, node, source, ask, call, var, receiver.id, kept, module_names)


def copy_text(model: Model, local: str, helper: CopyHelper) -> CallerText:
    """``model``'s text (the tool module, importing the helper as ``local``) with
    the helper's question moved into each calling tool and its rest copied in
    (module docstring), or raises :class:`NotInlined`."""
    lines = model.source.split("\n")
    statement = import_of(model, local)
    scope = model.module_scope.bindings
    wanted, absolute = needed(model, statement, helper.source, helper.module_names)
    outer_builtins = {
        n.id for s in helper.node.body for n in ast.walk(s)
        if isinstance(n, ast.Name) and hasattr(builtins, n.id) and n.id not in helper.module_names
    }
    for name in sorted(outer_builtins & set(scope)):
        raise NotInlined(f"the helper reads the builtin `{name}`, which the tool module binds")
    taken = set(scope) | {n.id for n in ast.walk(model.tree) if isinstance(n, ast.Name)}
    taken |= set(getattr(model, "star_exports", ()))  # what its star imports bind (star_names.py)
    stem = helper.name.lstrip("_") or "helper"  # `_note` -> `_note_answer`, not `__note_answer`
    copy, n = f"_{stem}_answer", 1
    while copy in taken:
        n += 1
        copy = f"_{stem}_answer_{n}"
    edits: list[tuple[int, int, list[str]]] = []
    calls = _calls(model, local)
    for c in calls:
        if copy in c.tool.scope.bindings or model.references(c.tool.node, copy):
            raise NotInlined(f"its caller `{c.tool.name}` reads `{copy}`")
        edits.append(_edit(model, lines, c, helper, copy))
    edits += import_edits(model, statement, local, wanted, absolute)
    # the copy goes right before the first top-level definition after the import, so
    # it exists before any top-level code runs (`if __name__ == "__main__": mcp.run()`
    # at the end would serve the tools before a copy appended after it is defined)
    first = next(
        (
            d for d in model.tree.body
            if isinstance(d, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            and d.lineno > statement.end_lineno
        ),
        None,
    )
    if first is None:
        raise NotInlined("the tool module defines nothing after its import of the helper")
    top = min([first.lineno, *(d.lineno for d in first.decorator_list)])
    edits.append((top, top - 1, [*_copy_rows(helper, copy), "", ""]))
    edits.sort(key=lambda e: (e[0], e[1]))  # an insertion before a replacement of its row
    out: list[str] = []
    rows: list[int] = []
    at = 1
    for first, last, new in edits:
        for r in range(at, first):
            out.append(lines[r - 1])
            rows.append(r)
        out.extend(new)
        rows.extend([min(first, last)] * len(new))
        at = last + 1
    for r in range(at, len(lines) + 1):
        out.append(lines[r - 1])
        rows.append(r)
    return CallerText("\n".join(out), rows, [c.tool.name for c in calls])


def _copy_rows(helper: CopyHelper, copy: str) -> list[str]:
    """The helper's text as ``async def <copy>(<answer>, <kept>)`` without its
    question (and without annotations, which do not change what it does)."""
    lines = helper.source.split("\n")
    node = helper.node
    header = [helper.var]
    # no annotations (their names need not exist in the tool module), no defaults
    # (each call passes every kept argument: :func:`_edit`)
    header += [p.arg for p in helper.kept]
    indent = lines[node.lineno - 1][: char(lines[node.lineno - 1], node.col_offset)]
    body = [
        lines[r - 1][len(indent):]
        for r in range(header_row(lines, node) + 1, node.end_lineno + 1)
        if not helper.ask.lineno <= r <= helper.ask.end_lineno
    ]
    return [f"async def {copy}({', '.join(header)}):", *body]


def _edit(model: Model, lines: list[str], c: inline_call.Call, helper: CopyHelper, copy: str):
    bound = inline_call.bind(c.call, helper.node)
    statement = inline_call.starts_statement(model, c.await_node)
    if not alone(lines, statement) and not isinstance(statement, ast.If):
        raise NotInlined("the calling statement shares its lines")
    if has_comment(ast.get_source_segment(model.source, c.call) or ""):
        raise NotInlined("the call has comments among its arguments")
    context = bound[helper.context]
    if not isinstance(context, ast.Name):
        raise NotInlined("the call's `Context` argument is not a name")
    own = {id(d) for d in (*helper.node.args.defaults, *helper.node.args.kw_defaults) if d is not None}

    def text(arg: ast.expr) -> str:
        found = ast.get_source_segment(helper.source if id(arg) in own else model.source, arg)
        if found is None or "\n" in found:
            raise NotInlined("an argument spans lines")
        return found

    for name, arg in bound.items():
        if name == helper.context:
            continue
        if not inline_call.repeatable(model, c, arg, statement):
            raise NotInlined(f"the call passes `{ast.unparse(arg)}` to `{name}`, which the tool may not evaluate again")
        spec = inline_call.may_raise(arg)
        if spec is not None:
            raise NotInlined(
                f"the call passes `{ast.unparse(arg)}` to `{name}`: formatting with `{spec}` can raise, "
                "and the rewritten tool would evaluate it at another time"
            )
    quoted = {id(n) for up in ast.walk(helper.question) if isinstance(up, ast.JoinedStr) for n in ast.walk(up)}
    subs: dict[int, str] = {}
    for n in ast.walk(helper.question):
        if not isinstance(n, ast.Name):
            continue
        if n.id == helper.context:
            subs[id(n)] = context.id
        elif n.id in bound:
            arg = bound[n.id]
            value = text(arg)
            if id(n) in quoted and (set(value) & _FSTRING_UNSAFE or not isinstance(arg, ast.Name)):
                raise NotInlined(f"`{n.id}` is quoted inside an f-string and gets `{value}`")
            subs[id(n)] = value if isinstance(arg, (ast.Name, ast.Constant)) else f"({value})"
        elif n.id in c.tool.scope.bindings:
            raise NotInlined(f"its question reads `{n.id}`, which the tool `{c.tool.name}` binds too")
    ask = substituted(helper.source.split("\n"), helper.question, subs)
    reply = inline_call.fresh(model, c.tool, helper.var)
    row = lines[statement.lineno - 1]
    indent = row[: char(row, statement.col_offset)]
    if indent.strip():
        raise NotInlined("the calling statement shares its line")
    args = [reply, *(f"{p.arg}={text(bound[p.arg])}" for p in helper.kept)]
    at = helper.source.split("\n")[helper.ask.lineno - 1]
    shift = at[: len(at) - len(at.lstrip())]
    new = [f"{indent}{reply} = await {ask[0]}"] + [
        indent + r[len(shift):] if r.startswith(shift) else r for r in ask[1:]
    ]
    func, call = c.func, c.call
    if func.lineno != call.end_lineno:
        raise NotInlined("the call spans lines")
    line = lines[func.lineno - 1]
    a, b = char(line, func.col_offset), char(line, call.end_col_offset)
    replaced = [*lines[statement.lineno - 1:statement.end_lineno]]
    replaced[func.lineno - statement.lineno] = f"{line[:a]}{copy}({', '.join(args)}){line[b:]}"
    return statement.lineno, statement.end_lineno, [*new, *replaced]
