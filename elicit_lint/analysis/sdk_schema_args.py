"""Where the SDK reads an elicitation schema, and what a schema name bound inside
the asking function holds (MCP027, ``run_classes``, ``sdk_ask``).

mcp 2.3.0 renders the schema passed to ``ctx.elicit(message, schema)`` on its
``Context`` and to ``Elicit(message, schema)`` returned by a ``Resolve`` resolver
(``src/mcp/server/mcpserver/resolve.py`` calls ``render_elicitation_schema``, as
``ctx.elicit`` does); :func:`schema_arguments` lists both, each with the scope it
is read in, and :func:`local_value` reads ``s = Form; ... schema=s`` as ``Form``.
Standard library only.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..model import Model, names

__all__ = ["local_value", "resolver_schemas", "schema_arguments"]


def local_value(expr: ast.expr | None, scope) -> ast.expr | None:
    """``expr``, or for a name bound once in ``scope`` itself (a function's scope, not
    the module's) by a plain assignment (``s = Form``), the assigned expression,
    followed through up to four such names; any other binding (a parameter, a loop
    target, two assignments, a tuple target) leaves ``expr`` as written."""
    for _ in range(4):
        if not isinstance(expr, ast.Name) or scope is None or scope.kind != "function":
            return expr
        bindings = scope.bindings.get(expr.id)
        if not bindings or len(bindings) != 1 or bindings[0].kind != "assign" or bindings[0].value is None:
            return expr
        expr = bindings[0].value
    return expr


def resolver_schemas(model: Model) -> Iterator[tuple[object, ast.expr, object]]:
    """``(resolver, schema as written, the resolver's scope)`` for every SDK
    ``Elicit(message, schema)`` (positional or ``schema=``) a resolver of the module
    returns."""
    for resolver in model.resolvers.values():
        function = model.function(resolver.node)
        scope = function.scope if function is not None else None
        for callee, call in resolver.returned_calls:
            if callee != names.SDK_ELICIT:
                continue
            keywords = {k.arg: k.value for k in call.keywords if k.arg}
            schema = call.args[1] if len(call.args) > 1 else keywords.get("schema")
            if schema is not None:
                yield resolver, schema, scope


def schema_arguments(model: Model) -> Iterator[tuple[ast.expr, object]]:
    """``(schema as written, scope it is read in)`` for every SDK resolver's returned
    ``Elicit`` (:func:`resolver_schemas`) and every ``ctx.elicit(...)`` on the SDK's
    ``Context`` (a resolver's own ``ctx.elicit`` too)."""
    for _, schema, scope in resolver_schemas(model):
        yield schema, scope
    for site in model.sites:
        if site.framework == names.MCPSERVER_FRAMEWORK and site.response_type is not None:
            yield site.response_type, site.function.scope if site.function is not None else None
