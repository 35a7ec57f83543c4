"""The scalar type an expression is known to give (stdlib only; read by :mod:`.purity`).

Types come from non-Optional scalar annotations of tool arguments
(``str``/``int``/``float``/``bool``, and ``Literal[...]`` of strings or of
integers; FastMCP and the SDK validate them) and from the operators, ``str``
methods and builtins :func:`.purity.safe_expression` accepts on such values.
"""

from __future__ import annotations

import ast

STR_METHODS = frozenset(
    {"strip", "lstrip", "rstrip", "lower", "upper", "casefold", "title", "capitalize"}
)
"""``str`` methods that return a ``str`` and never raise (with string arguments)."""

STR_TESTS = frozenset(
    {
        "startswith",
        "endswith",
        "isdigit",
        "isalpha",
        "isalnum",
        "isspace",
        "isnumeric",
        "isdecimal",
        "islower",
        "isupper",
    }
)
"""``str`` methods that return a ``bool`` and never raise (with string arguments)."""

SCALARS = frozenset({"str", "int", "float", "bool"})
NUMBERS = frozenset({"int", "float", "bool"})
ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
_CONSTANT_TYPES = {str: "str", bool: "bool", int: "int", float: "float"}


def scalar_arguments(function: ast.AST, rebound: set[str]) -> dict[str, str]:
    """``{argument: "str"|"int"|"float"|"bool"}`` for the arguments annotated with
    one of those bare names or a ``Literal`` of strings or of integers
    (:func:`_scalar_annotation`; not ``Optional``, not a union) whose default, if
    any, is a constant of that type (an ``int`` for ``float``), and that the body
    has not bound again (``rebound``). FastMCP and the SDK validate arguments, so
    each holds a value of that type when the body starts."""
    args = function.args  # type: ignore[attr-defined]
    positional = [*args.posonlyargs, *args.args]
    defaults: dict[str, ast.expr] = dict(
        zip([a.arg for a in positional[len(positional) - len(args.defaults):]], args.defaults)
    )
    for arg, default in zip(args.kwonlyargs, args.kw_defaults):
        if default is not None:
            defaults[arg.arg] = default
    out = {}
    for arg in [*positional, *args.kwonlyargs]:
        kind = _scalar_annotation(arg.annotation)
        if kind is None:
            continue
        default = defaults.get(arg.arg)
        if default is not None:
            given = type_of(default, {})
            if not (given == kind or kind == "float" and given == "int"):
                continue
        if arg.arg not in rebound:
            out[arg.arg] = kind
    return out


def _scalar_annotation(annotation: ast.expr | None) -> str | None:
    """``"str"``... for a bare scalar annotation, or for ``Literal[...]`` (also
    ``typing.Literal``) whose values are all strings (``"str"``) or all plain
    integers (``"int"``): the validated argument holds one of them."""
    if isinstance(annotation, ast.Name) and annotation.id in SCALARS:
        return annotation.id
    if not (
        isinstance(annotation, ast.Subscript)
        and (
            isinstance(annotation.value, ast.Name)
            and annotation.value.id == "Literal"
            or isinstance(annotation.value, ast.Attribute)
            and annotation.value.attr == "Literal"
            and isinstance(annotation.value.value, ast.Name)
            and annotation.value.value.id in ("typing", "typing_extensions")
        )
    ):
        return None
    values = annotation.slice
    items = values.elts if isinstance(values, ast.Tuple) else [values]
    kinds = {
        type(v.value) if isinstance(v, ast.Constant) else None for v in items
    }
    if kinds == {str}:
        return "str"
    if kinds == {int}:
        return "int"
    return None


def type_of(expr: ast.expr, types: dict[str, str]) -> str | None:
    """``"str"``, ``"int"``, ``"float"``, ``"bool"`` when ``expr`` (accepted by
    :func:`.purity.safe_expression`) is known to give that type, else ``None``."""
    if isinstance(expr, ast.Constant):
        return _CONSTANT_TYPES.get(type(expr.value))
    if isinstance(expr, ast.JoinedStr):
        return "str"
    if isinstance(expr, ast.Name):
        return types.get(expr.id)
    if isinstance(expr, (ast.Compare, ast.UnaryOp)) and (
        isinstance(expr, ast.Compare) or isinstance(expr.op, ast.Not)
    ):
        return "bool"
    if isinstance(expr, ast.UnaryOp):
        kind = type_of(expr.operand, types)
        if isinstance(expr.op, ast.Invert) and kind == "float":
            return None  # `~1.0` raises TypeError
        return "int" if kind == "bool" else kind if kind in NUMBERS else None
    if isinstance(expr, ast.BinOp):
        left, right = type_of(expr.left, types), type_of(expr.right, types)
        if left == right == "str" and isinstance(expr.op, ast.Add):
            return "str"
        if left in NUMBERS and right in NUMBERS:
            return "float" if "float" in (left, right) else "int"
        return None
    if isinstance(expr, ast.IfExp):
        body = type_of(expr.body, types)
        return body if body == type_of(expr.orelse, types) else None
    if isinstance(expr, ast.Call):
        if str_call(expr, types, STR_METHODS):
            return "str"
        if str_call(expr, types, STR_TESTS):
            return "bool"
        if isinstance(expr.func, ast.Name) and expr.func.id in ("len", "bool", "isinstance"):
            return "int" if expr.func.id == "len" else "bool"
    return None


def str_typed(expr: ast.expr, types: dict[str, str]) -> bool:
    """``expr`` is a ``str``: a string constant or f-string, a name of type
    ``str`` in ``types``, or a :data:`STR_METHODS` call on such an expression."""
    return type_of(expr, types) == "str"


def str_call(expr: ast.expr, types: dict[str, str], methods: frozenset[str]) -> bool:
    """``expr`` calls one of ``methods`` on a known ``str`` (:func:`str_typed`),
    with at most one argument, a string constant."""
    return (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Attribute)
        and expr.func.attr in methods
        and str_typed(expr.func.value, types)
        and not expr.keywords
        and len(expr.args) <= 1
        and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in expr.args)
    )


def defined(op: ast.AST, left: str | None, right: str | None) -> bool:
    """The binary operator or order comparison ``op`` cannot raise on these types."""
    if left is None or right is None:
        return False
    if left == right == "str":
        return isinstance(op, (ast.Add, *ORDER))
    return left in NUMBERS and right in NUMBERS and isinstance(
        op, (ast.Add, ast.Sub, ast.Mult, *ORDER)
    )
