"""MCP021: a broad ``except`` around an imperative elicitation."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..core.diagnostic import Diagnostic, Location
from ..core.settings import RuleSettings
from ..model import Model, names
from ..model.positions import Span
from ..model.scopes import Scope
from ..model.structure import TRIES, WITHS
from .base import Rule
from .cases import Invalid, Valid
from .mcp021_words import message as _message

_BUILTIN_BROAD = ("Exception", "BaseException")
_MCP_ERRORS = frozenset(
    {
        "mcp.shared.exceptions.McpError",
        "mcp.shared.exceptions.MCPError",
        "mcp.McpError",
        "mcp.MCPError",
    }
)
"""The SDK's protocol error (``McpError`` in mcp 1.x, ``MCPError`` in mcp 2.x)."""
_ERA_ERRORS = frozenset({"fastmcp.exceptions.ToolError", "fastmcp.exceptions.FastMCPError"})
"""What ``ctx.elicit`` raises on a 2026-07-28 connection (``ToolError``) and its base."""
SUPPRESS = "contextlib.suppress"
FASTMCP = names.FASTMCP_FRAMEWORK


def _broad_name(expr: ast.expr, scope: Scope) -> tuple[str, bool, str] | None:
    """The spelling of a broad exception class and whether it catches the era
    ``ToolError`` (else only the SDK's protocol error), or ``None``."""
    if isinstance(expr, ast.Name) and expr.id in _BUILTIN_BROAD and scope.last_binding(expr.id) is None:
        return expr.id, True, "builtin"
    if (
        isinstance(expr, ast.Attribute)
        and expr.attr in _BUILTIN_BROAD
        and isinstance(expr.value, ast.Name)
        and scope.qualified_name(expr.value) == "builtins"
    ):
        return expr.attr, True, "builtin"
    qualified = scope.qualified_name(expr)
    if qualified in _ERA_ERRORS:
        return ast.unparse(expr), True, "fastmcp"
    if qualified in _MCP_ERRORS:
        return ast.unparse(expr), False, "mcp"
    return None


def broad_handler(handler: ast.ExceptHandler, scope: Scope) -> tuple[str, bool, str] | None:
    """``("except", True)`` (bare), or the broad class a handler catches and
    whether it catches the era ``ToolError``, or ``None``. In a tuple naming
    both kinds, the era one is reported."""
    if handler.type is None:
        return "except", True, "builtin"
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    found = [name for name in (_broad_name(expr, scope) for expr in types) if name is not None]
    found += [_aliased(expr, caught) for expr in types for caught in _through_alias(expr, scope)]
    if not found:
        return None
    name, era, _ = next((name for name in found if name[1]), found[0])
    return name, era, _kind(found)


def _through_alias(expr: ast.expr, scope: Scope, depth: int = 3) -> list[tuple[str, bool, str]]:
    """The broad classes a module-level alias names (``E = Exception``, ``ERRORS =
    (ValueError, Exception)``, an alias of an alias), bound once by a plain
    assignment; ``[]`` for anything else (a rebound name, a local, a call)."""
    if depth == 0 or not isinstance(expr, ast.Name):
        return []
    found = scope.lookup(expr.id)
    if found is None or found[0].kind != "module" or len(found[1]) != 1:
        return []
    module, [binding] = found
    if binding.kind != "assign" or binding.value is None:
        return []
    value = binding.value
    parts = value.elts if isinstance(value, ast.Tuple) else [value]
    out = [name for name in (_broad_name(part, module) for part in parts) if name is not None]
    return out + [c for part in parts for c in _through_alias(part, module, depth - 1)]


def _aliased(expr: ast.expr, caught: tuple[str, bool, str]) -> tuple[str, bool, str]:
    """``caught`` spelled as the handler writes it (``E``), not as the alias's value."""
    return ast.unparse(expr), caught[1], caught[2]


def _kind(found: list[tuple[str, bool, str]]) -> str:
    """``"fastmcp"`` when every class found is FastMCP's (it misses the SDK's error)."""
    return "fastmcp" if all(kind == "fastmcp" for *_, kind in found) else "broad"


def suppressed(item: ast.withitem, scope: Scope) -> tuple[str, bool, str] | None:
    """For ``with contextlib.suppress(...)``: the spelling of the call and whether
    it swallows the era ``ToolError`` (else only the SDK's protocol error), when
    one of its classes is broad as an ``except`` clause would be; else ``None``.
    ``suppress`` is found through the import table (``from contextlib import
    suppress``, ``import contextlib as cl``), never by its spelling."""
    call = item.context_expr
    if not isinstance(call, ast.Call) or scope.qualified_name(call.func) != SUPPRESS:
        return None
    found = [name for name in (_broad_name(arg, scope) for arg in call.args) if name is not None]
    found += [caught for arg in call.args for caught in _through_alias(arg, scope)]
    if not found:
        return None
    return ast.unparse(call), any(era for _, era, _ in found), _kind(found)


