"""MCP013: SDK v2 ``Resolve(fn)`` and the SDK ``Context`` on a FastMCP-served tool."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..analysis.annotation_reads import union_members
from ..analysis.facts import Analysis, verdict_text
from ..analysis.runtime_markers import runtime_marker
from ..core import messages
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import Model
from ..model.servers import FASTMCP, MCPSERVER
from .base import Rule
from .cases import Invalid, Valid


class SdkElicitingResolver(Rule):
    """## What it does
    Finds an SDK v2 parameter `Annotated[T, Resolve(fn)]` (`mcp.server.mcpserver`,
    mcp 2.3.0) on a tool registered on a server the module builds with
    `FastMCP(...)` (or `@tool` from `fastmcp.tools`), whose resolver asks the
    user or only computes a value, and a parameter of such a tool annotated
    with the SDK's `Context` (`mcp.server.mcpserver.Context`, bare,
    `Context[...]`, `| None`, `Optional[...]`, `Annotated[...]`, or as a string).
    A `Resolve(fn)` on the SDK's `MCPServer` is the SDK's own declared form and
    works on both eras: it is not reported; neither is one on a server the
    module does not build (the checker makes no claim it cannot show).

    ## Why is this bad?
    FastMCP does not honour the SDK's `Resolve` at all: on a `FastMCP` server
    such a parameter silently becomes model-supplied, so the model, not the
    user, answers the question. The equivalent there is `Annotated[T,
    Elicit(fn)]` with the resolver returning `Elicit(message,
    response_type=Schema)`; a resolver that returns a plain value keeps doing
    so (the runtime injects it without asking). FastMCP injects only its own
    `Context` (`fastmcp.Context`): an SDK `Context` parameter becomes a required
    argument of the tool's input schema, and every call that does not supply it
    fails.

    Each message on a `Resolve(fn)` ends with the verdict of `elicit-migrate`
    on the marker, from the same planner: "`elicit-migrate` can rewrite it" or
    "`elicit-migrate` cannot rewrite it: <reason>". No `--fix`: the rewrite's
    text comes from libcst; run `elicit-migrate`; an SDK `Context` is changed
    by hand.

    Also finds `elicit_lint.runtime`'s `Elicit` marker on a parameter annotated
    with the SDK's `ElicitationResult[T]` (`mcp.server.mcpserver`): its
    `AcceptedElicitation` is the SDK's class, not the one FastMCP's `ctx.elicit`
    returns, so `@declared_elicitation` refuses the tool at import with a
    `TypeError` (this same message); import `ElicitationResult` from
    `elicit_lint.runtime`.
    """

    code = "MCP013"
    name = "sdk-eliciting-resolver"
    invalid = (
        Invalid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit, declared_elicitation
from fastmcp import FastMCP
from mcp.server.mcpserver import ElicitationResult

mcp = FastMCP("Kiln")


@mcp.tool
@declared_elicitation
async def fire(hours: Annotated[ElicitationResult[int], Elicit("How many hours?")]) -> str:
    return hours.action
''',
            message=(
                "`hours` of `fire` is the MCP SDK's `ElicitationResult`, which holds the SDK's "
                "`AcceptedElicitation`, not the one FastMCP's `ctx.elicit` returns"
            ),
            help="Import `ElicitationResult` from `elicit_lint.runtime`",
            span=((12, 33), (12, 55)),
        ),
        Invalid(
            '''
from typing import Annotated

from fastmcp import FastMCP
from pydantic import BaseModel

from mcp.server.mcpserver import Elicit, Resolve

mcp = FastMCP("Bookshop")


class Quantity(BaseModel):
    copies: int


async def ask_quantity() -> Elicit[Quantity]:
    return Elicit("How many copies?", Quantity)


@mcp.tool()
async def reserve(quantity: Annotated[Quantity, Resolve(ask_quantity)]) -> str:
    return f"Reserved {quantity.copies}."
''',
            message='`Resolve(ask_quantity)` is not honoured by FastMCP: `quantity` becomes model-supplied',
            help='Declare it `Annotated[T, Elicit(ask_quantity)]`; `elicit-migrate` can rewrite it',
            span=((20, 49), (20, 70)),
        ),
        '''
from typing import Annotated

from fastmcp import FastMCP
from pydantic import BaseModel

from mcp.server.mcpserver import Elicit, Resolve

mcp = FastMCP("Bookshop")

class Quantity(BaseModel):
    copies: int

async def ask_quantity() -> Elicit[Quantity]:
    return Elicit("How many copies?", Quantity)

@mcp.tool()
async def reserve(quantity: Annotated[Quantity, Resolve(ask_quantity)]) -> str:
    return f"Reserved {quantity.copies}."
''',
        '''
from typing import Annotated

from fastmcp import FastMCP

from mcp.server.mcpserver import Resolve

mcp = FastMCP("Bookshop")

def check_stock(title: str) -> int:
    return 7

@mcp.tool()
async def reserve(title: str, stock: Annotated[int, Resolve(check_stock)]) -> str:
    return f"{stock} left"
''',
        '''
from fastmcp import FastMCP
from pydantic import BaseModel

from mcp.server.mcpserver import Context

mcp = FastMCP("Bistro")

class Confirmation(BaseModel):
    confirm: bool

@mcp.tool()
async def book_table(date: str, ctx: Context) -> str:
    result = await ctx.elicit(f"Book a table for {date}?", Confirmation)
    return "Booked." if result.action == "accept" else "No booking made."
''',
        # registered by a call, not a decorator
        '''
from typing import Annotated
from fastmcp import FastMCP
from mcp.server.mcpserver import Elicit, Resolve
from pydantic import BaseModel


mcp = FastMCP("Shop")


class Item(BaseModel):
    name: str


async def ask_item() -> Elicit[Item]:
    return Elicit("Which item?", Item)


async def buy(item: Annotated[Item, Resolve(ask_item)]) -> str:
    return item.name


mcp.add_tool(buy)
''',
    )
    valid = (
        Valid(
            '''
from typing import Annotated

from fastmcp import FastMCP
from pydantic import BaseModel

from elicit_lint.runtime import Elicit, declared_elicitation

mcp = FastMCP("Bookshop")


class Quantity(BaseModel):
    copies: int


async def ask_quantity() -> Elicit[Quantity]:
    return Elicit("How many copies?", response_type=Quantity)


@mcp.tool()
@declared_elicitation
async def reserve(quantity: Annotated[Quantity, Elicit(ask_quantity)]) -> str:
    return f"Reserved {quantity.copies}."
'''
        ),
        '''
from typing import Annotated

from mcp.server import MCPServer
from mcp.server.mcpserver import Resolve

mcp = MCPServer("Bookshop")

def check_stock(title: str) -> int:
    return 7

@mcp.tool()
async def reserve(title: str, stock: Annotated[int, Resolve(check_stock)]) -> str:
    return f"{stock} left"
''',
        '''
from typing import Annotated

from pydantic import BaseModel

from mcp.server import MCPServer
from mcp.server.mcpserver import Elicit, Resolve

mcp = MCPServer("Bistro")

class Confirmation(BaseModel):
    confirm: bool

async def ask_to_confirm(date: str) -> Elicit[Confirmation]:
    return Elicit(f"Book a table for {date}?", Confirmation)

@mcp.tool()
async def book_table(date: str, answer: Annotated[Confirmation, Resolve(ask_to_confirm)]) -> str:
    return "Booked." if answer.confirm else "No booking made."
''',

        '''
from mcp.server import MCPServer
from mcp.server.mcpserver import Context

mcp = MCPServer("Bistro")

@mcp.tool()
async def book_table(date: str, ctx: Context) -> str:
    result = await ctx.elicit(f"Book a table for {date}?", dict)
    return result.action
''',
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        if any(p.function.framework == FASTMCP for p, _ in _resolve_params(model)):
            # the SDK planner only for a FastMCP-served tool with a Resolve marker
            from ..analysis.sdk import SAMPLE, strip_unsafe

            for param, marker, verdict in analysis.sdk_findings():
                if verdict is not None and strip_unsafe(verdict) == SAMPLE:
                    continue  # MCP014
                if param.function.server("tool")[0] != FASTMCP:
                    continue  # works as written on MCPServer; unknown server: no claim
                fn = ast.unparse(marker.message) if marker.message is not None else "fn"
                head = (
                    f"`Resolve({fn})` is not honoured by FastMCP: `{param.name}` becomes "
                    f"model-supplied; declare it `Annotated[T, Elicit({fn})]`"
                )
                verdict = strip_unsafe(verdict) if verdict is not None else None
                yield self.diagnostic(model, marker.span, f"{head}; {verdict_text(verdict)}")
        yield from self._sdk_contexts(model)
        yield from self._sdk_outcomes(model)

    def _sdk_outcomes(self, model: Model) -> Iterator[Diagnostic]:
        """An ``elicit_lint.runtime`` ``Elicit`` marker on a parameter annotated with the
        SDK's ``ElicitationResult`` (``T | None`` too): ``@declared_elicitation``
        refuses it at decoration in the same words (``messages.sdk_outcome``)."""
        if "ElicitationResult" not in model.source:
            return
        for param in model.elicited_parameters:
            marker = param.marker
            if marker.type is None or not runtime_marker(param):
                continue
            outer = param.function.scope.parent or param.function.scope
            for arm in union_members(model, marker.type) or [marker.type]:
                head = arm.value if isinstance(arm, ast.Subscript) else arm
                name = outer.qualified_name(head) or ""
                if name.startswith("mcp.") and name.endswith(".ElicitationResult"):
                    yield self.diagnostic(model, model.span(arm), messages.sdk_outcome(param.name, param.function.name))
                    break

    def _sdk_contexts(self, model: Model) -> Iterator[Diagnostic]:
        """An SDK ``Context`` parameter of a tool a ``FastMCP(...)`` server serves."""
        if "mcpserver" not in model.source:
            return  # every binding of the SDK's Context spells its module (as for Resolve)
        for function in model.functions:
            if not function.is_tool or function.server("tool")[0] != FASTMCP:
                continue
            for arg, framework in model.context_parameters(function):
                if framework != MCPSERVER:
                    continue
                yield self.diagnostic(
                    model,
                    model.span(arg),
                    f"`{arg.arg}` is annotated with the SDK's `Context`, which FastMCP does not "
                    f"inject; `{arg.arg}` (`mcp.server.mcpserver.Context`) becomes a required "
                    "model-supplied argument and every call without it fails: annotate it "
                    "`fastmcp.Context` (its "
                    "`elicit` takes `response_type=`, not `schema=`)",
                )


def _resolve_params(model: Model):
    return [(p, m) for p in model.elicited_parameters for m in p.markers if m.family == "resolve"]
