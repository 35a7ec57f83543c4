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
- ``from <the helper's module, spelled as the tool module imports the
  helper> import <names>``: the helper module's top-level names the copy or
  the question read, so both read the same objects as the helper does.

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
import sys
from dataclasses import dataclass

from ..model import Model
from . import inline_call
from .inline_call import _FSTRING_UNSAFE
from .inline_text import (
    NotInlined,
    alone,
    char,
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


def bound_once(tree: ast.Module) -> tuple[set[str], set[str]]:
    """``(once, all)``: the top-level names of ``tree`` bound exactly once, and all."""
    counts: dict[str, int] = {}
    for stmt in tree.body:
        found: list[str] = []
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found = [stmt.name]
        elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
            found = [(a.asname or a.name).split(".")[0] for a in stmt.names]
        else:
            found = [n.id for n in ast.walk(stmt) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)]
        for name in found:
            counts[name] = counts.get(name, 0) + 1
    return {n for n, c in counts.items() if c == 1}, set(counts)


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


def _origins(tree: ast.Module) -> dict[str, tuple[str, str]]:
    """``{local: (module, name)}`` for the top-level absolute ``from m import n [as local]``
    of ``tree`` that bind ``local`` once (a name bound twice is left out)."""
    once, _ = bound_once(tree)
    return {
        (a.asname or a.name): (s.module, a.name)
        for s in tree.body if isinstance(s, ast.ImportFrom) and not s.level and s.module
        for a in s.names if (a.asname or a.name) in once
    }


def _plain_imports(tree: ast.Module) -> dict[str, str]:
    """``{name: name}`` for the top-level ``import name`` (no dot, no ``as``) of
    ``tree`` that bind ``name`` once."""
    once, _ = bound_once(tree)
    return {
        a.name: a.name for s in tree.body if isinstance(s, ast.Import)
        for a in s.names if a.asname is None and "." not in a.name and a.name in once
    }


def _same_plain(tree: ast.Module) -> set[str]:
    """The modules ``tree`` imports by a top-level ``import name`` bound once."""
    return set(_plain_imports(tree))


def _import_rows(module: str, wanted: list[str], absolute: list[tuple[str, str]]) -> list[str]:
    """The import lines the copy needs: the helper module's own names from it,
    and the names the helper imports from an absolute module from that module
    (so the tool module reads the same objects, and a reader of the tool module
    sees `typing.cast` as itself)."""
    rows = [f"import {m}" for m, n in absolute if not n]
    by_module: dict[str, list[str]] = {}
    for m, n in absolute:
        if n:
            by_module.setdefault(m, []).append(n)
    rows += [f"from {m} import {', '.join(ns)}" for m, ns in sorted(by_module.items())]
    if wanted:
        rows.append(f"from {module} import {', '.join(wanted)}")
    return rows


def _import_key(statement: ast.Import | ast.ImportFrom) -> tuple:
    """ruff's isort order of two statements of one section: ``import m``
    before ``from m import``, then by module."""
    if isinstance(statement, ast.Import):
        return 0, statement.names[0].name.lower()
    return 1, (statement.module or "").lower()


def _stdlib(module: str) -> bool:
    return module.split(".")[0] in sys.stdlib_module_names


def _absolute_edits(model: Model, statement: ast.ImportFrom, absolute, edits) -> list[tuple[str, str]]:
    """Add to ``edits`` the imports from absolute modules the copy needs where
    ruff's isort rule (I001) wants them: into the module's own single-line
    ``from M import`` of that module, else in order among the absolute
    imports of its section (standard library or not) before the helper's,
    or as a section of its own; returns the ``absolute`` left for
    :func:`_import_rows` (none when the module has no absolute import before
    the helper's)."""
    lines = model.source.split("\n")
    tops = [
        s for s in model.tree.body
        if isinstance(s, (ast.Import, ast.ImportFrom)) and s.lineno < statement.lineno
        and not getattr(s, "level", 0) and getattr(s, "module", "") != "__future__"
    ]
    if not tops:
        return absolute
    by_module: dict[str, list[str]] = {}
    new: list[ast.Import | ast.ImportFrom] = []
    for m, n in absolute:
        if not n:
            new.append(ast.Import(names=[ast.alias(m)]))
        else:
            by_module.setdefault(m, []).append(n)
    for m, ns in sorted(by_module.items()):
        same = [
            s for s in tops if isinstance(s, ast.ImportFrom) and s.module == m
            and s.lineno == s.end_lineno and alone(lines, s) and not has_comment(lines[s.lineno - 1])
            and all(a.name != "*" for a in s.names)
        ]
        if len(same) == 1:
            old = [a.name if a.asname is None else f"{a.name} as {a.asname}" for a in same[0].names]
            spelled = sorted(old + ns, key=lambda x: _member_key(x.split(" as ")[0]))
            one = f"from {m} import {', '.join(spelled)}"
            if len(one) <= 88:
                edits.append((same[0].lineno, same[0].end_lineno, [one]))
                continue
        new.append(ast.ImportFrom(module=m, names=[ast.alias(n) for n in ns], level=0))
    for node in new:
        text = ast.unparse(node)
        module = node.names[0].name if isinstance(node, ast.Import) else node.module or ""
        section = [
            s for s in tops
            if _stdlib(s.names[0].name if isinstance(s, ast.Import) else s.module or "") == _stdlib(module)
        ]
        if section:
            after = [s for s in section if _import_key(s) <= _import_key(node)]
            if after:
                edits.append((after[-1].end_lineno + 1, after[-1].end_lineno, [text]))
            else:
                edits.append((section[0].lineno, section[0].lineno - 1, [text]))
        elif _stdlib(module):  # a section of its own, before the others
            edits.append((tops[0].lineno, tops[0].lineno - 1, [text, ""]))
        else:
            last = max(s.end_lineno for s in tops)
            edits.append((last + 1, last, ["", text]))
    return []


