"""MCP002's reads of one ``response_type`` and its words for each refused kind
(:mod:`.mcp002`): the kind FastMCP 4 refuses, a class of the module with a refused
field."""

from __future__ import annotations

import ast

from ..analysis import locate
from ..analysis.annotation_reads import union_members
from ..analysis.fastmcp_fields import refused_field
from ..analysis.refused_types import refused_type
from ..analysis.response_kind import (
    BUILT,
    REFUSED,
    SCALAR_LIST,
    SCHEMA_DICT,
    TUPLE,
    UNION,
    scalar_list_type,
)
from ..analysis.response_types import Refused, read
from ..analysis.run_classes import run_alias, run_class
from ..analysis.sdk_schema_args import local_value
from ..model import Model

KIND_TEXT = {
    UNION: "passes a union `response_type`: a `TypeError` on FastMCP 4; pass the type itself, a "
    "decline already gives no value (FastMCP 4 says \"Elicitation schema must be an object schema\")",
    SCALAR_LIST: "passes a `list[...]` `response_type` of scalars: a `TypeError` on FastMCP 4; pass "
    "`[[\"a\", \"b\"]]` or `list[SomeEnum]` for several choices (FastMCP 4 says \"arrays are only "
    "allowed when items are enums\")",
    SCHEMA_DICT: "passes a JSON-schema dict as `response_type`: fails on FastMCP 4, which reads a dict "
    "as titled choices (`{\"low\": {\"title\": \"Low\"}}`); write the schema as a dataclass or pydantic "
    "model (FastMCP 4 says \"'str' object has no attribute 'get'\" or \"Dict response_type cannot be "
    "empty\")",
    TUPLE: "passes choices as a tuple: fails on FastMCP 4, which reads only a list as choices; pass a "
    "list, `[\"a\", \"b\"]` (or `[[\"a\", \"b\"]]` for several answers) (FastMCP 4 says \"Unable to "
    "generate pydantic-core schema\" or \"Invalid list response_type format\")",
    REFUSED: "passes " + locate.REFUSED_TYPE.split(" raises ", 1)[0] + ": a "
    "`TypeError` on FastMCP 4; pass a scalar, a model, or `[[\"a\", \"b\"]]` or `list[SomeEnum]` for "
    "several choices (FastMCP 4 says \"Elicitation schema must be an object schema\" or \"arrays are "
    "only allowed when items are enums\")",
}
"""The finding's words after the call for a ``response_type`` of each kind FastMCP 4
refuses (:func:`kind`, read once per site)."""


def kind(response) -> str:
    """What a ``response_type`` read by :func:`read_site` denotes (:data:`.response_kind.BUILT`
    for ``None``)."""
    return BUILT if response is None else response.kind


def read_site(model: Model, site):
    """:func:`.response_types.read` of ``site``'s ``response_type`` (a name bound once
    at module level read through its value, ``typing.cast(T, X)`` as ``X``, as FastMCP
    reads it when asking); ``None`` for a ``cast`` not shown to be its argument."""
    scope = site.function.scope if site.function is not None else None
    try:
        return read(model, site.response_type, scope)
    except Refused:
        return None


def read_site_home(model: Model, site) -> tuple[Model, object]:
    """``(model the type is read in, :func:`read_site`)``: for a ``response_type``
    naming a type alias imported from another module of the run
    (:func:`.run_classes.run_alias`: ``Either = Union[int, str]`` there), the alias's
    value read in its own module, as FastMCP reads it; else ``(model, read_site(...))``."""
    scope = site.function.scope if site.function is not None else None
    written = local_value(site.response_type, scope)
    alias = run_alias(model, written.id) if isinstance(written, ast.Name) else None
    if alias is not None:
        try:
            return alias.model, read(alias.model, alias.value)
        except Refused:
            return model, None
    return model, read_site(model, site)


def refused_class(model: Model, response) -> tuple[str, str, str] | None:
    """``(class, field, annotation)`` when ``response`` (:func:`read_site`) names a class
    of the module with a field FastMCP 4 refuses (:func:`.fastmcp_fields.refused_field`)."""
    return refused_named(model, response.written if response is not None else None)


def refused_named(model: Model, written: ast.expr | None) -> tuple[str, str, str] | None:
    """``(class, field, annotation)`` when ``written`` is the name of a class of the
    module, or of another module of the run (:func:`.run_classes.run_class`), with a
    field FastMCP 4 refuses, else ``None``."""
    if not isinstance(written, ast.Name):
        return None
    classes, home = model.class_defs.get(written.id, ()), model
    if not classes and (imported := run_class(model, written.id)) is not None:
        classes, home = (imported.node,), imported.model  # a class of another run module
    found = refused_field(home, classes)
    return None if found is None else (written.id, *found)


def inferred_kind(model: Model, marker) -> str | None:
    """:data:`.response_kind.SCALAR_LIST` or :data:`.response_kind.REFUSED` when a
    runtime ``Elicit("q")`` marker without ``response_type`` (a question, no
    resolver) annotates ``T``, ``T | None`` or ``ElicitationResult[T]`` with a ``T``
    that fastmcp 4.2.3 refuses (the runtime asks with ``T``), else ``None``."""
    asked = marker.answer_type if marker.outcome else marker.type
    if marker.question is None or asked is None:
        return None
    arms = union_members(model, asked) or [asked]
    arms = [a for a in arms if not (isinstance(a, ast.Constant) and a.value is None)]
    if len(arms) != 1:
        return None
    if scalar_list_type(arms[0], model.qualified_name):
        return SCALAR_LIST
    return REFUSED if refused_type(model, arms[0]) else None
