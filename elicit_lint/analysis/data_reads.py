"""Where an answer's ``r.data`` may be read once rewritten (fresh user F3).

FastMCP 4.2.3's ``DeclinedElicitation`` / ``CancelledElicitation`` have no
``data`` (a ``.data`` read raises ``AttributeError``), and the SDK's are alike;
the rewrite reads the parameter instead, ``None`` on decline or cancel (an
optional parameter) or the call fails before the body (a required one). So a
read is translated only where that keeps the outcome (docs/codemod.md "What
counts as the same"):

- optional parameter (the body tests the outcome): every ``r.data`` read lies
  where the result is accepted on every path to it: in the block of an accept
  test (``if r.action == "accept":``, ``isinstance(r, AcceptedElicitation)``, a
  ``case AcceptedElicitation(...)``), in the ``else`` of a non-accept test, after
  ``<accept test> and``, after ``<non-accept test> or``, or after an early exit
  ``if <non-accept test>: return/raise`` or an ``assert <accept test>`` earlier
  in an enclosing block;
- required parameter (no test): the statement right after the question (past
  other questions, asked up front too) reads ``r.data`` unconditionally (every
  path reads it first; the original fails there, the rewrite before the body).

Otherwise :func:`check` raises ``Refused`` with the reason. Standard library only.
"""

from __future__ import annotations

import ast

from .response_types import Refused
from .result_uses import (
    ACCEPT,
    ACTION_TEST,
    DATA,
    ISINSTANCE,
    ResultUse,
    class_outcome,
    data_read,
    result_uses,
)

