"""MCP028: an SDK resolver annotated with two question arms."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import Model
from ._sdk import resolve_parameters
from .base import Rule
from .cases import Invalid, Valid


class SdkResolverArms(Rule):
    """## What it does
    Finds a resolver of an SDK `Resolve(fn)` marker whose return annotation has
    two `Elicit[...]` / `Sample` / `ListRoots` arms (`-> Elicit[A] | Elicit[B]`,
    `-> Sample | Elicit[A]`).

    ## Why is this bad?
    A resolver asks one question. mcp 2.3.0 refuses the tool when it is
    registered (`InvalidSignature`: "return annotation has multiple
    Elicit/Sample/ListRoots arms; a resolver asks one question - split it into
    separate resolvers"), so the server does not start.

    ## Use instead
    One resolver per question:
    """

    code = "MCP028"
    name = "sdk-resolver-arms"
    invalid = (
        Invalid(
            '''
from typing import Annotated

from pydantic import BaseModel

from mcp.server.mcpserver import Elicit, MCPServer, Resolve

mcp = MCPServer("Shop")


class Login(BaseModel):
    username: str


class Confirm(BaseModel):
    ok: bool


def ask(returning: bool) -> Elicit[Login] | Elicit[Confirm]:
    return Elicit("Confirm?", Confirm) if returning else Elicit("Who are you?", Login)


@mcp.tool()
async def sign_in(returning: bool, login: Annotated[Login, Resolve(ask)]) -> str:
    return "ok"
''',
            message='Resolver `ask` returns `Elicit[Login] | Elicit[Confirm]`: `InvalidSignature` when its tool is registered ("multiple Elicit/Sample/ListRoots arms")',
            help='A resolver asks one question: split it into one resolver per question',
            span=((18, 29), (18, 60)),
        ),
    )
    valid = (
        Valid(
            '''
from typing import Annotated

from pydantic import BaseModel

from mcp.server.mcpserver import Elicit, MCPServer, Resolve

mcp = MCPServer("Shop")


class Login(BaseModel):
    username: str


def ask() -> Elicit[Login]:
    return Elicit("Who are you?", Login)


@mcp.tool()
async def sign_in(login: Annotated[Login, Resolve(ask)]) -> str:
    return login.username
'''
        ),
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        done: set[ast.AST] = set()
        for _param, markers in resolve_parameters(model):
            resolver = markers[0].resolver
            if resolver is None or resolver.node in done or len(resolver.sdk_arms) < 2:
                continue
            done.add(resolver.node)
            arms = " | ".join(ast.unparse(a) for a in resolver.sdk_arms)
            yield self.diagnostic(
                model,
                model.span(resolver.node.returns) if resolver.node.returns else resolver.name_span,
                f"Resolver `{resolver.name}` returns `{arms}`: `InvalidSignature` when its tool is "
                "registered (\"multiple Elicit/Sample/ListRoots arms\"); a resolver asks one "
                "question: split it into one resolver per question",
            )
