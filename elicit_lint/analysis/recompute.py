"""Body locals a generated resolver can compute again
(docs/architecture.md "Data flow: `elicit-migrate`").

A question (or the guard around it) may read a local the tool's body computes
before asking: ``label = f"Seats for {item}?"``, ``verb = "Create" if mode ==
"replace" else mode.title()``. The resolver runs when the call starts, before
the body, so it must compute the same value itself. That is exact only when the
local is bound once, by ``name = <expr>`` among the statements run before the
question, and ``<expr>`` is a safe expression (:func:`.purity.safe_expression`:
no effects, nothing that raises, the same value at another moment) of tool
arguments not rebound before it, module-level names and other such locals. The
assignment stays in the body as written (it is pure) and is copied, one line,
into the resolver ahead of its gates. Anything else is refused with the reason
the caller gives. Standard library only.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from ..model.structure import walk
from . import prelude, purity
from .response_types import Refused


def before_question(body: list[ast.stmt], placement) -> list[ast.stmt]:
    """The statements run before the question at ``placement`` (a
    :class:`.placement.Placement`): the tool's top-level statements ahead of it and,
    for a question asked in an ``if`` block, the block's statements ahead of the
    asking one."""
    outer = placement.statement
    before = body[: body.index(outer)]
    if placement.inner is not None:
        block = outer.body  # type: ignore[attr-defined]
        before += block[: block.index(placement.inner)]
    return before


def shown(planner, message: ast.expr, before: list[ast.stmt]) -> ast.expr:
    """The expression a question shows: ``message`` itself, or for a local bound
    once before it (``label = f"..."; ctx.elicit(label, ...)``) its value (what
    the parameter is named after)."""
    if isinstance(message, ast.Name) and message.id not in planner.args:
        stmt = purity.copyable(message.id, before, planner.rebound, set(planner.args))
        if stmt is not None:
            return stmt.value
    return message


def copies(
    planner, exprs: list[ast.expr], before: list[ast.stmt], reason: Callable[[str], str]
) -> list[ast.Assign]:
    """The assignments (among ``before``, in body order) of the locals ``exprs``
    read, and of the locals those read, for a resolver to run again.

    ``planner``: the :class:`.toolplan.ToolPlanner` (its arguments, locals and
    the names rebound before the question). Raises ``Refused`` with
    ``reason(name)`` for a local that cannot be copied (bound more than once, by
    another kind of statement, from a rebound argument, by an expression that is
    not safe, or over more than one line), and :func:`.prelude.rebound` for a
    rebound argument read directly."""
    copied: list[ast.Assign] = []
    todo = list(exprs)
    seen: set[str] = set()
    while todo:  # the locals read, and the ones they read
        expr = todo.pop()
        for name in sorted(purity.loaded(expr) - seen):
            seen.add(name)
            if name in planner.args:
                if name in planner.rebound:
                    raise Refused(prelude.rebound(name))
                continue
            if name not in planner.local_names:
                continue  # a module-level name or a builtin
            stmt = purity.copyable(name, before, planner.rebound, set(planner.args))
            if stmt is None:
                raise Refused(reason(name))
            copied.append(stmt)
            todo.append(stmt.value)
    copied.sort(key=lambda s: (s.lineno, s.col_offset))
    types = purity.scalar_arguments(planner.node, planner.rebound)
    for stmt in copied:  # in body order: a local's type is its value's
        target = stmt.targets[0].id  # type: ignore[attr-defined]
        if not purity.safe_expression(stmt.value, types):
            raise Refused(reason(target))
        if "\n" in planner.segment(stmt):
            raise Refused(reason(target))
        kind = purity.type_of(stmt.value, types)
        types = {k: v for k, v in types.items() if k != target}
        if kind is not None:
            types[target] = kind
    return copied


def copied_types(planner, copied: list[ast.Assign]) -> dict[str, str]:
    """The scalar types known in the resolver after ``copied`` (:func:`copies`)."""
    types = purity.scalar_arguments(planner.node, planner.rebound)
    for stmt in copied:
        target = stmt.targets[0].id  # type: ignore[attr-defined]
        kind = purity.type_of(stmt.value, types)
        types = {k: v for k, v in types.items() if k != target}
        if kind is not None:
            types[target] = kind
    return types


def arguments_read(planner, copied: list[ast.Assign]) -> list[str]:
    """The tool arguments ``copied`` read, in order of first appearance."""
    out: list[str] = []
    for stmt in copied:
        for node in ast.walk(stmt.value):
            if isinstance(node, ast.Name) and node.id in planner.args and node.id not in out:
                out.append(node.id)
    return out


def unused_copies(function: ast.AST, copied: list[ast.Assign], asks) -> list[ast.Assign]:
    """The ``copied`` assignments the rewritten body no longer reads: every read
    of the local lay in a question that leaves the body (``asks``: the tool's
    :class:`.records.Ask` list) or in another such assignment. They are dropped
    from the body (the resolver computes them; pure, so nothing else changes),
    unless that would empty their block."""
    leaving = {id(n) for a in asks for n in ast.walk(a.placement.asking)}
    blocks: dict[int, list[ast.stmt]] = {}
    for node in walk(function):
        for field in ("body", "orelse"):
            block = getattr(node, field, None)
            if isinstance(block, list):
                for stmt in block:
                    blocks[id(stmt)] = block
    dropped: list[ast.Assign] = []
    for stmt in sorted(copied, key=lambda s: (s.lineno, s.col_offset), reverse=True):
        name = stmt.targets[0].id  # type: ignore[attr-defined]
        gone = leaving | {id(n) for d in dropped for n in ast.walk(d)}
        reads = [
            n
            for n in walk(function)
            if isinstance(n, ast.Name) and n.id == name and id(n) not in gone
            and isinstance(n.ctx, ast.Load)
        ]
        block = blocks.get(id(stmt), [])
        kept = [
            s for s in block if id(s) not in gone and s is not stmt
        ]
        if not reads and kept:
            dropped.append(stmt)
    return dropped
