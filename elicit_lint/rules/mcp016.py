"""MCP016: an imperative elicitation result used without checking its outcome.

Facts (fastmcp 4.2.3, mcp 2.3.0): ``Context.elicit`` returns
``AcceptedElicitation[T] | DeclinedElicitation | CancelledElicitation``
(``fastmcp/server/context.py``, every overload). ``AcceptedElicitation`` is
defined in ``fastmcp/server/elicitation.py`` with fields ``action`` and ``data``;
``DeclinedElicitation`` and ``CancelledElicitation`` come from
``mcp/server/elicitation.py`` with the one field ``action``. All three are
pydantic ``BaseModel`` subclasses, which define neither ``__bool__`` nor
``__len__``: every result is truthy.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..analysis import action_values
from ..analysis import result_uses as uses_of
from ..analysis.action_values import foreign_values
from ..analysis.facts import Analysis
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import ElicitationSite, ElicitedParameter, Model
from ..model.structure import guarded_by_try
from .base import Rule
from .cases import Invalid, Valid
from .mcp016_order import runs_before


def _start(node: ast.AST) -> tuple[int, int]:
    return node.lineno, node.col_offset


def _end(node: ast.AST) -> tuple[int, int]:
    return node.end_lineno, node.end_col_offset


class UncheckedElicitationResult(Rule):
    """## What it does
    Finds an imperative elicitation result used as if the user had answered:
    its `data` read before its outcome is checked, a truth test of it, or an
    attribute that the result classes do not have.

    In detail, for a result bound by `=` or `:=`, or read directly:

    - `result.data` read when no check of the outcome (`result.action`,
      `isinstance(result, ...)`, `match result:`) comes before it, or
      `(await ctx.elicit(...)).data` read directly;
    - a truth test of the result itself (`if result:`, `if not result:`,
      `bool(result)`);
    - an attribute that the result classes do not have (`result.value`,
      `result.content`, `result.accepted`, ...).
    - `result.action` compared with a value no result has (`== "yes"`), or a
      `case "yes":` of `match result.action:`.

    ## Why is this bad?
    `ctx.elicit` returns one of three objects (FastMCP 4.2.3):
    `AcceptedElicitation` (fields `action` and `data`), `DeclinedElicitation`
    and `CancelledElicitation` (field `action` only). Reading `.data` after a
    decline or a cancel raises `AttributeError`, so the tool crashes exactly
    when the user says no. The results are pydantic models without `__bool__`,
    so every one is truthy: `if result:` passes for a decline, a cancel and an
    accepted "no" (`data=False` on a `bool` question) alike. Any other
    attribute raises `AttributeError` whatever the user answers. `action` is
    only ever "accept", "decline" or "cancel" (the user's answer is in
    `data`): `result.action == "yes"` is always false, `!= "yes"` always true.

    A `.data` read inside a `try` that has handlers is not reported, nor one
    after the result has been passed on (to a helper, `hasattr`, a return),
    which may check it. Every such result also comes from an MCP001 finding:
    the declared form (`Annotated[T | None, Elicit(...)] = None`) turns a
    decline into the default and needs no check at all.

    An outcome-typed parameter (`reply: Annotated[ElicitationResult[T],
    Elicit(...)]`, `elicit_lint.runtime`) receives the same three objects, so
    its uses in the body are checked the same way, from the body's first
    statement.
    """

    code = "MCP016"
    name = "unchecked-elicitation-result"
    implies = frozenset({"MCP001"})
    invalid = (
        Invalid(
            '''
from fastmcp import Context


async def book(ctx: Context) -> str:
    result = await ctx.elicit("Where to?", response_type=str)
    confirm = await ctx.elicit(f"Book {result.data}?", response_type=bool)
    if confirm:
        return f"Booked {result.data}"
    return "Cancelled"
''',
            message='`result.data` is read before any check of `result.action`',
            help='A declined or cancelled elicitation has no `data` (`AttributeError`): check `.action == "accept"` first',
            span=((6, 40), (6, 51)),
            diagnostics=3,
        ),
        '''
from fastmcp import Context

async def book(ctx: Context) -> str:
    result = await ctx.elicit("Where to?", response_type=str)
    return f"Booked {result.data}"
''',
        '''
from fastmcp import Context

async def delete(ctx: Context) -> str:
    confirm = await ctx.elicit("Delete everything?", response_type=bool)
    if confirm:
        return "Deleted"
    return "Kept"
''',
        '''
from fastmcp.server.dependencies import get_context

async def book() -> str:
    name = (await get_context().elicit("Name?", response_type=str)).data
    return name
''',
        '''
from fastmcp import Context

async def book(ctx: Context) -> str:
    result = await ctx.elicit("Where to?", response_type=str)
    if result.action == "accept":
        return result.value
    return "Cancelled"
''',
        Invalid(
            '''
from fastmcp import Context

async def add(a: int, b: int, ctx: Context) -> str:
    result = await ctx.elicit("Add them?", response_type=str)
    if result.action == "yes":
        return str(a + b)
    match result.action:
        case "ok" | "sure":
            return "maybe"
    return "not added"
''',
            message='`result.action` is compared with "yes", which no elicitation result has: the test is always false',
            help='`action` is "accept", "decline" or "cancel" (the user\'s answer is in `result.data`): test `result.action == "accept"`, then read `result.data`',
            span=((5, 25), (5, 30)),
            diagnostics=2,
        ),
        Invalid(
            '''
from typing import Annotated
from elicit_lint.runtime import Elicit, ElicitationResult, declared_elicitation

@declared_elicitation
async def delete(sure: Annotated[ElicitationResult[bool], Elicit("Delete everything?")]) -> str:
    if sure:
        return "Deleted"
    return "Kept"
''',
            message='`sure` is an elicitation result, which is always truthy',
            help='A decline, a cancel and an accepted "no" (`data=False`) all pass this test: check `sure.action == "accept"` and `sure.data`',
            span=((6, 8), (6, 12)),
        ),
    )
    valid = (
        Valid(
            '''
from fastmcp import Context


async def book(ctx: Context) -> str:
    result = await ctx.elicit("Where to?", response_type=str)
    if result.action != "accept":
        return "Cancelled"
    confirm = await ctx.elicit(f"Book {result.data}?", response_type=bool)
    if confirm.action == "accept" and confirm.data:
        return f"Booked {result.data}"
    return "Cancelled"
'''
        ),
        '''
from fastmcp import Context
from fastmcp.server.elicitation import AcceptedElicitation

async def book(ctx: Context) -> str:
    result = await ctx.elicit("Where to?", response_type=str)
    if result.action == "accept":
        city = result.data
    else:
        return "Cancelled"
    confirm = await ctx.elicit(f"Book {city}?", response_type=bool)
    if not isinstance(confirm, AcceptedElicitation) or not confirm.data:
        return "Cancelled"
    again = await ctx.elicit("Anything else?", response_type=str)
    match again:
        case AcceptedElicitation():
            note = again.data
        case _:
            note = ""
    extra = await ctx.elicit("Seat?", response_type=str)
    seat = extra.data if extra.action == "accept" else None
    return f"Booked {city} {note} {seat} {extra.model_dump()}"
''',
        '''
from fastmcp import Context

async def book(ctx: Context) -> str:
    result = await ctx.elicit("Where to?", response_type=str)
    if not accepted(result):
        return "Cancelled"
    answer = await ctx.elicit("Sure?", response_type=bool)
    try:
        sure = answer.data
    except AttributeError:
        sure = False
    result = other()
    if result:
        return result.data
    return str(sure)
''',
        '''
from typing import Annotated
from elicit_lint.runtime import Elicit, ElicitationResult, declared_elicitation
from fastmcp.server.elicitation import AcceptedElicitation

@declared_elicitation
async def book(
    city: Annotated[ElicitationResult[str], Elicit("Where to?")],
    seat: Annotated[ElicitationResult[str], Elicit("Seat?")],
) -> str:
    if city.action != "accept":
        return "No booking"
    match seat:
        case AcceptedElicitation(data=where):
            return f"Booked {city.data} {where}"
    return f"Booked {city.data}"
''',
        '''
class Session:
    async def ask(self):
        result = await self.session.elicit("Name?", requestedSchema={})
        return result.content
''',
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        for site in model.sites:
            if site.await_node is None:
                continue
            key = site.function.node if site.function is not None else model.tree
            yield from self._direct(model, site, model.parents, key)
            for target in site.targets:
                yield from self._named(model, site, target, key)
            walrus = model.parent(site.await_node)
            if isinstance(walrus, ast.NamedExpr) and isinstance(walrus.target, ast.Name):
                yield from self._named(model, site, walrus.target.id, key, walrus)
        for param in model.elicited_parameters:
            if param.marker.outcome and param.marker.honoured and param.function.node.body:
                yield from self._outcome_parameter(model, param)

    def _direct(self, model: Model, site: ElicitationSite, parents, key) -> Iterator[Diagnostic]:
        """``(await ctx.elicit(...)).attr``."""
        use = uses_of.classify(site.await_node, parents)
        text = f"(await {ast.unparse(site.call)})"
        if use.kind == uses_of.DATA:
            if not guarded_by_try(use.at, parents, key):
                yield self.diagnostic(model, model.span(use.at), _data_message(text, direct=True))
        elif use.kind == uses_of.UNKNOWN_ATTRIBUTE:
            yield self.diagnostic(model, model.span(use.at), _attribute_message(text, use.attr))

    def _named(
        self, model: Model, site: ElicitationSite, name: str, key, walrus: ast.NamedExpr | None = None
    ) -> Iterator[Diagnostic]:
        """Uses of ``name`` after the site's statement (after ``walrus``, the
        ``(name := await ctx.elicit(...))`` binding it, which is a use itself), up to
        the next binding of it."""
        statement = walrus if walrus is not None else site.statement
        scope = site.function.scope if site.function is not None else model.module_scope
        yield from self._uses(model, scope, key, name, statement, _end(statement), walrus, _is_bool(site.response_type))

    def _outcome_parameter(self, model: Model, param: ElicitedParameter) -> Iterator[Diagnostic]:
        """An outcome-typed parameter: its uses from the start of the body."""
        function = param.function
        marker = param.marker
        asked = marker.response_type if marker.response_type is not None else marker.answer_type
        start = _start(function.node.body[0])
        yield from self._uses(model, function.scope, function.node, param.name, param.arg, start, None, _is_bool(asked))

    def _uses(
        self,
        model: Model,
        scope,
        key,
        name: str,
        binding: ast.AST,
        after: tuple[int, int],
        walrus: ast.NamedExpr | None,
        is_bool: bool,
    ) -> Iterator[Diagnostic]:
        """Uses of ``name`` in ``key`` from ``after`` up to its next binding (other than ``binding``)."""
        statement = binding
        rebound = [
            _start(b.node)
            for b in scope.bindings.get(name, ())
            if b.node is not statement and hasattr(b.node, "lineno") and _start(b.node) >= after
        ]
        until = min(rebound, default=(float("inf"), 0))
        parents = model.parents
        uses = sorted((n for n in model.references(key, name) if after <= _start(n) < until), key=_start)
        if walrus is not None:
            uses.insert(0, walrus)
        found = [uses_of.classify(use, parents) for use in uses]
        # A check in the same statement counts even when written after the read
        # (``x = r.data if r.action == "accept" else None``): its test runs first.
        # Not when the read runs first (``if r.data is None or r.action != "accept":``).
        checking: dict[int, list[ast.AST]] = {}
        for use in found:
            if use.kind not in _NOT_CHECKS:
                checking.setdefault(id(_statement(use.node, parents)), []).append(use.node)
        checked = False
        for use in found:
            if use.kind == uses_of.DATA:
                later = checking.get(id(_statement(use.node, parents)), [])
                first = all(runs_before(use.node, check, parents) for check in later)
                if not checked and first and not guarded_by_try(use.at, parents, key):
                    yield self.diagnostic(model, model.span(use.at), _data_message(name, direct=False))
            elif use.kind == uses_of.UNKNOWN_ATTRIBUTE:
                yield self.diagnostic(model, model.span(use.at), _attribute_message(name, use.attr))
            elif use.kind in (uses_of.ACTION, uses_of.ACTION_TEST) and isinstance(parents.get(use.node), ast.Attribute):
                for value in foreign_values(parents[use.node], parents):
                    yield self.diagnostic(model, model.span(value.at), action_values.message(name, value))
                checked = True
            elif use.kind == uses_of.TRUTH:
                if not _checked_alongside(use.node, parents, name):
                    yield self.diagnostic(model, model.span(use.node), _truth_message(name, is_bool))
            elif use.kind not in _NOT_CHECKS:
                checked = True


_NOT_CHECKS = frozenset(
    {uses_of.DATA, uses_of.UNKNOWN_ATTRIBUTE, uses_of.TRUTH, uses_of.MODEL_ATTRIBUTE, uses_of.ATTRIBUTE_WRITE}
)
"""The uses that cannot check the outcome (:mod:`.result_uses` kinds); every other
use (``.action``, compared, matched, ``isinstance``'d, passed on) may check it."""


def _checked_alongside(use: ast.expr, parents: dict[ast.AST, ast.AST], name: str) -> bool:
    """Whether the truth test sits in an ``and`` / ``or`` whose other operands read the
    same name (``if r and r.action == "accept"``): redundant, not wrong."""
    node: ast.AST = use
    parent = parents.get(node)
    while isinstance(parent, (ast.UnaryOp, ast.BoolOp)):
        if isinstance(parent, ast.BoolOp):
            for value in parent.values:
                if value is not node and any(
                    isinstance(n, ast.Name) and n.id == name for n in ast.walk(value)
                ):
                    return True
        node, parent = parent, parents.get(parent)
    return False


def _statement(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> ast.AST | None:
    while node is not None and not isinstance(node, ast.stmt):
        node = parents.get(node)
    return node


def _data_message(text: str, direct: bool) -> str:
    how = "directly" if direct else f"before any check of `{text}.action`"
    return (
        f"`{text}.data` is read {how}; a declined or cancelled elicitation has no `data` "
        "(`AttributeError`): check `.action == \"accept\"` first"
    )


def _is_bool(response_type: ast.expr | None) -> bool:
    return isinstance(response_type, ast.Name) and response_type.id == "bool"


def _truth_message(name: str, is_bool: bool) -> str:
    who = 'a decline, a cancel and an accepted "no" (`data=False`)' if is_bool else "a decline and a cancel"
    return (
        f"`{name}` is an elicitation result, which is always truthy; {who} all pass this test: "
        f"check `{name}.action == \"accept\"` and `{name}.data`"
    )


def _attribute_message(text: str, attr: str) -> str:
    return (
        f"`{text}.{attr}` does not exist on an elicitation result; it has `action`, and `data` "
        "when accepted (`AcceptedElicitation`, `DeclinedElicitation`, `CancelledElicitation`)"
    )
