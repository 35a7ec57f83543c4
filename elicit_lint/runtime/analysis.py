"""Decoration-time analysis: everything that can be known before the first call.

:func:`analyse_tool` reads a tool function once, when ``@declared_elicitation``
is applied, and returns a :class:`ToolPlan` (elicited parameters in signature
order, their resolvers and dependencies, the resolution order from
``elicit_lint.core.graph``, the signature FastMCP will see). Every wiring mistake is a
``TypeError`` whose text comes from ``elicit_lint.core.messages`` -- the same words the
checker's rules print (docs/architecture.md "The runtime": decoration rejects).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, get_args, get_origin

import mcp_types
from fastmcp.server.context import Context
from fastmcp.server.elicitation import (
    ElicitConfig,
    parse_elicit_response_type,
)
from fastmcp.utilities.types import is_class_member_of_type
from pydantic import PydanticUserError, TypeAdapter
from uncalled_for import get_dependency_parameters

from ..core import graph, messages
from .answer_types import (
    _NONE,
    _UNIONS,
    _strip_none,
    admits_none,
    answer_fits,
    answer_type,
    spell_response_type,
    type_key,
    type_name,
    value_adapter,
)
from .hints import resolver_hints, resolver_name, tool_hints
from .marker import Elicit
from .outcome import NO_TYPE, OUTCOMES, answer_of


@dataclass
class Resolver:
    """A resolver function and how each of its parameters is filled."""

    fn: Callable[..., Any]
    name: str
    is_async: bool
    by_name: list[str]  # tool arguments or elicited parameters, filled by name
    context_params: list[str]  # annotated ``Context``: the current context
    elicited_deps: list[str]  # the subset of ``by_name`` that are elicited parameters
    rejects_none: list[str] = field(default_factory=list)  # elicited deps annotated without ``None``


@dataclass
class ElicitedParam:
    """One ``Annotated[T, Elicit(...)]`` parameter of a tool."""

    name: str
    marker: Elicit[Any]
    declared_type: Any  # T (``Annotated[T, Elicit()] | None`` gives ``T | None``)
    ask_type: Any  # T without ``None``: what a question asks for by default
    default: Any  # ``inspect.Parameter.empty`` when required
    resolver: Resolver | None = None
    default_type: Any = None  # the marker's ``response_type``, else ``ask_type``
    config: ElicitConfig | None = None  # FastMCP's schema for ``default_type``
    question: Any = None  # ``engine.Question`` of a fixed question, cached on first use
    adapter: TypeAdapter[Any] | None = None  # validates a resolver's plain value (``ask_type``)
    outcome: bool = False  # ``ElicitationResult[T]``: the outcome object is injected, ``ask_type`` is ``T``

    @property
    def has_default(self) -> bool:
        return self.default is not inspect.Parameter.empty


@dataclass
class ToolPlan:
    """What the wrapper needs at call time; built once per decorated function."""

    fn: Callable[..., Any]
    tool: str
    is_async: bool
    run_in_thread: bool
    params: dict[str, ElicitedParam]  # signature order
    order: list[str]  # resolution order (elicit_lint.core.graph)
    signature: inspect.Signature  # the tool's signature without elicited parameters
    annotations: dict[str, Any] = field(default_factory=dict)


def _markers(metadata: tuple[Any, ...]) -> list[Elicit[Any]]:
    return [m for m in metadata if isinstance(m, Elicit)]


def _contains_marker(tp: Any) -> bool:
    if get_origin(tp) is Annotated:
        base, *metadata = get_args(tp)
        return bool(_markers(tuple(metadata))) or _contains_marker(base)
    return any(_contains_marker(arg) for arg in get_args(tp) if not isinstance(arg, (str, int)))


def find_marker(parameter: str, hint: Any) -> tuple[Elicit[Any], Any] | None:
    """``(marker, declared_type)`` of a parameter's annotation, or ``None`` when unmarked.

    Accepts ``Annotated[T, Elicit()]`` and ``Annotated[T, Elicit()] | None``
    (meaning ``Annotated[T | None, Elicit()]``). Raises ``TypeError``
    (``messages.marker_misplaced``) for a marker in another union arm, inside a
    container (``list[Annotated[...]]``) or in a nested annotation, and
    (``messages.duplicate_marker``) for two markers on one parameter
    (``Annotated[str, Elicit("a"), Elicit("b")]``: which one to ask is a guess).
    """
    origin = get_origin(hint)
    if origin is Annotated:
        base, *metadata = get_args(hint)
        found = _markers(tuple(metadata))
        if len(found) > 1:
            raise TypeError(messages.duplicate_marker(parameter, len(found)))
        if found:
            if _contains_marker(base):
                raise TypeError(messages.marker_misplaced(parameter, "a nested annotation"))
            return found[0], base
        if _contains_marker(base):
            raise TypeError(messages.marker_misplaced(parameter, "a nested annotation"))
        return None
    if origin in _UNIONS:
        arms = get_args(hint)
        marked = [a for a in arms if _contains_marker(a)]
        if not marked:
            return None
        others = [a for a in arms if a not in marked]
        top = marked[0]
        if (
            len(marked) == 1
            and all(a is _NONE for a in others)
            and others
            and get_origin(top) is Annotated
            and _markers(tuple(get_args(top)[1:]))
        ):
            marker, base = find_marker(parameter, top)  # type: ignore[misc]
            return marker, base | None
        raise TypeError(messages.marker_misplaced(parameter, "a union arm"))
    if _contains_marker(hint):
        raise TypeError(messages.marker_misplaced(parameter, "a container"))
    return None


def returns_input_required(tp: Any) -> bool:
    """True when ``InputRequiredResult`` appears anywhere in a return annotation."""
    if isinstance(tp, type) and issubclass(tp, mcp_types.InputRequiredResult):
        return True
    return any(returns_input_required(a) for a in get_args(tp) if not isinstance(a, (str, int)))


def build_config(parameter: str, tool: str, response_type: Any, title: str | None, description: str | None) -> ElicitConfig:
    """FastMCP's own schema for ``response_type``; its ``TypeError``/``ValueError`` and
    pydantic's ``PydanticUserError`` (a ``typing.TypedDict`` before Python 3.12)
    become a ``TypeError`` naming the parameter."""
    try:
        return parse_elicit_response_type(
            response_type, response_title=title, response_description=description
        )
    except (TypeError, ValueError, PydanticUserError) as error:
        raise TypeError(
            f"`Elicit` marker of `{parameter}` in `{tool}` cannot be asked: {error}"
        ) from error


def _check_union(param: ElicitedParam, tool: str) -> None:
    """``TypeError`` (``messages.union_without_response_type``, MCP002's words) when a
    question without ``response_type`` would be asked with a union FastMCP refuses;
    FastMCP's own verdict decides (a union it can ask passes)."""
    try:
        parse_elicit_response_type(param.default_type)
    except (TypeError, ValueError, PydanticUserError) as error:
        raise TypeError(messages.union_without_response_type(param.name, tool)) from error


def check_answer_type(param: ElicitedParam, marker: Elicit[Any], config: ElicitConfig) -> None:
    """``TypeError`` (``messages.marker_type_mismatch``) when ``marker``'s own
    ``response_type`` cannot give ``param``'s type (``answer_fits``). Run at
    decoration for a fixed question and by the engine for a question a resolver
    returns (which turns it into a ``ToolError``)."""
    if marker.response_type is not None and not answer_fits(answer_type(config), param.ask_type):
        raise TypeError(
            messages.marker_type_mismatch(
                param.name, spell_response_type(marker.response_type), type_name(param.declared_type)
            )
        )


def check_unavailable(param: ElicitedParam) -> None:
    """``TypeError`` (``messages.unavailable_type_mismatch``) when the marker's
    ``unavailable=`` value is not a value of the parameter's declared type:
    ``None`` needs a type that admits it; an outcome-typed parameter takes
    ``None`` (with ``| None``) or a ``DeclinedElicitation`` / ``CancelledElicitation``
    / ``AcceptedElicitation`` instance; any other value is validated strictly by
    pydantic (a type pydantic cannot describe is not checked)."""
    marker = param.marker
    if not marker.has_unavailable:
        return
    value = marker.unavailable
    if value is None:
        fits = admits_none(param.declared_type)
    elif param.outcome:
        fits = isinstance(value, OUTCOMES)
    else:
        adapter = value_adapter(param.declared_type)
        fits = True
        if adapter is not None:
            try:
                adapter.validate_python(value, strict=True)
            except ValueError:  # pydantic.ValidationError is a ValueError
                fits = False
    if not fits:
        raise TypeError(
            messages.unavailable_type_mismatch(param.name, repr(value), type_name(param.declared_type))
        )


def _resolver_return_types(hints: dict[str, Any]) -> list[Any]:
    """The ``X`` of every ``Elicit[X]`` in a resolver's evaluated return annotation."""
    hint = hints.get("return")
    if hint is None:
        return []
    arms = get_args(hint) if get_origin(hint) in _UNIONS else (hint,)
    return [get_args(a)[0] for a in arms if get_origin(a) is Elicit and get_args(a)]


def _analyse_resolver(
    param: ElicitedParam,
    tool: str,
    tool_params: set[str],
    elicited: set[str],
    localns: dict[str, Any] | None,
) -> Resolver:
    fn = param.marker.message
    assert callable(fn)
    name = resolver_name(fn)
    injected = set(get_dependency_parameters(fn))
    hints = resolver_hints(fn, name, param.name, tool, localns)
    by_name: list[str] = []
    context_params: list[str] = []
    rejects_none: list[str] = []
    for pname, p in inspect.signature(fn).parameters.items():
        if p.kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD):
            continue
        if pname in injected:
            continue
        if is_class_member_of_type(hints.get(pname, p.annotation), Context) and pname not in tool_params:
            context_params.append(pname)
            continue
        if pname in tool_params or pname in elicited:
            by_name.append(pname)
            if pname in elicited and not admits_none(hints.get(pname, p.annotation)):
                rejects_none.append(pname)
            continue
        raise TypeError(messages.unknown_resolver_parameter(name, pname, tool))
    for declared in _resolver_return_types(hints):
        if type_key(declared) not in (type_key(param.declared_type), type_key(param.ask_type)):
            raise TypeError(
                messages.resolver_type_mismatch(
                    name, type_name(declared), param.name, type_name(param.declared_type)
                )
            )
    return Resolver(
        fn=fn,
        name=name,
        is_async=inspect.iscoroutinefunction(fn),
        by_name=by_name,
        context_params=context_params,
        elicited_deps=[d for d in by_name if d in elicited],
        rejects_none=rejects_none,
    )