_EXITS = (ast.Return, ast.Raise)
_LATER = (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def unguarded(variable: str) -> str:
    """The reason for a ``.data`` read on a path decline or cancel reaches."""
    return (
        f"`{variable}.data` is read where the answer may not be accepted (on decline "
        "or cancel the original raises `AttributeError` there, the rewrite would go "
        f'on with `None`): read it only under `if {variable}.action == "accept":` or '
        f'after `if {variable}.action != "accept": return ...`, then run again'
    )


def not_read_first(variable: str) -> str:
    """The reason for an untested result whose ``.data`` is not read right away."""
    return (
        f"`{variable}.data` is not read right after the question on every path (on "
        "decline or cancel the original goes on until it reads it, the rewrite would "
        f'fail before the body runs): test `{variable}.action == "accept"` before '
        "reading it, then run again"
    )


def check(
    variable: str,
    ask: ast.stmt,
    uses: list[ResultUse],
    tested: bool,
    parents: dict[ast.AST, ast.AST],
    qualify,
) -> None:
    """Raises ``Refused`` unless every ``.data`` read among ``uses`` (the uses of
    ``variable``, bound by the ``ask`` statement) keeps its outcome once
    translated (module docstring); ``tested``: the parameter is optional."""
    reads = [u for u in uses if u.kind == DATA and not u.nested]
    if not reads:
        return
    outcomes = {
        id(u.at): u.outcomes
        for u in uses
        if u.kind in (ACTION_TEST, ISINSTANCE) and u.outcomes is not None
    }
    if not tested:
        # a parameter's answer (no statement of its own) is there before the body
        after = (
            _next_statement(ask, parents)
            if parents.get(ask) is not None
            else _first_statement(reads[0].at, parents)
        )
        ids = {id(u.at) for u in reads}
        if after is None or not any(id(n) in ids for n in _evaluated_first(after)):
            raise Refused(not_read_first(variable))
        return
    for use in reads:
        if not _accepted_at(use.at, ask, outcomes, parents, qualify):
            raise Refused(unguarded(variable))


def unaccepted_read(
    variable: str,
    ask: ast.stmt,
    stmt: ast.stmt,
    function: ast.AST,
    parents: dict[ast.AST, ast.AST],
    qualify,
) -> ast.AST | None:
    """The first ``variable.data`` read ``stmt`` (a statement of ``function``
    after the ``ask`` binding ``variable``) makes where the answer may not be
    accepted (module docstring): on decline or cancel the original raises there,
    so it never reaches a question after ``stmt``. ``None``: no such read."""
    uses = result_uses(function, variable, parents, qualify)
    outcomes = {
        id(u.at): u.outcomes
        for u in uses
        if u.kind in (ACTION_TEST, ISINSTANCE) and u.outcomes is not None
    }
    inside = {id(n) for n in ast.walk(stmt)}
    for use in uses:
        if (
            use.kind == DATA
            and not use.nested
            and id(use.at) in inside
            and not _accepted_at(use.at, ask, outcomes, parents, qualify)
        ):
            return use.at
    return None


def _true_means_accept(test: ast.AST, outcomes: dict) -> bool:
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _false_means_accept(test.operand, outcomes)
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return any(_true_means_accept(v, outcomes) for v in test.values)
    return outcomes.get(id(test)) == frozenset({ACCEPT})


def _false_means_accept(test: ast.AST, outcomes: dict) -> bool:
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _true_means_accept(test.operand, outcomes)
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        return any(_false_means_accept(v, outcomes) for v in test.values)
    found = outcomes.get(id(test))
    return found is not None and ACCEPT not in found


def _ends(body: list[ast.stmt]) -> bool:
    return bool(body) and isinstance(body[-1], _EXITS)


def _accepted_at(node: ast.AST, ask: ast.stmt, outcomes: dict, parents, qualify) -> bool:
    """The result is accepted on every path reaching ``node`` (module docstring)."""
    child = node
    parent = parents.get(child)
    while parent is not None and child is not ask:
        if isinstance(parent, (ast.If, ast.IfExp)):
            if child is parent.body or (
                isinstance(parent, ast.If) and child in parent.body
            ):
                if _true_means_accept(parent.test, outcomes):
                    return True
            elif (child is parent.orelse or (
                isinstance(parent, ast.If) and child in parent.orelse
            )) and _false_means_accept(parent.test, outcomes):
                return True
        elif isinstance(parent, ast.BoolOp) and child in parent.values:
            earlier = parent.values[: parent.values.index(child)]
            means = _true_means_accept if isinstance(parent.op, ast.And) else _false_means_accept
            if any(means(v, outcomes) for v in earlier):
                return True
        elif isinstance(parent, ast.match_case) and child in parent.body:
            pattern = parent.pattern
            if isinstance(pattern, ast.MatchClass) and class_outcome(pattern.cls, qualify) == ACCEPT:
                return True
        if isinstance(child, ast.stmt):
            for block in _blocks(parent):
                if child in block:
                    start = block.index(ask) + 1 if ask in block else 0
                    for earlier in block[start: block.index(child)]:
                        if (
                            isinstance(earlier, ast.If)
                            and not earlier.orelse
                            and _ends(earlier.body)
                            and _false_means_accept(earlier.test, outcomes)
                        ):  # not an `assert`: `python -O` strips it (fresh6 H6)
                            return True
        if isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return False
        child, parent = parent, parents.get(parent)
    return False


def _blocks(node: ast.AST) -> list[list[ast.stmt]]:
    return [
        value
        for _, value in ast.iter_fields(node)
        if isinstance(value, list) and value and isinstance(value[0], ast.stmt)
    ]


def _first_statement(node: ast.AST, parents) -> ast.stmt | None:
    """The first statement of the function around ``node``, past its docstring."""
    while node is not None and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        node = parents.get(node)
    if node is None:
        return None
    body = node.body
    if len(body) > 1 and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    return body[0]


def _next_statement(ask: ast.stmt, parents) -> ast.stmt | None:
    """The statement after ``ask`` in its block, past other questions
    (``x = await c.elicit(...)``: they become parameters too, asked up front)
    and past plain reads ``y = x.data`` of their answers (``x`` bound by a
    question of this block before ``ask`` or between): such a read fails only
    where that answer is declined or cancelled, which ends the call before
    this one's read, as a required parameter's refusal ends the rewrite's."""
    for block in _blocks(parents.get(ask)):
        if ask in block:
            start = block.index(ask)
            asked = {n for s in block[: start + 1] if _asks(s) for n in _bound(s)}
            for stmt in block[start + 1:]:
                if _asks(stmt):
                    asked |= _bound(stmt)
                elif not _reads_answer(stmt, asked - _bound(ask)):
                    return stmt
    return None


def _bound(stmt: ast.stmt) -> set[str]:
    """The plain names an assignment statement binds."""
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [getattr(stmt, "target", None)]
    return {t.id for t in targets if isinstance(t, ast.Name)}


def _reads_answer(stmt: ast.stmt, answers: set[str]) -> bool:
    """``stmt`` is ``y = x.data`` with ``x`` among ``answers``."""
    read = data_read(stmt)
    return read is not None and read[1] in answers and read[0] not in answers


def _asks(stmt: ast.stmt) -> bool:
    value = getattr(stmt, "value", None)
    if isinstance(value, ast.Attribute) and value.attr == "data":  # `x = (await ...).data`
        value = value.value
    return (
        isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.Expr))
        and isinstance(value, ast.Await)
        and isinstance(value.value, ast.Call)
        and isinstance(value.value.func, ast.Attribute)
        and value.value.func.attr == "elicit"
    )


def _evaluated_first(stmt: ast.stmt) -> list[ast.AST]:
    """The nodes ``stmt`` evaluates whatever the values (not a conditional
    expression's branches, an ``and``/``or``'s later operands, a lambda or
    comprehension body, a nested block)."""
    roots = {
        ast.Return: "value", ast.Expr: "value", ast.Assign: "value",
        ast.AnnAssign: "value", ast.AugAssign: "value", ast.If: "test",
        ast.Assert: "test",
    }
    field = roots.get(type(stmt))
    root = getattr(stmt, field) if field else None
    out: list[ast.AST] = []
    todo = [root] if root is not None else []
    while todo:
        node = todo.pop()
        out.append(node)
        if isinstance(node, ast.IfExp):
            todo.append(node.test)
        elif isinstance(node, ast.BoolOp):
            todo.append(node.values[0])
        elif not isinstance(node, _LATER):
            todo.extend(ast.iter_child_nodes(node))
    return out
