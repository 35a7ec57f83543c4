"""Normalised type text, for comparing a resolver's ``Elicit[X]`` with a parameter type.

``type_key`` returns a canonical string for a resolved annotation, or ``None``
when the model cannot be sure what the annotation means (a type alias, a
``TypeVar``, an unknown name, a call): rules compare only when both sides have
a key, so a different spelling of the same type is never reported.
Normalisation: ``typing.List``/``Dict``/... -> ``list``/``dict``/...;
``Optional[X]`` and ``Union[X, Y]`` -> a sorted ``X | Y``; ``Annotated[T, ...]`` -> ``T``;
``Literal`` values sorted; names of classes defined in the module kept as written.
"""

from __future__ import annotations

import ast
import builtins

from . import annotation as ann
from . import names
from .scopes import Scope

_BUILTIN_TYPES = frozenset(
    name for name in dir(builtins) if isinstance(getattr(builtins, name), type)
)
_TYPING_ALIASES = {
    "typing.List": "list",
    "typing.Dict": "dict",
    "typing.Set": "set",
    "typing.FrozenSet": "frozenset",
    "typing.Tuple": "tuple",
    "typing.Type": "type",
    "typing.Any": "typing.Any",
}


def _name_key(expr: ast.expr, scope: Scope) -> str | None:
    qualified = scope.qualified_name(expr)
    if qualified is not None:
        return _TYPING_ALIASES.get(qualified, qualified)
    if isinstance(expr, ast.Name):
        binding = scope.last_binding(expr.id)
        if binding is None:
            return expr.id if expr.id in _BUILTIN_TYPES else None
        if binding.kind == "class":
            return f"<class {expr.id}>"
    return None


def type_key(expr: ast.expr | None, scope: Scope, drop_none: bool = False) -> str | None:
    """Canonical text of a resolved annotation, or ``None`` when unsure.

    With ``drop_none``, ``None`` arms of a top-level union are removed first
    (``str | None`` -> ``str``).
    """
    if expr is None:
        return None
    qualify = scope.qualified_name
    parts = ann.annotated_parts(expr, qualify)
    if parts is not None:
        return type_key(parts[0], scope, drop_none)
    arms = ann.union_arms(expr, qualify)
    if arms is not None:
        keys = set()
        for arm in arms:
            if drop_none and ann.is_none(arm):
                continue
            key = type_key(arm, scope)
            if key is None:
                return None
            keys.update(key.split(" | "))
        return " | ".join(sorted(keys)) if keys else None
    if ann.is_none(expr):
        return None if drop_none else "None"
    if isinstance(expr, (ast.Name, ast.Attribute)):
        return _name_key(expr, scope)
    if isinstance(expr, ast.Subscript):
        head = _name_key(expr.value, scope)
        if head is None:
            return None
        elts = expr.slice.elts if isinstance(expr.slice, ast.Tuple) else [expr.slice]
        if head == names.LITERAL:
            if not all(isinstance(e, ast.Constant) for e in elts):
                return None
            return f"Literal[{', '.join(sorted(repr(e.value) for e in elts))}]"
        args = []
        for elt in elts:
            if isinstance(elt, ast.Constant) and elt.value is Ellipsis:
                args.append("...")
                continue
            key = type_key(elt, scope)
            if key is None:
                return None
            args.append(key)
        return f"{head}[{', '.join(args)}]"
    return None


def type_text(expr: ast.expr, scope: Scope) -> str:
    """How a message spells a type, as the runtime's ``type_name`` does for the
    evaluated type: ``Optional[int]`` -> ``int | None``, ``mcp_types.Foo`` -> ``Foo``,
    ``typing.List[str]`` -> ``List[str]``, ``Annotated[T, ...]`` -> ``T``, at any
    depth (``list[mcp_types.Foo]`` -> ``list[Foo]``)."""
    qualify = scope.qualified_name
    parts = ann.annotated_parts(expr, qualify)
    if parts is not None:
        return type_text(parts[0], scope)
    arms = ann.union_arms(expr, qualify)
    if arms is not None:  # nested unions flattened, repeats dropped, as ``typing`` does
        return " | ".join(dict.fromkeys(_arm_texts(expr, scope)))
    if ann.is_none(expr):
        return "None"
    if isinstance(expr, ast.Attribute):
        return expr.attr
    if isinstance(expr, ast.Subscript):
        elts = expr.slice.elts if isinstance(expr.slice, ast.Tuple) else [expr.slice]
        if qualify(expr.value) == names.LITERAL:  # values as written: ``Literal['a', Color.RED]``
            return f"Literal[{', '.join(ast.unparse(e) for e in elts)}]"
        return f"{type_text(expr.value, scope)}[{', '.join(type_text(e, scope) for e in elts)}]"
    if isinstance(expr, ast.List):  # ``Callable[[int], str]``'s parameter list
        return f"[{', '.join(type_text(e, scope) for e in expr.elts)}]"
    text = ast.unparse(expr)
    return text.replace("typing_extensions.", "").replace("typing.", "")


