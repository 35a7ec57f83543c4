"""Statements before a question: which ones the rewrite may leave in place.

After the rewrite every question is asked before the body runs. A statement that
preceded a question in the original then runs after it; that is the same only
when the statement has no effect the user could see and decides nothing about
the question. :func:`is_pure` accepts such statements:
assignments of call-free expressions to fresh names (``total = n * 2``,
``doubled = a.data * 2``), ``pass`` and local imports. What the question reads
from them is refused separately ("the question depends on `total`, a value
computed in the body"). An ``if`` that may end the call but is not a gate gets
:data:`BRANCH`; anything else keeps ``locate.SIDE_EFFECTS``. Standard library only.
"""

from __future__ import annotations

import ast

BRANCH = (
    "after an `if` that may end the call before the question (only `if <test>: "
    "return/raise` without `else`, testing arguments and earlier answers, is kept)"
)

WALRUS = (
    "the result is bound with `:=` inside an expression (assign it on its own line, "
    "`r = await ctx.elicit(...)`, then test it)"
)

_IMPURE = (
    ast.Call,
    ast.Await,
    ast.Yield,
    ast.YieldFrom,
    ast.NamedExpr,
    ast.Lambda,
    ast.ListComp,
    ast.SetComp,
    ast.DictComp,
    ast.GeneratorExp,
)


_RAISING_OPERATORS = (ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)


def _pure_expression(node: ast.expr | None) -> bool:
    """No call, await or comprehension, and nothing that commonly raises (a
    subscript's ``KeyError``, a division's ``ZeroDivisionError``): raising before
    the question, the original never asked it; the rewrite would have."""
    return node is None or not any(
        isinstance(n, (*_IMPURE, ast.Subscript))
        or isinstance(n, ast.BinOp)
        and isinstance(n.op, _RAISING_OPERATORS)
        for n in ast.walk(node)
    )


def is_pure(stmt: ast.stmt, protected: set[str]) -> bool:
    """``stmt`` has no effect a question could observe or depend on when it runs
    after the questions instead of before: a local import, ``pass``, or an
    assignment of a call-free expression to plain names outside ``protected``
    (the tool's arguments and earlier answers, whose values the rewrite reads
    as they were on entry)."""
    if isinstance(stmt, ast.Pass):
        return True
    if isinstance(stmt, (ast.Import, ast.ImportFrom)):
        bound = {(a.asname or a.name).split(".")[0] for a in stmt.names}
        return "*" not in bound and not bound & protected
    if isinstance(stmt, ast.Assign):
        targets = stmt.targets
    elif isinstance(stmt, (ast.AnnAssign, ast.AugAssign)):
        targets = [stmt.target]
    else:
        return False
    if not all(isinstance(t, ast.Name) and t.id not in protected for t in targets):
        return False
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.op, _RAISING_OPERATORS):
        return False
    return _pure_expression(stmt.value)  # an annotation is not evaluated in a body


def may_end_call(stmt: ast.stmt) -> bool:
    """An ``if`` holding a ``return`` or ``raise`` (outside nested definitions)."""
    if not isinstance(stmt, ast.If):
        return False
    todo: list[ast.AST] = [stmt]
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Return, ast.Raise)):
            return True
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            todo.extend(ast.iter_child_nodes(node))
    return False
