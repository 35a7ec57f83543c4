"""Evaluating the annotations of tools and resolvers at decoration time.

``typing.get_type_hints`` evaluates every annotation of a function at once and
fails whole on the first one it cannot evaluate. The runtime needs them one by
one: a tool's unresolvable annotation must name its parameter, and a resolver's
return annotation (read for the MCP007 check) must not depend on its other
annotations, which FastMCP never evaluates (a ``Depends(...)`` parameter typed
with a ``TYPE_CHECKING``-only name is fine).

What is an error follows FastMCP 4.2.3: registering a tool whose own annotation
cannot be evaluated raises the ``NameError`` at ``@mcp.tool`` time
(``fastmcp.tools.function_parsing``); nothing is deferred to a later call, so a
name must exist when the decorator runs, and so must the names in a resolver's
``-> Elicit[X]`` annotation, which is part of the tool's declaration.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import types
import typing
from collections.abc import Callable
from typing import Any

from ..core import messages


def evaluate_each(
    fn: Callable[..., Any], localns: dict[str, Any] | None = None
) -> tuple[dict[str, Any], dict[str, Exception]]:
    """``(hints, errors)``: each annotation of ``fn`` evaluated on its own.

    ``hints`` maps a name (``"return"`` included) to its evaluated annotation
    (``Annotated`` metadata kept); ``errors`` maps the names that could not be
    evaluated to the exception (``NameError``, ``SyntaxError``, ``TypeError``...).
    Names resolve against ``localns`` (the scope the decorator ran in, see
    ``decorator.defining_scope``), then the globals of ``inspect.unwrap(fn)``,
    as ``typing.get_type_hints`` does.
    """
    with contextlib.suppress(Exception):  # evaluated one by one below, to say which failed
        return typing.get_type_hints(fn, localns=localns, include_extras=True), {}
    raw = dict(getattr(fn, "__annotations__", None) or {})
    globalns = getattr(inspect.unwrap(fn), "__globals__", {})
    hints: dict[str, Any] = {}
    errors: dict[str, Exception] = {}
    for name, annotation in raw.items():
        probe = types.SimpleNamespace(__annotations__={name: annotation})
        try:
            hints.update(
                typing.get_type_hints(probe, globalns=globalns, localns=localns, include_extras=True)
            )
        except Exception as error:  # noqa: BLE001 - reported per name by the callers
            errors[name] = error
    return hints, errors


def describe(error: Exception) -> str:
    """``NameError: name 'X' is not defined`` -- an exception as messages quote it."""
    return f"{type(error).__name__}: {error}"


def tool_hints(fn: Callable[..., Any], tool: str, localns: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every annotation of a tool, evaluated; ``TypeError`` naming the first that fails.

    The text is ``messages.unresolvable_annotation`` (parameter ``return`` for
    the return annotation).
    """
    hints, errors = evaluate_each(fn, localns)
    if errors:
        name, error = next(iter(errors.items()))
        raise TypeError(messages.unresolvable_annotation(tool, name, describe(error))) from error
    return hints


def spelled(annotation: Any) -> str:
    """An annotation as written: the string itself when postponed, else its repr."""
    if isinstance(annotation, str):
        return annotation
    return repr(annotation).replace("typing.", "")


def unresolvable_resolver_return(resolver: str, annotation: str, parameter: str, tool: str, error: str) -> str:
    """Runtime only: a resolver's return annotation (read for MCP007) cannot be evaluated."""
    return (
        f"Cannot resolve the return annotation `{annotation}` of resolver `{resolver}` "
        f"(for `{parameter}` in `{tool}`): {error}; every name in it must exist when "
        "`@declared_elicitation` runs, as FastMCP requires of a tool's own annotations"
    )


def annotated(resolver: Callable[..., Any]) -> Callable[..., Any]:
    """The function whose annotations describe a call of ``resolver``.

    ``functools.partial(f, ...)`` -> ``f``; an instance with ``__call__`` ->
    that bound method (``typing.get_type_hints`` reads neither: a partial has no
    annotations, and an instance's ``__annotations__`` are its class's fields).
    """
    target = resolver
    while isinstance(target, functools.partial):
        target = target.func
    if not inspect.isroutine(target) and not isinstance(target, type) and callable(target):
        target = target.__call__  # type: ignore[operator]
    return target


def resolver_name(resolver: Callable[..., Any]) -> str:
    """How messages name a resolver: its function's name (through partials), else its class's."""
    target = resolver
    while isinstance(target, functools.partial):
        target = target.func
    name = getattr(target, "__name__", None)
    return name if isinstance(name, str) else type(target).__name__


def resolver_hints(
    resolver: Callable[..., Any],
    name: str,
    parameter: str,
    tool: str,
    localns: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A resolver's evaluated annotations; ``TypeError`` when the return one fails.

    Read from ``annotated(resolver)``. Parameter annotations that cannot be
    evaluated are left out (the caller falls back to the raw annotation):
    FastMCP does not evaluate them either.
    """
    target = annotated(resolver)
    hints, errors = evaluate_each(target, localns)
    error = errors.get("return")
    if error is not None:
        annotation = spelled(target.__annotations__["return"])
        raise TypeError(
            unresolvable_resolver_return(name, annotation, parameter, tool, describe(error))
        ) from error
    return hints
