"""A ``response_type`` given by name: what the name stands for.

FastMCP 4.2.3 (``fastmcp.server.elicitation.parse_elicit_response_type``) reads
the value a name holds when ``ctx.elicit`` runs, so ``Either = Union[int, str]``
then ``response_type=Either`` fails exactly as the inline union does. The
verdicts of :mod:`.response_types` (union, list of scalars) are therefore asked
of the expression a name is bound to: :func:`through_aliases` follows a name
bound exactly once, by a plain assignment at module level, to its value.
:func:`unproven` is the codemod's stricter test: a name it cannot show to be a
class, a builtin, a standard-library import or such an alias is refused, since
an annotation built from an unknown value may fail at import (taking every tool
of the module with it) or start working where the original always failed.
Standard library only.
"""

from __future__ import annotations

import ast
import builtins
import sys

_DEPTH = 8  # alias chains longer than this are not followed


def through_aliases(model, node: ast.expr | None, scope=None) -> ast.expr | None:
    """The expression ``node`` stands for: ``node`` itself unless it is a name
    (read in ``scope``, default: the module) bound exactly once, by a plain
    assignment at module level (``X = ...`` / ``X: TypeAlias = ...``), then the
    assigned value, followed through further such names."""
    for _ in range(_DEPTH):
        if not isinstance(node, ast.Name):
            return node
        found = (scope or model.module_scope).lookup(node.id)
        if found is None:
            return node
        owner, bindings = found
        if (
            owner.kind != "module"
            or len(bindings) != 1
            or bindings[0].kind != "assign"
            or bindings[0].value is None
        ):
            return node
        node, scope = bindings[0].value, model.module_scope
    return node


def not_a_known_type(name: str) -> str:
    """The reason for ``response_type=NAME`` when ``NAME`` is not shown to be a type."""
    return (
        f"the response type `{name}` is not known to be a class or a type alias of this "
        "module (imported from another module, a parameter, bound more than once or built "
        "by a call): "
        "FastMCP reads its value when asking, and an annotation of an unknown value may "
        "fail at import or change what the tool does; write the type itself, then run again"
    )


def unproven(model, node: ast.expr | None, scope=None) -> str | None:
    """:func:`not_a_known_type`'s reason when ``node`` (a ``response_type`` read in
    ``scope``) is a name the module does not show to be a type: a builtin, a
    class (one binding, a ``class`` statement), a standard-library import, or a
    name bound once at module level to a type expression (no call) whose names
    are all known in turn. ``None`` when the type is known (or is no name)."""
    if not isinstance(node, ast.Name):
        return None
    return None if _known(model, node, scope, set()) else not_a_known_type(node.id)


def _known(model, node: ast.Name, scope, seen: set[str]) -> bool:
    found = (scope or model.module_scope).lookup(node.id)
    if found is None:
        return hasattr(builtins, node.id)
    owner, bindings = found
    if len(bindings) != 1:
        return False
    binding = bindings[0]
    if binding.kind == "class":
        return True
    if binding.kind == "import":
        root = (binding.qualified or "").split(".")[0]
        return root in sys.stdlib_module_names
    if binding.kind != "assign" or owner.kind != "module" or binding.value is None:
        return False
    if node.id in seen or len(seen) > _DEPTH:
        return False
    value = binding.value
    if any(isinstance(n, (ast.Call, ast.Lambda, ast.NamedExpr)) for n in ast.walk(value)):
        return False
    return all(
        _known(model, n, model.module_scope, seen | {node.id})
        for n in ast.walk(value)
        if isinstance(n, ast.Name)
    )
