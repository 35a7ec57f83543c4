"""MCP006: an ``Elicit`` marker where it cannot be honoured."""

from __future__ import annotations

from collections.abc import Iterator

from .. import messages
from ..diagnostic import Diagnostic
from ..model import Model
from ..settings import RuleSettings
from .base import Rule


class MisplacedMarker(Rule):
    """## What it does
    Finds an `Elicit` marker the framework cannot honour: in a union arm other
    than `| None`, inside a container (`list[Annotated[...]]`) or nested inside
    another annotation.

    `Annotated[T, Elicit(...)] | None` and `Optional[Annotated[T, Elicit(...)]]`
    are fine: they mean the same as `Annotated[T | None, Elicit(...)]`.

    ## Why is this bad?
    The engine looks for the marker at the top level of the parameter's
    annotation. Anywhere else it is inert metadata: the parameter would be
    supplied by the model instead of asked, so `@declared_elicitation` rejects
    the tool with a `TypeError` (this same message) at import.

    ## Example
    ```python
    from typing import Annotated

    from elicit_lint.runtime import Elicit


    async def tag(tags: list[Annotated[str, Elicit("Which tag?")]]) -> str:
        return ", ".join(tags)
    ```

    ## Use instead
    ```python
    from typing import Annotated

    from elicit_lint.runtime import Elicit


    async def tag(tags: Annotated[list[str], Elicit("Which tags?")]) -> str:
        return ", ".join(tags)
    ```
    """

    code = "MCP006"
    name = "misplaced-marker"
    invalid = (
        '''
from typing import Annotated
from elicit_lint.runtime import Elicit

async def tag(tags: list[Annotated[str, Elicit("Which tag?")]]) -> str:
    return ", ".join(tags)
''',
        '''
from typing import Annotated
import elicit_lint.runtime as rt

async def pick(x: Annotated[int, rt.Elicit("Which number?")] | str) -> str:
    return str(x)
''',
    )
    valid = (
        '''
from typing import Annotated, Optional
from elicit_lint.runtime import Elicit

async def pick(
    a: Annotated[int, Elicit("A?")] | None = None,
    b: Optional[Annotated[int, Elicit("B?")]] = None,
    c: Annotated[int | None, Elicit("C?")] = None,
) -> str:
    return str((a, b, c))
''',
        '''
from typing import Annotated
from elicit_lint.runtime import Elicit

async def book(
    destination: str,
    airport: str,
    confirm: Annotated[bool, Elicit(lambda destination, airport: Elicit(f"Book {destination}/{airport}?", response_type=bool))],
) -> str:
    return "Booked" if confirm else "Cancelled"
''',
    )

    def check(self, model: Model, settings: RuleSettings) -> Iterator[Diagnostic]:
        for param in model.elicited_parameters:
            for marker in param.markers:
                if marker.family == "elicit" and not marker.honoured:
                    yield self.diagnostic(model, marker.span, messages.marker_misplaced(param.name, marker.placement))
