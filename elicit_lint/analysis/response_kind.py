"""What a ``response_type=`` expression denotes: one query for the planner and MCP002.

:func:`read_response_type` answers, for the expression as written and the tool's
scope, which of these it is (:attr:`ResponseType.kind`): a union or a ``list[...]``
of scalars (FastMCP 4.2.3 refuses both before asking, inline or through a name,
since ``parse_elicit_response_type`` reads the value a name holds when
``ctx.elicit`` runs), a name bound to a value display (``response_type=CHOICES``:
:mod:`.named_choices` says whether the choices are fixed), or else by its shape
as written (:attr:`ResponseType.shape`): missing (or ``None``), a choice list
(``["a", "b"]``), several choices (``[["a", "b"]]``), a dict shorthand, a type
expression (a class, a scalar, ``Literal[...]``...) or something built at run
time. :meth:`ResponseType.unproven` says whether a name is shown to be a type.
:mod:`.response_types` turns the answer into the parameter's type. Standard
library only (it runs on the checker's path for MCP002).
"""

from __future__ import annotations

import ast
import builtins
import sys
from collections.abc import Callable
from dataclasses import dataclass

from .refused_types import refused_type

MISSING = "missing"
"""No ``response_type``, or ``None``."""
CHOICES = "choices"
"""A list display of strings, ``["a", "b"]``: one of them."""
SEVERAL = "several choices"
"""A list holding one such list, ``[["a", "b"]]``: several of them."""
SHORTHAND = "dict shorthand"
"""A dict display, or a list holding one: FastMCP's titled choices."""
TYPE = "type"
"""A name, attribute, subscript or ``|`` without calls: a type expression."""
BUILT = "built at run time"
"""Anything else: a value built when the call runs."""
UNION = "union"
"""A union at the top level, written or through a name (:func:`union_type`)."""
SCALAR_LIST = "scalar list"
"""``list[X]`` of a scalar, written or through a name (:func:`scalar_list_type`)."""
NAMED_VALUE = "named value"
"""A name the tool reads that is bound to a value display (a list, a dict, a
constant...), not to a type."""
TUPLE = "tuple choices"
"""A tuple of choices, or a list holding one (:func:`tuple_choices`)."""
SCHEMA_DICT = "schema dict"
"""A dict display (or a list holding one) that is empty or has a value that is
not a dict: a JSON-schema dict, which FastMCP reads as titled choices and fails
on (:func:`schema_dict`)."""
REFUSED = "refused type"
"""A type fastmcp 4.2.3 refuses before asking, written or through a name: an
array (``list``, ``tuple[...]``, a ``list`` of models...), ``bytes``, ``Any``
(:func:`.refused_types.refused_type`)."""

BUILTIN_SCALARS = frozenset({"str", "int", "float", "bool", "bytes", "dict", "list"})

_UNIONS = frozenset(
    {"typing.Optional", "typing.Union", "typing_extensions.Optional", "typing_extensions.Union"}
)
_DISPLAYS = (
    ast.List, ast.Tuple, ast.Set, ast.Dict, ast.Constant, ast.JoinedStr,
    ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp,
)
_BUILT = (ast.Call, ast.Lambda, ast.ListComp, ast.DictComp, ast.SetComp, ast.GeneratorExp)
_DEPTH = 8  # alias chains longer than this are not followed


def string_list(node: ast.AST | None) -> list[ast.Constant] | None:
    """The string constants of a non-empty list display of strings, else ``None``."""
    if (
        isinstance(node, ast.List)
        and node.elts
        and all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts)
    ):
        return list(node.elts)  # type: ignore[arg-type]
    return None


