"""Calling a resolver: its arguments, its errors, and what its result means for one parameter.

A resolver is called once (``call_resolver``) and its raw result read for every
parameter it serves (``resolver_outcome``): the MCP SDK v2 memoizes a resolver
per call by identity (mcp 2.3.0 ``mcp/server/mcpserver/resolve.py``
``_resolver_key``), so a resolver shared by two parameters runs and asks once.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Hashable
from typing import Any

from fastmcp.exceptions import FastMCPError, ToolError
from fastmcp.server.dependencies import resolve_dependencies
from fastmcp.utilities.async_utils import call_sync_fn_in_threadpool
from fastmcp.utilities.exceptions import get_http_status_code, is_timeout_error
from mcp.shared.exceptions import MCPError
from mcp_types.jsonrpc import MISSING_REQUIRED_CLIENT_CAPABILITY
from pydantic import ValidationError

from ..core import messages
from .analysis import ElicitedParam, ToolPlan
from .answer_types import type_name
from .marker import Elicit
from .outcome import OUTCOMES, accepted

logger = logging.getLogger("elicit_lint.runtime")

def resolver_failed(resolver: str, parameter: str, tool: str, error: object | None) -> str:
    """Runtime only: a resolver raised; ``error`` is ``None`` when details are masked."""
    head = f"Resolver `{resolver}` of `{parameter}` in `{tool}` failed"
    return head if error is None else f"{head}: {error}"


def masks_details(ctx: Any) -> bool:
    """The server's ``mask_error_details`` (``FastMCP._mask_error_details`` in fastmcp 4.2.3,
    defaulting to ``fastmcp.settings.mask_error_details``)."""
    server = getattr(ctx, "fastmcp", None)
    masked = getattr(server, "_mask_error_details", None)
    if isinstance(masked, bool):
        return masked
    import fastmcp

    return bool(fastmcp.settings.mask_error_details)


def passes_through(error: Exception) -> bool:
    """Exceptions FastMCP 4.2.3 itself turns into a specific result (``FastMCP.call_tool``):
    its own errors (a ``ToolError``'s text is sent verbatim), a missing client
    capability (-32021 on the wire), an upstream 429 and a timeout ("please retry")."""
    if isinstance(error, FastMCPError):
        return True
    if isinstance(error, MCPError) and error.error.code == MISSING_REQUIRED_CLIENT_CAPABILITY:
        return True
    return get_http_status_code(error) == 429 or is_timeout_error(error)


def check_value(plan: ToolPlan, param: ElicitedParam, resolver: str, value: Any) -> Any:
    """A resolver's plain value validated as FastMCP validates tool arguments.

    ``param.adapter`` is a pydantic ``TypeAdapter`` of the declared type
    (``None`` when pydantic cannot build one: the value is passed as is);
    validation is lax, as for arguments, so the validated (possibly coerced)
    value is returned. A mismatch is a ``ToolError`` naming the resolver, the
    parameter and the type (never the value).
    """
    if param.adapter is None:
        return value
    try:
        return param.adapter.validate_python(value)
    except ValidationError as error:
        problems = "; ".join(e["msg"] for e in error.errors(include_url=False))
        raise ToolError(
            f"Resolver `{resolver}` of `{param.name}` in `{plan.tool}` returned "
            f"`{type(value).__name__}`, not a valid `{type_name(param.ask_type if param.outcome else param.declared_type)}`: {problems}"
        ) from error


def resolver_key(fn: Any) -> Hashable:
    """A resolver's identity within one call, as the MCP SDK v2 keys it (mcp 2.3.0
    ``resolve.py`` ``_resolver_key``): a bound method by its function and instance
    (each attribute access makes a new method object), anything else by ``id``."""
    bound_self = getattr(fn, "__self__", None)
    if bound_self is not None:
        func = getattr(fn, "__func__", None)
        return (id(func) if func is not None else getattr(fn, "__name__", id(fn)), id(bound_self))
    return id(fn)


async def call_resolver(
    plan: ToolPlan, param: ElicitedParam, values: dict[str, Any], arguments: dict[str, Any], ctx: Any
) -> Any:
    """Call ``param``'s resolver (sync ones in a worker thread); ``Depends`` resolved by FastMCP.

    Returns what the resolver returned, unchecked (``resolver_outcome`` reads it
    for each parameter the resolver serves).
    An exception the resolver raises becomes a ``ToolError`` naming the
    resolver, the parameter and the tool (``resolver_failed``), with the
    exception's text unless the server masks error details -- except those
    FastMCP handles itself (``passes_through``), which are re-raised unchanged.
    The traceback is logged on ``elicit_lint.runtime``.
    """
    resolver = param.resolver
    assert resolver is not None
    kwargs: dict[str, Any] = {}
    for name in resolver.by_name:
        kwargs[name] = values[name] if name in plan.params else arguments[name]
    for name in resolver.context_params:
        kwargs[name] = ctx
    try:
        async with resolve_dependencies(resolver.fn, kwargs) as resolved:
            if resolver.is_async:
                return await resolver.fn(**resolved)
            result = await call_sync_fn_in_threadpool(resolver.fn, **resolved)
            if inspect.isawaitable(result):
                result = await result
            return result
    except Exception as error:
        if passes_through(error):
            raise
        if isinstance(error, RuntimeError) and "Failed to resolve dependency" in str(error):
            raise ToolError(
                f"Resolver `{resolver.name}` of `{param.name}` could not get a dependency: {error}"
                + (f" ({error.__cause__})" if error.__cause__ else "")
            ) from error
        text = resolver_failed(resolver.name, param.name, plan.tool, None if masks_details(ctx) else error)
        logger.exception(text)
        raise ToolError(text) from error


def resolver_outcome(plan: ToolPlan, param: ElicitedParam, result: Any) -> Any:
    """What a resolver's raw ``result`` means for ``param``: a question (``Elicit``)
    or the value, validated for ``param`` (``check_value``); a marker holding a
    callable is a ``ToolError``."""
    resolver = param.resolver
    assert resolver is not None
    if isinstance(result, Elicit):
        if result.is_resolver:
            raise ToolError(messages.resolver_returns_callable_marker(resolver.name))
        return result
    if param.outcome:  # a known answer: injected as accepted (the SDK's ``Resolve`` does the same)
        return result if isinstance(result, OUTCOMES) else accepted(check_value(plan, param, resolver.name, result))
    return check_value(plan, param, resolver.name, result)
