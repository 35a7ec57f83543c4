"""Outcome-branch translation: every use of an ``ctx.elicit`` result in the tool body.

After the rewrite the answer is a parameter ``p``: its value on accept, ``None``
on decline or cancel when the question has a decline branch (an optional
parameter). So each use of the result variable ``r`` is translated:

- ``r.data`` -> ``p``;
- a test true for *accept* only -> ``p is not None``; true for *decline or
  cancel* -> ``p is None``: ``r.action == "accept"``, ``!=``, ``in (...)``,
  ``not in``, ``isinstance(r, AcceptedElicitation)`` (or the tuple of the other
  two);
- ``match r:`` with ``AcceptedElicitation(...)`` / ``DeclinedElicitation()`` /
  ``CancelledElicitation()`` / ``_`` cases -> ``if``/``else`` (see :class:`MatchPlan`).

Refused (reason given): a test of the result object's truth (``if r``, ``not r``,
``r or ...``, ``bool(r)``: always true in FastMCP 4.2.3, whatever the answer),
a test that tells decline from cancel apart (both become ``None``), any other use (returned, stored, passed on, read in a nested
function), and rebinding ``r``.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, field

from ..model.structure import walk
from . import locate
from .response_types import Refused

DECLINE_CANCEL = (
    "a branch tells decline from cancel apart (both become `None`): handle both "
    "alike, then run again"
)
OTHER_PATTERN = (
    "a `match` pattern other than the result classes: match only "
    "`AcceptedElicitation`, `DeclinedElicitation` and `CancelledElicitation`, then "
    "run again"
)

ACCEPT, DECLINE, CANCEL = "accept", "decline", "cancel"
ALL = frozenset({ACCEPT, DECLINE, CANCEL})
_CLASSES = {
    "AcceptedElicitation": ACCEPT,
    "DeclinedElicitation": DECLINE,
    "CancelledElicitation": CANCEL,
}


@dataclass
class MatchPlan:
    """A ``match r:`` turned into ``if p is not None: ... else: ...``.

    ``accept_case``/``other_case``: indexes into ``node.cases`` (``None`` when
    absent); ``capture``: the name bound by ``AcceptedElicitation(data=x)`` (the
    branch then starts with ``x = p``)."""

    node: ast.Match
    accept_case: int | None
    other_case: int | None
    capture: str | None
    param: str = ""
    accept_test: str = ""


@dataclass
class Uses:
    """What the rewrite does to the body: ``replacements`` maps an ``ast`` expression
    to its new source; ``matches`` lists ``match`` statements to convert; ``tested``
    says whether any outcome test exists (then the parameter is optional)."""

    replacements: dict[ast.AST, str] = field(default_factory=dict)
    matches: list[MatchPlan] = field(default_factory=list)
    tested: bool = False


def _class_outcome(
    expr: ast.expr, qualify: Callable[[ast.expr], str | None]
) -> str | None:
    name = qualify(expr) or (expr.id if isinstance(expr, ast.Name) else None)
    if name is None and isinstance(expr, ast.Attribute):
        name = expr.attr
    return _CLASSES.get((name or "").rsplit(".", 1)[-1])


def _constants(node: ast.expr) -> set[str] | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)) and all(
        isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts
    ):
        return {e.value for e in node.elts}  # type: ignore[attr-defined]
    return None


def _test_code(outcomes: frozenset[str] | set[str], param: str) -> str:
    outcomes = frozenset(outcomes) & ALL
    if outcomes == {ACCEPT}:
        return f"{param} is not None"
    if outcomes == {DECLINE, CANCEL}:
        return f"{param} is None"
    if not outcomes or outcomes == ALL:
        raise Refused(
            "an outcome test that is always true or always false: drop it or write "
            "the test you mean, then run again"
        )
    raise Refused(DECLINE_CANCEL)


_TIGHT = (
    ast.Compare,
    ast.BinOp,
    ast.Attribute,
    ast.Subscript,
    ast.Call,
    ast.Await,
    ast.keyword,
)


def _wrap(text: str, parent: ast.AST | None) -> str:
    """Parenthesise a translated test where an operator binds tighter than ``is``."""
    tight = (
        isinstance(parent, _TIGHT)
        or isinstance(parent, ast.UnaryOp)
        and not isinstance(parent.op, ast.Not)
    )
    return f"({text})" if tight and " " in text else text


class _Parents:
    def __init__(self, parents: dict[ast.AST, ast.AST]):
        self.map = parents

    def __getitem__(self, node: ast.AST) -> ast.AST | None:
        return self.map.get(node)

    def inside_nested(self, node: ast.AST, root: ast.AST) -> bool:
        up = self.map.get(node)
        while up is not None and up is not root:
            if isinstance(
                up,
                (
                    ast.FunctionDef,
                    ast.AsyncFunctionDef,
                    ast.Lambda,
                    ast.ClassDef,
                    ast.ListComp,
                    ast.SetComp,
                    ast.DictComp,
                    ast.GeneratorExp,
                ),
            ):
                return True
            up = self.map.get(up)
        return False


def _match_plan(node: ast.Match, qualify) -> MatchPlan:
    accept: int | None = None
    others: list[int] = []
    capture = None
    for i, case in enumerate(node.cases):
        if case.guard is not None:
            raise Refused(
                "a `match` case with a guard: move the guard into the case body, then run again"
            )
        pattern = case.pattern
        alternatives = (
            pattern.patterns if isinstance(pattern, ast.MatchOr) else [pattern]
        )
        kinds: set[str] = set()
        for alt in alternatives:
            if (
                isinstance(alt, ast.MatchAs)
                and alt.pattern is None
                and alt.name is None
            ):
                kinds |= ALL - ({ACCEPT} if accept is not None else set())
                continue
            if not isinstance(alt, ast.MatchClass) or alt.patterns:
                raise Refused(OTHER_PATTERN)
            kind = _class_outcome(alt.cls, qualify)
            if kind is None:
                raise Refused(OTHER_PATTERN)
            if alt.kwd_attrs:
                if kind != ACCEPT or alt.kwd_attrs != ["data"]:
                    raise Refused(
                        "a `match` pattern reading attributes other than `data`: "
                        "read only `data=`, then run again"
                    )
                sub = alt.kwd_patterns[0]
                if not (
                    isinstance(sub, ast.MatchAs) and sub.pattern is None and sub.name
                ):
                    raise Refused(
                        "a `match` pattern that matches on the answer's value: capture "
                        "it (`data=x`) and test `x` in the case body, then run again"
                    )
                capture = sub.name
            kinds.add(kind)
        if kinds == {ACCEPT} and accept is None:
            accept = i
        elif kinds and ACCEPT not in kinds:
            others.append(i)
        else:
            raise Refused(
                "a `match` that mixes accept with decline or cancel: give accept a "
                "`case` of its own, then run again"
            )
    if len(others) > 1:
        bodies = {
            ast.dump(ast.Module(body=node.cases[i].body, type_ignores=[]))
            for i in others
        }
        if len(bodies) > 1:
            raise Refused(DECLINE_CANCEL)
    return MatchPlan(node, accept, others[0] if others else None, capture)


def truthiness(variable: str) -> str:
    """The reason for a test of the result object itself (``if r``, ``not r``,
    ``r or ...``, ``bool(r)``): FastMCP 4.2.3's result objects (pydantic models
    without ``__bool__``/``__len__``) are true whatever the answer, so no
    translation into a test of the answer keeps what the original does."""
    return (
        f"a test of the result object `{variable}` itself (always true in fastmcp, "
        f"whatever the answer): write the test you mean (`{variable}.action == "
        '"accept"`) or drop it, then run again'
    )


def _truth_tested(node: ast.expr, up: ast.AST | None) -> bool:
    """``node`` is used for its truth value: a ``not``/``and``/``or`` operand, the
    test of an ``if``/``while``/conditional expression/``assert``/comprehension
    filter, or the one argument of ``bool(...)``."""
    if isinstance(up, ast.UnaryOp) and isinstance(up.op, ast.Not):
        return True
    if isinstance(up, ast.BoolOp):
        return True
    if isinstance(up, (ast.If, ast.While, ast.IfExp, ast.Assert)) and up.test is node:
        return True
    if isinstance(up, ast.comprehension) and node in up.ifs:
        return True
    return (
        isinstance(up, ast.Call)
        and isinstance(up.func, ast.Name)
        and up.func.id == "bool"
        and up.args == [node]
    )


def analyse(
    function: ast.AST,
    variable: str,
    ask: ast.stmt,
    param: str,
    qualify: Callable[[ast.expr], str | None],
    parents: dict[ast.AST, ast.AST],
) -> Uses:
    """Translate every use of ``variable`` (bound by the ``ask`` statement) in ``function``.

    Raises :class:`Refused` with the reason when a use cannot be translated.
    ``parents``: the module's parent map (``Model.parents``).
    """
    parents = _Parents(parents)
    uses = Uses()

    def put(test: ast.expr, outcomes: set[str] | frozenset[str]) -> None:
        """Replace ``test`` by its translation; under ``not`` replace the ``not``
        by the opposite test (``p is None``, not ``not p is not None``)."""
        up = parents[test]
        if isinstance(up, ast.UnaryOp) and isinstance(up.op, ast.Not):
            code = _test_code(ALL - frozenset(outcomes), param)
            uses.replacements[up] = _wrap(code, parents[up])
        else:
            code = _test_code(outcomes, param)
            uses.replacements[test] = _wrap(code, up)
        uses.tested = True
    for node in walk(function):
        if not (isinstance(node, ast.Name) and node.id == variable):
            continue
        up = parents[node]
        if isinstance(node.ctx, ast.Store):
            if isinstance(ask, ast.Assign) and up is ask:
                continue
            if isinstance(ask, ast.AnnAssign) and up is ask:
                continue
            raise Refused(locate.bound_again(variable))
        if parents.inside_nested(node, function):
            raise Refused(locate.escapes(variable, "read in a nested function"))
        if (
            isinstance(up, ast.Attribute)
            and up.attr == "data"
            and isinstance(up.ctx, ast.Load)
        ):
            uses.replacements[up] = param
            continue
        if isinstance(up, ast.Attribute) and up.attr == "action":
            test = parents[up]
            if isinstance(test, ast.Compare) and test.left is up and len(test.ops) == 1:
                values = _constants(test.comparators[0])
                op = test.ops[0]
                if values is not None and isinstance(
                    op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn, ast.Is, ast.IsNot)
                ):
                    outcomes = values & ALL
                    if isinstance(op, (ast.NotEq, ast.NotIn, ast.IsNot)):
                        outcomes = ALL - outcomes
                    put(test, outcomes)
                    continue
            raise Refused(
                f"`{variable}.action` is used outside an outcome test: compare it "
                f'(`{variable}.action == "accept"`), then run again'
            )
        if (
            isinstance(up, ast.Call)
            and isinstance(up.func, ast.Name)
            and up.func.id == "isinstance"
            and len(up.args) == 2
            and up.args[0] is node
        ):
            classes = (
                up.args[1].elts if isinstance(up.args[1], ast.Tuple) else [up.args[1]]
            )
            kinds = {_class_outcome(c, qualify) for c in classes}
            if None in kinds:
                raise Refused(
                    f"`isinstance({variable}, ...)` with a class other than the result "
                    "classes: test only those, then run again"
                )
            put(up, kinds)  # type: ignore[arg-type]
            continue
        if _truth_tested(node, up):
            raise Refused(truthiness(variable))
        if isinstance(up, ast.Match) and up.subject is node:
            match = _match_plan(up, qualify)
            match.param = param
            match.accept_test = _test_code({ACCEPT}, param)
            uses.matches.append(match)
            uses.tested = True
            continue
        raise Refused(locate.escapes(variable))
    return uses