def union_type(node: ast.expr | None, qualify: Callable[[ast.expr], str | None]) -> bool:
    """``node`` (a ``response_type``) is a union at its top level: ``X | Y``,
    ``Optional[X]`` or ``Union[...]`` (``qualify``: an expression's qualified
    name). FastMCP 4.2.3 refuses every such type before asking
    (:data:`.response_types.UNION_TYPE`)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return True
    return isinstance(node, ast.Subscript) and qualify(node.value) in _UNIONS


def scalar_list_type(node: ast.expr | None, qualify: Callable[[ast.expr], str | None]) -> bool:
    """``node`` is ``list[X]`` (or ``typing.List[X]``) with ``X`` a builtin scalar
    or a one-member ``Literal[...]``: FastMCP 4.2.3 refuses it before asking
    (:data:`.response_types.LIST_TYPE`); a ``Literal`` of several members is asked."""
    if not isinstance(node, ast.Subscript):
        return False
    if not (
        isinstance(node.value, ast.Name) and node.value.id == "list"
        or qualify(node.value) in ("typing.List", "typing_extensions.List")
    ):
        return False
    item = node.slice
    if isinstance(item, ast.Name) and item.id in BUILTIN_SCALARS:
        return True
    return (
        isinstance(item, ast.Subscript)
        and qualify(item.value) in ("typing.Literal", "typing_extensions.Literal")
        and not (isinstance(item.slice, ast.Tuple) and len(item.slice.elts) > 1)
    )


def tuple_choices(node: ast.expr | None) -> bool:
    """``node`` (a ``response_type``) is a tuple, ``("a", "b")``, or a list holding
    one, ``[("a", "b")]``: fastmcp 4.2.3 reads only a list as the choice shorthand
    (``parse_elicit_response_type``), so a tuple is taken as a type and pydantic
    refuses it ("Unable to generate pydantic-core schema"), and a list with a
    tuple in it is "Invalid list response_type format"; every call fails before
    asking (``locate.TUPLE_CHOICES``)."""
    if isinstance(node, ast.Tuple):
        return True
    return isinstance(node, ast.List) and any(isinstance(e, ast.Tuple) for e in node.elts)


_NOT_DICT = (ast.Constant, ast.List, ast.Tuple, ast.Set, ast.JoinedStr, ast.ListComp, ast.SetComp)


def schema_dict(node: ast.expr | None) -> bool:
    """``node`` (a ``response_type`` as written) is a dict display, or a list
    holding one, that is empty or has a value that is no dict (a constant, a
    list...), such as a JSON schema ``{"type": "object", "properties": ...}``.
    fastmcp 4.2.3 reads a dict as titled choices (``parse_elicit_response_type``
    -> ``_dict_to_enum_schema``, which calls ``metadata.get("title", value)`` on
    every value): a value that is no dict raises ``AttributeError`` ("'str' object
    has no attribute 'get'"), an empty dict ``ValueError`` ("Dict response_type
    cannot be empty") and ``[{}]`` "Invalid list response_type format"; every call
    fails before asking, whether passed positionally or as ``response_type=``."""
    if isinstance(node, ast.List) and len(node.elts) == 1 and isinstance(node.elts[0], ast.Dict):
        node = node.elts[0]
    if not isinstance(node, ast.Dict):
        return False
    if not node.keys:
        return True
    return any(k is not None and isinstance(v, _NOT_DICT) for k, v in zip(node.keys, node.values))


def through_aliases(model, node: ast.expr | None, scope=None) -> ast.expr | None:
    """The expression ``node`` stands for: ``node`` itself unless it is a name
    (read in ``scope``, default: the module) bound exactly once, by a plain
    assignment at module level (``X = ...`` / ``X: TypeAlias = ...``), then the
    assigned value, followed through further such names."""
    for _ in range(_DEPTH):
        if not isinstance(node, ast.Name):
            return node
        found = (scope or model.module_scope).lookup(node.id)
        if found is None:
            return node
        owner, bindings = found
        if (
            owner.kind != "module"
            or len(bindings) != 1
            or bindings[0].kind != "assign"
            or bindings[0].value is None
        ):
            return node
        node, scope = bindings[0].value, model.module_scope
    return node


def shape(node: ast.expr | None) -> str:
    """The kind of ``node`` as written: :data:`MISSING`, :data:`CHOICES`,
    :data:`SEVERAL`, :data:`SHORTHAND`, :data:`TYPE` or :data:`BUILT`."""
    if node is None or (isinstance(node, ast.Constant) and node.value is None):
        return MISSING
    if string_list(node) is not None:
        return CHOICES
    if isinstance(node, ast.List) and len(node.elts) == 1 and string_list(node.elts[0]) is not None:
        return SEVERAL
    if isinstance(node, ast.Dict) or (
        isinstance(node, ast.List) and len(node.elts) == 1 and isinstance(node.elts[0], ast.Dict)
    ):
        return SHORTHAND
    if not isinstance(node, (ast.Name, ast.Attribute, ast.Subscript, ast.BinOp)):
        return BUILT
    if any(isinstance(n, _BUILT) for n in ast.walk(node)):
        return BUILT
    return TYPE


def _bound_to_value(node: ast.expr | None, scope) -> tuple | None:
    """``(owner, bindings)`` when ``node`` is a name read in ``scope``, bound outside
    it, with a value display among its bindings' values; else ``None`` (a builtin,
    unbound, a body local, or a name of a type)."""
    if not isinstance(node, ast.Name) or scope is None:
        return None
    found = scope.lookup(node.id)
    if found is None or found[0] is scope:
        return None  # a builtin, unbound, or a body local (refused elsewhere)
    if not any(isinstance(b.value, _DISPLAYS) for b in found[1]):
        return None
    return found


@dataclass(frozen=True)
class ResponseType:
    """What one ``response_type`` denotes: ``written`` (``None`` when missing),
    ``value`` (what it stands for through module-level aliases,
    :func:`through_aliases`), ``kind`` (:data:`UNION`, :data:`SCALAR_LIST`,
    :data:`NAMED_VALUE`, :data:`TUPLE`, :data:`SCHEMA_DICT`, :data:`REFUSED`, else :attr:`shape`), ``shape`` (:func:`shape` of
    ``written``), ``choices`` (the strings of :data:`CHOICES` and :data:`SEVERAL`),
    ``binding`` (``(owner scope, bindings)`` of a :data:`NAMED_VALUE`)."""

    written: ast.expr | None
    value: ast.expr | None
    kind: str
    shape: str
    choices: list[ast.Constant] | None = None
    binding: tuple | None = None
    model: object = None
    scope: object = None

    def unproven(self) -> str | None:
        """:func:`not_a_known_type`'s reason when ``written`` is a name the module
        does not show to be a type: a builtin, a class (one binding, a ``class``
        statement), a standard-library import, or a name bound once at module
        level to a type expression (no call) whose names are all known in turn.
        ``None`` when the type is known (or is no name)."""
        node = self.written
        if not isinstance(node, ast.Name):
            return None
        return None if _known(self.model, node, self.scope, set()) else not_a_known_type(node.id)


def read_response_type(
    model, node: ast.expr | None, scope=None, qualify: Callable | None = None
) -> ResponseType:
    """What ``node`` (a site's ``response_type``, read in the tool's ``scope``)
    denotes (:class:`ResponseType`); ``qualify``: qualified names as read at the
    site (default: the model's); a value reached through a name is qualified at
    module level. Never raises on a valid model."""
    value = through_aliases(model, node, scope)
    if qualify is None or value is not node:
        qualify = model.qualified_name
    written = shape(node)
    if written == CHOICES:
        choices = string_list(node)
    elif written == SEVERAL:
        choices = string_list(node.elts[0])  # type: ignore[union-attr]
    else:
        choices = None
    binding = None
    if union_type(value, qualify):
        kind = UNION
    elif scalar_list_type(value, qualify):
        kind = SCALAR_LIST
    elif tuple_choices(value):
        kind = TUPLE
    elif schema_dict(node):
        kind = SCHEMA_DICT
    elif refused_type(model, value):
        kind = REFUSED
    else:
        binding = _bound_to_value(node, scope)
        kind = NAMED_VALUE if binding is not None else written
    return ResponseType(node, value, kind, written, choices, binding, model, scope)


def module_classes(node: ast.expr | None, scope_nodes) -> list[ast.ClassDef]:
    """The ``class`` statements of this module named by ``node`` (a
    ``response_type`` written as a plain name) among ``scope_nodes`` (the model's
    scope-introducing nodes, every ``class`` among them: no walk of the module),
    in their order; empty for any other expression. One lookup for the planner's
    questions about a named class (labels, ``TypedDict``)."""
    if not isinstance(node, ast.Name):
        return []
    return [n for n in scope_nodes if isinstance(n, ast.ClassDef) and n.name == node.id]


def not_a_known_type(name: str) -> str:
    """The reason for ``response_type=NAME`` when ``NAME`` is not shown to be a type."""
    return (
        f"the response type `{name}` is not known to be a class or a type alias of this "
        "module (imported from another module, a parameter, bound more than once or built "
        "by a call): "
        "FastMCP reads its value when asking, and an annotation of an unknown value may "
        "fail at import or change what the tool does; write the type itself, then run again"
    )


def _known(model, node: ast.Name, scope, seen: set[str]) -> bool:
    found = (scope or model.module_scope).lookup(node.id)
    if found is None:
        return hasattr(builtins, node.id)
    owner, bindings = found
    if len(bindings) != 1:
        return False
    binding = bindings[0]
    if binding.kind == "class":
        return True
    if binding.kind == "import":
        root = (binding.qualified or "").split(".")[0]
        # or a class of another module of the run (analysis/run_classes.py)
        return root in sys.stdlib_module_names or node.id in getattr(model, "run_classes", {})
    if binding.kind != "assign" or owner.kind != "module" or binding.value is None:
        return False
    if node.id in seen or len(seen) > _DEPTH:
        return False
    value = binding.value
    if any(isinstance(n, (ast.Call, ast.Lambda, ast.NamedExpr)) for n in ast.walk(value)):
        return False
    return all(
        _known(model, n, model.module_scope, seen | {node.id})
        for n in ast.walk(value)
        if isinstance(n, ast.Name)
    )