def _arm_texts(expr: ast.expr, scope: Scope) -> list[str]:
    """:func:`type_text` of each member of a union, nested unions (``Annotated`` ones
    too) flattened."""
    qualify = scope.qualified_name
    parts = ann.annotated_parts(expr, qualify)
    if parts is not None:
        return _arm_texts(parts[0], scope)
    arms = ann.union_arms(expr, qualify)
    if arms is None:
        return [type_text(expr, scope)]
    return [text for arm in arms for text in _arm_texts(arm, scope)]


# -- can an answer of one type be handed to a parameter of another? -----------

_SCALARS = frozenset({"str", "int", "float", "bool", "bytes"})
_CONTAINERS = frozenset({"list", "set", "frozenset", "tuple", "dict"})
_ACCEPTED_BY = {
    "bool": {"bool", "int", "float"},
    "int": {"int", "float"},
    "float": {"float"},
    "str": {"str"},
    "bytes": {"bytes"},
}
"""Scalar answer -> the scalar parameter types that take it unchanged (``bool`` is
an ``int``; an ``int`` is fine where a ``float`` is expected)."""


_ENUMS = frozenset({"enum.Enum", "enum.IntEnum", "enum.StrEnum", "enum.Flag", "enum.IntFlag"})


def _is_enum_class(expr: ast.expr, scope: Scope, depth: int = 0) -> bool:
    """``expr`` names a class of this module deriving from an ``enum`` class."""
    binding = scope.last_binding(expr.id) if isinstance(expr, ast.Name) else None
    if binding is None or binding.kind != "class" or depth > 5:
        return False
    return any(
        scope.qualified_name(base) in _ENUMS or _is_enum_class(base, scope, depth + 1)
        for base in binding.node.bases
    )


_MODEL_BASES = frozenset({"pydantic.BaseModel", "pydantic.main.BaseModel"})


def _is_closed_class(expr: ast.expr, scope: Scope, depth: int = 0) -> bool:
    """``expr`` names a class of this module that no builtin scalar, container or
    ``Literal`` answer is an instance of: no bases, pydantic's ``BaseModel``, an
    ``enum`` class, or such a class of the module (a dataclass, a model, an Enum);
    any other base (``str``, an imported class, ``Generic[...]``) -> ``False``."""
    binding = scope.last_binding(expr.id) if isinstance(expr, ast.Name) else None
    if binding is None or binding.kind != "class" or depth > 5:
        return False
    return all(
        scope.qualified_name(base) in _ENUMS | _MODEL_BASES or _is_closed_class(base, scope, depth + 1)
        for base in binding.node.bases
    )


_ANSWER_ROOTS = frozenset({"enum.Enum", "enum.Flag"}) | _MODEL_BASES
_DATACLASSES = frozenset({"dataclasses.dataclass", "pydantic.dataclasses.dataclass"})


def _answer_class(expr: ast.expr, scope: Scope, depth: int = 0) -> frozenset[str] | None:
    """The keys of the classes ``expr`` is a subclass of (itself included) when it
    names a class of this module, bound once, that is a pydantic model, an Enum
    without a ``str``/``int`` mixin or a dataclass, every base such a class of the
    module or pydantic's ``BaseModel``/``enum.Enum``/``enum.Flag``: no value of it is
    a builtin scalar, container or ``Literal`` value, nor of a class of the module
    outside the keys. ``None`` for anything else (an imported base, ``IntEnum``...)."""
    found = scope.lookup(expr.id) if isinstance(expr, ast.Name) and depth <= 5 else None
    if found is None or len(found[1]) != 1 or found[1][0].kind != "class":
        return None
    owner, node = found[0], found[1][0].node
    if node.keywords:  # ``metaclass=...``
        return None
    keys = {f"<class {node.name}>"}
    rooted = any(
        owner.qualified_name(d.func if isinstance(d, ast.Call) else d) in _DATACLASSES for d in node.decorator_list
    )
    for base in node.bases:
        if owner.qualified_name(base) in _ANSWER_ROOTS:
            rooted = True
            continue
        inner = _answer_class(base, owner, depth + 1)
        if inner is None:
            return None
        rooted = True
        keys |= inner
    return frozenset(keys) if rooted else None


