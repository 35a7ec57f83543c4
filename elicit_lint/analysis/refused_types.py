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
- a ``list[...]`` of a model, a dataclass or a container, or of a union with a
  member that is no one-value ``Literal[...]`` (``list[int | str]``,
  ``list[Optional[str]]``, ``list[Colour | None]``, through a module alias too): the
  items schema then holds a type, a ``null`` or an ``enum`` beside the ``const``
  choices FastMCP takes ("arrays are only allowed when items are enums";
  ``list[Literal["a"] | Literal["b"]]`` is asked).

A ``dict`` (``dict[str, int]``) is asked: it is an object schema. Only what the
expression as written proves is answered (a name of another module is not
read). One reading for MCP002 and the codemod's skip (``locate.REFUSED_TYPE``).
"""

from __future__ import annotations

import ast

from .annotation_reads import head, is_enum, is_model, union_members
from .type_aliases import alias_value

_ARRAYS = frozenset({
    "list", "tuple", "set", "frozenset", "typing.List", "typing.Tuple", "typing.Set",
    "typing.FrozenSet", "typing.Sequence", "collections.abc.Sequence", "collections.abc.Set",
    "typing_extensions.List", "typing_extensions.Tuple",
})
_NO_OBJECT = frozenset({"bytes", "object", "typing.Any", "typing_extensions.Any"})
_LISTS = frozenset({"list", "typing.List", "typing_extensions.List"})
_CONTAINERS = _ARRAYS | frozenset({"dict", "typing.Dict", "typing.Mapping", "collections.abc.Mapping"})
_DATACLASS = frozenset({"dataclasses.dataclass", "pydantic.dataclasses.dataclass"})
_LITERALS = frozenset({"typing.Literal", "typing_extensions.Literal"})
_SCALAR_NAMES = frozenset({"str", "int", "float", "bool", "bytes"})


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
    model or dataclass of the module), or a union with a member that is no one-value
    ``Literal`` (:func:`_not_a_choice`); scalars are :func:`.response_kind.scalar_list_type`'s."""
    item = alias_value(model, item) or item  # ``Either = int | str`` as evaluated
    members = _members(model, item)
    if members is not None:
        distinct = {ast.dump(m): m for m in members}  # ``X | X`` is ``X``
        if len(distinct) > 1:
            return any(_not_a_choice(model, m) for m in distinct.values())
        item = next(iter(distinct.values()))
        if _scalar(model, item):
            return True  # ``Literal["a"] | Literal["a"]`` is ``list[Literal["a"]]``
    if isinstance(item, ast.Constant):
        return item.value is None  # ``list[None]``
    if isinstance(item, ast.Subscript):
        return head(model, item.value) in _CONTAINERS
    if not isinstance(item, ast.Name):
        return False
    cls = model.class_named(item)
    return cls is not None and (is_model(model, cls) or _is_dataclass(model, cls))


def _members(model, item: ast.expr, depth: int = 0) -> list[ast.expr] | None:
    """The members of the union ``item`` (nested unions and module aliases flattened,
    ``Optional[X]`` with ``None``), else ``None``."""
    members = union_members(model, item)
    if members is None or depth > 4:
        return members
    out: list[ast.expr] = []
    for member in members:
        member = alias_value(model, member) or member
        inner = _members(model, member, depth + 1)
        out.extend(inner if inner is not None else [member])
    return out


def _not_a_choice(model, member: ast.expr) -> bool:
    """A member of a ``list`` item's union that is certainly no ``const`` in FastMCP's
    items schema (``validate_elicitation_json_schema`` takes only ``anyOf`` of
    ``const``): ``None``, a builtin scalar, a ``Literal`` of several values, a
    container, a model, dataclass or Enum of the module. An unknown name -> ``False``."""
    if isinstance(member, ast.Constant):
        return member.value is None
    if isinstance(member, ast.Subscript):
        name = head(model, member.value)
        if name in _LITERALS:
            values = member.slice.elts if isinstance(member.slice, ast.Tuple) else [member.slice]
            return len(values) != 1  # ``Literal[None]`` is a ``const`` too
        return name in _CONTAINERS
    if isinstance(member, ast.Name):
        if _scalar(model, member):
            return True
        cls = model.class_named(member)
        return cls is not None and (is_model(model, cls) or is_enum(model, cls) or _is_dataclass(model, cls))
    return False


def _scalar(model, item: ast.expr) -> bool:
    """A builtin scalar (not rebound by the module) or a one-value ``Literal``: a
    ``list`` of it is refused (:func:`.response_kind.scalar_list_type`)."""
    if isinstance(item, ast.Name):
        return item.id in _SCALAR_NAMES and model.module_scope.lookup(item.id) is None
    if isinstance(item, ast.Subscript) and head(model, item.value) in _LITERALS:
        return not isinstance(item.slice, ast.Tuple) or len(item.slice.elts) == 1
    return False


def _is_dataclass(model, cls: ast.ClassDef) -> bool:
    return any(head(model, d.func if isinstance(d, ast.Call) else d) in _DATACLASS for d in cls.decorator_list)
