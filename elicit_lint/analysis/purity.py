"""Expressions a generated resolver may evaluate again: no effects, nothing that raises.

A guard copied into a resolver (:mod:`.guarded`) runs when the call starts (and
on every round of the modern era) instead of in the body, so it must give the
same value and have no effect. Accepted: names, constants, ``and``/``or``/
``not``, comparisons, ``+``/``-``/``*`` (no division: ``ZeroDivisionError``),
f-strings, and calls to ``len``/``bool``/``isinstance`` builtins or to a few
``str`` methods on an expression known to be a ``str`` (:func:`str_typed`: a
tool argument annotated ``str`` whose default, if any, is a string; FastMCP
validates arguments, so it is a ``str`` when the body starts). No subscript
(``KeyError``), attribute read (a property may do anything), ``await``,
``:=``, lambda or comprehension. Standard library only.
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

_BUILTINS = frozenset({"len", "bool", "isinstance"})
_ALLOWED = (
    ast.Name,
    ast.Constant,
    ast.BoolOp,
    ast.UnaryOp,
    ast.Compare,
    ast.BinOp,
    ast.JoinedStr,
    ast.FormattedValue,
    ast.Tuple,
    ast.Load,
    ast.boolop,
    ast.unaryop,
    ast.cmpop,
    ast.Add,
    ast.Sub,
    ast.Mult,
)


def loaded(expr: ast.AST) -> set[str]:
    """The names ``expr`` reads."""
    return {n.id for n in ast.walk(expr) if isinstance(n, ast.Name)}


def str_arguments(function: ast.AST, rebound: set[str]) -> set[str]:
    """Arguments annotated ``str`` (a bare name, ``str`` not rebound in the module
    is not checked here: the annotation text is read as FastMCP reads it) whose
    default, if any, is a string constant, and that the body has not bound again."""
    args = function.args  # type: ignore[attr-defined]
    positional = [*args.posonlyargs, *args.args]
    defaults: dict[str, ast.expr] = dict(
        zip([a.arg for a in positional[len(positional) - len(args.defaults):]], args.defaults)
    )
    for arg, default in zip(args.kwonlyargs, args.kw_defaults):
        if default is not None:
            defaults[arg.arg] = default
    out = set()
    for arg in [*positional, *args.kwonlyargs]:
        annotation = arg.annotation
        if not (isinstance(annotation, ast.Name) and annotation.id == "str"):
            continue
        default = defaults.get(arg.arg)
        if default is not None and not (
            isinstance(default, ast.Constant) and isinstance(default.value, str)
        ):
            continue
        if arg.arg not in rebound:
            out.add(arg.arg)
    return out


def str_typed(expr: ast.expr, str_names: set[str]) -> bool:
    """``expr`` is a ``str``: a string constant or f-string, a name in
    ``str_names``, or a :data:`STR_METHODS` call on such an expression."""
    if isinstance(expr, ast.Constant):
        return isinstance(expr.value, str)
    if isinstance(expr, ast.JoinedStr):
        return True
    if isinstance(expr, ast.Name):
        return expr.id in str_names
    return _str_call(expr, str_names, STR_METHODS)


def _str_call(expr: ast.expr, str_names: set[str], methods: frozenset[str]) -> bool:
    return (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Attribute)
        and expr.func.attr in methods
        and str_typed(expr.func.value, str_names)
        and not expr.keywords
        and len(expr.args) <= 1
        and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in expr.args)
    )


def safe_expression(expr: ast.expr, str_names: set[str]) -> bool:
    """``expr`` may be evaluated again, earlier, with the same value and no effect
    (see module docstring)."""
    todo: list[ast.AST] = [expr]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Call):
            func = node.func
            if _str_call(node, str_names, STR_METHODS | STR_TESTS):
                todo.append(func.value)  # type: ignore[attr-defined]
                continue
            if (
                isinstance(func, ast.Name)
                and func.id in _BUILTINS
                and not node.keywords
                and all(not isinstance(a, ast.Starred) for a in node.args)
            ):
                if func.id == "len" and not (
                    len(node.args) == 1 and str_typed(node.args[0], str_names)
                ):
                    return False
                todo.extend(node.args)
                continue
            return False
        if isinstance(node, ast.BinOp) and not isinstance(node.op, (ast.Add, ast.Sub, ast.Mult)):
            return False
        if not isinstance(node, _ALLOWED):
            return False
        todo.extend(ast.iter_child_nodes(node))
    return True


def copyable(
    name: str, before: list[ast.stmt], rebound: set[str], arguments: set[str]
) -> ast.Assign | None:
    """The one statement among ``before`` (top-level statements ahead of the
    guard) that binds local ``name``, when it is ``name = <expr>`` with a safe
    expression a resolver can run again; ``None`` otherwise (bound more than
    once, in a block, by another kind of statement, or from a rebound argument)."""
    from .prelude import stored_names

    binders = [s for s in before if name in stored_names(s)]
    if len(binders) != 1:
        return None
    stmt = binders[0]
    if not (
        isinstance(stmt, ast.Assign)
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], ast.Name)
    ):
        return None
    if any(n in rebound for n in loaded(stmt.value) if n in arguments):
        return None
    return stmt


def pure_assignment(stmt: ast.stmt, str_names: set[str], protected: set[str]) -> bool:
    """``name = <safe expression>`` (:func:`safe_expression`) to a name outside
    ``protected``: it may stay in the body and run after the questions, as
    :func:`.prelude.is_pure` statements do (``text = query.strip()``)."""
    return (
        isinstance(stmt, ast.Assign)
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], ast.Name)
        and stmt.targets[0].id not in protected
        and safe_expression(stmt.value, str_names)
    )
