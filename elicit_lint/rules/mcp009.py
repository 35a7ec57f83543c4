"""MCP009: an optional elicited parameter without a default."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..core import messages
from ..core.diagnostic import Applicability, Diagnostic, Edit, Fix
from ..core.settings import RuleSettings
from ..model import ElicitedParameter, Model
from ..model.annotation import is_none, type_arms
from ..model.scopes import parameter_defaults
from .base import Rule
from .cases import Invalid, Valid


def _is_optional(model: Model, param: ElicitedParameter) -> bool:
    marker = param.marker
    if marker.placement == "optional":  # Annotated[T, Elicit()] | None
        return True
    if marker.type is None:
        return False
    outer = param.function.scope.parent or param.function.scope
    return any(is_none(arm) for arm in type_arms(marker.type, outer.qualified_name))


def _resolver_gives_none(marker) -> bool:
    """The marker's resolver is annotated to return ``None`` as a value (``-> str |
    None | Elicit[str]``): then ``| None`` admits that value (a gate that asks
    nothing), not a decline, and a decline failing the call may be meant (the
    codemod writes such resolvers for questions the original asked only past a
    test)."""
    resolver = marker.resolver
    return resolver is not None and any(is_none(arm) for arm in resolver.value_types)


def _unavailable_gives_none(marker) -> bool:
    """``Elicit(..., unavailable=None)``: ``| None`` carries "the client could not be
    asked" (docs/runtime.md), not a decline, so a decline failing the call may be meant."""
    return any(
        k.arg == "unavailable" and isinstance(k.value, ast.Constant) and k.value.value is None
        for k in marker.call.keywords
    )


def _can_take_default(param: ElicitedParameter) -> bool:
    """Whether ``= None`` keeps the signature valid: a positional parameter may only
    gain a default when every positional parameter after it has one too."""
    after = False
    for arg, default, kind in parameter_defaults(param.function.node.args):
        if arg is param.arg:
            if kind != "positional":
                return kind == "keyword"
            after = True
        elif after and kind == "positional" and default is None:
            return False
    return after


