"""Which type expressions fastmcp 4.2.3 refuses as a ``response_type`` before
asking, beyond a union and a ``list`` of scalars (:mod:`.response_kind`).

``parse_elicit_response_type`` wraps a type that is no object schema in a
``value`` field, and ``get_elicitation_schema`` / ``validate_elicitation_json_schema``
(``fastmcp/server/elicitation.py``) then refuse, with ``TypeError``:

- an array at the top level, which becomes no wrapper for a bare or ``tuple``
  type ("Elicitation schema must be an object schema, got type 'array'"):
  ``list``, ``tuple``, ``set``, ``frozenset`` and their ``typing`` spellings,
  ``tuple[...]``, ``set[...]``, ``frozenset[...]``, ``Sequence[...]``;
- ``bytes``, ``object`` and ``Any`` (no object schema either);
- a ``list[...]`` of a model, a dataclass or a container ("arrays are only
  allowed when items are enums").

A ``dict`` (``dict[str, int]``) is asked: it is an object schema. Only what the
expression as written proves is answered (a name of another module is not
read). One reading for MCP002 and the codemod's skip (``locate.REFUSED_TYPE``).
"""

from __future__ import annotations

import ast

from .annotation_reads import head, is_model

_ARRAYS = frozenset({
    "list", "tuple", "set", "frozenset", "typing.List", "typing.Tuple", "typing.Set",
    "typing.FrozenSet", "typing.Sequence", "collections.abc.Sequence", "collections.abc.Set",
    "typing_extensions.List", "typing_extensions.Tuple",
})
_NO_OBJECT = frozenset({"bytes", "object", "typing.Any", "typing_extensions.Any"})
_LISTS = frozenset({"list", "typing.List", "typing_extensions.List"})
_CONTAINERS = _ARRAYS | frozenset({"dict", "typing.Dict", "typing.Mapping", "collections.abc.Mapping"})
_DATACLASS = frozenset({"dataclasses.dataclass", "pydantic.dataclasses.dataclass"})


def refused_type(model, node: ast.expr | None) -> bool:
    """Whether ``node`` (a ``response_type`` as FastMCP reads it, module-level
    names read in ``model``) is one of the types above that fastmcp 4.2.3 refuses
    with ``TypeError`` before asking."""
    if node is None:
        return False
    if isinstance(node, ast.Subscript):
        name = head(model, node.value)
        if name in _LISTS:
            return _refused_item(model, node.slice)
        return name in _ARRAYS
    if isinstance(node, (ast.Name, ast.Attribute)):
        return head(model, node) in _ARRAYS | _NO_OBJECT
    return False


def _refused_item(model, item: ast.expr) -> bool:
    """``list[item]``: refused when ``item`` is a container or a nested object (a
    model or dataclass of the module); scalars are :func:`.response_kind.scalar_list_type`'s."""
    if isinstance(item, ast.Subscript):
        return head(model, item.value) in _CONTAINERS
    if not isinstance(item, ast.Name):
        return False
    cls = model.class_named(item)
    return cls is not None and (
        is_model(model, cls)
        or any(head(model, d.func if isinstance(d, ast.Call) else d) in _DATACLASS for d in cls.decorator_list)
    )
