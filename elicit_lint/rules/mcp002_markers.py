"""MCP002 on ``elicit_lint.runtime``'s ``Elicit`` markers (:mod:`.mcp002`): what
``@declared_elicitation`` refuses at decoration for the question's type, in its words
(``elicit_lint.core.messages``) or FastMCP's (``.mcp002_reads.KIND_TEXT``)."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..analysis.annotation_reads import union_members
from ..analysis.response_kind import read_response_type
from ..analysis.run_classes import marker_asked
from ..analysis.runtime_markers import runtime_marker
from ..analysis.type_aliases import alias_value
from ..core import messages
from ..model import Model
from ..model.positions import Span
from .mcp002_reads import KIND_TEXT, inferred_kind, refused_named


def marker_findings(model: Model) -> Iterator[tuple[Span, str]]:
    """``(span, message)`` for each runtime marker whose question cannot be asked:
    a ``response_type=T`` of a kind fastmcp 4.2.3 refuses (``parse_elicit_response_type``,
    which the runtime runs at decoration); without ``response_type``, the annotation's
    ``T`` (of ``T | None``, or of ``ElicitationResult[T]``) of such a kind, a union of
    several types (``messages.union_without_response_type``) or a bare
    ``ElicitationResult`` (``messages.bare_outcome``)."""
    for param in model.elicited_parameters:
        marker = param.marker
        if not runtime_marker(param):
            continue
        tool = param.function.name
        asked = marker_asked(model, param)
        if (refused := refused_named(model, asked)) is not None:
            yield model.span(asked), _refused_field(param.name, tool, marker.question is None, *refused)
            continue
        if marker.response_type is None:  # the type the runtime reads off the annotation
            if marker.question is None:
                continue  # a resolver (or a message not read) says what it asks
            if marker.outcome and marker.answer_type is None:
                yield marker.span, messages.bare_outcome(param.name, tool)
                continue
            if _several_types(model, marker.answer_type, param.function.scope.parent):
                yield marker.span, messages.union_without_response_type(param.name, tool)
                continue
            what = KIND_TEXT.get(inferred_kind(model, marker))
            if what is not None:
                yield marker.span, (
                    f"`Elicit` marker of `{param.name}` (no `response_type`: the annotation's type) {what}"
                )
            continue
        outer = param.function.scope.parent or param.function.scope
        what = KIND_TEXT.get(read_response_type(model, marker.response_type, outer).kind)
        if what is not None:
            yield model.span(marker.response_type), f"`Elicit` marker of `{param.name}` {what}"


def _refused_field(param: str, tool: str, resolver: bool, cls: str, field: str, annotation: str) -> str:
    when = (
        "when its resolver asks, so every call that asks fails"
        if resolver
        else "when the tool is decorated, so importing the module fails"
    )
    return (
        f"`Elicit` marker of `{param}` in `{tool}` asks `{cls}`, whose field `{field}: {annotation}` "
        f"FastMCP 4 refuses in an elicitation schema: a `TypeError` {when}; give the field `str`, "
        "`int`, `float`, `bool`, a `Literal[...]`, an Enum, or a `list` of a `Literal[...]` or an "
        "Enum for several choices, without `| None` (FastMCP 4 says \"Elicitation schema field ... "
        "is not a primitive type\")"
    )


def _several_types(model: Model, tp: ast.expr | None, scope) -> bool:
    """Whether ``tp`` (read in ``scope``) is a union with two or more distinct members
    other than ``None`` (``int | str | None``, ``Optional[Union[int, str]]``); nested
    unions flattened, module-level aliases (``Either = int | str``) read through."""
    if tp is None:
        return False
    arms = {ast.dump(a) for a in _flat_members(model, tp, scope) if not _is_none(a)}
    return len(arms) > 1


def _flat_members(model: Model, tp: ast.expr, scope, depth: int = 0) -> list[ast.expr]:
    aliased = alias_value(model, tp, scope) if depth < 8 else None
    if aliased is not None:
        return _flat_members(model, aliased, scope, depth + 1)
    members = union_members(model, tp)
    if members is None:
        return [tp]
    return [leaf for member in members for leaf in _flat_members(model, member, scope, depth + 1)]


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None
