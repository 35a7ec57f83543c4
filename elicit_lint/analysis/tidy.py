"""Tidying translated code: what ruff would flag in a literal translation.

``not (p is not None)`` -> ``p is None`` (:func:`.text.negate`; ``not (a != b)`` -> ``a ==
b``: :func:`.text.negate_test`), ``p is not None and p is
not None`` -> once and, in a test, ``p is not None and p`` -> ``p``
(:func:`dedupe_tests`), an ``assert`` repeating its ``if``
(:func:`redundant_asserts`), and the parameter named after a ``match`` capture
rather than ``color_2`` + ``color = color_2`` (:func:`accept_capture`).
Standard library only (the planner runs on the checker's path).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable

from ..model.structure import walk
from .outcomes import _TIGHT
from .result_uses import data_read, truth_only
from .text import negate, negate_test  # noqa: F401 - the tidy step's negations

_SIMPLE_TEST = re.compile(r"(not )?[^\W\d]\w*( is (not )?None)?")


def dedupe_tests(
    function: ast.AST,
    replacements: dict[ast.AST, str],
    render: Callable[[ast.AST, dict[ast.AST, str]], str],
    parents: dict[ast.AST, ast.AST],
) -> None:
    """Drop the operands of a one-line ``and``/``or`` that the translation made
    identical: ``ok.action == "accept" and ok.data`` -> ``ok`` (not ``ok and ok``),
    ``r.action == "accept" and r.data is not None`` -> ``qty is not None``. Only
    duplicated plain tests (``p``, ``not p``, ``p is [not] None``) are merged;
    where only the truth of the ``BoolOp`` is used, ``p is not None and p`` ->
    ``p`` and ``p is None or not p`` -> ``not p`` (:func:`_drop_none_checks`).
    ``replacements`` gains the whole ``BoolOp``."""
    for node in walk(function):
        if (
            not isinstance(node, ast.BoolOp)
            or node in replacements
            or node.lineno != node.end_lineno
            or not any(n in replacements for n in ast.walk(node))
        ):
            continue
        texts = [render(v, replacements) for v in node.values]
        repeated = {t for t in texts if texts.count(t) > 1}
        unique = list(dict.fromkeys(texts))
        if repeated and not all(_SIMPLE_TEST.fullmatch(t) for t in repeated):
            continue
        if truth_only(node, parents):
            unique = _drop_none_checks(unique, isinstance(node.op, ast.And))
        if len(unique) == len(texts):
            continue
        joiner = " and " if isinstance(node.op, ast.And) else " or "
        text = joiner.join(unique)
        up = parents.get(node)
        if " " in text and isinstance(up, (ast.BoolOp, ast.UnaryOp, *_TIGHT)):
            text = f"({text})"
        replacements[node] = text


def _drop_none_checks(tests: list[str], conjunction: bool) -> list[str]:
    """``p is not None and p`` -> ``p``; ``p is None or not p`` -> ``not p``.

    Exact for every type of ``p`` where only the truth of the whole is used
    (:func:`.result_uses.truth_only`): ``None`` is falsy, so ``p`` alone is false exactly
    when the pair is, and ``bool(p)`` runs as often (once, when ``p`` is not
    ``None``). Only the value differs (``False`` against ``None``), which a truth
    test does not see. ``p is not None`` alone is never shortened: ``""``, ``0``
    and ``False`` are not ``None``."""
    guard, then = ("{} is not None", "{}") if conjunction else ("{} is None", "not {}")
    out: list[str] = []
    for text in tests:
        if out and re.fullmatch(r"[^\W\d]\w*", text.removeprefix("not ")):
            name = text.removeprefix("not ")
            if then.format(name) == text and out[-1] == guard.format(name):
                out[-1] = text
                continue
        out.append(text)
    return out


def accept_capture(
    function: ast.AST, variable: str | None, bindings: dict
) -> str | None:
    """The name ``case AcceptedElicitation(data=x)`` binds in a ``match variable:``
    of ``function``, when nothing else binds it (``bindings``: the function
    scope's): the parameter may take it, and the branch needs no ``x = p``."""
    if variable is None:
        return None
    for node in walk(function):
        if not isinstance(node, ast.Match) or not isinstance(node.subject, ast.Name):
            continue
        if node.subject.id != variable:
            continue
        for p in ast.walk(node):
            if isinstance(p, ast.MatchClass) and p.kwd_attrs == ["data"]:
                name = getattr(p.kwd_patterns[0], "name", None)
                if name and len(bindings.get(name, [])) == 1:
                    return name
    return None


def redundant_asserts(
    function: ast.AST,
    replacements: dict[ast.AST, str],
    render: Callable[[ast.AST, dict[ast.AST, str]], str],
) -> list[ast.Assert]:
    """``assert`` statements the translation made repeat the test of the ``if``
    they sit in (``if r.action == "accept": assert isinstance(r, Accepted...)`` ->
    ``if p is not None: assert p is not None``): to drop. Never an ``if``'s last
    statement (its body stays non-empty), never one with a message."""
    out: list[ast.Assert] = []
    for node in walk(function):
        if not isinstance(node, ast.If) or len(node.body) < 2:
            continue
        if not any(n in replacements for n in ast.walk(node.test)):
            continue
        test = render(node.test, replacements)
        for stmt in node.body[:-1]:
            if (
                isinstance(stmt, ast.Assert)
                and stmt.msg is None
                and render(stmt.test, replacements) == test
            ):
                out.append(stmt)
    return out


def data_alias(
    function: ast.AST,
    variable: str | None,
    bindings: dict,
    parents: dict[ast.AST, ast.AST],
) -> tuple[str, ast.Assign] | None:
    """``(x, statement)`` for an ``x = variable.data`` inside an ``if``, or in the
    function's own body (after ``if variable.action != "accept": return ...``),
    not the last statement of its block, when that is ``x``'s only binding and
    every read of ``x`` follows it in that block: the parameter may be named
    ``x`` and the statement (then ``x = x``) dropped."""
    if variable is None:
        return None
    for node in walk(function):
        read = data_read(node)
        if read is None or read[1] != variable:
            continue
        name = read[0]
        block = parents.get(node)
        if block is not function and not isinstance(block, ast.If):
            continue
        if node not in block.body[:-1]:
            continue
        if len(bindings.get(name, [])) != 1:
            continue
        after = block.body[block.body.index(node) + 1 :]
        inside = {id(n) for stmt in after for n in ast.walk(stmt)}
        if all(
            id(n) in inside
            for n in walk(function)
            if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)
        ):
            return name, node
    return None
