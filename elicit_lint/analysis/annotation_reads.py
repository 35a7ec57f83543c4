"""How a field annotation of a module's class reads, for the two frameworks'
schema tables (``rules/mcp027_fields.py`` for mcp 2.3.0, :mod:`.fastmcp_fields`
for fastmcp 4.2.3): a name's head, ``Annotated`` unwrapped, the members of a
union, whether a class is a pydantic model or an Enum."""

from __future__ import annotations

import ast

from ..model import Model

BASE_MODEL = frozenset({"pydantic.BaseModel", "pydantic.main.BaseModel"})
ENUMS = frozenset({"enum.Enum", "enum.IntEnum", "enum.StrEnum", "enum.Flag", "enum.IntFlag"})
ANNOTATED = frozenset({"typing.Annotated", "typing_extensions.Annotated"})
UNIONS = frozenset({"typing.Optional", "typing.Union", "typing_extensions.Optional", "typing_extensions.Union"})


def head(model: Model, node: ast.expr) -> str | None:
    """A builtin's bare name (not rebound in the module) or an imported qualified name."""
    if isinstance(node, ast.Name) and model.module_scope.lookup(node.id) is None:
        return node.id
    return model.qualified_name(node)


def unwrap(model: Model, node: ast.expr) -> ast.expr:
    """``Annotated[T, ...]`` -> ``T`` (repeatedly)."""
    while (
        isinstance(node, ast.Subscript)
        and head(model, node.value) in ANNOTATED
        and isinstance(node.slice, ast.Tuple)
        and node.slice.elts
    ):
        node = node.slice.elts[0]
    return node


def union_members(model: Model, node: ast.expr) -> list[ast.expr] | None:
    """The members of ``X | Y``, ``Optional[X]`` (``None`` a member) or ``Union[...]``,
    else ``None``."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        out = []
        for side in (node.left, node.right):
            inner = union_members(model, side)
            out.extend(inner if inner is not None else [side])
        return out
    if isinstance(node, ast.Subscript):
        name = head(model, node.value)
        if name in UNIONS:
            parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            if name.endswith("Optional"):
                return [*parts, ast.Constant(None)]
            return list(parts)
    return None


def is_model(model: Model, cls: ast.ClassDef, depth: int = 0) -> bool:
    """``cls`` derives from pydantic's ``BaseModel`` (through the module's classes)."""
    return _derives(model, cls, BASE_MODEL, depth)


def is_enum(model: Model, cls: ast.ClassDef, depth: int = 0) -> bool:
    """``cls`` derives from an ``enum`` class (``class Size(str, Enum)`` too)."""
    return _derives(model, cls, ENUMS, depth)


def _derives(model: Model, cls: ast.ClassDef, roots: frozenset[str], depth: int) -> bool:
    for base in cls.bases:
        if model.qualified_name(base) in roots:
            return True
        parent = model.class_named(base)
        if parent is not None and depth < 5 and _derives(model, parent, roots, depth + 1):
            return True
    return False