def _member_key(name: str) -> tuple:
    """ruff's isort order of the names of one ``from`` import (``order-by-type``):
    constants, then classes, then the rest, each case-insensitively."""
    kind = 0 if len(name) > 1 and name.isupper() else 1 if name[:1].isupper() else 2
    return kind, name.lower(), name


def _re_export(model: Model, statement: ast.ImportFrom, local: str) -> bool:
    """Whether the module may re-export ``local`` (docs/codemod.md): a package
    ``__init__``, an ``as`` self-alias, a ``noqa`` on the import, or a
    module-level ``__all__``."""
    lines = model.source.split("\n")[statement.lineno - 1:statement.end_lineno]
    return (
        model.filename.replace("\\", "/").rsplit("/", 1)[-1] in ("__init__.py", "__init__.pyi")
        or any(a.asname is not None and a.asname == a.name for a in statement.names)
        or any("noqa" in line for line in lines)
        or "__all__" in model.module_scope.bindings
    )


def _merged(model: Model, statement: ast.ImportFrom, local: str, wanted: list[str]) -> list[str] | None:
    """The helper's import statement with ``wanted`` added and ``local`` (no
    longer read once every call is rewritten) left out, or ``None`` to leave
    it as is (a comment in it, a star, a re-export with nothing to add, or
    nothing left: the helper's module would no longer be imported)."""
    lines = model.source.split("\n")
    text = "\n".join(lines[statement.lineno - 1:statement.end_lineno])
    if has_comment(text) or any(a.name == "*" for a in statement.names):
        return None
    keep = _re_export(model, statement, local)
    names = [a for a in statement.names if keep or (a.asname or a.name) != local]
    if not wanted and len(names) == len(statement.names) or not names and not wanted:
        return None
    spelled = [a.name if a.asname is None else f"{a.name} as {a.asname}" for a in names] + wanted
    spelled.sort(key=lambda n: _member_key(n.split(" as ")[0]))
    module = "." * statement.level + (statement.module or "")
    one = f"from {module} import {', '.join(spelled)}"
    if len(one) <= 88 and not text.rstrip().endswith(",)") and "\n" not in text:
        return [one]
    return [f"from {module} import (", *(f"    {n}," for n in spelled), ")"]


def _import_of(model: Model, local: str) -> ast.ImportFrom:
    found = [
        s for s in model.tree.body
        if isinstance(s, ast.ImportFrom) and any((a.asname or a.name) == local for a in s.names)
    ]
    if len(found) != 1 or not alone(model.source.split("\n"), found[0]):
        raise NotInlined(f"the tool module does not import `{local}` once with `from ... import`, on lines of its own")
    return found[0]


def copy_text(model: Model, local: str, helper: CopyHelper) -> CallerText:
    """``model``'s text (the tool module, importing the helper as ``local``) with
    the helper's question moved into each calling tool and its rest copied in
    (module docstring), or raises :class:`NotInlined`."""
    lines = model.source.split("\n")
    statement = _import_of(model, local)
    module = "." * statement.level + (statement.module or "")
    scope = model.module_scope.bindings
    imported = {
        (a.asname or a.name): a.name for s in model.tree.body if isinstance(s, ast.ImportFrom)
        and s.level == statement.level and s.module == statement.module for a in s.names
    }
    same = _origins(model.tree)
    helper_tree = ast.parse(helper.source)
    there = _origins(helper_tree)
    plain = _plain_imports(helper_tree)
    wanted = []
    absolute: list[tuple[str, str]] = []  # (module, name): imported where the helper imports it
    for name in sorted(helper.module_names):
        if imported.get(name) == name:
            continue  # already imported from the helper's module under its own name
        if name in there and same.get(name) == there[name] and name in scope:
            continue  # both modules import it from the same absolute module: the same object
        if name in plain and plain[name] in _same_plain(model.tree) and name in scope:
            continue  # both `import typing`: the same module object
        if name in scope:
            raise NotInlined(f"the helper reads `{name}` of its module, which the tool module binds too")
        if name in there and there[name][1] == name:
            absolute.append(there[name])  # `from typing import cast`: provably the same object
        elif name in plain:
            absolute.append((plain[name], ""))
        else:
            wanted.append(name)
    outer_builtins = {
        n.id for s in helper.node.body for n in ast.walk(s)
        if isinstance(n, ast.Name) and hasattr(builtins, n.id) and n.id not in helper.module_names
    }
    for name in sorted(outer_builtins & set(scope)):
        raise NotInlined(f"the helper reads the builtin `{name}`, which the tool module binds")
    taken = set(scope) | {n.id for n in ast.walk(model.tree) if isinstance(n, ast.Name)}
    copy, n = f"_{helper.name}_answer", 1
    while copy in taken:
        n += 1
        copy = f"_{helper.name}_answer_{n}"
    edits: list[tuple[int, int, list[str]]] = []
    calls = _calls(model, local)
    for c in calls:
        if copy in c.tool.scope.bindings or model.references(c.tool.node, copy):
            raise NotInlined(f"its caller `{c.tool.name}` reads `{copy}`")
        edits.append(_edit(model, lines, c, helper, copy))
    merged = _merged(model, statement, local, wanted)
    if merged is not None:  # one statement for the helper's module (ruff I001), `local` gone (F401)
        edits.append((statement.lineno, statement.end_lineno, merged))
        wanted = []
    absolute = _absolute_edits(model, statement, absolute, edits)
    if wanted or absolute:
        row = statement.end_lineno
        edits.append((row + 1, row, _import_rows(module, wanted, absolute)))
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