def _choice_arms(expr: ast.expr) -> list[tuple] | None:
    """FastMCP's choice shorthands as the answer they deliver
    (``fastmcp.server.elicitation.parse_elicit_response_type``): ``["a", "b"]`` and
    ``{"a": {...}}`` -> ``Literal["a", "b"]``; ``[["a", "b"]]`` and ``[{"a": {...}}]``
    -> ``list[Literal[...]]``; ``None`` for anything else."""
    if isinstance(expr, ast.List) and len(expr.elts) == 1 and isinstance(expr.elts[0], (ast.List, ast.Dict)):
        inner = _choice_arms(expr.elts[0])
        return None if inner is None else [("container", "list", (tuple(inner),))]
    if isinstance(expr, ast.Dict):
        if not all(isinstance(v, ast.Dict) for v in expr.values):
            return None
        choices = expr.keys
    elif isinstance(expr, ast.List):
        choices = expr.elts
    else:
        return None
    if not choices or not all(isinstance(c, ast.Constant) and type(c.value) is str for c in choices):
        return None
    return [("literal", "str", c.value) for c in choices]  # type: ignore[union-attr]


def _simple_arms(expr: ast.expr, scope: Scope, enums: bool = False, classes: bool = False) -> list[tuple] | None:
    """The arms of a type built only from builtin scalars, ``None``, ``Literal``
    of constants and builtin containers of those; ``None`` for anything else
    (classes, aliases, type variables, strings, shorthand lists). With ``enums``
    (a parameter's type), a module's ``Enum`` class, model or plain class
    (``_is_closed_class``) is an arm only itself fits. With ``classes`` (an
    answer's type), a module's model, Enum or dataclass (``_answer_class``) is an
    arm that fits only a parameter's class it derives from."""
    qualify = scope.qualified_name
    parts = ann.annotated_parts(expr, qualify)
    if parts is not None:
        return _simple_arms(parts[0], scope, enums, classes)
    arms = ann.union_arms(expr, qualify)
    if arms is not None:
        out: list[tuple] = []
        for arm in arms:
            sub = _simple_arms(arm, scope, enums, classes)
            if sub is None:
                return None
            out.extend(sub)
        return out
    if ann.is_none(expr):
        return [("none",)]
    if isinstance(expr, (ast.Name, ast.Attribute)):
        key = _name_key(expr, scope)
        if key in _SCALARS:
            return [("scalar", key)]
        if classes and (ancestry := _answer_class(expr, scope)) is not None:
            return [("class", key, ancestry)]
        if enums and (_is_enum_class(expr, scope) or _is_closed_class(expr, scope)):
            return [("enum", key)]  # an arm only itself fits
        return [("container", key, None)] if key in _CONTAINERS else None
    if not isinstance(expr, ast.Subscript):
        return None
    head = _name_key(expr.value, scope)
    elts = expr.slice.elts if isinstance(expr.slice, ast.Tuple) else [expr.slice]
    if head == names.LITERAL:
        if not all(isinstance(e, ast.Constant) and type(e.value) in (str, int, bool) for e in elts):
            return None
        return [("literal", type(e.value).__name__, e.value) for e in elts]  # type: ignore[attr-defined]
    if head not in _CONTAINERS:
        return None
    args: list[tuple] = []
    for elt in elts:
        if isinstance(elt, ast.Constant) and elt.value is Ellipsis:
            args.append((("...",),))
            continue
        sub = _simple_arms(elt, scope, enums, classes)
        if sub is None:
            return None
        args.append(tuple(sub))
    return [("container", head, tuple(args))]


def _fits(arm: tuple, into: list[tuple] | tuple) -> bool:
    return any(_fits_one(arm, target) for target in into)


