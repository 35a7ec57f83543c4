"""MCP007: a resolver's ``Elicit[X]`` disagrees with the parameter's type."""

from __future__ import annotations

from collections.abc import Iterator

from .. import messages
from ..diagnostic import Diagnostic
from ..model import Model
from ..model.typekeys import type_key, type_text
from ..settings import RuleSettings
from .base import Rule


class ResolverTypeMismatch(Rule):
    """## What it does
    Finds a resolver annotated `-> Elicit[X]` or `-> T | Elicit[X]` whose `X`
    differs from the type of the parameter it fills.

    Types are compared after normalisation (`Optional[X]` is `X | None`,
    `typing.List` is `list`, union arms are unordered, `Annotated` metadata is
    ignored, and a `None` arm of the parameter's type may be left out). A
    comparison the checker cannot be sure of (type aliases, type variables,
    names it cannot resolve) is never reported.

    ## Why is this bad?
    The question's answer is validated against `X` and then handed to a
    parameter declared as something else: the body receives a value of the
    wrong type. `@declared_elicitation` rejects the mismatch with a `TypeError`
    (this same message) at import.

    ## Example
    ```python
    from typing import Annotated

    from elicit_lint.runtime import Elicit


    def ask_seats(flight: str) -> int | Elicit[str]:
        return Elicit(f"How many seats on {flight}?", response_type=str)


    async def book(flight: str, seats: Annotated[int, Elicit(ask_seats)]) -> str:
        return f"{seats} on {flight}"
    ```

    ## Use instead
    ```python
    from typing import Annotated

    from elicit_lint.runtime import Elicit


    def ask_seats(flight: str) -> int | Elicit[int]:
        return Elicit(f"How many seats on {flight}?", response_type=int)


    async def book(flight: str, seats: Annotated[int, Elicit(ask_seats)]) -> str:
        return f"{seats} on {flight}"
    ```
    """

    code = "MCP007"
    name = "resolver-type-mismatch"
    invalid = (
        '''
from typing import Annotated
from elicit_lint.runtime import Elicit

def ask_seats(flight: str) -> int | Elicit[str]:
    return Elicit(f"How many seats on {flight}?", response_type=str)

async def book(flight: str, seats: Annotated[int, Elicit(ask_seats)]) -> str:
    return f"{seats} on {flight}"
''',
    )
    valid = (
        '''
from typing import Annotated, Optional, List
from elicit_lint.runtime import Elicit

def ask_tags(topic: str) -> "Elicit[list[str]]":
    return Elicit(f"Tags for {topic}?", response_type=list[str])

def ask_note(topic: str) -> str | Elicit[str]:
    return Elicit("Note?", response_type=str)

async def post(
    topic: str,
    tags: Annotated[List[str], Elicit(ask_tags)],
    note: Annotated[Optional[str], Elicit(ask_note)] = None,
) -> str:
    return topic
''',
        '''
from typing import Annotated, TypeVar
from elicit_lint.runtime import Elicit

UserId = str

def ask_user(team: str) -> Elicit[str]:
    return Elicit("Who?", response_type=str)

async def assign(team: str, user: Annotated[UserId, Elicit(ask_user)]) -> str:
    return user
''',
    )

    def check(self, model: Model, settings: RuleSettings) -> Iterator[Diagnostic]:
        for param in model.elicited_parameters:
            marker = param.marker
            resolver = marker.resolver
            if marker.family != "elicit" or not marker.honoured or resolver is None or not resolver.elicit_types:
                continue
            param_scope = param.function.scope.parent or param.function.scope
            resolver_scope = model.scopes[resolver.node].parent or model.module_scope
            expected = {type_key(marker.type, param_scope), type_key(marker.type, param_scope, drop_none=True)}
            if None in expected:
                continue
            for declared in resolver.elicit_types:
                key = type_key(declared, resolver_scope)
                if key is None or key in expected:
                    continue
                expected_text = type_text(marker.type, param_scope)
                if marker.placement == "optional":  # Annotated[T, M] | None declares T | None
                    expected_text += " | None"
                message = messages.resolver_type_mismatch(
                    resolver.name, type_text(declared, resolver_scope), param.name, expected_text
                )
                yield self.diagnostic(model, model.span(declared), message)
