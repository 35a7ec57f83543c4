"""MCP023: a default on an SDK ``Resolve`` parameter."""

from __future__ import annotations

from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import Model
from ._sdk import OUTCOME_EXAMPLE, resolve_parameters
from .base import Rule
from .cases import Invalid, Valid


class SdkResolveDefault(Rule):
    """## What it does
    Finds a default on a parameter `Annotated[T, Resolve(fn)]` of the MCP
    Python SDK v2.

    ## Why is this bad?
    `MCPServer` never uses the default: the resolver always runs, and a
    declined or cancelled question still fails the call ("Resolver for
    parameter 'p' could not resolve: elicitation was decline"). The default
    reads as a fallback that does not exist. The SDK does not catch it.

    ## Use instead
    To handle decline and cancel, take the whole outcome,
    `Annotated[ElicitationResult[T], Resolve(fn)]`, and drop the default:
    """

    code = "MCP023"
    name = "sdk-resolve-default"
    invalid = (
        Invalid(
            '''
from typing import Annotated

from pydantic import BaseModel

from mcp.server.mcpserver import Elicit, MCPServer, Resolve

mcp = MCPServer("Bistro")


class Confirmation(BaseModel):
    confirm: bool


def ask(date: str) -> Elicit[Confirmation]:
    return Elicit(f"Book a table for {date}?", Confirmation)


@mcp.tool()
async def book_table(date: str, answer: Annotated[Confirmation | None, Resolve(ask)] = None) -> str:
    return "Booked." if answer and answer.confirm else "No booking made."
''',
            message='The default of `answer` is never used: `MCPServer` always runs the resolver, and a declined or cancelled question fails the call',
            help='To handle them, annotate `Annotated[ElicitationResult[T], Resolve(...)]` without a default',
            span=((19, 88), (19, 92)),
        ),
        # registered by a call, not a decorator
        '''
from typing import Annotated
from mcp.server.mcpserver import Elicit, MCPServer, Resolve
from pydantic import BaseModel

mcp = MCPServer("Shop")


class Item(BaseModel):
    name: str


async def ask_item() -> Elicit[Item]:
    return Elicit("Which item?", Item)


async def buy(item: Annotated[Item, Resolve(ask_item)] = Item(name="pen")) -> str:
    return item.name


mcp.add_tool(buy)
''',
    )
    valid = (
        Valid(OUTCOME_EXAMPLE),
        # the marker sits in a union: the tool never registers (MCP006 says so)
        Valid(
            '''
from typing import Annotated

from mcp.server.mcpserver import Elicit, MCPServer, Resolve
from pydantic import BaseModel

mcp = MCPServer("Desk")


class Login(BaseModel):
    username: str


async def ask_login() -> Elicit[Login]:
    return Elicit("Who are you?", Login)


@mcp.tool()
async def whoami(login: Annotated[Login, Resolve(ask_login)] | None = None) -> str:
    return login.username if login else ""
'''
        ),
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        for param, markers in resolve_parameters(model):
            if any(m.placement != "top" for m in markers):
                continue  # MCP006: the tool never registers, so no default is ever in play
            if param.default is not None and param.function.is_tool:
                yield self.diagnostic(
                    model,
                    model.span(param.default),
                    f"The default of `{param.name}` is never used: `MCPServer` always runs the "
                    "resolver, and a declined or cancelled question fails the call; to handle "
                    f"them, annotate `Annotated[ElicitationResult[T], Resolve(...)]` without a default",
                )
