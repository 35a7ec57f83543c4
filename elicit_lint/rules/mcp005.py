"""MCP005: declared parameters mixed with a hand-written guard."""

from __future__ import annotations

from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..core import messages
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import Model, names
from .base import Rule
from .cases import Invalid, Valid


class MixedWithInputRequired(Rule):
    """## What it does
    Finds a tool that declares `Elicit` parameters and also returns
    `InputRequiredResult` (or is annotated to return it).

    ## Why is this bad?
    With declared parameters, the engine owns the tool's input rounds: it
    returns `InputRequiredResult` itself on 2026-07-28 connections and carries
    the answers in `request_state`. A body that returns its own
    `InputRequiredResult` competes for the same round and state, and on a
    handshake-era connection it raises the era error. `@declared_elicitation`
    rejects such a tool at import (an `InputRequiredResult` return annotation)
    or when it runs.
    """

    code = "MCP005"
    name = "mixed-with-input-required"
    invalid = (
        Invalid(
            '''
from typing import Annotated

import mcp_types
from elicit_lint.runtime import Elicit


async def book(
    city: Annotated[str, Elicit("Which city?")],
) -> str | mcp_types.InputRequiredResult:
    return mcp_types.InputRequiredResult(input_requests={})
''',
            message='Tool `book` declares `Elicit` parameters and also returns `InputRequiredResult`',
            help='Use one or the other',
            span=((9, 6), (9, 41)),
        ),
        '''
from typing import Annotated
from mcp import types as mcp_types
from elicit_lint.runtime import Elicit

async def book(city: Annotated[str, Elicit("Which city?")]) -> str:
    if not city:
        return mcp_types.InputRequiredResult(input_requests={})
    return city
''',
        '''
from typing import Annotated
from mcp_types import InputRequiredResult
from elicit_lint.runtime import Elicit

async def book(city: Annotated[str, Elicit("Which city?")]) -> "str | InputRequiredResult":
    return city
''',
        # registered by a call, not a decorator
        '''
from typing import Annotated
from fastmcp import FastMCP
from fastmcp.tools import Tool
from elicit_lint.runtime import Elicit, declared_elicitation
from mcp_types import InputRequiredResult

mcp = FastMCP("Shop")


@declared_elicitation
async def buy(item: Annotated[str, Elicit("Which item?")]) -> InputRequiredResult:
    ...


mcp.add_tool(Tool.from_function(buy))
''',
    )
    valid = (
        Valid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit


async def book(
    city: Annotated[str, Elicit("Which city?")],
    seat: Annotated[str, Elicit("Window or aisle?")],
) -> str:
    return f"{city} ({seat})"
'''
        ),
        '''
from mcp_types import InputRequiredResult

async def guard(name: str) -> str | InputRequiredResult:
    return InputRequiredResult(input_requests={})
''',
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        for params in model.elicited_by_function().values():
            function = params[0].function
            if not any(p.marker.family == "elicit" for p in params):
                annotated = [g for g in model.guards_of(function) if g.kind == "annotation"]
                sdk = any(p.marker.family == "resolve" for p in params)
                if sdk and annotated and function.framework != names.FASTMCP_FRAMEWORK:
                    yield self.diagnostic(
                        model,
                        annotated[0].span,
                        f"Tool `{function.name}` declares `Resolve` parameters and is annotated to "
                        "return `InputRequiredResult`: `InvalidSignature` when it is registered "
                        "(\"combines Resolve(...) parameters with an InputRequiredResult return\"); "
                        "use one or the other",
                    )
                continue
            guards = model.guards_of(function)
            if guards:
                yield self.diagnostic(model, guards[0].span, messages.mixed_with_input_required(function.name))
