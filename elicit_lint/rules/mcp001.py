"""MCP001: imperative elicitation."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import ElicitationSite, Model
from .base import Rule
from .cases import Invalid, Valid


def receiver_text(site: ElicitationSite) -> str:
    """``ctx.elicit`` / ``get_context().elicit`` as written (normalised by ``ast.unparse``)."""
    return ast.unparse(site.call.func)


class ImperativeElicitation(Rule):
    """## What it does
    Finds imperative elicitation: a call `<context>.elicit(...)` on a FastMCP
    `Context` inside a tool (or anywhere a context reaches).

    ## Why is this bad?
    `ctx.elicit()` asks the user in the middle of a tool call, which only the
    handshake-era protocol (2025-11-25 and earlier) allows. On a 2026-07-28
    (sessionless) connection, the one `fastmcp.Client` negotiates by default
    since FastMCP 4.0, the call raises a `ToolError`, and on a
    `stateless_http=True` server it hangs or fails. The code imports, runs and
    passes handshake-era tests, then breaks on the first modern client.

    A declared parameter, `Annotated[T, Elicit("question")]`, is asked before
    the body runs and serves both eras from one code path.

    Each finding's help line ends with the verdict of the codemod `elicit-migrate`
    on the site, from the same planner: "`elicit-migrate` can rewrite it" or
    "`elicit-migrate` cannot rewrite it: <reason>" (inside a loop, a `try`
    block, ...). There is no `--fix`: the rewrite's text is produced by
    libcst, which the checker does not load; run `elicit-migrate`.

    A receiver counts as a context only when the checker can show it: a
    parameter annotated `Context` (also `Context | None`, `Optional[Context]` or
    a string annotation), a `CurrentContext()` default, a `get_context()`
    result, a `Context(...)` instance, an unannotated parameter named `ctx` of
    a registered tool, or FastMCP middleware's `context.fastmcp_context` (the
    `context` of a hook such as `on_call_tool` in a `Middleware` subclass, or a
    parameter annotated `MiddlewareContext`), or `a or b` / `a if t else b`
    of those (`ctx = ctx or get_context()`). `self.session.elicit(...)` and
    `ctx.session.elicit(...)` are never findings. A call through a local alias
    (`elicit = ctx.elicit`, then `await elicit(...)`) is one when every binding
    of the alias in that function is `<context>.elicit`; `elicit-migrate` does
    not rewrite it.

    In middleware the message says so: there is no parameter to declare there;
    the question belongs to the tools the middleware wraps.

    Stub files (`.pyi`) are checked, as ruff checks them, but this rule does not
    apply there: a stub describes an interface and its bodies never run, so
    nothing in it raises; `elicit-migrate` leaves stubs alone too.
    """

    code = "MCP001"
    name = "imperative-elicitation"
    invalid = (
        Invalid(
            '''
from fastmcp import Context, FastMCP

mcp = FastMCP("Booking")


@mcp.tool
async def book(ctx: Context) -> str:
    destination = await ctx.elicit("Where to?", response_type=str)
    if destination.action == "accept":
        return f"Booked {destination.data}"
    return "Cancelled"
''',
            message='`ctx.elicit()` raises on modern (2026-07-28) connections',
            help='Declare the value as a parameter: `Annotated[T, Elicit(...)]`; `elicit-migrate` can rewrite it',
            span=((8, 25), (8, 67)),
        ),
        '''
from fastmcp import Context, FastMCP

mcp = FastMCP("demo")

@mcp.tool
async def greet(ctx: Context) -> str:
    result = await ctx.elicit("What is your name?", response_type=str)
    return result.data if result.action == "accept" else "stranger"
''',
        '''
from fastmcp.server.middleware import Middleware

class ConfirmCalls(Middleware):
    async def on_call_tool(self, context, call_next):
        answer = await context.fastmcp_context.elicit("Run it?", response_type=bool)
        if answer.action != "accept":
            raise PermissionError("not confirmed")
        return await call_next(context)
''',
        '''
from fastmcp.server.dependencies import get_context

async def helper() -> str:
    result = await get_context().elicit("Name?", response_type=str)
    return str(result)
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
async def book(destination: Annotated[str | None, Elicit("Where to?")] = None) -> str:
    if destination is None:
        return "Cancelled"
    return f"Booked {destination}"
'''
        ),
        '''
from typing import Annotated

from fastmcp import FastMCP
from elicit_lint.runtime import Elicit, declared_elicitation

mcp = FastMCP("demo")

@mcp.tool
@declared_elicitation
async def greet(name: Annotated[str, Elicit("What is your name?")]) -> str:
    return f"Hello, {name}"
''',
        '''
class Session:
    async def ask(self):
        # self.session.elicit(...) is the low-level session, not a Context
        return await self.session.elicit("Name?", requestedSchema={})
''',
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        if model.filename.endswith(".pyi"):
            return  # a stub's bodies never run; elicit-migrate rewrites .py files only
        for site in model.sites:
            where = "a parameter of the tools it wraps" if site.context.kind == "middleware" else "a parameter"
            message = (
                f"`{receiver_text(site)}()` raises on modern (2026-07-28) connections; "
                f"declare the value as {where}: `Annotated[T, Elicit(...)]`"
            )
            # the codemod's verdict: the planner runs once per model, on first ask
            message = f"{message}; {analysis.site_verdict(site).text}"
            yield self.diagnostic(model, site.span, message)
        for site in model.aliased_sites:
            alias, bound = receiver_text(site), ast.unparse(site.alias.value)
            where = "a parameter of the tools it wraps" if site.context.kind == "middleware" else "a parameter"
            yield self.diagnostic(
                model,
                site.span,
                f"`{alias}()` (`{bound}`) raises on modern (2026-07-28) connections; "
                f"declare the value as {where}: "
                f"`Annotated[T, Elicit(...)]`; `elicit-migrate` cannot rewrite it: it calls "
                f"`{bound}` through the alias `{alias}`",
            )
