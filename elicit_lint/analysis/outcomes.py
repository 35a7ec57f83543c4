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

A ``r.data`` read is translated only where the result is accepted on every
path to it, or where the required parameter keeps the failure
(:mod:`.data_reads`). Refused (reason given): a test of the result object's truth (``if r``, ``not r``,
``r or ...``, ``bool(r)``: always true in FastMCP 4.2.3, whatever the answer),
a test that tells decline from cancel apart (both become ``None``), any other use (returned, stored, passed on, read in a nested
function), and rebinding ``r``. The uses and their kinds come from
:func:`.result_uses.result_uses`, the query MCP016 reads too.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from . import data_reads, locate
from .response_types import Refused
from .result_uses import (
    ACCEPT,
    ACTION_TEST,
    ALL,
    BOUND,
    CANCEL,
    DATA,
    DECLINE,
    ISINSTANCE,
    MATCH,
    OPERAND,
    TRUTH,
    UNKNOWN_ATTRIBUTE,
    class_outcome,
    result_uses,
)

DECLINE_CANCEL = (
    "a branch tells decline from cancel apart (both become `None`): handle both "
    "alike, then run again"
)
OTHER_PATTERN = (
    "a `match` pattern other than the result classes: match only "
    "`AcceptedElicitation`, `DeclinedElicitation` and `CancelledElicitation`, then "
    "run again"
)


class MatchPlan:
    """A ``match r:`` turned into ``if p is not None: ... else: ...``.

    ``accept_case``/``other_case``: indexes into ``node.cases`` (``None`` when
    absent); ``capture``: the name bound by ``AcceptedElicitation(data=x)`` (the
    branch then starts with ``x = p``)."""

    __slots__ = ("accept_case", "accept_test", "capture", "node", "other_case", "param")
    node: ast.Match
    accept_case: int | None
    other_case: int | None
    capture: str | None
    param: str
    accept_test: str

    def __init__(  # a plain class: built before the fork, see rules.cases.Valid
        self, node: ast.Match, accept_case: int | None, other_case: int | None, capture: str | None,
        param: str = "", accept_test: str = "",
    ) -> None:
        self.node = node
        self.accept_case = accept_case
        self.other_case = other_case
        self.capture = capture
        self.param = param
        self.accept_test = accept_test


class Uses:
    """What the rewrite does to the body: ``replacements`` maps an ``ast`` expression
    to its new source; ``matches`` lists ``match`` statements to convert; ``tested``
    says whether any outcome test exists (then the parameter is optional)."""

    __slots__ = ("matches", "replacements", "tested")
    replacements: dict[ast.AST, str]
    matches: list[MatchPlan]
    tested: bool

    def __init__(self) -> None:  # a plain class: built before the fork, see rules.cases.Valid
        self.replacements = {}
        self.matches = []
        self.tested = False


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
            kind = class_outcome(alt.cls, qualify)
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
    uses = Uses()

    def put(test: ast.expr, outcomes: frozenset[str]) -> None:
        """Replace ``test`` by its translation; under ``not`` replace the ``not``
        by the opposite test (``p is None``, not ``not p is not None``)."""
        up = parents.get(test)
        if isinstance(up, ast.UnaryOp) and isinstance(up.op, ast.Not):
            code = _test_code(ALL - outcomes, param)
            uses.replacements[up] = _wrap(code, parents.get(up))
        else:
            code = _test_code(outcomes, param)
            uses.replacements[test] = _wrap(code, up)
        uses.tested = True

    found = result_uses(function, variable, parents, qualify)
    for use in found:
        if use.kind == BOUND:
            if isinstance(ask, (ast.Assign, ast.AnnAssign)) and use.at is ask:
                continue
            raise Refused(locate.bound_again(variable))
        if use.nested:
            raise Refused(locate.escapes(variable, "read in a nested function"))
        if use.kind == DATA:
            uses.replacements[use.at] = param
        elif use.kind == ACTION_TEST:
            put(use.at, use.outcomes)
        elif use.attr == "action":
            raise Refused(
                f"`{variable}.action` is used outside an outcome test: compare it "
                f'(`{variable}.action == "accept"`), then run again'
            )
        elif use.kind == ISINSTANCE:
            if use.outcomes is None:
                raise Refused(
                    f"`isinstance({variable}, ...)` with a class other than the result "
                    "classes: test only those, then run again"
                )
            put(use.at, use.outcomes)
        elif use.kind in (TRUTH, OPERAND):
            raise Refused(truthiness(variable))
        elif use.kind == MATCH:
            match = _match_plan(use.at, qualify)
            match.param = param
            match.accept_test = _test_code({ACCEPT}, param)
            uses.matches.append(match)
            uses.tested = True
        elif use.kind == UNKNOWN_ATTRIBUTE and use.attr:
            raise Refused(locate.not_an_attribute(variable, use.attr))
        else:
            raise Refused(locate.escapes(variable))
    if not any(use.kind == DATA for use in found):
        # an answer whose value is never read: the original goes on after a decline
        # or cancel, so the parameter is optional (`None` then), never required
        uses.tested = True
    # a `.data` read is translated only where it keeps the outcome (fresh user F3)
    data_reads.check(variable, ask, found, uses.tested, parents, qualify)
    return uses
