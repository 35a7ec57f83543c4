"""Which field annotations of an SDK elicitation schema mcp 2.3.0 refuses (MCP027).

mcp 2.3.0 renders the schema with pydantic (``src/mcp/server/elicitation.py``,
``render_elicitation_schema``: ``T | None`` flattened to ``T``) and checks every
property against the protocol's ``PrimitiveSchemaDefinition``: a string
(formats ``date``, ``date-time``, ``email``, ``uri``), a number or integer, a
boolean, a single-select enum of one primitive type, or an array whose items are
a string enum (``list[Literal["a", "b"]]``). Anything else raises ``TypeError``
before the client is asked. :func:`refused` answers only what it can prove from
the annotation as written (names the module defines or imports from the standard
library); anything else is ``None`` (not reported).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ..model import Model

_BASE_MODEL = frozenset({"pydantic.BaseModel", "pydantic.main.BaseModel"})
_ENUMS = frozenset({"enum.Enum", "enum.IntEnum", "enum.StrEnum", "enum.Flag", "enum.IntFlag"})
_SCALARS = frozenset({"str", "int", "float", "bool"})
_NEVER = frozenset({"bytes", "dict", "list", "set", "frozenset", "tuple", "object"})
_NEVER_QUALIFIED = frozenset(
    {
        "typing.Any", "typing_extensions.Any", "decimal.Decimal", "uuid.UUID",
        "typing.Dict", "typing.List", "typing.Set", "typing.FrozenSet", "typing.Tuple",
        "typing.Mapping", "collections.abc.Mapping", "typing.Sequence", "collections.abc.Sequence",
    }
)
_SEQUENCES = frozenset(
    {
        "list", "set", "frozenset", "typing.List", "typing.Set", "typing.FrozenSet",
        "typing.Sequence", "collections.abc.Sequence", "typing_extensions.Sequence",
    }
)
_MAPPINGS = frozenset({"dict", "typing.Dict", "typing.Mapping", "collections.abc.Mapping"})
_LITERALS = frozenset({"typing.Literal", "typing_extensions.Literal"})
_ANNOTATED = frozenset({"typing.Annotated", "typing_extensions.Annotated"})
_UNIONS = frozenset({"typing.Optional", "typing.Union", "typing_extensions.Optional", "typing_extensions.Union"})
_CUSTOM_SCHEMA = frozenset({"__get_pydantic_json_schema__", "__get_pydantic_core_schema__", "model_json_schema"})


@dataclass(frozen=True)
class Refusal:
    """Why a field is refused: ``what`` (its kind, for the message), ``advice``
    (what to write instead) and ``nested`` (the module's model it names, if any)."""

    what: str
    advice: str
    nested: ast.ClassDef | None = None


NESTED = "flatten the fields"
ENUM = "use a `Literal[...]` of its values (`Literal[\"s\", \"m\"]`)"
LIST = "use a `list[Literal[...]]` of the choices, or ask for one `str` and split it"
UNION = "pick one type (a decline already gives no value, and `T | None` is asked as `T`)"
OTHER = "use `str`, `int`, `float`, `bool` or a `Literal[...]`"


def is_model(model: Model, cls: ast.ClassDef, depth: int = 0) -> bool:
    """``cls`` derives from pydantic's ``BaseModel`` (through the module's classes)."""
    return _derives(model, cls, _BASE_MODEL, depth)


def is_enum(model: Model, cls: ast.ClassDef, depth: int = 0) -> bool:
    """``cls`` derives from an ``enum`` class (``class Size(str, Enum)`` too)."""
    return _derives(model, cls, _ENUMS, depth)


def custom_schema(cls: ast.ClassDef) -> bool:
    """``cls`` defines its own JSON schema hook (the rendering is then unknown)."""
    return any(
        isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name in _CUSTOM_SCHEMA
        for stmt in cls.body
    )


def _derives(model: Model, cls: ast.ClassDef, roots: frozenset[str], depth: int) -> bool:
    for base in cls.bases:
        if model.qualified_name(base) in roots:
            return True
        parent = model.class_named(base)
        if parent is not None and depth < 5 and _derives(model, parent, roots, depth + 1):
            return True
    return False


def refused(model: Model, annotation: ast.expr) -> Refusal | None:
    """The :class:`Refusal` of a field annotated ``annotation`` (string annotations
    already parsed), or ``None`` when the SDK accepts it or it cannot be told."""
    node = _unwrap(model, annotation)
    members = _union_members(model, node)
    if members is not None:
        rest = [m for m in members if not (isinstance(m, ast.Constant) and m.value is None)]
        if len({ast.dump(m) for m in rest}) == 1:
            return refused(model, rest[0])
        if len(rest) > 1 and all(_known(model, m) for m in rest):
            nested = next((r.nested for m in rest if (r := refused(model, m)) and r.nested), None)
            return Refusal("a union", NESTED if nested else UNION, nested)
        return None
    if isinstance(node, (ast.Name, ast.Attribute)):
        return _named(model, node)
    if not isinstance(node, ast.Subscript):
        return None
    head = _head(model, node.value)
    if head in _LITERALS:
        values = _literal_values(node)
        if values is not None and len({type(v) for v in values}) > 1:
            return Refusal("a `Literal` of mixed types", OTHER)
        return None
    if head in _MAPPINGS:
        return Refusal("a dict", OTHER)
    if head == "tuple":
        parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if not (len(parts) == 2 and isinstance(parts[1], ast.Constant) and parts[1].value is Ellipsis):
            return Refusal("a fixed-length tuple", LIST)
        return _items(model, parts[0])
    if head in _SEQUENCES:
        return _items(model, node.slice)
    return None


def _items(model: Model, item: ast.expr) -> Refusal | None:
    """A list (set, sequence) of ``item``: accepted only for a ``Literal`` of two
    or more strings."""
    item = _unwrap(model, item)
    if isinstance(item, ast.Subscript) and _head(model, item.value) in _LITERALS:
        values = _literal_values(item)
        if values is None:
            return None
        if len(values) > 1 and all(isinstance(v, str) for v in values):
            return None
        return Refusal("a list of a `Literal` other than two or more strings", LIST)
    if not _known(model, item):
        return None
    inner = refused(model, item)
    if inner is not None and inner.nested is not None:
        return Refusal("a list of models", NESTED, inner.nested)
    return Refusal(f"a list of `{ast.unparse(item)}`", LIST)


def _named(model: Model, node: ast.expr) -> Refusal | None:
    cls = model.class_named(node)
    if cls is not None:
        if custom_schema(cls):
            return None
        if is_model(model, cls):
            return Refusal("a nested model", NESTED, cls)
        if is_enum(model, cls):
            return Refusal("an `Enum`", ENUM)
        return None
    head = _head(model, node)
    if head in _NEVER or head in _NEVER_QUALIFIED:
        return Refusal(f"`{ast.unparse(node)}`", OTHER)
    return None


def _known(model: Model, node: ast.expr) -> bool:
    """``node`` is a type the module shows: a builtin scalar or container, a
    ``Literal``, a standard-library name above, or a class of this module."""
    node = _unwrap(model, node)
    if isinstance(node, ast.Subscript):
        return _head(model, node.value) in _LITERALS | _SEQUENCES | _MAPPINGS | {"tuple"}
    cls = model.class_named(node)
    if cls is not None:
        return not custom_schema(cls) and (is_model(model, cls) or is_enum(model, cls))
    head = _head(model, node)
    return head in _SCALARS or head in _NEVER or head in _NEVER_QUALIFIED


def _head(model: Model, node: ast.expr) -> str | None:
    """A builtin's bare name (not rebound in the module) or an imported qualified name."""
    if isinstance(node, ast.Name) and model.module_scope.lookup(node.id) is None:
        return node.id
    return model.qualified_name(node)


def _unwrap(model: Model, node: ast.expr) -> ast.expr:
    """``Annotated[T, ...]`` -> ``T`` (repeatedly)."""
    while (
        isinstance(node, ast.Subscript)
        and _head(model, node.value) in _ANNOTATED
        and isinstance(node.slice, ast.Tuple)
        and node.slice.elts
    ):
        node = node.slice.elts[0]
    return node


def _union_members(model: Model, node: ast.expr) -> list[ast.expr] | None:
    """The members of ``X | Y``, ``Optional[X]`` or ``Union[...]``, else ``None``."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        out = []
        for side in (node.left, node.right):
            inner = _union_members(model, side)
            out.extend(inner if inner is not None else [side])
        return out
    if isinstance(node, ast.Subscript):
        head = _head(model, node.value)
        if head in _UNIONS:
            parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            if head.endswith("Optional"):
                return [*parts, ast.Constant(None)]
            return list(parts)
    return None


def _literal_values(node: ast.Subscript) -> list | None:
    parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
    if not all(isinstance(p, ast.Constant) for p in parts):
        return None
    return [p.value for p in parts]  # type: ignore[attr-defined]
