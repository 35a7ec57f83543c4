"""MCP012: a confirmation with a fixed question in a tool that elicits other values."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import ElicitedParameter, Model
from ..model.annotation import is_none, type_arms
from .base import Rule
from .cases import Invalid, Valid

_CONFIRM_WORDS = re.compile(
    r"\b(confirm\w*|proceed|continue|sure|approve\w*|go ahead|ok|okay)\b|\b(it|this|that|these|them)\s*\?\s*$",
    re.IGNORECASE,
)
"""A question that asks to confirm something ("Confirm the booking?", "Proceed?",
"Are you sure?", "Book it?")."""
_CONFIRM_NAMES = frozenset(
    {"confirm", "confirmed", "confirmation", "proceed", "approve", "approved", "approval", "ok", "sure", "go"}
)
"""Parameter name parts (split on ``_``) that name a confirmation."""


def _fixed_question(param: ElicitedParameter) -> str | None:
    """The text of a question that can quote nothing: a plain string literal or a
    module-level string constant (an f-string with placeholders is left alone)."""
    question = param.marker.question
    if isinstance(question, ast.Constant) and isinstance(question.value, str):
        return question.value
    return None


def _is_bool(param: ElicitedParameter) -> bool:
    """Whether the answer is a ``bool`` (``bool`` or ``bool | None``; the builtin, not rebound;
    the ``T`` of an outcome-typed ``ElicitationResult[T]``)."""
    marker = param.marker
    outer = param.function.scope.parent or param.function.scope
    expr = marker.response_type if marker.response_type is not None else marker.answer_type
    if expr is None:
        return False
    arms = [arm for arm in type_arms(expr, outer.qualified_name) if not is_none(arm)]
    return (
        len(arms) == 1
        and isinstance(arms[0], ast.Name)
        and arms[0].id == "bool"
        and outer.last_binding("bool") is None
    )


def _is_confirmation(param: ElicitedParameter, question: str) -> bool:
    return bool(_CONFIRM_WORDS.search(question)) or any(
        part in _CONFIRM_NAMES for part in param.name.lower().split("_")
    )


class FixedConfirmation(Rule):
    """## What it does
    Finds a confirmation, an elicited `bool` parameter (or an outcome-typed
    `ElicitationResult[bool]` one) whose question is a fixed string ("Confirm the booking?", "Proceed?", "Book it?"), in a
    function that also elicits other values.

    ## Why is this bad?
    A question given as a string has no dependencies, so the engine asks it
    in the first round, together with the other independent questions
    (`elicit_lint.runtime`: every question whose dependencies are answered
    goes out at once, in signature order). The user confirms before anything
    is known: "Confirm the booking?" arrives next to "Where to?", and a "yes"
    approves whatever is answered later. The confirmation has to come after
    the values it approves and quote them, which only a resolver can do.

    Only a question that reads as a confirmation (it says "confirm",
    "proceed", "continue", "sure", "approve", "go ahead", "ok", or ends in
    "it?" / "this?" / "that?"), or a parameter named so (`confirm`,
    `approved`, `proceed`, ...), is reported: an independent yes/no option
    such as "Include archived items?" is fine in the first round.

    ## Use instead
    A resolver that takes the values and quotes them; it runs once they are
    answered:
    """

    code = "MCP012"
    name = "fixed-confirmation"
    invalid = (
        Invalid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit


async def book(
    destination: Annotated[str, Elicit("Where to?")],
    confirm: Annotated[bool, Elicit("Confirm the booking?")],
) -> str:
    return f"Booked {destination}" if confirm else "Cancelled"
''',
            message='Confirmation `confirm` of `book` asks a fixed question',
            help="'Confirm the booking?' goes out in the first round, with or before `destination`, so it cannot quote what it confirms: ask it from a resolver that takes those values and quotes them",
            span=((8, 30), (8, 60)),
        ),
        '''
from typing import Annotated

from elicit_lint.runtime import Elicit

async def book(
    destination: Annotated[str, Elicit("Where to?")],
    confirm: Annotated[bool, Elicit("Confirm the booking?")],
) -> str:
    return f"Booked {destination}" if confirm else "Cancelled"
''',
        '''
from typing import Annotated, Optional

import fastmcp.elicitation as fe

QUESTION = "Send it?"

async def send(
    recipient: Annotated[str, fe.Elicit("To whom?")],
    go: Annotated[Optional[bool], fe.Elicit(QUESTION)] = None,
) -> str:
    return recipient if go else ""
''',
        '''
from typing import Annotated

from elicit_lint.runtime import Elicit, ElicitationResult

async def book(
    city: Annotated[str, Elicit("Where to?")],
    confirm: Annotated[ElicitationResult[bool], Elicit("Confirm the booking?")],
) -> str:
    return city if confirm.action == "accept" and confirm.data else ""
''',
    )
    valid = (
        Valid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit


def confirm_booking(destination: str) -> Elicit[bool]:
    return Elicit(f"Book a flight to {destination}?", response_type=bool)


async def book(
    destination: Annotated[str, Elicit("Where to?")],
    confirm: Annotated[bool, Elicit(confirm_booking)],
) -> str:
    return f"Booked {destination}" if confirm else "Cancelled"
'''
        ),
        '''
from typing import Annotated

from elicit_lint.runtime import Elicit

def confirm_booking(destination: str) -> Elicit[bool]:
    return Elicit(f"Book a flight to {destination}?", response_type=bool)

async def book(
    destination: Annotated[str, Elicit("Where to?")],
    confirm: Annotated[bool, Elicit(confirm_booking)],
    include_archived: Annotated[bool, Elicit("Include archived items?")] = False,
) -> str:
    return f"Booked {destination}" if confirm else "Cancelled"
''',
        '''
from typing import Annotated

from elicit_lint.runtime import Elicit

TABLE = "users"

async def drop(confirm: Annotated[bool, Elicit("Confirm dropping the table?")]) -> str:
    return "dropped" if confirm else "kept"

async def drop_named(
    name: Annotated[str, Elicit("Which table?")],
    confirm: Annotated[bool, Elicit(f"Drop {TABLE}?")],
    sure: Annotated[str, Elicit("Are you sure? Type the name again")],
) -> str:
    return name
''',
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        for params in model.elicited_by_function().values():
            asked = [p for p in params if p.marker.family == "elicit" and p.marker.honoured]
            if len(asked) < 2:
                continue
            for param in asked:
                question = _fixed_question(param)
                if question is None or not _is_bool(param) or not _is_confirmation(param, question):
                    continue
                others = [p.name for p in asked if p is not param]
                yield self.diagnostic(model, param.marker.span, _message(param, question, others))


def _message(param: ElicitedParameter, question: str, others: list[str]) -> str:
    shown = ", ".join(f"`{name}`" for name in others[:3]) + (", ..." if len(others) > 3 else "")
    return (
        f"Confirmation `{param.name}` of `{param.function.name}` asks a fixed question; "
        f"{question!r} goes out in the first round, with or before {shown}, so it cannot quote what "
        "it confirms: ask it from a resolver that takes those values and quotes them"
    )
