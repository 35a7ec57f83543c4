"""One walk over an expression, two notions of purity (stdlib only; read by :mod:`.purity`).

:data:`KINDS` is the one place that lists the node kinds an expression may hold
and how each notion judges them, side by side, so the two cannot drift apart:

- *safe to move* (:class:`SafeToMove`, :func:`.purity.safe_expression`): the
  expression may run at another moment with no effect and no exception; a kind
  not listed is refused.
- *same every round* (:class:`SameEachRound`, :func:`.purity.varying_part`):
  the expression gives the same value each time it runs, given the same inputs
  (docs/codemod.md "What the codemod accepts"); a kind not listed is judged by
  its parts.

A judge returns the parts still to judge, or a refusal: a phrase naming what
fails (for *same every round*, the phrase a skip reason quotes).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass

from .scalar_types import (
    ORDER,
    STR_METHODS,
    STR_TESTS,
    defined,
    str_call,
    str_typed,
    type_of,
)

_BUILTINS = frozenset({"len", "bool", "isinstance"})
"""Builtins that never raise on the arguments :class:`SafeToMove` accepts."""
_ALWAYS = (ast.Eq, ast.NotEq, ast.Is, ast.IsNot)

PURE_STR_METHODS = STR_METHODS | STR_TESTS | frozenset(
    {"replace", "removeprefix", "removesuffix", "zfill", "center", "ljust", "rjust",
     "swapcase", "join", "split", "count", "find"}
)
"""``str`` methods whose result depends only on the string and the arguments."""

PURE_BUILTINS = frozenset(
    {"len", "str", "repr", "int", "float", "bool", "abs", "round", "min", "max",
     "sorted", "isinstance", "format"}
)
"""Builtins whose result depends only on their arguments (not on time, state or I/O)."""

REFUSED = "refused"
"""The refusal of a *safe to move* judge (its verdict is yes or no)."""

Verdict = list[ast.AST] | str
"""What a judge returns: the parts still to judge, or a refusal."""


@dataclass(frozen=True)
class SafeToMove:
    """*Safe to move*: ``types`` (:func:`.purity.known_types`); ``answers``: earlier
    answers' result variables (``r.data`` is read)."""

    types: dict[str, str]
    answers: frozenset[str] | set[str] = frozenset()
    column = 0


@dataclass(frozen=True)
class SameEachRound:
    """*Same every round*: ``inputs`` (tool arguments and earlier answers'
    variables), ``fixed(name, value)`` (:func:`.purity.fixed_name`), ``types`` and
    ``str_answers`` (answers whose ``.data`` is a ``str``)."""

    inputs: set[str]
    fixed: Callable[..., bool]
    types: dict[str, str]
    str_answers: frozenset[str] | set[str] = frozenset()
    column = 1


# -- judges shared by both notions ------------------------------------------------


def _parts(node: ast.AST, policy) -> list[ast.AST]:
    return list(ast.iter_child_nodes(node))


def _leaf(node: ast.AST, policy) -> list[ast.AST]:
    return []


def _refused(node: ast.AST, policy) -> str:
    return REFUSED if policy.column == 0 else f"`{ast.unparse(node)}`"


# -- safe to move ------------------------------------------------------------------


def _safe_formatted(node: ast.FormattedValue, policy: SafeToMove) -> Verdict:
    if node.format_spec is not None:
        return REFUSED
    return [node.value]


def _safe_operands(node: ast.AST, policy: SafeToMove) -> Verdict:
    """``and``/``or``, a conditional expression, or a tuple or list display read."""
    if isinstance(node, (ast.Tuple, ast.List)) and not isinstance(node.ctx, ast.Load):
        return REFUSED
    parts = [n for n in ast.iter_child_nodes(node) if isinstance(n, ast.expr)]
    return REFUSED if any(isinstance(n, ast.Starred) for n in parts) else parts


def _safe_unary(node: ast.UnaryOp, policy: SafeToMove) -> Verdict:
    if not isinstance(node.op, ast.Not) and type_of(node, policy.types) is None:
        return REFUSED
    return [node.operand]


def _safe_binary(node: ast.BinOp, policy: SafeToMove) -> Verdict:
    left, right = type_of(node.left, policy.types), type_of(node.right, policy.types)
    if not defined(node.op, left, right):
        return REFUSED
    return [node.left, node.right]


def _safe_compare(node: ast.Compare, policy: SafeToMove) -> Verdict:
    types = policy.types
    operands = [node.left, *node.comparators]
    for op, left, right in zip(node.ops, operands, operands[1:]):
        if isinstance(op, _ALWAYS):
            continue
        if isinstance(op, (ast.In, ast.NotIn)) and (
            isinstance(right, (ast.Tuple, ast.List))
            or str_typed(left, types) and str_typed(right, types)
        ):
            continue
        if not (isinstance(op, ORDER) and defined(op, type_of(left, types), type_of(right, types))):
            return REFUSED
    return operands


