"""Which field of a module's response class fastmcp 4.2.3 refuses when it builds the
elicitation schema (``fastmcp/server/elicitation.py``, ``get_elicitation_schema`` and
``validate_elicitation_json_schema``): a property must be a string, number, integer
or boolean, a ``const``/``enum``, or an array of an enum; ``T | None`` is refused
("has union type 'null'"), so are nested models, mappings and plain lists.

The original ``ctx.elicit`` then fails every call with ``TypeError`` before asking;
the runtime builds the same schema when the tool is decorated, so a rewrite would
fail when the module is imported, taking every tool of the module with it. Only
what the annotation as written proves is answered; anything else is ``None``.
"""

from __future__ import annotations

import ast

from .annotation_reads import head, is_model, union_members, unwrap

_CLASSVAR = frozenset({"typing.ClassVar", "typing_extensions.ClassVar"})
_NEVER = frozenset({"dict", "list", "tuple", "object", "typing.Any", "typing_extensions.Any",
                    "typing.Dict", "typing.Mapping", "collections.abc.Mapping", "typing.List",
                    "typing.Tuple"})
_MAPPINGS = frozenset({"dict", "typing.Dict", "typing.Mapping", "collections.abc.Mapping"})
_SEQUENCES = frozenset({"list", "tuple", "typing.List", "typing.Tuple", "typing.Sequence",
                        "collections.abc.Sequence"})
_SCALARS = frozenset({"str", "int", "float", "bool"})
_DATACLASS = frozenset({"dataclasses.dataclass", "pydantic.dataclasses.dataclass"})


def refused_field(model, classes: tuple | list) -> tuple[str, str] | None:
    """``(field, annotation as written)`` of the first own field of the module's
    class (``classes``: its one ``ClassDef``) that fastmcp 4.2.3 refuses in an
    elicitation schema, else ``None``."""
    if len(classes) != 1:
        return None
    for stmt in classes[0].body:
        if not (isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)):
            continue
        if stmt.target.id.startswith("_"):
            continue
        annotation = unwrap(model, stmt.annotation)
        if isinstance(annotation, ast.Subscript) and head(model, annotation.value) in _CLASSVAR:
            continue  # no field
        if _refused(model, annotation):
            return stmt.target.id, ast.unparse(stmt.annotation)
    return None


def _refused(model, node: ast.expr) -> bool:
    members = union_members(model, node)
    if members is not None:  # a member refused alone is no primitive in an `anyOf` either
        return any(
            isinstance(m, ast.Constant) and m.value is None or _refused(model, m) for m in members
        )
    if isinstance(node, ast.Subscript):
        name = head(model, node.value)
        if name in _MAPPINGS:
            return True
        if name in _SEQUENCES:  # `list[str]`: an array of no enum
            items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            return bool(items) and head(model, items[0]) in _SCALARS
        return False
    if head(model, node) in _NEVER:
        return True
    cls = model.class_named(node) if isinstance(node, ast.Name) else None
    return cls is not None and (  # a nested object
        is_model(model, cls)
        or any(head(model, d.func if isinstance(d, ast.Call) else d) in _DATACLASS for d in cls.decorator_list)
    )
