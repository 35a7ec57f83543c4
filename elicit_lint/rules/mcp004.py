"""MCP004: a resolver parameter nothing can fill."""

from __future__ import annotations

from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..core import messages
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import Model, names
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

    Only a resolver defined in the tool's own module is read: one imported
    from another module (`from .resolvers import ask_count`) is not checked,
    and its wrong parameter shows only when the package is imported.
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
        # registered by a call, not a decorator
        '''
from typing import Annotated
from fastmcp import FastMCP
from fastmcp.tools import FunctionTool
from elicit_lint.runtime import Elicit, declared_elicitation

mcp = FastMCP("Shop")


def ask_size(colour: str) -> Elicit:
    return Elicit(f"Size of the {colour} shirt?")


@declared_elicitation
async def buy(size: Annotated[str, Elicit(ask_size)]) -> str:
    return size


shirt = FunctionTool.from_function(buy)
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
                if resolver is None:
                    continue
                sdk = param.marker.family == "resolve"
                if sdk and (function.framework == names.FASTMCP_FRAMEWORK or not function.is_tool):
                    continue  # FastMCP ignores `Resolve` (MCP013); a resolver's own are its tool's
                if sdk:
                    plain = known - {p.name for p in params}
                for rp in resolver.parameters:
                    if sdk:
                        if rp.kind in ("sdk-context", "resolved") or rp.name in plain:
                            continue
                        message = _sdk_message(resolver.name, rp.name, function.name)
                    elif rp.kind not in ("dependency", "defaulted", "sdk-context", "resolved") or rp.name in known:
                        continue
                    else:
                        message = messages.unknown_resolver_parameter(resolver.name, rp.name, function.name)
                    key = (rp.span, message)
                    if key not in seen:
                        seen.add(key)
                        yield self.diagnostic(model, rp.span, message)


def _sdk_message(resolver: str, parameter: str, tool: str) -> str:
    """The SDK's own words (mcp 2.3.0 ``src/mcp/server/mcpserver/resolve.py``)."""
    hint = " (an unannotated `ctx` is not injected: annotate it `Context`)" if parameter == "ctx" else ""
    return (
        f"Resolver `{resolver}` asks for `{parameter}`, which `MCPServer` cannot fill{hint}: "
        f"`InvalidSignature` when `{tool}` is registered (\"cannot be resolved: expected a "
        "Context, an Annotated[_, Resolve(...)], or a tool argument by name\")"
    )
