"""``@declared_elicitation``: the decorator under ``@mcp.tool`` (DESIGN.md §6).

Mechanism (works on released fastmcp 4.2.3 without patching it): the decorator
validates the function once (``analysis.analyse_tool``) and returns an async
wrapper whose ``__signature__`` drops the elicited parameters and keeps every
other one -- ``ctx: Context`` and ``Depends(...)`` parameters included, which
FastMCP keeps injecting and the wrapper forwards. To FastMCP the wrapper is an
ordinary guard tool.

A tool that takes no ``Context`` gets one more, keyword-only parameter in the
wrapper's signature (``CONTEXT_PARAMETER``, defaulting to FastMCP's
``CurrentContext()``) that the body never sees: in a background task
(``@mcp.tool(task=True)`` with ``fastmcp_tasks.TasksExtension``) there is no
foreground context for ``get_context()`` to find, and a dependency default is
the one way a worker's ``Context`` reaches the call
(``fastmcp.server.dependencies._CurrentContext`` falls back to the factory the
tasks extension installs, ``fastmcp_tasks.context.make_task_context``).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, TypeVar, overload

from fastmcp.decorators import get_fastmcp_meta
from fastmcp.dependencies import CurrentContext
from fastmcp.server.context import Context
from fastmcp.server.dependencies import get_context
from fastmcp.tools.base import Tool
from fastmcp.utilities.types import is_class_member_of_type
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from .. import messages
from .analysis import analyse_tool
from .engine import run_body, tool_arguments
from .handshake import ask_all
from .modern import run_round

F = TypeVar("F", bound=Callable[..., Any])

#: Name of the keyword-only ``Context`` parameter added to the wrapper of a tool
#: that takes none (suffixed with ``_`` while it collides with a tool parameter).
CONTEXT_PARAMETER = "_elicit_lint_ctx"


def _context(kwargs: dict[str, Any]) -> Any:
    for value in kwargs.values():
        if isinstance(value, Context):
            return value
    return get_context()


def context_parameter(signature: inspect.Signature) -> str | None:
    """The name of the hidden context parameter to add, or ``None`` when the tool has one.

    A parameter annotated ``Context`` (``Context | None`` included; FastMCP's
    ``is_class_member_of_type``) is injected by FastMCP in the foreground and
    in a background task alike, so nothing is added then.
    """
    parameters = signature.parameters
    if any(is_class_member_of_type(p.annotation, Context) for p in parameters.values()):
        return None
    name = CONTEXT_PARAMETER
    while name in parameters:
        name += "_"
    return name


def with_context_parameter(signature: inspect.Signature, name: str) -> inspect.Signature:
    """``signature`` plus ``name: Context = CurrentContext()``, keyword-only, before any ``**kwargs``."""
    hidden = inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, default=CurrentContext(), annotation=Context
    )
    parameters = list(signature.parameters.values())
    at = len(parameters)
    if parameters and parameters[-1].kind is inspect.Parameter.VAR_KEYWORD:
        at -= 1
    return signature.replace(parameters=[*parameters[:at], hidden, *parameters[at:]])


def is_modern(ctx: Any) -> bool:
    """The era test of DESIGN §6: the negotiated version is a 2026-07-28-era one.

    ``ctx.request_context`` is ``None`` outside a wire request: in a background
    task (``ctx.is_background_task``) ``ctx.elicit`` raises and input is
    gathered with the guard pattern, one task leg per round (FastMCP 4.2.3
    docs/servers/tasks.mdx "Gathering Input Mid-Task"), so that counts as
    modern. Only 2026-07-28 clients task a call, so a task is never handshake-era.
    """
    request_context = ctx.request_context
    if request_context is None:
        return True
    return request_context.protocol_version in MODERN_PROTOCOL_VERSIONS


def _decorate(fn: Callable[..., Any], run_in_thread: bool) -> Callable[..., Any]:
    name = getattr(fn, "__name__", repr(fn))
    if isinstance(fn, Tool) or get_fastmcp_meta(fn) is not None:
        raise TypeError(messages.decorator_above_tool(name))
    if not callable(fn):
        raise TypeError(f"`{messages.DECORATOR}` decorates a function, got {type(fn).__name__}")
    plan = analyse_tool(fn, run_in_thread=run_in_thread)
    hidden = context_parameter(plan.signature)

    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        injected = kwargs.pop(hidden, None) if hidden is not None else None
        if args:  # a method registered bound (``mcp.add_tool(obj.method)``): ``self`` arrives here
            kwargs = plan.signature.bind_partial(*args, **kwargs).arguments
        ctx = injected if isinstance(injected, Context) else _context(kwargs)
        arguments = tool_arguments(plan, kwargs)
        if not plan.params:
            return await run_body(plan, kwargs, {})
        if is_modern(ctx):
            values, ask = await run_round(plan, arguments, ctx)
            if ask is not None:
                return ask
        else:
            values = await ask_all(plan, arguments, ctx)
        assert values is not None
        return await run_body(plan, kwargs, values)

    functools.update_wrapper(wrapper, fn)
    signature = plan.signature if hidden is None else with_context_parameter(plan.signature, hidden)
    wrapper.__signature__ = signature  # type: ignore[attr-defined]
    wrapper.__annotations__ = plan.annotations if hidden is None else {**plan.annotations, hidden: Context}
    wrapper.__declared_elicitation__ = plan  # type: ignore[attr-defined]
    return wrapper


@overload
def declared_elicitation(fn: F) -> F: ...
@overload
def declared_elicitation(*, run_in_thread: bool = True) -> Callable[[F], F]: ...


def declared_elicitation(fn: Any = None, *, run_in_thread: bool = True) -> Any:
    """Serve ``Annotated[T, Elicit(...)]`` parameters on both protocol eras.

    Usage (under the tool decorator)::

        @mcp.tool
        @declared_elicitation
        async def book(destination: Annotated[str, Elicit("Where to?")]) -> str: ...

        @mcp.tool
        @declared_elicitation(run_in_thread=False)   # a sync body run inline
        def pick(colour: Annotated[str, Elicit("Colour?")]) -> str: ...

    Returns an async function with the elicited parameters removed from its
    signature (so from the tool's input schema); its output schema is unchanged.
    At call time, on a 2026-07-28 connection
    (``ctx.request_context.protocol_version in
    mcp_types.version.MODERN_PROTOCOL_VERSIONS``) every question whose
    dependencies are answered goes out in one ``mcp_types.InputRequiredResult``
    (keys = parameter names, signature order, answers carried in
    ``request_state``); on a handshake-era connection the same questions are
    asked in the same order with ``ctx.elicit``. The body runs once everything
    has a value: sync bodies in a worker thread (anyio) unless
    ``run_in_thread=False`` -- ``@mcp.tool(run_in_thread=False)`` cannot reach
    the body through the async wrapper, so the option lives here.

    Raises ``TypeError`` at decoration, with the checker's wording
    (``elicit_lint.messages``): decorator placed above ``@mcp.tool`` (the
    function already carries FastMCP's ``__fastmcp__`` stamp or is a ``Tool``),
    unresolvable annotations (the tool's, and a resolver's return annotation,
    which the resolver/parameter type check reads: FastMCP itself raises for a
    tool annotation it cannot evaluate at registration), misplaced markers, unknown resolver parameters,
    resolver/parameter type disagreement, resolver cycles, and an
    ``InputRequiredResult`` return annotation. At call time a ``ToolError``
    (sent to the client as an error result) names the parameter for: a
    decline/cancel without a default, accepted content that does not match the
    schema, a resolver dependency that cannot be resolved.
    """
    if fn is None:
        return lambda f: _decorate(f, run_in_thread)
    return _decorate(fn, run_in_thread)
