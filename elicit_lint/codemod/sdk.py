"""SDK v2 resolvers (``Annotated[T, Resolve(fn)]``, ``mcp.server.mcpserver``): report only.

What is found, from the model's markers of family ``"resolve"`` and the
resolver's own ``return`` statements (qualified names from the import table):

- a resolver returning ``Sample(...)`` or ``ListRoots(...)``: no declared
  equivalent exists (DESIGN.md §5), reported, never rewritten;
- a resolver returning ``Elicit(...)``: the ``Resolve(fn)`` -> ``Elicit(fn)``
  rewrite of DESIGN.md §5 is not implemented yet (the declared form also needs
  the tool to be served by FastMCP, not ``MCPServer``): reported with that reason;
- resolvers that only compute a value elicit nothing and are not reported.
"""

from __future__ import annotations

import ast

from ..model import Model
from ..model import names as qn

SAMPLE = "SDK v2 `Sample`/`ListRoots` resolver: no declared equivalent (report only)"
ELICITING = (
    "SDK v2 `Resolve(fn)` with an eliciting resolver: the `Elicit(fn)` rewrite "
    "is not implemented yet (report only)"
)


def _returned(model: Model, node: ast.AST) -> set[str]:
    scope = model.scopes.get(node)
    if scope is None:
        return set()
    out = set()
    for ret in scope.returns:
        value = ret.value
        if isinstance(value, ast.Call):
            name = scope.qualified_name(value.func)
            if name:
                out.add(name)
    return out


def sdk_skips(model: Model) -> list[tuple[int, int, str]]:
    """``(row, column, reason)`` for every SDK ``Resolve(fn)`` marker worth reporting."""
    out = []
    for param in model.elicited_parameters:
        for marker in param.markers:
            if marker.family != "resolve" or marker.resolver is None:
                continue
            returned = _returned(model, marker.resolver.node)
            if returned & {qn.SDK_SAMPLE, qn.SDK_LIST_ROOTS}:
                reason = SAMPLE
            elif returned & {qn.SDK_ELICIT, qn.ELICIT}:
                reason = ELICITING
            else:
                continue
            out.append((marker.span.start.row, marker.span.start.column, reason))
    return out
