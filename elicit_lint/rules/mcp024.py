"""MCP024: an SDK ``Resolve`` parameter annotated ``AcceptedElicitation[T]``."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import Model, names
from ._sdk import OUTCOME_EXAMPLE, resolve_parameters
from .base import Rule
from .cases import Invalid, Valid


class SdkAcceptedOnly(Rule):
    """## What it does
    Finds a parameter `Annotated[AcceptedElicitation[T], Resolve(fn)]` of the
    MCP Python SDK v2.

    ## Why is this bad?
    The annotation promises an accepted answer, but `MCPServer` injects the
    declined and cancelled outcomes (`DeclinedElicitation()`,
    `CancelledElicitation()`) into it just the same: a body that reads
    `.data` fails on decline. The SDK does not catch it.

    ## Use instead
    `ElicitationResult[T]` (the union of the three outcomes), and test the
    outcome before reading `.data`:
    """

    code = "MCP024"
    name = "sdk-accepted-only"
    invalid = (
        Invalid(
            '''
from typing import Annotated

from pydantic import BaseModel

from mcp.server.mcpserver import AcceptedElicitation, Elicit, MCPServer, Resolve

mcp = MCPServer("Bistro")


class Confirmation(BaseModel):
    confirm: bool


def ask(date: str) -> Elicit[Confirmation]:
    return Elicit(f"Book a table for {date}?", Confirmation)


@mcp.tool()
async def book_table(date: str, answer: Annotated[AcceptedElicitation[Confirmation], Resolve(ask)]) -> str:
    return "Booked." if answer.data.confirm else "No booking made."
''',
            message='`answer` is annotated `AcceptedElicitation[...]`, but `MCPServer` injects `DeclinedElicitation()` and `CancelledElicitation()` into it too',
            help='Annotate `ElicitationResult[...]` and test the outcome before reading `.data`',
            span=((19, 51), (19, 84)),
        ),
    )
    valid = (Valid(OUTCOME_EXAMPLE),)

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        for param, markers in resolve_parameters(model):
            marker = markers[0]
            kind = marker.type
            head = kind.value if isinstance(kind, ast.Subscript) else kind
            scope = param.function.scope.parent or model.module_scope
            if head is None or model.qualified_name(head, scope) != names.SDK_ACCEPTED:
                continue
            yield self.diagnostic(
                model,
                model.span(kind),
                f"`{param.name}` is annotated `AcceptedElicitation[...]`, but `MCPServer` injects "
                "`DeclinedElicitation()` and `CancelledElicitation()` into it too; annotate "
                "`ElicitationResult[...]` and test the outcome before reading `.data`",
            )
