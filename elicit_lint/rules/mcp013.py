"""MCP013: SDK v2 ``Resolve(fn)`` with an eliciting resolver, any ``Resolve(fn)`` on
FastMCP, and the SDK ``Context`` on a FastMCP tool."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..analysis.facts import Analysis, verdict_text
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import Model
from .base import Rule
from .cases import Invalid, Valid


class SdkElicitingResolver(Rule):
    """## What it does
    Finds an SDK v2 parameter `Annotated[T, Resolve(fn)]` (`mcp.server.mcpserver`,
    mcp 2.3.0) whose resolver asks the user: it returns the SDK's
    `Elicit(message, Schema)`, directly or through a `Resolve(g)` dependency. On
    a tool registered on a server the module builds with `FastMCP(...)` it finds
    every `Resolve(fn)`, a resolver that only computes a value too. A value-only
    resolver on the SDK's `MCPServer` (or on a server the module does not build)
    works as written and is not reported. Also finds a parameter of such a
    FastMCP-served tool annotated with the SDK's `Context`
    (`mcp.server.mcpserver.Context`, bare, `Context[...]`, `| None`,
    `Optional[...]`, or as a string), as a server swapped from `MCPServer` keeps
    it (only files passing the prefilter are checked: one that asks with
    `ctx.elicit` or uses `Resolve` does).

    ## Why is this bad?
    The declared targets (`elicit_lint.runtime`, `fastmcp.elicitation`) run on
    FastMCP, and FastMCP does not honour the SDK's `Resolve` at all: on a
    `FastMCP` server such a parameter silently becomes model-supplied, so the
    model, not the user, answers the question. The equivalent there is
    `Annotated[T, Elicit(fn)]` with the resolver returning
    `Elicit(message, response_type=Schema)`; a resolver that returns a plain
    value keeps doing so (the runtime injects it without asking). A value-only
    resolver is ignored by FastMCP just the same: the model, not the resolver,
    supplies the value. FastMCP injects only its own `Context` (`fastmcp.Context`):
    an SDK `Context` parameter becomes a required argument of the tool's input
    schema, and every call that does not supply it fails.

    Each message on a `Resolve(fn)` ends with the verdict of `elicit-migrate` on the marker, from
    the same planner: "`elicit-migrate` can rewrite it" (a tool registered on a
    server the module builds with `FastMCP(...)`), or "`elicit-migrate` cannot
    rewrite it: <reason>". For a tool still served by `MCPServer` the verdict
    comes from planning the module as if its `MCPServer(...)` were
    `FastMCP(...)`: when that would rewrite every `Resolve(fn)` of its
    `MCPServer` tools, the reason says to swap the server for `FastMCP(...)` and
    run `elicit-migrate` again (the migration is: 1. swap `MCPServer(...)` for
    `FastMCP(...)`; 2. run `elicit-migrate`); otherwise it says not to swap
    ("... do not swap the server for `FastMCP(...)`: ... and even there
    elicit-migrate could not rewrite it: <reason>", or "line N: <reason>" for
    another tool of that server), since a parameter left as is on FastMCP is
    model-supplied. No `--fix`: the rewrite's text comes from libcst; run
    `elicit-migrate`; an SDK `Context` is changed by hand.
    """

    code = "MCP013"
    name = "sdk-eliciting-resolver"
    invalid = (
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
        findings = analysis.sdk_findings()
        if findings:  # the SDK planner (codemod.sdk) only for a file with a Resolve marker
            from ..analysis.sdk import SAMPLE, strip_unsafe
            from ..analysis.sdk_server import FASTMCP, server_of
        for param, marker, verdict in findings:
            if verdict is not None and strip_unsafe(verdict) == SAMPLE:
                continue  # MCP014
            fn = ast.unparse(marker.message) if marker.message is not None else "fn"
            if server_of(model, param.function)[0] == FASTMCP:
                head = (
                    f"`Resolve({fn})` is not honoured by FastMCP: `{param.name}` becomes "
                    f"model-supplied; declare it `Annotated[T, Elicit({fn})]`"
                )
                verdict = strip_unsafe(verdict) if verdict is not None else None
            else:
                head = (
                    f"SDK v2 `Resolve({fn})` with an eliciting resolver; its declared "
                    f"form on FastMCP is `Annotated[T, Elicit({fn})]`"
                )
            yield self.diagnostic(model, marker.span, f"{head}; {verdict_text(verdict)}")
        yield from self._sdk_contexts(model)

    def _sdk_contexts(self, model: Model) -> Iterator[Diagnostic]:
        """An SDK ``Context`` parameter of a tool a ``FastMCP(...)`` server serves."""
        if "mcpserver" not in model.source:
            return  # every binding of the SDK's Context spells its module (as for Resolve)
        from ..analysis.sdk_server import FASTMCP, server_of

        for function in model.functions:
            if not function.is_tool:
                continue
            scope = function.scope.parent or model.module_scope
            args = function.node.args
            found = [
                arg
                for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs]
                if arg.annotation is not None and _is_sdk_context(scope, arg.annotation)
            ]
            if not found or server_of(model, function)[0] != FASTMCP:
                continue  # the server is looked up only for a tool taking the SDK's Context
            for arg in found:
                yield self.diagnostic(
                    model,
                    model.span(arg),
                    f"`{arg.arg}` is annotated with the SDK's `Context`, which FastMCP does not "
                    f"inject; `{arg.arg}` (`mcp.server.mcpserver.Context`) becomes a required "
                    "model-supplied argument and every call without it fails: annotate it "
                    "`fastmcp.Context` (its "
                    "`elicit` takes `response_type=`, not `schema=`)",
                )


SDK_CONTEXTS = frozenset(
    {"mcp.server.mcpserver.Context", "mcp.server.mcpserver.context.Context"}
)
"""The SDK v2 ``Context`` (mcp 2.3.0 ``mcp/server/mcpserver/context.py``, re-exported
by ``mcp.server.mcpserver``); MCPServer injects it, FastMCP 4.2.3 does not."""

_WRAPPERS = frozenset({"typing.Optional", "typing.Union", "typing.Annotated"})


def _is_sdk_context(scope, annotation: ast.expr) -> bool:
    """Whether ``annotation`` is the SDK ``Context``: bare, subscripted
    (``Context[...]``), ``| None``, ``Optional[...]``, ``Union[...]``, the type of
    an ``Annotated[...]``, or a string annotation of one of these."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        try:
            annotation = ast.parse(annotation.value.strip(), mode="eval").body
        except SyntaxError:
            return False
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        return _is_sdk_context(scope, annotation.left) or _is_sdk_context(
            scope, annotation.right
        )
    if isinstance(annotation, ast.Subscript):
        head = scope.qualified_name(annotation.value)
        if head in _WRAPPERS:
            inner = annotation.slice
            items = inner.elts if isinstance(inner, ast.Tuple) else [inner]
            if head == "typing.Annotated":
                items = items[:1]
            return any(_is_sdk_context(scope, item) for item in items)
        annotation = annotation.value
    if isinstance(annotation, (ast.Name, ast.Attribute)):
        return scope.qualified_name(annotation) in SDK_CONTEXTS
    return False
