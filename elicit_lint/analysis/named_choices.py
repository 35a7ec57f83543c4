"""A ``response_type`` that names a value rather than a type (``response_type=CHOICES``).

FastMCP 4.2.3 (``fastmcp.server.elicitation.parse_elicit_response_type``) takes a
list of strings as one choice, whether written inline or through a name; the
rewrite puts the type into an annotation (``Annotated[T | None, ...]``), where a
list is no type (``TypeError`` at import). So a name bound exactly once, at
module level, to a list display of strings, never mutated, rebound or passed on,
becomes ``Literal[...]`` as the inline list does (:mod:`.response_types`); a name
bound to any other value display is refused with a reason. Which names are bound
to a value display (:data:`.response_kind.NAMED_VALUE`) is the query's answer;
names of types (classes, imports, aliases) are not this module's concern.
Standard library only.
"""

from __future__ import annotations

import ast

from .response_kind import ResponseType, string_list
from .response_types import Refused


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


def fixed_choices(model, response: ResponseType) -> list[ast.Constant]:
    """The string constants of the list ``response`` (a
    :data:`.response_kind.NAMED_VALUE`: a name bound to a value display) is bound
    to, under the rule in the module docstring. Raises
    :class:`.response_types.Refused` with :func:`not_fixed` otherwise."""
    name = response.written.id  # type: ignore[union-attr]
    owner, bindings = response.binding  # type: ignore[misc]
    value = bindings[0].value
    choices = string_list(value)
    if (
        owner.kind == "module"
        and len(bindings) == 1
        and bindings[0].kind == "assign"
        and choices is not None
        and _uses_are_reads(model, name, model.parent(value))
    ):
        return choices
    raise Refused(not_fixed(name))