class OptionalWithoutDefault(Rule):
    """## What it does
    Finds an elicited parameter typed `T | None` (or `Optional[T]`, or
    `Annotated[T, Elicit(...)] | None`) that has no default.

    ## Why is this bad?
    `| None` reads as "the person may decline", but the engine falls back to
    the parameter's *default* when a question is declined or cancelled, and
    there is none: the call fails with a `ToolError` ("The question for `seat`
    of `book` was declined and `seat` has no default", measured with
    `@declared_elicitation` on fastmcp 4.2.3, on both protocol eras).
    `= None` is what makes the question optional. Not reported when the
    marker's resolver is annotated to return `None` as a value (`-> str | None
    | Elicit[str]`): the `| None` then admits what the resolver gives when it
    asks nothing, and a decline failing the call may be meant. Nor with
    `Elicit(..., unavailable=None)`, where `None` means the client could not be
    asked.

    ## Fix safety
    The fix adds ` = None` after the annotation and is unsafe (applied with
    `--unsafe-fixes`): it changes what a decline or a cancel does, from failing
    the call to running the body with `None`. A body written for the failing
    call may then go ahead where it stopped before (`if confirm is False:
    return` lets `None` through to the destructive step), so read what the body
    does with `None` before applying it. When ` = None` would make a one-line
    signature longer than the project's line length (ruff's `line-length` of
    the nearest `pyproject.toml`, default 88), the fix lays the parameters out
    one a line with a trailing comma, as `elicit-migrate` lays out a rewritten
    signature and ruff format keeps it. No fix
    is offered for a positional parameter followed by positional parameters
    without defaults, where a default would be a `SyntaxError` ("non-default
    argument follows default argument"); move the parameter after them, or
    make it keyword-only, first.
    """

    code = "MCP009"
    name = "optional-without-default"
    invalid = (
        Invalid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit


async def book(seat: Annotated[str | None, Elicit("Window or aisle?")]) -> str:
    return seat or "no preference"
''',
            message='Elicited parameter `seat` of `book` is optional (`| None`) but has no default',
            help='A declined or cancelled question still fails the call with a `ToolError`',
            span=((6, 16), (6, 71)),
        ),
        '''
from typing import Annotated, Optional
from elicit_lint.runtime import Elicit

async def book(seat: Annotated[Optional[str], Elicit("Window or aisle?")]) -> str:
    return seat or "no preference"
''',
        '''
from __future__ import annotations
import typing as t
from elicit_lint.runtime import Elicit as Ask

async def book(*, seat: "t.Annotated[str | None, Ask('Window or aisle?')]", note: str) -> str:
    return seat or note
''',
        '''
from typing import Annotated
import fastmcp.elicitation as fe

async def book(seat: Annotated[str, fe.Elicit("Window or aisle?")] | None, note: str) -> str:
    return seat or note
''',
    )
    valid = (
        Valid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit


async def book(seat: Annotated[str | None, Elicit("Window or aisle?")] = None) -> str:
    return seat or "no preference"
'''
        ),
        '''
from typing import Annotated, Optional
from elicit_lint.runtime import Elicit

async def book(
    destination: Annotated[str, Elicit("Where to?")],
    seat: Annotated[Optional[str], Elicit("Window or aisle?")] = None,
    *,
    meal: "Annotated[str | None, Elicit('Meal?')]" = None,
) -> str:
    return destination
''',
        '''
from typing import Annotated
from elicit_lint.runtime import Elicit, ElicitationResult

async def paint(
    colour: Annotated[ElicitationResult[str] | None, Elicit("Colour?", unavailable=None)],
    size: Annotated[str | None, Elicit("Size?", unavailable=None)],
) -> str:
    return "done"
''',
        '''
from typing import Annotated, Optional

class Elicit:
    def __init__(self, question): ...

async def book(seat: Annotated[Optional[str], Elicit("Window or aisle?")], note: Optional[str]) -> str:
    return seat or note or ""
''',
        '''
from typing import Annotated

from elicit_lint.runtime import Elicit


def ask_when(urgent: bool) -> str | None | Elicit[str]:
    if not urgent:
        return None  # nothing asked: `| None` admits this value
    return Elicit("Pick a return date:")


async def renew(urgent: bool, when: Annotated[str | None, Elicit(ask_when)]) -> str:
    return when or "no date"
''',
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        for param in model.elicited_parameters:
            marker = param.marker
            if marker.family != "elicit" or not marker.honoured or param.default is not None:
                continue
            if param.arg in (param.function.node.args.vararg, param.function.node.args.kwarg):
                continue
            if not _is_optional(model, param) or _resolver_gives_none(marker) or _unavailable_gives_none(marker):
                continue
            fix = None
            if _can_take_default(param):
                end = model.span(param.arg.annotation).end
                edit = _laid_out(model, param, end) or Edit(" = None", end, end)
                fix = Fix("Add `= None`", (edit,), Applicability.UNSAFE)
            message = messages.optional_without_default(param.function.name, param.name)
            yield self.diagnostic(model, param.span, message, fix)


def _laid_out(model: Model, param: ElicitedParameter, end) -> Edit | None:
    """The fix's edit with the signature one parameter a line when ``= None`` would
    make its line longer than the project's ruff ``line-length`` (the nearest
    ``pyproject.toml``'s, as MCP017's fix and the codemod read it;
    :func:`.mcp009_layout.wrapped_default`); ``None``: the plain insertion."""
    from ..core.isort_sections import project_of
    from .mcp009_layout import wrapped_default

    node = param.function.node
    if end.row != node.lineno:
        return None
    line = model.lines.line(end.row)
    return wrapped_default(line, node, end.column - 1, project_of(model.filename).line_length)
