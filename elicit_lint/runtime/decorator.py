"""``@declared_elicitation``: the decorator under ``@mcp.tool`` (docs/architecture.md "The runtime").

Mechanism (works on released fastmcp 4.2.3 without patching it): the decorator
validates the function once (``analysis.analyse_tool``) and returns an async
wrapper whose ``__signature__`` drops the elicited parameters and keeps every
other one -- ``ctx: Context`` and ``Depends(...)`` parameters included, which
FastMCP keeps injecting and the wrapper forwards. To FastMCP the wrapper is an
ordinary guard tool.

In a background task (``@mcp.tool(task=True)`` with
``fastmcp_tasks.TasksExtension``) there is no foreground context for
``get_context()`` to find; a worker's ``Context`` is reached only through a
``CurrentContext()`` dependency (``fastmcp.server.dependencies._CurrentContext``
falls back to the factory the tasks extension installs,
``fastmcp_tasks.context.make_task_context``). A tool that declares a ``Context``
gets it injected; for one that does not, the wrapper resolves
``CurrentContext()`` itself, only when ``get_context()`` finds nothing, so the
foreground path costs nothing more.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import sys
import types
from collections.abc import Callable
from typing import Any, TypeVar, overload

from fastmcp.decorators import get_fastmcp_meta
from fastmcp.dependencies import CurrentContext
from fastmcp.server.context import Context
from fastmcp.server.dependencies import get_context, resolve_dependencies
from fastmcp.tools.base import Tool
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from ..core import messages
from .analysis import analyse_tool
from .engine import run_body, tool_arguments
from .handshake import ask_all
from .modern import run_round

F = TypeVar("F", bound=Callable[..., Any])

NO_CONTEXT = (
    "`{tool}` was called outside a FastMCP request, where its elicited parameters "
    "cannot be asked; call it through a FastMCP server or client, or call the "
    "undecorated function `{tool}.__wrapped__` with every argument"
)


ELICITED_ARGUMENT = (
    "`{tool}` got `{param}`, an elicited parameter: the decorator asks the user for it and "
    "takes it out of the signature; call the undecorated function `{tool}.__wrapped__` "
    "with every argument"
)


def _context(kwargs: dict[str, Any]) -> Any:
    """The ``Context`` among the arguments, else the foreground one, else ``None``."""
    for value in kwargs.values():
        if isinstance(value, Context):
            return value
    try:
        return get_context()
    except RuntimeError:  # no foreground context: a background task worker, or no request
        return None


async def _context_of(ctx: Context = CurrentContext()) -> Context:  # noqa: B008 - FastMCP's DI idiom
    """Resolved with ``resolve_dependencies`` to reach a task worker's ``Context``."""
    return ctx


def is_modern(ctx: Any) -> bool:
    """The era test (docs/architecture.md "The runtime"): the negotiated version is a 2026-07-28-era one.

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


def called_tool(ctx: Any) -> str | None:
    """The tool name the client called (the ``tools/call`` request's ``name``:
    ``shop_pick-size`` for a tool registered as ``pick-size`` and mounted with the
    namespace ``shop``), or ``None`` outside a wire request (a task worker).

    fastmcp 4.2.3 keeps the SDK's request context on ``ctx.request_context._srctx``
    ("escape hatch to the underlying SDK request context",
    ``fastmcp/server/dependencies.py``); its own ``Context.input_response_params``
    reads the request's params there."""
    try:
        request = ctx.request_context._srctx
        name = request.params.get("name") if request.method == "tools/call" else None
    except AttributeError:  # no request context, or another fastmcp's layout
        return None
    return name if isinstance(name, str) and name else None


def _as_called(plan: Any, ctx: Any) -> Any:
    """``plan`` naming the tool as the client called it, for the failure texts."""
    name = called_tool(ctx)
    return plan if name is None or name == plan.tool else dataclasses.replace(plan, tool=name)


