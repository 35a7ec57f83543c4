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

_OPTIONAL = frozenset({"typing.Optional", "typing_extensions.Optional"})
_UNION = frozenset({"typing.Union", "typing_extensions.Union"})
_ANNOTATED = frozenset({"typing.Annotated", "typing_extensions.Annotated"})
_CLASSVAR = frozenset({"typing.ClassVar", "typing_extensions.ClassVar"})
_NEVER = frozenset({"typing.Any", "typing_extensions.Any", "typing.Dict", "typing.Mapping",
                    "collections.abc.Mapping", "typing.List", "typing.Tuple"})
_NEVER_BUILTINS = frozenset({"dict", "list", "tuple", "object"})
_SCALARS = frozenset({"str", "int", "float", "bool"})
_SEQUENCES = frozenset({"list", "tuple", "typing.List", "typing.Tuple", "typing.Sequence",
                        "collections.abc.Sequence"})
_MODELS = frozenset({"pydantic.BaseModel", "pydantic.main.BaseModel"})
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
        annotation = _unwrap(model, stmt.annotation)
        if annotation is not None and _refused(model, annotation):
            return stmt.target.id, ast.unparse(stmt.annotation)
    return None


def _unwrap(model, node: ast.expr) -> ast.expr | None:
    """``T`` of ``Annotated[T, ...]``; ``None`` for a ``ClassVar`` (no field)."""
    while isinstance(node, ast.Subscript):
        head = model.qualified_name(node.value)
        if head in _CLASSVAR:
            return None
        if head not in _ANNOTATED or not isinstance(node.slice, ast.Tuple):
            break
        node = node.slice.elts[0]
    return node


def _builtin(model, node: ast.expr, names: frozenset[str]) -> bool:
    return (
        isinstance(node, ast.Name) and node.id in names
        and model.module_scope.lookup(node.id) is None
    )


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _union_members(node: ast.expr) -> list[ast.expr]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return [*_union_members(node.left), *_union_members(node.right)]
    return [node]


def _refused(model, node: ast.expr) -> bool:
    members = _union_members(node)
    if len(members) > 1:
        return any(_is_none(m) for m in members) or any(_refused(model, m) for m in members)
    head = model.qualified_name(node.value) if isinstance(node, ast.Subscript) else None
    if head in _OPTIONAL:
        return True
    if head in _UNION:
        items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]  # type: ignore[union-attr]
        return any(_is_none(i) for i in items)
    if model.qualified_name(node) in _NEVER or head in _NEVER - {"typing.List", "typing.Tuple"}:
        return True
    if _builtin(model, node, _NEVER_BUILTINS):
        return True
    if isinstance(node, ast.Subscript) and (
        _builtin(model, node.value, frozenset({"dict"})) or head in {"typing.Dict", "typing.Mapping"}
    ):
        return True
    if isinstance(node, ast.Subscript) and (
        _builtin(model, node.value, frozenset({"list", "tuple"})) or head in _SEQUENCES
    ):
        items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        return bool(items) and _builtin(model, items[0], _SCALARS)  # `list[str]`: no enum
    if isinstance(node, ast.Name):
        return _nested_model(model, node.id)
    return False


def _nested_model(model, name: str) -> bool:
    """A class of the module that is a pydantic model or a dataclass (an object)."""
    found = model.class_defs.get(name, ())
    if len(found) != 1:
        return False
    cls = found[0]
    return any(model.qualified_name(b) in _MODELS for b in cls.bases) or any(
        model.qualified_name(d.func if isinstance(d, ast.Call) else d) in _DATACLASS
        for d in cls.decorator_list
    )
