"""Where MCP027 reads SDK elicitation schemas (:mod:`.mcp027`): the schema of every
``ctx.elicit`` on the SDK's ``Context`` and of every ``Elicit(...)`` a resolver
returns, as written and as held (a name bound once in the function read through
its value, ``X`` of ``cast(T, X)``)."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..analysis.response_types import Refused, runtime_type
from ..analysis.sdk_schema_args import local_value, resolver_schemas, schema_arguments
from ..model import Model, names
from ._sdk import resolve_parameters


def written_schemas(model: Model) -> Iterator[tuple[ast.expr, ast.expr, object]]:
    """``(schema as written, what it holds, scope it is read in)`` of every ``ctx.elicit(...)`` on the SDK's
    ``Context`` and of every SDK ``Elicit(...)`` returned by a resolver a tool on the
    SDK resolves (each read in its function; a name bound there once, ``s = Form``,
    read through its value)."""
    used = {
        id(marker.resolver)
        for param, markers in resolve_parameters(model)
        if param.function.is_tool
        for marker in markers
        if marker.resolver is not None
    }
    for resolver, schema, scope in resolver_schemas(model):
        if id(resolver) in used:
            yield schema, local_value(schema, scope), scope
    for site in model.sites:
        if site.framework == names.MCPSERVER_FRAMEWORK and site.response_type is not None:
            scope = site.function.scope if site.function is not None else None
            yield site.response_type, local_value(site.response_type, scope), scope


def schemas(model: Model) -> Iterator[tuple[ast.expr, ast.expr]]:
    """``(where to report, what it holds)`` for the schema argument of every SDK ``Elicit(...)`` a resolver returns and of
    every ``ctx.elicit(...)`` on the SDK's ``Context`` (a name bound once in the
    function read through its value, ``X`` of ``cast(T, X)``)."""
    for written, scope in schema_arguments(model):
        schema = local_value(written, scope)
        try:  # `X` of `cast(T, X)`: the schema the SDK reads
            held = runtime_type(model, schema, scope)
        except Refused:
            yield written, schema
            continue
        yield (held if schema is written else written), local_value(held, scope)
