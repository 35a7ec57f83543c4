"""Whether an SDK elicitation schema is provably no pydantic model class.

mcp 2.3.0 renders the schema of ``ctx.elicit(message, schema)`` and of a
resolver's ``Elicit(message, schema)`` with ``schema.model_json_schema(...)``
(``src/mcp/server/elicitation.py``, ``render_elicitation_schema``; the resolver
path in ``src/mcp/server/mcpserver/resolve.py`` calls the same function) before
any request is sent; mcp 1.x first reads ``schema.model_fields``. Anything but a
pydantic model class (a dict, a JSON-schema dict bound to a name, ``dict``,
``bool``, a dataclass, a ``TypedDict``) raises ``AttributeError`` there: the
client is never asked and every call of the tool fails. :func:`not_a_model`
answers only what the module shows, and for a name imported from another module
of the run, what that module shows (``run_classes``); any other import or
unknown name is ``None``.
"""

from __future__ import annotations

import ast

from .annotation_reads import head, is_model
from .run_classes import run_class

_DISPLAYS = {
    ast.Dict: "a dict",
    ast.DictComp: "a dict",
    ast.List: "a list",
    ast.ListComp: "a list",
    ast.Tuple: "a tuple",
    ast.Set: "a set",
    ast.JoinedStr: "a string",
}
_BUILTIN_TYPES = frozenset(
    {
        "dict",
        "list",
        "tuple",
        "set",
        "frozenset",
        "str",
        "int",
        "float",
        "bool",
        "bytes",
        "object",
    }
)
_TYPING_TYPES = frozenset(
    {
        "typing.Dict",
        "typing.List",
        "typing.Any",
        "typing.Mapping",
        "collections.abc.Mapping",
    }
)
_PLAIN_BASES = frozenset(
    {"typing.TypedDict", "typing_extensions.TypedDict", "typing.NamedTuple", "object"}
)


def _display(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant):
        return "`None`" if node.value is None else "a constant"
    for kind, what in _DISPLAYS.items():
        if isinstance(node, kind):
            return what
    return None


def _plain_class(model, cls: ast.ClassDef, depth: int = 0) -> bool:
    """``cls`` provably does not derive from pydantic's ``BaseModel``: each base is
    ``object``, a ``TypedDict``/``NamedTuple`` or such a class of the module."""
    if is_model(model, cls) or depth > 5:
        return False
    for base in cls.bases:
        if head(model, base) in _PLAIN_BASES:
            continue
        parent = model.class_named(base)
        if parent is None or not _plain_class(model, parent, depth + 1):
            return False
    return not cls.keywords


def _class_kind(model, cls: ast.ClassDef) -> str:
    if any(
        head(model, b) in ("typing.TypedDict", "typing_extensions.TypedDict")
        for b in cls.bases
    ):
        return f"`{cls.name}`, a `TypedDict`"
    decorated = any(
        "dataclass" in ast.unparse(d.func if isinstance(d, ast.Call) else d)
        for d in cls.decorator_list
    )
    return f"`{cls.name}`, a {'dataclass' if decorated else 'class that is no pydantic model'}"


def not_a_model(model, schema: ast.expr | None, scope=None) -> str | None:
    """What ``schema`` (the schema argument as written, read in ``scope``, default
    the module) is when the module shows it is no pydantic model class, as a
    phrase ("a dict", "the builtin `bool`", "`SCHEMA`, a name bound to a dict",
    "`Row`, a dataclass"); ``None`` when it is a model, or cannot be told (an
    import, a parameter, a call...). Never raises on a valid model."""
    if schema is None:
        return None
    what = _display(schema)
    if what is not None:
        return what
    if isinstance(schema, ast.Subscript):
        name = head(model, schema.value)
        if name in _BUILTIN_TYPES or name in _TYPING_TYPES:
            return f"the type `{ast.unparse(schema)}`"
        return None
    if not isinstance(schema, ast.Name):
        name = head(model, schema)
        return f"the type `{ast.unparse(schema)}`" if name in _TYPING_TYPES else None
    found = (scope or model.module_scope).lookup(schema.id)
    if found is None:
        if schema.id in _BUILTIN_TYPES:
            return f"the builtin `{schema.id}`"
        return None
    _, bindings = found
    if len(bindings) == 1 and bindings[0].kind == "class":
        cls = bindings[0].node
        return _class_kind(model, cls) if _plain_class(model, cls) else None
    if len(bindings) == 1 and bindings[0].kind == "import":
        qualified = bindings[0].qualified
        if qualified in _TYPING_TYPES:
            return f"the type `{schema.id}`"
        imported = run_class(model, schema.id)  # a class of another run module, read there
        if imported is not None and _plain_class(imported.model, imported.node):
            return _class_kind(imported.model, imported.node)
        return None
    kinds = {
        _display(b.value) if b.kind == "assign" and b.value is not None else None
        for b in bindings
    }
    if len(kinds) == 1 and None not in kinds:
        line = bindings[0].node.lineno
        return f"`{schema.id}`, a name bound to {kinds.pop()} (line {line})"
    return None
