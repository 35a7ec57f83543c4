"""A ``response_type`` that names a value rather than a type (``response_type=CHOICES``).

FastMCP 4.2.3 (``fastmcp.server.elicitation.parse_elicit_response_type``) takes a
list of strings as one choice, whether written inline or through a name; the
rewrite puts the type into an annotation (``Annotated[T | None, ...]``), where a
list is no type (``TypeError`` at import). So a name bound exactly once, at
module level, to a list display of strings, never mutated, rebound or passed on,
becomes ``Literal[...]`` as the inline list does (:mod:`.response_types`); a name
bound to any other value display is refused with a reason. Names of types
(classes, imports, aliases) are not this module's concern. Standard library only.
"""

from __future__ import annotations

import ast

from .response_types import Refused

_DISPLAYS = (
    ast.List, ast.Tuple, ast.Set, ast.Dict, ast.Constant, ast.JoinedStr,
    ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp,
)


def not_fixed(name: str) -> str:
    """The reason for ``response_type=NAME`` bound to choices that may change."""
    return (
        f"the response type `{name}` is a list of choices the module may change (bound "
        "more than once, mutated, passed on or not a list of strings), and an annotation "
        f"would freeze it at import: write the choices inline, `response_type=[...]`, or "
        "declare `Literal[...]` by hand"
    )


def _uses_are_reads(model, name: str, binding: ast.AST) -> bool:
    """Every other occurrence of ``name`` in the module reads it without handing the
    list on: a ``response_type`` (keyword or second positional argument), ``in`` /
    comparison operand, ``for`` iteration, item read or f-string value."""
    for node in ast.walk(model.tree):
        if isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return False
        if not isinstance(node, ast.Name) or node.id != name:
            continue
        if not isinstance(node.ctx, ast.Load):
            if model.parent(node) is not binding:
                return False
            continue
        parent = model.parent(node)
        if isinstance(parent, ast.keyword) and parent.arg == "response_type":
            continue
        if isinstance(parent, ast.Call) and parent.args[1:2] == [node]:
            continue
        if isinstance(parent, (ast.Compare, ast.FormattedValue)):
            continue
        if isinstance(parent, (ast.For, ast.AsyncFor, ast.comprehension)) and parent.iter is node:
            continue
        if isinstance(parent, ast.Subscript) and parent.value is node and isinstance(
            parent.ctx, ast.Load
        ):
            continue
        return False
    return True


def named_choices(model, scope, node: ast.expr | None) -> list[ast.Constant] | None:
    """The string constants of the list ``node`` (a name read in the tool's
    ``scope``) is bound to, under the rule in the module docstring; ``None`` when
    ``node`` is not a name bound to a value display (a type, or unknown). Raises
    :class:`.response_types.Refused` with :func:`not_fixed` otherwise."""
    if not isinstance(node, ast.Name) or scope is None:
        return None
    found = scope.lookup(node.id)
    if found is None or found[0] is scope:
        return None  # a builtin, unbound, or a body local (refused elsewhere)
    owner, bindings = found
    values = [b.value for b in bindings]
    if not any(isinstance(v, _DISPLAYS) for v in values):
        return None
    value = values[0]
    if (
        owner.kind == "module"
        and len(bindings) == 1
        and bindings[0].kind == "assign"
        and isinstance(value, ast.List)
        and value.elts
        and all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in value.elts)
        and _uses_are_reads(model, node.id, model.parent(value))
    ):
        return list(value.elts)  # type: ignore[arg-type]
    raise Refused(not_fixed(node.id))
