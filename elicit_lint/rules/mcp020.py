"""MCP020: ``@declared_elicitation`` above the tool decorator."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..core import messages
from ..core.diagnostic import Applicability, Diagnostic, Edit, Fix, Location
from ..core.settings import RuleSettings
from ..model import Function, Model
from ..model.names import DECLARED_ELICITATION
from .base import Rule
from .cases import Invalid, Valid

_DECORATOR_FORMS = ("decorator", "decorator-call", "function-decorator")


class DecoratorAboveTool(Rule):
    """## What it does
    Finds `@declared_elicitation` placed above the tool decorator
    (`@mcp.tool`, `@mcp.tool(...)`, `@tool`).

    ## Why is this bad?
    Decorators apply bottom-up. Above `@mcp.tool`, `@declared_elicitation`
    would receive the function FastMCP has already registered, with its
    elicited parameters still in the signature, and its wrapper would never
    be what FastMCP calls. The runtime refuses it: importing the module
    raises a `TypeError` with this same message. It must sit directly under
    the tool decorator. Applied twice (after a merge, or a second hand pass),
    the outer copy sees a function without elicited parameters and hands the
    inner copy's 2026-07-28 question result back as the tool's result: every
    call on that era fails. The runtime refuses that too, with the same message.

    ## Fix safety
    The fix swaps the two decorator lines (comments on them move with them)
    and is safe: the module cannot be imported as written. It is offered only
    when the two decorators are adjacent, on consecutive lines with no
    comment or blank line between them, and each fits on its own line;
    otherwise move `@declared_elicitation` by hand. A second
    `@declared_elicitation` has no fix: delete one by hand.
    """

    code = "MCP020"
    name = "decorator-above-tool"
    invalid = (
        Invalid(
            '''
from typing import Annotated

from fastmcp import FastMCP
from elicit_lint.runtime import Elicit, declared_elicitation

mcp = FastMCP("Booking")


@declared_elicitation
@mcp.tool
async def book(destination: Annotated[str, Elicit("Where to?")]) -> str:
    return f"Booked {destination}"
''',
            message='`@declared_elicitation` sits above the tool decorator on `book`',
            help='It must sit under it (`@mcp.tool` first, then `@declared_elicitation`)',
            span=((9, 2), (9, 22)),
        ),
        '''
from typing import Annotated
from fastmcp import FastMCP
from elicit_lint.runtime import Elicit, declared_elicitation

mcp = FastMCP("Booking")

@declared_elicitation
@mcp.tool
async def book(destination: Annotated[str, Elicit("Where to?")]) -> str:
    return destination
''',
        '''
from __future__ import annotations
from typing import Annotated
from fastmcp.tools import tool as register
import elicit_lint.runtime as rt

@rt.declared_elicitation(run_in_thread=False)
@register(name="book")
def book(destination: "Annotated[str, rt.Elicit('Where to?')]") -> str:
    return destination
''',
        '''
from typing import Annotated
from fastmcp import FastMCP
from elicit_lint.runtime import Elicit, declared_elicitation

mcp = FastMCP("Booking")

@declared_elicitation
# registered under its own name
@mcp.tool
async def book(destination: Annotated[str, Elicit("Where to?")]) -> str:
    return destination
''',
        '''
from typing import Annotated
from fastmcp import FastMCP
from elicit_lint.runtime import Elicit, declared_elicitation

mcp = FastMCP("Booking")

@mcp.tool
@declared_elicitation
@declared_elicitation
async def book(destination: Annotated[str | None, Elicit("Where to?")] = None) -> str:
    return f"{destination}"
''',
    )
    valid = (
        Valid(
            '''
from typing import Annotated

from fastmcp import FastMCP
from elicit_lint.runtime import Elicit, declared_elicitation

mcp = FastMCP("Booking")


@mcp.tool
@declared_elicitation
async def book(destination: Annotated[str, Elicit("Where to?")]) -> str:
    return f"Booked {destination}"
'''
        ),
        '''
from typing import Annotated
from fastmcp import FastMCP
from elicit_lint.runtime import Elicit, declared_elicitation

mcp = FastMCP("Booking")

@mcp.tool
@declared_elicitation
async def book(destination: Annotated[str, Elicit("Where to?")]) -> str:
    return destination
''',
        '''
from typing import Annotated
from elicit_lint.runtime import Elicit

def declared_elicitation(fn):
    return fn

@declared_elicitation
@mcp.tool
async def book(destination: Annotated[str, Elicit("Where to?")]) -> str:
    return destination
''',
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        for function in model.functions:
            if not function.is_tool:
                continue
            decorators = function.node.decorator_list
            tool_indexes = [
                _index(decorators, r.node)
                for r in function.registrations
                if r.component == "tool" and r.form in _DECORATOR_FORMS
            ]
            if not tool_indexes:
                continue
            outer = function.scope.parent or function.scope
            seen = 0
            for i, deco in enumerate(decorators):
                head = deco.func if isinstance(deco, ast.Call) else deco
                if outer.qualified_name(head) != DECLARED_ELICITATION:
                    continue
                seen += 1
                if seen == 2:  # the runtime refuses it at import with the same words
                    yield self.diagnostic(model, model.span(deco), messages.declared_twice(function.name), None)
                below = [j for j in tool_indexes if j > i]
                if not below:
                    continue
                fix = _swap(model, function, i, below[0])
                message = messages.decorator_above_tool(function.name)
                yield self.diagnostic(model, model.span(deco), message, fix)


def _index(decorators: list[ast.expr], node: ast.expr) -> int:
    return next(i for i, d in enumerate(decorators) if d is node)


def _swap(model: Model, function: Function, upper: int, lower: int) -> Fix | None:
    if lower != upper + 1:
        return None
    a, b = function.node.decorator_list[upper], function.node.decorator_list[lower]
    if a.lineno != a.end_lineno or b.lineno != b.end_lineno or b.lineno != a.lineno + 1:
        return None  # multi-line, or a comment / blank line between: the swap would strand it
    rows = (a.lineno, b.lineno)
    texts = [model.lines.line(row) for row in rows]
    for deco, text in zip((a, b), texts):
        # ``@`` and the expression start the line (after indentation)
        start = model.span(deco).start.column - 1
        if text[:start].strip(" \t\f") != "@":
            return None
    edits = (
        Edit(texts[1], Location(rows[0], 1), Location(rows[0], len(texts[0]) + 1)),
        Edit(texts[0], Location(rows[1], 1), Location(rows[1], len(texts[1]) + 1)),
    )
    return Fix("Move `@declared_elicitation` under the tool decorator", edits, Applicability.SAFE)