def analyse_tool(
    fn: Callable[..., Any], *, run_in_thread: bool = True, localns: dict[str, Any] | None = None
) -> ToolPlan:
    """Validate ``fn`` and plan its elicited parameters.

    Raises ``TypeError`` (wording from ``elicit_lint.core.messages``) for: an
    unresolvable annotation of the tool or of a resolver's return
    (``hints``), a misplaced marker or two markers on one parameter, an
    unknown resolver parameter, a resolver ``Elicit[X]`` that disagrees with
    the parameter type, a question's ``response_type`` whose answer cannot be
    the parameter's type (``answer_fits``, ``messages.marker_type_mismatch``), a resolver
    cycle (path named), an ``InputRequiredResult`` return annotation, and a
    response type FastMCP cannot turn into an elicitation schema.
    """
    tool = getattr(fn, "__name__", repr(fn))
    hints = tool_hints(fn, tool, localns)
    signature = inspect.signature(fn)
    if returns_input_required(hints.get("return")):
        raise TypeError(messages.mixed_with_input_required(tool))

    params: dict[str, ElicitedParam] = {}
    for name, p in signature.parameters.items():
        found = find_marker(name, hints.get(name, p.annotation))
        if found is None:
            continue
        marker, declared = found
        ask_type = _strip_none(declared)
        try:
            answer = answer_of(ask_type)
        except TypeError as error:  # the MCP SDK's ElicitationResult (MCP013)
            raise TypeError(messages.sdk_outcome(name, tool)) from error
        if answer is NO_TYPE:
            if marker.response_type is None and not marker.is_resolver:
                raise TypeError(messages.bare_outcome(name, tool))  # MCP002
            answer = Any
        params[name] = ElicitedParam(
            name=name,
            marker=marker,
            declared_type=declared,
            ask_type=ask_type if answer is None else answer,
            default=p.default,
            outcome=answer is not None,
        )

    kept = [p for n, p in signature.parameters.items() if n not in params]
    tool_params = {p.name for p in kept}
    for name, param in params.items():
        if param.marker.is_resolver:
            param.resolver = _analyse_resolver(param, tool, tool_params, set(params), localns)
        marker = param.marker
        param.default_type = param.ask_type if marker.response_type is None else marker.response_type
        if marker.is_resolver:
            param.adapter = value_adapter(param.ask_type if param.outcome else param.declared_type)
            # A resolver's own Elicit(...) usually says nothing about the type:
            # precompute the default schema when FastMCP can build one.
            try:
                param.config = parse_elicit_response_type(
                    param.default_type,
                    response_title=marker.title,
                    response_description=marker.description,
                )
            except (TypeError, ValueError, PydanticUserError):  # e.g. a class pydantic cannot describe
                param.config = None
        else:
            if marker.response_type is None and get_origin(param.default_type) in _UNIONS:
                _check_union(param, tool)
            param.config = build_config(
                name, tool, param.default_type, marker.title, marker.description
            )
            check_answer_type(param, marker, param.config)
        check_unavailable(param)

    deps = {n: (p.resolver.elicited_deps if p.resolver else []) for n, p in params.items()}
    cycle = graph.find_cycle(deps)
    if cycle:
        raise TypeError(messages.resolver_cycle(tool, cycle))

    annotations = {n: hints[n] for n in tool_params if n in hints}
    if "return" in hints:
        annotations["return"] = hints["return"]
    new_signature = signature.replace(
        parameters=[p.replace(annotation=hints.get(p.name, p.annotation)) for p in kept],
        return_annotation=hints.get("return", signature.return_annotation),
    )
    return ToolPlan(
        fn=fn,
        tool=tool,
        is_async=inspect.iscoroutinefunction(fn),
        run_in_thread=run_in_thread,
        params=params,
        order=graph.resolution_order(deps),
        signature=new_signature,
        annotations=annotations,
    )
