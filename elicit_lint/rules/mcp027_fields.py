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
from collections.abc import Iterator
from dataclasses import dataclass

from ..analysis.annotation_reads import head as _head
from ..analysis.annotation_reads import is_enum, is_model
from ..analysis.annotation_reads import union_members as _union_members
from ..analysis.annotation_reads import unwrap as _unwrap
from ..model import Model
from ..model import annotation as ann

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


def custom_schema(cls: ast.ClassDef) -> bool:
    """``cls`` defines its own JSON schema hook (the rendering is then unknown)."""
    return any(
        isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name in _CUSTOM_SCHEMA
        for stmt in cls.body
    )


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


def _literal_values(node: ast.Subscript) -> list | None:
    parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
    if not all(isinstance(p, ast.Constant) for p in parts):
        return None
    return [p.value for p in parts]  # type: ignore[attr-defined]


_OWN_SCHEMA = frozenset({"json_schema_extra", "WithJsonSchema", "SkipJsonSchema", "PlainSerializer"})


def model_fields(model: Model, cls: ast.ClassDef, depth: int = 0) -> Iterator[tuple[str, ast.expr]]:
    """``(name, annotation)`` of each pydantic field of ``cls``, the module's base
    models' first (string annotations parsed); a ``ClassVar``, a private
    ``_name`` and a field that shapes its own JSON schema are left out."""
    for base in cls.bases:
        parent = model.class_named(base)
        if parent is not None and depth < 5 and is_model(model, parent):
            yield from model_fields(model, parent, depth + 1)
    for stmt in cls.body:
        if not isinstance(stmt, ast.AnnAssign) or not isinstance(stmt.target, ast.Name):
            continue
        if stmt.target.id.startswith("_"):
            continue
        resolved = ann.resolve(stmt.annotation, model.module_scope.qualified_name, model.lines.line)
        if resolved is None:
            continue
        head = resolved.value if isinstance(resolved, ast.Subscript) else resolved
        if model.qualified_name(head) in ("typing.ClassVar", "typing_extensions.ClassVar"):
            continue
        if any(
            isinstance(n, ast.Name) and n.id in _OWN_SCHEMA
            or isinstance(n, ast.Attribute) and n.attr in _OWN_SCHEMA
            or isinstance(n, ast.keyword) and n.arg in _OWN_SCHEMA
            for n in ast.walk(stmt)
        ):
            continue
        yield stmt.target.id, resolved