def _reraises(handler: ast.ExceptHandler) -> bool:
    return bool(handler.body) and isinstance(handler.body[-1], ast.Raise)


class BroadExceptAroundElicit(Rule):
    """## What it does
    Finds a handshake-only call inside a `try` whose handler catches
    everything. It covers every call that sends a request back to the client
    mid-call: `ctx.elicit(...)` on both frameworks and, on the SDK's
    `MCPServer`, `ctx.elicit_url(...)`, `ctx.session.create_message(...)`
    (sampling), `ctx.session.list_roots()`, `ctx.session.elicit_form(...)` and
    the `mcp.server.elicitation` helpers. The handler is reported when it
    catches everything: a bare `except:`, `except Exception`,
    `except BaseException`, FastMCP's `ToolError` or its base `FastMCPError`
    (`fastmcp.exceptions`), or the SDK's `McpError` / `MCPError`, when the
    handler does not re-raise. A module-level alias bound once to one of
    those classes, or to a tuple naming one (`ERRORS = (ValueError,
    Exception)`), counts as the class it names.

    `with contextlib.suppress(...)` naming one of those classes is the same
    handler spelled differently, and is reported at the `suppress(...)` call.
    A call through a local alias (`elicit = ctx.elicit`, see MCP001) counts as
    an imperative elicitation.

    ## Why is this bad?
    On a 2026-07-28 connection `ctx.elicit` raises a `ToolError` ("imperative
    elicitation is not available", FastMCP 4.2.3) before anything reaches the
    client; on a handshake connection a client without elicitation support
    fails the request with an `McpError`. A broad handler turns both into
    the tool's ordinary fallback path: the call "succeeds" with whatever the
    handler returns, nobody is asked, and nothing shows that the tool no
    longer works on modern clients. Every such call is also an MCP001
    finding; this rule points at the handler that hides it. FastMCP 4.2.3's
    own test suite shows the trap: `test_elicitation_handler_error`
    (`tests/client/test_elicitation.py`) pins its client to `mode="legacy"`
    because under the default mode "the tool's broad `except Exception`"
    would make the test pass "for the wrong reason (elicit() itself raising
    'unavailable on 2026-07-28')".

    A handler that names `ToolError` (or its base `FastMCPError`) catches
    exactly that era error, so it is reported too: whatever it returns,
    nobody is asked on a modern connection and the tool looks as if it
    works. A handler that re-raises is not reported.

    On the SDK the era error is `NoBackChannelError` (-32600, an `MCPError`,
    mcp 2.3.0). In a module importing mcp 1.x's `mcp.server.fastmcp`
    (MCP017) the help says so only for after the rename to
    `mcp.server.mcpserver` (mcp 2), as MCP001 does: mcp 1.x serves the
    handshake era only, where the handler swallows the protocol error of a
    client that cannot be asked.

    ## Use instead
    Declare the question, and say what a decline means with a default:
    """

    code = "MCP021"
    name = "broad-except-around-elicit"
    implies = frozenset({"MCP001"})
    invalid = (
        Invalid(
            '''
from fastmcp import Context


async def book(ctx: Context) -> str:
    try:
        result = await ctx.elicit("Where to?", response_type=str)
    except Exception:
        return "Booked nowhere"
    if result.action != "accept":
        return "Cancelled"
    return f"Booked {result.data}"
''',
            message='`except Exception` swallows the failure of the elicitation on line 6',
            help='It is the `ToolError` the call raises on modern (2026-07-28) connections',
            span=((7, 12), (7, 21)),
        ),
        '''
from fastmcp import Context

async def book(ctx: Context) -> str:
    try:
        result = await ctx.elicit("Where to?", response_type=str)
    except Exception:
        return "Booked nowhere"
    return f"Booked {result.data}" if result.action == "accept" else "Cancelled"
''',
        '''
from fastmcp import Context

ERRORS = (LookupError, Exception)

async def book(ctx: Context) -> str:
    try:
        result = await ctx.elicit("Where to?", response_type=str)
    except ERRORS:
        return "Booked nowhere"
    return str(result)
''',
        '''
from __future__ import annotations
from fastmcp.server.dependencies import get_context
from mcp.shared.exceptions import McpError as ProtocolError

async def book() -> str:
    ctx = get_context()
    try:
        answer = await ctx.elicit("Where to?", response_type=str)
    except (ValueError, ProtocolError):
        answer = None
    return str(answer)
''',
        '''
async def book(ctx: "Context") -> str:
    try:
        await ctx.elicit("Where to?", response_type=str)
    except:
        pass
    return ""

from fastmcp import Context
''',
        '''
import fastmcp.exceptions
from fastmcp import Context
from fastmcp.exceptions import ToolError as Unavailable

async def book(ctx: Context) -> str:
    try:
        result = await ctx.elicit("Where to?", response_type=str)
    except Unavailable:
        return "This client cannot be asked"
    try:
        again = await ctx.elicit("And back?", response_type=str)
    except fastmcp.exceptions.FastMCPError:
        again = None
    return f"{result.action} {again}"
''',
        '''
import contextlib
from fastmcp import Context

async def book(ctx: Context) -> str:
    with contextlib.suppress(Exception):
        await ctx.elicit("Where to?", response_type=str)
    return "Booked"
''',
    )
    valid = (
        Valid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit


async def book(destination: Annotated[str | None, Elicit("Where to?")] = None) -> str:
    return f"Booked {destination or 'nowhere'}"
'''
        ),
        '''
from contextlib import suppress
from fastmcp import Context

async def book(ctx: Context) -> str:
    with suppress(KeyError):
        result = await ctx.elicit("Where to?", response_type=str)
    with suppress(Exception):
        notify()
    return "Booked"
''',
        '''
from fastmcp import Context
from fastmcp.exceptions import ToolError

async def book(ctx: Context) -> str:
    try:
        result = await ctx.elicit("Where to?", response_type=str)
    except ToolError as error:
        raise ToolError(f"This client cannot be asked: {error}") from error
    except Exception:
        raise
    try:
        notify()
    except Exception:
        pass
    return str(result)
''',
        '''
class Exception(BaseException): ...

NOT_FOUND = (KeyError, LookupError)

async def book(self, ctx) -> str:
    try:
        await self.session.elicit("Where to?")
    except BaseException:
        pass
    try:
        await ctx.elicit("Where to?", response_type=str)
    except Exception:
        pass
    try:
        await ctx.elicit("Where to?", response_type=str)
    except NOT_FOUND:
        pass
''',
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        by_scope: dict[ast.AST, list] = {}
        sdk_calls = [
            c for c in model.handshake_calls if c.framework != FASTMCP and c.via != "value"
        ]
        for site in [*model.sites, *model.aliased_sites, *sdk_calls]:  # ``elicit = ctx.elicit`` too
            key = site.function.node if site.function is not None else model.tree
            by_scope.setdefault(key, []).append(site)
        for key, sites in by_scope.items():
            scope = model.module_scope if key is model.tree else model.scopes[key]
            for node in scope.blocks:  # its try and with statements, in walk order (model/scopes.py)
                if isinstance(node, WITHS):
                    inside = [s for s in sites if model.in_body(s.call, node)]
                    for item in node.items if inside else ():
                        swallowed = _for(suppressed(item, scope), inside[0])
                        if swallowed is not None:
                            yield self.diagnostic(
                                model, model.span(item.context_expr), _message(*swallowed, inside[0], suppress=True, mcp1=bool(model.mcp1_imports))
                            )
                    continue
                if not isinstance(node, TRIES):
                    continue
                inside = [s for s in sites if model.in_body(s.call, node)]
                if not inside:
                    continue
                for handler in node.handlers:
                    caught = _for(broad_handler(handler, scope), inside[0])
                    if caught is None or _reraises(handler):
                        continue
                    yield self.diagnostic(model, _handler_span(model, handler), _message(*caught, inside[0], mcp1=bool(model.mcp1_imports)))


def _for(caught: tuple[str, bool, str] | None, site) -> tuple[str, bool] | None:
    """``caught`` as it applies to ``site``'s framework: on the SDK the era error is
    ``NoBackChannelError``, an ``MCPError`` (mcp 2.3.0 ``src/mcp/shared/exceptions.py``),
    so the SDK's protocol error catches it and FastMCP's ``ToolError`` does not."""
    if caught is None:
        return None
    name, era, kind = caught
    if site.framework == FASTMCP:
        return name, era
    return None if kind == "fastmcp" else (name, True)


def _handler_span(model: Model, handler: ast.ExceptHandler) -> Span:
    if handler.type is not None:
        return model.span(handler.type)
    start = model.lines.location(handler.lineno, handler.col_offset)
    return Span(start, Location(start.row, start.column + len("except")))
