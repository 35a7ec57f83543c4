"""MCP001: imperative elicitation (the rule; its words per framework and place:
:mod:`.mcp001_words`)."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..analysis import locate
from ..analysis.facts import Analysis
from ..analysis.locate import ATTRIBUTE_CONTEXT, PASSED_CONTEXT
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import ElicitationSite, Model, names
from ._sdk import OUTCOME_EXAMPLE
from .base import Rule
from .cases import Invalid, Valid
from .mcp001_words import fastmcp_session_message, sdk_message

FASTMCP = names.FASTMCP_FRAMEWORK


def receiver_text(site: ElicitationSite) -> str:
    """``ctx.elicit`` / ``get_context().elicit`` as written (normalised by ``ast.unparse``)."""
    return ast.unparse(site.call.func)


class ImperativeElicitation(Rule):
    """## What it does
    Finds handshake-only calls: imperative elicitation `<context>.elicit(...)`
    and the other requests a server sends back to the client mid-call, on
    FastMCP and on the MCP Python SDK v2 (`MCPServer`): `ctx.elicit_url(...)`,
    `ctx.session.elicit/elicit_form/elicit_url/create_message/list_roots(...)`,
    `ctx.request_context.session.<same>(...)`, and the SDK helpers
    `elicit_with_validation(ctx.session, ...)` / `elicit_url(ctx.session, ...)`.

    ## Why is this bad?
    Such a call needs the back channel of the handshake-era protocol
    (2025-11-25 and earlier). On a 2026-07-28 (sessionless) connection, the one
    `fastmcp.Client` and the SDK's `Client` negotiate by default, it fails:
    FastMCP 4 raises a `ToolError`, the SDK raises `NoBackChannelError`
    (-32600); over streamable HTTP a `stateless_http=True` server fails on both
    eras. The code imports, runs and passes handshake-era tests, then breaks on
    the first modern client.

    One problem, one code: the message names the framework's words and its
    declared form, which depends on where the call is.
    - FastMCP: a declared parameter, `Annotated[T, Elicit("question")]` (our
      runtime), asked before the body runs, serves both eras. On 2026-07-28
      each round of questions is a new request, so a migrated tool's
      `Depends(...)` and the server's middleware run once per round (twice for
      one round of questions; docs/runtime.md, and `elicit-migrate` prints a
      `note (N):` for such tools).
    - SDK, in a tool: `Annotated[ElicitationResult[T], Resolve(fn)]` with `fn`
      returning `Elicit(message, T)` (keeps the decline/cancel branches;
      `Sample(...)` / `ListRoots()` for sampling and roots); inside a resolver:
      return `Elicit(...)` instead; in a prompt or resource: `MCPServer` serves
      resolvers on tools only; URL mode: `raise UrlElicitationRequiredError([...])`
      (-32042 on both eras); the low-level `Server`: return `InputRequiredResult`.
    - A file importing mcp 1.x's `mcp.server.fastmcp` (MCP017) is read after
      the rename: its `FastMCP`/`Context` are the SDK's `MCPServer`/`Context`.

    Each finding's help line on `ctx.elicit(...)` ends with the verdict of the
    codemod `elicit-migrate` on the site, from the same planner: "`elicit-migrate`
    can rewrite it" or "`elicit-migrate` cannot rewrite it: <reason>" (inside a
    loop, a `try` block, ...); the other calls are reported only. There is no
    `--fix`: the rewrite's text is produced by libcst, which the checker does
    not load; run `elicit-migrate`.

    A receiver counts as a context only when the checker can show it: a
    parameter annotated with a context class (FastMCP's `Context`, the SDK's
    `mcp.server.mcpserver.Context`, the low-level `ServerRequestContext`; also
    `X | None`, `Optional[X]`, `X[...]`, a string annotation or a type alias), a
    `CurrentContext()` default, a `get_context()` result, a `Context(...)`
    instance, the result of a call to a function of the module annotated
    `-> Context` (or `Context | None`), an unannotated parameter named `ctx` of
    a tool not served by
    `MCPServer` (which does not inject it: MCP022), FastMCP middleware's
    `context.fastmcp_context`, or `a or b` / `a if t else b` of those. Two more
    are proven from the whole module: an attribute of `self` (`self.ctx`) that
    every store in the module sets, in a method of the same class, from one of
    those (`self.ctx = ctx` in `__init__(self, ctx: Context)`; or a field
    `ctx: Context` of a `@dataclass`), and an unannotated helper parameter that
    a call of the helper fills with one of those (positionally or by keyword;
    other calls passing something else, such as a test's fake, do not refute it:
    the ask raises for the call that passes a context; a use of the helper other
    than a call, or a `*args` call, and it is not a context). `elicit-migrate`
    skips both and says what to do by hand. The SDK's
    `Context` on a FastMCP tool is not injected (MCP013). A call through a local
    alias (`elicit = ctx.elicit`, then `await elicit(...)`) counts when every
    binding of the alias in that function is `<context>.elicit`; `elicit-migrate`
    does not rewrite it.

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
        Invalid(
            '''
from fastmcp import Context, FastMCP

mcp = FastMCP("Greenhouse")


class Watering:
    def __init__(self, ctx: Context):
        self.ctx = ctx

    async def litres(self) -> int:
        reply = await self.ctx.elicit("Litres?", response_type=int)
        return reply.data if reply.action == "accept" else 0


@mcp.tool
async def water(ctx: Context) -> str:
    return f"{await Watering(ctx).litres()} l"
''',
            message="`self.ctx.elicit()` raises on modern (2026-07-28) connections",
            help=(
                "Declare the value as a parameter: `Annotated[T, Elicit(...)]`; `elicit-migrate` cannot "
                f"rewrite it: {ATTRIBUTE_CONTEXT}"
            ),
            span=((11, 23), (11, 68)),
        ),
        Invalid(
            '''
from fastmcp import Context, FastMCP

mcp = FastMCP("Greenhouse")


async def _ask(text, helper):
    reply = await helper.elicit(text, response_type=bool)
    return reply.action == "accept" and reply.data


@mcp.tool
async def prune(plant: str, ctx: Context) -> str:
    return "pruned" if await _ask(f"Prune {plant}?", ctx) else "kept"
''',
            message="`helper.elicit()` raises on modern (2026-07-28) connections",
            help=(
                "Declare the value as a parameter: `Annotated[T, Elicit(...)]`; `elicit-migrate` cannot "
                f"rewrite it: {PASSED_CONTEXT}"
            ),
            span=((7, 19), (7, 58)),
        ),
        '''
from fastmcp.server.dependencies import get_context

async def helper() -> str:
    result = await get_context().elicit("Name?", response_type=str)
    return str(result)
''',
    )
    invalid = invalid + (
        '''
from mcp.server.mcpserver import Context, MCPServer
from pydantic import BaseModel

mcp = MCPServer("Bistro")

class Confirmation(BaseModel):
    confirm: bool

@mcp.tool()
async def book_table(date: str, ctx: Context) -> str:
    result = await ctx.elicit(f"Book a table for {date}?", Confirmation)
    return "Booked." if result.action == "accept" else "No booking made."
''',
        '''
from mcp.server.mcpserver import Context, MCPServer
from pydantic import BaseModel

mcp = MCPServer("Bistro")

class Confirmation(BaseModel):
    confirm: bool

class Booking:
    def __init__(self, ctx: Context):
        self.ctx = ctx

    async def confirm(self, date: str) -> bool:
        result = await self.ctx.elicit(f"Book {date}?", schema=Confirmation)
        return result.action == "accept"

@mcp.tool()
async def book(date: str, ctx: Context) -> str:
    return "Booked." if await Booking(ctx).confirm(date) else "No booking made."
''',
        '''
from mcp.server.mcpserver import Context, MCPServer

mcp = MCPServer("Pay")

@mcp.tool()
async def pay(ctx: Context) -> str:
    result = await ctx.elicit_url("Pay here", url="https://pay.example", elicitation_id="p1")
    return result.action
''',
        '''
from fastmcp import Context, FastMCP

mcp = FastMCP("demo")

@mcp.tool
async def roots(ctx: Context) -> str:
    result = await ctx.session.list_roots()
    return str(result)
''',
        '''
from mcp.server import ServerRequestContext

async def call_tool(ctx: ServerRequestContext, params) -> str:
    answer = await ctx.session.elicit_form("Proceed?", {"type": "object", "properties": {}})
    return answer.action
''',
        '''
from mcp.server.elicitation import elicit_with_validation
from mcp.server.mcpserver import Context, MCPServer

mcp = MCPServer("x")

@mcp.prompt()
async def greet(ctx: Context) -> str:
    result = await elicit_with_validation(ctx.session, "Name?", dict)
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
from fastmcp import Context

async def ask(text, asker):
    # no call passes a context: not provably a context
    return await asker.elicit(text, response_type=str)

async def tool(ctx: Context, other) -> None:
    await ask("Name?", other)
    await ask("Name?", other.inner)
''',
        '''
class Session:
    async def ask(self):
        # self.session.elicit(...) is the low-level session, not a Context
        return await self.session.elicit("Name?", requestedSchema={})
''',
    )

    # the SDK's declared form (the same example MCP023 and MCP024 accept)
    valid = valid + (OUTCOME_EXAMPLE,)

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        if model.filename.endswith(".pyi"):
            return  # a stub's bodies never run; elicit-migrate rewrites .py files only
        for site in model.sites:
            if site.framework != FASTMCP:
                message = sdk_message(model, receiver_text(site), site.function, "form", site.framework)
                yield self.diagnostic(model, site.span, f"{message}; {analysis.site_verdict(site).text}")
                continue
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
            if site.framework != FASTMCP:
                head = sdk_message(model, f"{alias}", site.function, "form", site.framework)
                head = head.replace(f"`{alias}()`", f"`{alias}()` (`{bound}`)", 1)
            else:
                head = (
                    f"`{alias}()` (`{bound}`) raises on modern (2026-07-28) connections; "
                    f"declare the value as {where}: "
                    f"`Annotated[T, Elicit(...)]`"
                )
            yield self.diagnostic(
                model,
                site.span,
                f"{head}; `elicit-migrate` cannot rewrite it: it calls `{bound}` through the "
                f"alias `{alias}`: call `{bound}(...)` directly, then run again",
            )
        for call in model.handshake_calls:
            if call.via == "value":
                yield self.diagnostic(
                    model,
                    call.span,
                    f"`{call.shown}` passed as a value asks when it is called, and that call "
                    "raises on modern (2026-07-28) connections; `elicit-migrate` cannot "
                    f"rewrite it: {locate.CALLS_ONLY}",
                )
                continue
            if call.framework == FASTMCP:
                message = fastmcp_session_message(call.shown, call.mode)
            else:
                message = sdk_message(model, call.shown, call.function, call.mode, call.framework)
            yield self.diagnostic(
                model,
                call.span,
                f"{message}; `elicit-migrate` cannot rewrite it: {locate.handshake_reason(call.mode)}",
            )
