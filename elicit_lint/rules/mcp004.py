"""MCP004: a resolver parameter nothing can fill."""

from __future__ import annotations

from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..core import messages
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import Model
from ..model.scopes import parameter_defaults
from .base import Rule
from .cases import Invalid, Valid


class UnknownResolverParameter(Rule):
    """## What it does
    Finds a resolver parameter that is neither a parameter of the tool using
    the resolver nor a `Depends(...)` (nor a `Context`).

    ## Why is this bad?
    A resolver's parameters are filled by name from the tool's arguments and
    its other elicited parameters; `Depends(...)` defaults and a `Context` are
    injected. Any other name has no value to give: `@declared_elicitation`
    rejects the tool with a `TypeError` (this same message) when the module is
    imported. It is usually a typo or a parameter renamed in the tool only.
    A plain default does not help: the engine fills resolver parameters by
    name only.
    """

    code = "MCP004"
    name = "unknown-resolver-parameter"
    invalid = (
        Invalid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit


def which_airport(destination: str) -> str | Elicit[str]:
    return Elicit(f"Which airport in {destination}?", response_type=str)


async def book(
    city: str,
    airport: Annotated[str, Elicit(which_airport)],
) -> str:
    return airport
''',
            message='Resolver `which_airport` asks for `destination`, which is neither a parameter of `book` nor a `Depends(...)`',
            span=((6, 19), (6, 35)),
        ),
        '''
from typing import Annotated
from elicit_lint.runtime import Elicit

def which_airport(destination: str) -> str | Elicit[str]:
    return Elicit(f"Which airport in {destination}?", response_type=str)

async def book(city: str, airport: Annotated[str, Elicit(which_airport)]) -> str:
    return airport
''',
    )
    valid = (
        Valid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit


def which_airport(destination: str) -> str | Elicit[str]:
    return Elicit(f"Which airport in {destination}?", response_type=str)


async def book(
    destination: str,
    airport: Annotated[str, Elicit(which_airport)],
) -> str:
    return airport
'''
        ),
        '''
from typing import Annotated
from fastmcp import Context
from fastmcp.dependencies import Depends
from elicit_lint.runtime import Elicit

def get_db():
    return {}

def which_airport(destination: str, ctx: Context, db=Depends(get_db)) -> str | Elicit[str]:
    return Elicit(f"Which airport in {destination}?", response_type=str)

async def book(destination: str, airport: Annotated[str, Elicit(which_airport)]) -> str:
    return airport
''',
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        seen: set[tuple] = set()
        for params in model.elicited_by_function().values():
            function = params[0].function
            known = {arg.arg for arg, _default, _kind in parameter_defaults(function.node.args)}
            for param in params:
                resolver = param.marker.resolver
                if param.marker.family != "elicit" or resolver is None:
                    continue
                for rp in resolver.parameters:
                    if rp.kind not in ("dependency", "defaulted") or rp.name in known:
                        continue
                    message = messages.unknown_resolver_parameter(resolver.name, rp.name, function.name)
                    key = (rp.span, message)
                    if key not in seen:
                        seen.add(key)
                        yield self.diagnostic(model, rp.span, message)