def defining_scope(frame: types.FrameType | None) -> dict[str, Any] | None:
    """The local names of the scope a decorator was applied in (``None`` at module level).

    With ``from __future__ import annotations`` every annotation is a string,
    and one naming a resolver or type defined inside a function (a server
    factory) resolves only against that function's locals, which
    ``typing.get_type_hints`` does not see; pydantic reads its models' parent
    frame the same way. Module-level names come from the function's globals.
    """
    if frame is None or frame.f_locals is frame.f_globals:
        return None
    return dict(frame.f_locals)


def _decorate(
    fn: Callable[..., Any], run_in_thread: bool, localns: dict[str, Any] | None = None
) -> Callable[..., Any]:
    name = getattr(fn, "__name__", repr(fn))
    if isinstance(fn, Tool) or get_fastmcp_meta(fn) is not None:
        raise TypeError(messages.decorator_above_tool(name))
    if getattr(fn, "__declared_elicitation__", None) is not None:
        raise TypeError(messages.declared_twice(name))
    if not callable(fn):
        raise TypeError(f"`{messages.DECORATOR}` decorates a function, got {type(fn).__name__}")
    plan = planned = analyse_tool(fn, run_in_thread=run_in_thread, localns=localns)

    async def serve(kwargs: dict[str, Any], ctx: Any) -> Any:
        plan = _as_called(planned, ctx)
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

    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        passed = [k for k in kwargs if k in plan.params]
        if passed:  # a direct caller (a batch job, a test) passing an answer itself
            raise TypeError(ELICITED_ARGUMENT.format(tool=plan.tool, param=passed[0]))
        if args:  # a method registered bound (``mcp.add_tool(obj.method)``): ``self`` arrives here
            kwargs = plan.signature.bind_partial(*args, **kwargs).arguments
        ctx = _context(kwargs)
        if ctx is not None:
            return await serve(kwargs, ctx)
        async with contextlib.AsyncExitStack() as stack:  # a task worker: ask FastMCP's DI
            try:
                resolved = await stack.enter_async_context(resolve_dependencies(_context_of, {}))
            except RuntimeError as error:  # not even a worker's context
                raise RuntimeError(NO_CONTEXT.format(tool=plan.tool)) from error
            return await serve(kwargs, resolved["ctx"])

    functools.update_wrapper(wrapper, fn)
    wrapper.__signature__ = plan.signature  # type: ignore[attr-defined]
    wrapper.__annotations__ = plan.annotations
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
    (``elicit_lint.core.messages``): decorator placed above ``@mcp.tool`` (the
    function already carries FastMCP's ``__fastmcp__`` stamp or is a ``Tool``),
    the decorator applied twice (the outer copy would see no elicited parameter
    and serve the inner one's 2026-07-28 ``InputRequiredResult`` as a body
    result, failing every call on that era), unresolvable annotations (the tool's, and a resolver's return annotation,
    which the resolver/parameter type check reads: FastMCP itself raises for a
    tool annotation it cannot evaluate at registration), misplaced markers, two
    markers on one parameter, unknown resolver parameters, resolver/parameter
    type disagreement, a question's ``response_type`` whose answer cannot be the
    parameter's type, resolver cycles, and an ``InputRequiredResult`` return
    annotation. At call time a ``ToolError`` (sent to the client as an error
    result) names the parameter for: a decline/cancel without a default,
    accepted content that does not match the schema, a resolver dependency that
    cannot be resolved, a resolver that raises (its text hidden under
    ``mask_error_details``) or returns a value of the wrong type, a resolver
    skipped because a declined dependency is ``None`` and it does not accept
    ``None`` (no default), a question that keeps changing, due again
    after ``engine.MAX_ASKS`` (10) rounds.

    Also serves ``@mcp.prompt`` / ``@mcp.resource`` functions (FastMCP 4.2.3
    drives ``input_required`` for them as for tools) and background tasks
    (``@mcp.tool(task=True)``: each round is a task leg). Called outside any
    FastMCP request it raises ``RuntimeError`` pointing at ``__wrapped__``.
    """
    if fn is None:

        def apply(f: Any) -> Any:
            return _decorate(f, run_in_thread, defining_scope(sys._getframe(1)))

        return apply
    return _decorate(fn, run_in_thread, defining_scope(sys._getframe(1)))
