"""MCP015: a hand-written protocol-era branch between ``ctx.elicit`` and a guard return."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import Model
from ..model.scopes import own_nodes
from .base import Rule
from .cases import Invalid, Valid

_BLOCKS = ("body", "orelse", "finalbody")


def _tests_protocol_version(test: ast.expr) -> bool:
    """Whether the test reads an attribute ``protocol_version`` (``ctx.request_context
    .protocol_version``, ``rc.protocol_version`` after ``rc = ctx.request_context``) or
    calls FastMCP 4.2.3's private ``Context._is_modern_protocol()``
    (``fastmcp/server/context.py``: the same ``protocol_version`` test)."""
    return any(
        isinstance(n, ast.Attribute) and n.attr == "protocol_version"
        or isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "_is_modern_protocol"
        for n in ast.walk(test)
    )


def _ids(statements: list[ast.stmt]) -> set[int]:
    return {id(n) for stmt in statements for n in ast.walk(stmt)}


def _following(function: ast.AST, target: ast.If) -> list[ast.stmt]:
    """The statements after ``target`` in the block that holds it (within ``function``)."""
    for node in (function, *own_nodes(function)):
        for field in _BLOCKS:
            block = getattr(node, field, None)
            if isinstance(block, list):
                for i, stmt in enumerate(block):
                    if stmt is target:
                        return block[i + 1 :]
    return []


class EraBranch(Rule):
    """## What it does
    Finds an `if` on the connection's protocol version
    (`ctx.request_context.protocol_version`) that picks between an imperative
    elicitation (`ctx.elicit(...)`) on one side and a guard return
    (`return InputRequiredResult(...)`) on the other, in the branch itself or
    in the code after it.

    ## Why is this bad?
    It is a hand-written copy of what declared elicitation does: two code
    paths for one question, one per protocol era, each with its own schema,
    its own answer parsing and its own decline handling, which drift apart.
    The branch also has to tell the eras apart correctly (FastMCP 4.2.3 itself
    tests `protocol_version in mcp_types.version.MODERN_PROTOCOL_VERSIONS`, in
    `fastmcp/server/mixins/mcp_operations.py`; a comparison with one version
    string breaks on the next one), and the
    `ctx.elicit` side is still an MCP001 finding. FastMCP's private
    `ctx._is_modern_protocol()` is read as the same test. A declared parameter,
    `Annotated[T, Elicit("question")]` under `@declared_elicitation`, asks
    through `InputRequiredResult` on modern connections and through
    `ctx.elicit` on handshake ones, from one code path.
    """

    code = "MCP015"
    name = "hand-written-era-branch"
    implies = frozenset({"MCP001"})
    invalid = (
        Invalid(
            '''
from fastmcp import Context
from mcp_types import InputRequiredResult
from mcp_types.version import MODERN_PROTOCOL_VERSIONS


async def approve(action: str, ctx: Context) -> str | InputRequiredResult:
    if ctx.request_context.protocol_version in MODERN_PROTOCOL_VERSIONS:
        if ctx.input_responses is None:
            return InputRequiredResult(input_requests={...})
        return str(ctx.input_responses["approval"])
    result = await ctx.elicit(f"Approve {action}?", response_type=bool)
    return str(result.action == "accept" and result.data)
''',
            message='Hand-written protocol-era branch between `ctx.elicit(...)` and an `InputRequiredResult` guard',
            help='Declare the value as a parameter (`Annotated[T, Elicit(...)]` under `@declared_elicitation`), which serves both eras from one code path',
            span=((7, 8), (7, 72)),
        ),
        '''
from fastmcp import Context
from mcp_types import InputRequiredResult
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

async def approve(action: str, ctx: Context) -> str | InputRequiredResult:
    rc = ctx.request_context
    if rc is not None and rc.protocol_version in MODERN_PROTOCOL_VERSIONS:
        if ctx.input_responses is None:
            return InputRequiredResult(input_requests={})
        return str(ctx.input_responses["approval"])
    result = await ctx.elicit(f"Approve {action}?", response_type=bool)
    return str(result.action == "accept" and result.data)
''',
        '''
import mcp.types as mt
from fastmcp.server.dependencies import get_context

async def approve(action: str) -> str:
    ctx = get_context()
    if ctx.request_context.protocol_version == "2025-11-25":
        result = await ctx.elicit(f"Approve {action}?", response_type=bool)
        return result.action
    else:
        return mt.InputRequiredResult(input_requests={})
''',
        # FastMCP's private era test
        '''
import mcp_types as mt
from fastmcp import Context

async def approve(action: str, ctx: Context) -> str | mt.InputRequiredResult:
    if ctx._is_modern_protocol():
        return mt.InputRequiredResult(input_requests={})
    result = await ctx.elicit(f"Approve {action}?", response_type=bool)
    return result.action
''',
    )
    valid = (
        Valid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit


def ask_approval(action: str) -> Elicit[bool]:
    return Elicit(f"Approve {action}?", response_type=bool)


async def approve(action: str, approved: Annotated[bool, Elicit(ask_approval)] = False) -> str:
    return str(approved)
'''
        ),
        '''
from fastmcp import Context
from mcp_types import InputRequiredResult

async def approve(action: str, ctx: Context) -> str:
    if ctx.request_context.protocol_version in ("2025-11-25",):
        await ctx.info("old client")
    result = await ctx.elicit(f"Approve {action}?", response_type=bool)
    return result.action

async def guard(ctx: Context):
    if ctx.request_context.protocol_version == "2026-07-28":
        return InputRequiredResult(input_requests={})
    return "done"

async def both_without_version(ctx: Context, modern: bool):
    if modern:
        return InputRequiredResult(input_requests={})
    result = await ctx.elicit("Go?", response_type=bool)
    return result.action
''',
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        if not model.sites or not model.guard_returns:  # a branch between the two needs both
            return
        for function in model.functions:
            sites = model.sites_of(function)
            guards = [g for g in model.guards_of(function) if g.kind == "return"]
            if not sites or not guards:
                continue
            site_ids = {id(s.call) for s in sites}
            guard_ids = {id(g.node) for g in guards}
            for node in function.scope.branches:  # its if statements, in walk order (model/scopes.py)
                if not _tests_protocol_version(node.test):
                    continue
                body = _ids(node.body)
                other = _ids(node.orelse) | _ids(_following(function.node, node))
                if (body & site_ids and other & guard_ids) or (body & guard_ids and other & site_ids):
                    yield self.diagnostic(model, model.span(node.test), _MESSAGE)


_MESSAGE = (
    "Hand-written protocol-era branch between `ctx.elicit(...)` and an `InputRequiredResult` guard; "
    "declare the value as a parameter (`Annotated[T, Elicit(...)]` under `@declared_elicitation`), "
    "which serves both eras from one code path"
)
