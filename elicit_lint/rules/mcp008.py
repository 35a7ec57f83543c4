"""MCP008: a resolver returning ``Elicit(<callable>)``."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..core import messages
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import Function, Model
from .base import Rule
from .cases import Invalid, Valid


def callable_message(call: ast.Call, function: Function) -> bool:
    """Whether ``Elicit(...)``'s message is provably a callable: a ``lambda``, or a
    name bound (in ``function``'s scope chain) only to a ``def`` or a ``lambda``."""
    keywords = {k.arg: k.value for k in call.keywords if k.arg}
    message = call.args[0] if call.args else keywords.get("message")
    if isinstance(message, ast.Lambda):
        return True
    if not isinstance(message, ast.Name):
        return False
    found = function.scope.lookup(message.id)
    if found is None:
        return False
    return all(
        b.kind == "function" or (b.kind == "assign" and isinstance(b.value, ast.Lambda)) for b in found[1]
    )


class ResolverReturnsCallable(Rule):
    """## What it does
    Finds a resolver that returns `Elicit(<callable>)`: an `Elicit` whose
    message is a function or a lambda instead of a question.

    ## Why is this bad?
    A resolver answers "what should be asked now?": it returns a value (nothing
    to ask) or `Elicit("question", ...)`. Resolvers do not chain by returning
    another resolver; the engine cannot ask a function, so the call fails with
    a `ToolError` (this same message) when the tool runs. To make one question
    depend on another answer, give the resolver a parameter named after that
    answer.
    """

    code = "MCP008"
    name = "resolver-returns-callable"
    invalid = (
        Invalid(
            '''
from elicit_lint.runtime import Elicit


def ask_city(country: str) -> Elicit[str]:
    return Elicit(f"Which city in {country}?", response_type=str)


def ask_destination(country: str) -> Elicit[str]:
    return Elicit(ask_city)
''',
            message='Resolver `ask_destination` returns `Elicit` with a callable',
            help='A resolver must return a value or `Elicit("question", ...)`',
            span=((9, 12), (9, 28)),
        ),
        '''
from elicit_lint.runtime import Elicit

def ask_city(country: str) -> Elicit[str]:
    return Elicit(f"Which city in {country}?", response_type=str)

def ask_destination(country: str) -> Elicit[str]:
    return Elicit(ask_city)
''',
        '''
from fastmcp.elicitation import Elicit

def ask(country: str):
    return Elicit(lambda: "Which city?")
''',
    )
    valid = (
        Valid(
            '''
from elicit_lint.runtime import Elicit


def ask_destination(country: str) -> Elicit[str]:
    return Elicit(f"Which city in {country}?", response_type=str)
'''
        ),
        '''
from elicit_lint.runtime import Elicit

QUESTION = "Which city?"

def ask_city(country: str) -> str | Elicit[str]:
    if country == "UK":
        return "London"
    return Elicit(QUESTION, response_type=str)
''',
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        for function in model.functions:
            for call in function.returned_markers:
                if callable_message(call, function):
                    yield self.diagnostic(
                        model, model.span(call), messages.resolver_returns_callable_marker(function.name)
                    )