def _fits_one(arm: tuple, target: tuple) -> bool:
    kind = arm[0]
    if kind == "class":  # the runtime's ``issubclass``: a parameter's class it derives from
        return target[0] == "enum" and target[1] in arm[2]
    if kind == "none" or kind == "..." or kind == "enum":
        return target == arm
    if kind == "scalar":
        return target[0] == "scalar" and target[1] in _ACCEPTED_BY[arm[1]]
    if kind == "literal":
        if target[0] == "literal":
            return target[1] == arm[1] and target[2] == arm[2]
        return target[0] == "scalar" and target[1] in _ACCEPTED_BY[arm[1]]
    if target[0] != "container" or target[1] != arm[1]:
        return False
    if arm[2] is None or target[2] is None or len(arm[2]) != len(target[2]):
        return True  # a bare ``list`` or a differently shaped tuple: not sure
    return all(all(_fits(a, t) for a in answer) for answer, t in zip(arm[2], target[2]))


def answer_fits(answer: ast.expr, answer_scope: Scope, parameter: ast.expr, parameter_scope: Scope) -> bool | None:
    """Whether an answer validated as ``answer`` (a ``response_type``) can be handed
    to a parameter typed ``parameter`` unchanged; ``None`` when unsure.

    Decided only for types made of builtin scalars, ``None``, ``Literal`` and
    builtin containers of those: ``Literal["a", "b"]`` fits ``str``, ``bool``
    fits ``int``, ``int`` fits ``float | None``, ``list[int]`` fits
    ``list[float]``. A ``None`` arm of the answer is ignored (the question
    asks for the value). FastMCP's choice shorthands (``["a", "b"]``,
    ``[["a", "b"]]``, ``{"a": {...}}``, ``[{"a": {...}}]``) answer with their
    ``Literal``, and a parameter typed by a module's ``Enum`` class, pydantic model or
    plain class (dataclass) takes none of these; an answer typed by a module's
    pydantic model, Enum or dataclass whose bases are all known (``_answer_class``)
    fits only a parameter's class of the module it derives from, never a builtin
    type (as ``elicit_lint.runtime.answer_types.answer_fits`` decides, by
    ``issubclass``). Any other type (an imported class, an alias, a string) -> ``None``.
    """
    if type_key(answer, answer_scope) is not None and type_key(answer, answer_scope) in (
        type_key(parameter, parameter_scope),
        type_key(parameter, parameter_scope, drop_none=True),
    ):
        return True
    answers = _choice_arms(answer) or _simple_arms(answer, answer_scope, classes=True)
    targets = _simple_arms(parameter, parameter_scope, enums=True)
    if answers is None or targets is None:
        return None
    answers = [a for a in answers if a[0] != "none"]
    if not answers:
        return None
    return all(_fits(a, targets) for a in answers)


def constant_fits(value: ast.expr, parameter: ast.expr, scope: Scope) -> bool | None:
    """Whether the literal ``value`` (``None``, a ``str``/``int``/``bool``/``float``/``bytes``
    constant, or a negated number) is a value of ``parameter`` (``Elicit(...,
    unavailable=value)``); ``None`` when unsure (any other expression, or a type
    :func:`answer_fits` does not decide).

    Decided as pydantic's strict validation (the runtime's check) decides: a ``bool`` is
    not an ``int`` or a ``float``, an ``int`` is a ``float``, ``str`` and ``bytes`` do
    not mix, and a ``Literal`` takes a value that compares equal to one of its values
    (``True`` and ``1.0`` for ``Literal[1]``)."""
    if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.USub):
        inner = value.operand
        if not (isinstance(inner, ast.Constant) and type(inner.value) in (int, float)):
            return None
        v = -inner.value
    elif isinstance(value, ast.Constant):
        v = value.value
    else:
        return None
    if v is not None and type(v) not in (str, int, bool, float, bytes):
        return None
    targets = _simple_arms(parameter, scope)
    if targets is None:
        return None
    return any(_strict_fits(v, target) for target in targets)


_STRICT = {"int": (int,), "float": (int, float), "bool": (bool,), "str": (str,), "bytes": (bytes,)}
"""Scalar parameter type -> the exact constant types pydantic's strict mode takes."""


def _strict_fits(v: object, target: tuple) -> bool:
    if target[0] == "none":
        return v is None
    if target[0] == "scalar":
        return type(v) in _STRICT[target[1]]
    if target[0] == "literal":
        return v is not None and v == target[2]
    return False  # a container never holds a scalar constant