def _safe_attribute(node: ast.Attribute, policy: SafeToMove) -> Verdict:
    value = node.value
    if (
        isinstance(node.ctx, ast.Load)
        and (
            node.attr in STR_METHODS | STR_TESTS and str_typed(value, policy.types)
            or node.attr == "data"
            and isinstance(value, ast.Name)
            and value.id in policy.answers
        )
    ):
        return []
    return REFUSED


def _safe_call(node: ast.Call, policy: SafeToMove) -> Verdict:
    func = node.func
    if str_call(node, policy.types, STR_METHODS | STR_TESTS):
        return [func.value]  # type: ignore[attr-defined]
    if not (
        isinstance(func, ast.Name)
        and func.id in _BUILTINS
        and not node.keywords
        and all(not isinstance(a, ast.Starred) for a in node.args)
    ):
        return REFUSED
    if func.id == "len" and not (len(node.args) == 1 and str_typed(node.args[0], policy.types)):
        return REFUSED
    return list(node.args)


# -- same every round --------------------------------------------------------------


def _same_name(node: ast.Name, policy: SameEachRound) -> Verdict:
    if node.id not in policy.inputs and not policy.fixed(node.id, False):
        return f"`{node.id}`"
    return []


def _same_receiver(node: ast.Attribute | ast.Subscript, policy: SameEachRound) -> Verdict:
    value = node.value
    if isinstance(value, ast.Name) and value.id not in policy.inputs and not policy.fixed(value.id):
        return f"`{ast.unparse(node)}`"  # `ctx.request_id`, `STATE['step']`
    return _parts(node, policy)


def _same_call(node: ast.Call, policy: SameEachRound) -> Verdict:
    func = node.func
    receiver = getattr(func, "value", None)
    parts: list[ast.AST] = []
    if isinstance(func, ast.Attribute) and func.attr in PURE_STR_METHODS and (
        str_typed(receiver, policy.types)
        or isinstance(receiver, ast.Attribute) and receiver.attr == "data"
        and isinstance(receiver.value, ast.Name) and receiver.value.id in policy.str_answers
    ):
        parts.append(receiver)
    elif not (
        isinstance(func, ast.Name) and func.id in PURE_BUILTINS
        and func.id not in policy.inputs and policy.fixed(func.id)  # the builtin itself:
        # a module's own `def len(...)` is bound once too, but calling it is its code
    ):
        return f"a call to `{ast.unparse(func)}`"
    return [*parts, *node.args, *(k.value for k in node.keywords)]


Judge = Callable[[ast.AST, object], Verdict]

KINDS: dict[type, tuple[Judge, Judge]] = {
    # kind: (safe to move, same every round)
    ast.Constant: (_leaf, _parts),
    ast.Name: (_leaf, _same_name),
    ast.JoinedStr: (_parts, _parts),
    ast.FormattedValue: (_safe_formatted, _parts),  # a format spec may call __format__
    ast.BoolOp: (_safe_operands, _parts),
    ast.IfExp: (_safe_operands, _parts),
    ast.Tuple: (_safe_operands, _parts),
    ast.List: (_safe_operands, _parts),
    ast.UnaryOp: (_safe_unary, _parts),
    ast.BinOp: (_safe_binary, _parts),
    ast.Compare: (_safe_compare, _parts),
    ast.Attribute: (_safe_attribute, _same_receiver),
    ast.Subscript: (_refused, _same_receiver),  # KeyError
    ast.Call: (_safe_call, _same_call),
    **{
        kind: (_refused, _refused)
        for kind in (
            ast.Await, ast.NamedExpr, ast.Lambda, ast.Yield, ast.YieldFrom,
            ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp,
        )
    },
}
"""Each node kind with its judge under *safe to move* and under *same every round*."""

OTHER: tuple[Judge, Judge] = (_refused, _parts)
"""Any other kind (a dict or set display, ``*x``, a slice; operators and contexts):
refused when moved, judged by its parts for sameness."""


def first_refusal(expr: ast.AST, policy: SafeToMove | SameEachRound) -> str | None:
    """Walk ``expr`` under ``policy``; the first refusal met (depth first, last
    part first), or ``None`` when every part is accepted."""
    todo: list[ast.AST] = [expr]
    while todo:
        node = todo.pop()
        row = next((KINDS[k] for k in type(node).__mro__ if k in KINDS), OTHER)
        verdict = row[policy.column](node, policy)
        if isinstance(verdict, str):
            return verdict
        todo.extend(verdict)
    return None
