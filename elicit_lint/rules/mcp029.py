"""MCP029: a call of a method FastMCP 4's ``Context`` does not have."""

from __future__ import annotations

from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import Model
from .base import Rule
from .cases import Invalid, Valid

_INSTEAD = {
    "sample": (
        "call a model from the server itself, or return an `InputRequiredResult` carrying "
        "a `CreateMessageRequest` and read the answer from `ctx.input_responses`"
    ),
    "list_roots": (
        "take the paths as tool arguments, or return an `InputRequiredResult` carrying a "
        "`ListRootsRequest` and read the answer from `ctx.input_responses`"
    ),
    "elicit_url": (
        "declare form questions with `Elicit`; the URL flow is `ctx.session.elicit_url(...)`, "
        "which needs a handshake-era connection (MCP001)"
    ),
}
_INSTEAD["sample_step"] = _INSTEAD["sample"]


class RemovedContextMethod(Rule):
    """## What it does
    Finds a call of a method that FastMCP 4's `Context` does not have:
    `ctx.sample(...)`, `ctx.sample_step(...)`, `ctx.list_roots()` (FastMCP 2
    and 3 had them; FastMCP 4 removed them) and `ctx.elicit_url(...)` (a
    method of the MCP SDK's `Context`, not FastMCP's). The receiver must be a
    FastMCP context as MCP001 proves one (an annotated parameter, a
    `get_context()` result, ...); the same calls on the SDK's `MCPServer`
    context, and `ctx.session.create_message(...)` /
    `ctx.session.list_roots()` on either, are MCP001's.

    ## Why is this bad?
    The attribute does not exist (fastmcp 4.2.3,
    `fastmcp_slim/fastmcp/server/context.py`; its own test
    `test_removed_server_initiated_methods_are_absent` checks that `Context`
    has no `sample`, `sample_step` or `list_roots`), so the call raises
    `AttributeError` on every protocol era, handshake and 2026-07-28 alike:
    the tool has not worked since the upgrade. Sampling and roots were
    requests from the server to the client, which the 2026-07-28 protocol
    no longer has (FastMCP's "Upgrading from FastMCP 3" guide).

    ## Use instead
    For sampling, call a model from the server; for roots, take the paths as
    tool arguments; when the caller must be asked, return an
    `InputRequiredResult` (FastMCP's "Sampling" and "Elicitation" pages):
    """

    code = "MCP029"
    name = "removed-context-method"
    invalid = (
        Invalid(
            '''
from fastmcp import Context, FastMCP

mcp = FastMCP("Notes")


@mcp.tool
async def summarise(text: str, ctx: Context) -> str:
    reply = await ctx.sample(f"Summarise: {text}")
    return reply.text
''',
            message="`ctx.sample()` is not a method of FastMCP 4's `Context`: the call raises `AttributeError` on every era",
            help="Call a model from the server itself, or return an `InputRequiredResult` carrying a `CreateMessageRequest` and read the answer from `ctx.input_responses`",
            span=((8, 19), (8, 51)),
        ),
        '''
from fastmcp import FastMCP
from fastmcp.server.dependencies import get_context

mcp = FastMCP("Files")

@mcp.tool
async def roots() -> list[str]:
    ctx = get_context()
    found = await ctx.list_roots()
    return [str(r.uri) for r in found]
''',
        '''
from fastmcp import Context

async def sign_in(ctx: Context) -> str:
    result = await ctx.elicit_url("Sign in", url="https://example.com", elicitation_id="e1")
    step = await ctx.sample_step("next?")
    return str(result), str(step)
''',
    )
    valid = (
        Valid(
            '''
import anthropic
from fastmcp import FastMCP

mcp = FastMCP("Notes")
llm = anthropic.AsyncAnthropic()


@mcp.tool
async def summarise(text: str) -> str:
    response = await llm.messages.create(
        model="claude-sonnet-4-5", max_tokens=256, messages=[{"role": "user", "content": text}]
    )
    return response.content[0].text
'''
        ),
        '''
from mcp.server.mcpserver import Context

async def sign_in(ctx: Context, data) -> str:
    await ctx.elicit_url("Sign in", url="https://example.com", elicitation_id="e1")
    data.sample(3)
    return ""
''',
        '''
from fastmcp import Context

async def pick(ctx: Context, population: list[str]) -> str:
    import random
    return random.sample(population, 1)[0] + ctx.request_id
''',
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        for call in model.removed_calls:
            yield self.diagnostic(
                model,
                call.span,
                f"`{call.shown}()` is not a method of FastMCP 4's `Context`: the call raises "
                f"`AttributeError` on every era; {_INSTEAD[call.method]}",
            )
