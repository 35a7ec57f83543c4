"""Expressions that may run at another moment: no effects, nothing that raises.

One notion of "safe to move" (docs/codemod.md "What the codemod accepts"), read by
three places: a statement before a question stays in the body and runs *after*
the question once rewritten (:mod:`.prelude`: assignments, log calls, client
notifications' arguments), and a guard copied into a resolver (:mod:`.guarded`)
runs when the call starts. If such an expression could raise, the rewrite would
ask a question the original never asked, then fail. Accepted
(:func:`safe_expression`), given the types known from non-Optional scalar
annotations (``str``/``int``/``float``/``bool`` tool arguments, and ``Literal[...]``
of strings or of integers; FastMCP validates them) and from earlier assignments of such values (:func:`known_types`):
constants and names; f-strings of accepted values without a format spec;
``not``/``and``/``or``/conditional expressions, tuples and lists of them;
``==``/``!=``/``is``/``is not`` and ``in`` a tuple or list display always; ``<``
and the like within numbers or within ``str``; ``+`` of two ``str`` or two numbers,
``-``/``*``/unary ``-`` of numbers (no division: ``ZeroDivisionError``); a
:data:`STR_METHODS`/:data:`STR_TESTS` method of a known ``str``, read or called
with string constants; ``len`` of a known ``str``, ``bool``/``isinstance``; an
earlier answer's ``.data`` (its outcome is the outcome translation's concern).
Nothing else: no subscript (``KeyError``), other attribute read (``None.upper``,
a property may do anything), ``await``, ``:=``, lambda or comprehension.
Standard library only.
"""

from __future__ import annotations

import ast
import builtins

from . import module_writes

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
_SCALARS = frozenset({"str", "int", "float", "bool"})
_NUMBERS = frozenset({"int", "float", "bool"})
_ALWAYS = (ast.Eq, ast.NotEq, ast.Is, ast.IsNot)
_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
_CONSTANT_TYPES = {str: "str", bool: "bool", int: "int", float: "float"}


def loaded(expr: ast.AST) -> set[str]:
    """The names ``expr`` reads."""
    return {n.id for n in ast.walk(expr) if isinstance(n, ast.Name)}


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
    if isinstance(annotation, ast.Name) and annotation.id in _SCALARS:
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


def str_arguments(function: ast.AST, rebound: set[str]) -> set[str]:
    """The :func:`scalar_arguments` annotated ``str``."""
    return {k for k, v in scalar_arguments(function, rebound).items() if v == "str"}


def known_types(
    function: ast.AST, before: list[ast.stmt], rebound: set[str]
) -> dict[str, str]:
    """The scalar types known after the straight-line statements ``before`` (in
    order; they run before the expression read): :func:`scalar_arguments`, then
    each ``name = <expr>`` of a known type (:func:`type_of`); a name any other
    statement binds is forgotten."""
    types = scalar_arguments(function, rebound)
    for stmt in before:
        for name in stored_names(stmt):
            types.pop(name, None)
        if (
            isinstance(stmt, ast.Assign)
            and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Name)
        ):
            kind = type_of(stmt.value, types)
            if kind is not None:
                types[stmt.targets[0].id] = kind
    return types


def type_of(expr: ast.expr, types: dict[str, str]) -> str | None:
    """``"str"``, ``"int"``, ``"float"``, ``"bool"`` when ``expr`` (accepted by
    :func:`safe_expression`) is known to give that type, else ``None``."""
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
        return "int" if kind == "bool" else kind if kind in _NUMBERS else None
    if isinstance(expr, ast.BinOp):
        left, right = type_of(expr.left, types), type_of(expr.right, types)
        if left == right == "str" and isinstance(expr.op, ast.Add):
            return "str"
        if left in _NUMBERS and right in _NUMBERS:
            return "float" if "float" in (left, right) else "int"
        return None
    if isinstance(expr, ast.IfExp):
        body = type_of(expr.body, types)
        return body if body == type_of(expr.orelse, types) else None
    if isinstance(expr, ast.Call):
        if _str_call(expr, types, STR_METHODS):
            return "str"
        if _str_call(expr, types, STR_TESTS):
            return "bool"
        if isinstance(expr.func, ast.Name) and expr.func.id in ("len", "bool", "isinstance"):
            return "int" if expr.func.id == "len" else "bool"
    return None


def str_typed(expr: ast.expr, types: dict[str, str]) -> bool:
    """``expr`` is a ``str``: a string constant or f-string, a name of type
    ``str`` in ``types``, or a :data:`STR_METHODS` call on such an expression."""
    return type_of(expr, types) == "str"


def _str_call(expr: ast.expr, types: dict[str, str], methods: frozenset[str]) -> bool:
    return (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Attribute)
        and expr.func.attr in methods
        and str_typed(expr.func.value, types)
        and not expr.keywords
        and len(expr.args) <= 1
        and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in expr.args)
    )


def _defined(op: ast.AST, left: str | None, right: str | None) -> bool:
    """The binary operator or order comparison ``op`` cannot raise on these types."""
    if left is None or right is None:
        return False
    if left == right == "str":
        return isinstance(op, (ast.Add, *_ORDER))
    return left in _NUMBERS and right in _NUMBERS and isinstance(
        op, (ast.Add, ast.Sub, ast.Mult, *_ORDER)
    )


def safe_expression(
    expr: ast.expr, types: dict[str, str], answers: frozenset[str] | set[str] = frozenset()
) -> bool:
    """``expr`` may be evaluated at another moment with the same value, no effect
    and no exception (see module docstring); ``types``: :func:`known_types`;
    ``answers``: earlier answers' result variables (``r.data`` is read)."""
    todo: list[ast.AST] = [expr]
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Constant, ast.Name)):
            continue
        if isinstance(node, ast.JoinedStr):
            todo.extend(node.values)
        elif isinstance(node, ast.FormattedValue):
            if node.format_spec is not None:
                return False
            todo.append(node.value)
        elif isinstance(node, (ast.BoolOp, ast.IfExp)) or (
            isinstance(node, (ast.Tuple, ast.List)) and isinstance(node.ctx, ast.Load)
        ):
            todo.extend(n for n in ast.iter_child_nodes(node) if isinstance(n, ast.expr))
            if any(isinstance(n, ast.Starred) for n in todo):
                return False
        elif isinstance(node, ast.UnaryOp):
            if not isinstance(node.op, ast.Not) and type_of(node, types) is None:
                return False
            todo.append(node.operand)
        elif isinstance(node, ast.BinOp):
            left, right = type_of(node.left, types), type_of(node.right, types)
            if not _defined(node.op, left, right):
                return False
            todo += [node.left, node.right]
        elif isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            for op, left, right in zip(node.ops, operands, operands[1:]):
                if isinstance(op, _ALWAYS):
                    continue
                if isinstance(op, (ast.In, ast.NotIn)) and (
                    isinstance(right, (ast.Tuple, ast.List))
                    or str_typed(left, types) and str_typed(right, types)
                ):
                    continue
                if not (
                    isinstance(op, _ORDER)
                    and _defined(op, type_of(left, types), type_of(right, types))
                ):
                    return False
            todo += operands
        elif isinstance(node, ast.Attribute):
            value = node.value
            if not (
                isinstance(node.ctx, ast.Load)
                and (
                    node.attr in STR_METHODS | STR_TESTS and str_typed(value, types)
                    or node.attr == "data"
                    and isinstance(value, ast.Name)
                    and value.id in answers
                )
            ):
                return False
        elif isinstance(node, ast.Call):
            func = node.func
            if _str_call(node, types, STR_METHODS | STR_TESTS):
                todo.append(func.value)  # type: ignore[attr-defined]
                continue
            if not (
                isinstance(func, ast.Name)
                and func.id in _BUILTINS
                and not node.keywords
                and all(not isinstance(a, ast.Starred) for a in node.args)
            ):
                return False
            if func.id == "len" and not (
                len(node.args) == 1 and str_typed(node.args[0], types)
            ):
                return False
            todo.extend(node.args)
        else:
            return False
    return True


def stored_names(stmt: ast.stmt) -> set[str]:
    """Every name ``stmt`` binds or deletes (assignment targets, ``:=``, ``for``,
    ``with ... as``, imports, ``global``/``nonlocal``, ``del``), nested
    definitions excluded except their own name."""
    out: set[str] = set()
    todo: list[ast.AST] = [stmt]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            out.add(node.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            out |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            out |= set(node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            out.add(node.name)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
            if node is not stmt:
                continue
        if isinstance(node, ast.Lambda):
            continue
        todo.extend(ast.iter_child_nodes(node))
    return out


def copyable(
    name: str, before: list[ast.stmt], rebound: set[str], arguments: set[str]
) -> ast.Assign | None:
    """The one statement among ``before`` (top-level statements ahead of the
    guard) that binds local ``name``, when it is ``name = <expr>`` with a safe
    expression a resolver can run again; ``None`` otherwise (bound more than
    once, in a block, by another kind of statement, or from a rebound argument)."""
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


def pure_assignment(stmt: ast.stmt, types: dict[str, str], protected: set[str]) -> bool:
    """``name = <safe expression>`` (:func:`safe_expression`) to a name outside
    ``protected``: it may stay in the body and run after the questions, as
    :func:`.prelude.is_pure` statements do (``text = query.strip()``)."""
    return (
        isinstance(stmt, ast.Assign)
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], ast.Name)
        and stmt.targets[0].id not in protected
        and safe_expression(stmt.value, types)
    )


# Question text: fixed at import, or a deterministic function of the inputs.
# A marker (`Elicit("...")` in the signature) is evaluated once, when the tool is
# defined; a resolver runs on every round of both eras and the runtime fails the
# call when the question changes (docs/codemod.md "What the codemod accepts").
PURE_STR_METHODS = STR_METHODS | STR_TESTS | frozenset(
    {"replace", "removeprefix", "removesuffix", "zfill", "center", "ljust", "rjust",
     "swapcase", "join", "split", "count", "find"}
)
"""``str`` methods whose result depends only on the string and the arguments."""

PURE_BUILTINS = frozenset(
    {"len", "str", "repr", "int", "float", "bool", "abs", "round", "min", "max",
     "sorted", "isinstance", "format"}
)
"""Builtins whose result depends only on their arguments (not on time, state or I/O)."""


def _literal(expr: ast.expr) -> bool:
    """An immutable literal: a constant, a tuple, ``+`` or an f-string of them."""
    if isinstance(expr, ast.Constant):
        return True
    if isinstance(expr, ast.Tuple):
        return all(_literal(e) for e in expr.elts)
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
        return _literal(expr.left) and _literal(expr.right)
    if isinstance(expr, ast.JoinedStr):
        return all(_literal(v) for v in expr.values)
    if isinstance(expr, ast.FormattedValue):
        return _literal(expr.value) and (expr.format_spec is None or _literal(expr.format_spec))
    return False


def fixed_name(model, scope, name: str, value: bool = True) -> bool:
    """``name``, read from ``scope`` (a tool's scope), holds the same immutable value
    for the life of the process: bound exactly once, by an assignment of a
    :func:`_literal`, in the module (or an enclosing function, or as that function's
    parameter annotated ``str``/``int``/``float``/``bool``), and never declared
    ``global``/``nonlocal`` (so no function assigns it). Not seen: another
    module assigning ``module.NAME``. A builtin nothing
    binds is fixed too; with ``value`` false, so is a name bound once by an
    import, ``class`` or ``def`` (read as itself, not its attributes or items:
    ``isinstance(r, AcceptedElicitation)``). No name is fixed in a module that
    writes through ``globals()`` and the like (:mod:`.module_writes`)."""
    if module_writes.writes_namespace(model):
        return False
    found = scope.lookup(name) if scope is not None else None
    if found is None:
        return hasattr(builtins, name)  # an unshadowed builtin
    if found[0] is scope or len(found[1]) != 1:
        return False
    owner, (binding,) = found
    if model.declares(owner, name):  # `global` / `nonlocal` in the owner, at any depth
        return False
    if binding.kind == "parameter" and owner.kind == "function":
        annotation = binding.node.annotation  # type: ignore[attr-defined]
        return isinstance(annotation, ast.Name) and annotation.id in _SCALARS
    if not value and binding.kind in ("import", "class", "function"):
        return not binding.fallback
    return (
        binding.kind == "assign" and not binding.fallback
        and binding.value is not None and _literal(binding.value)
    )


def varying_part(
    expr: ast.expr,
    inputs: set[str],
    fixed,
    types: dict[str, str],
    str_answers: frozenset[str] | set[str] = frozenset(),
) -> str | None:
    """What in ``expr`` may give another value when evaluated again, as a phrase
    for a skip reason (``"a call to `next_ticket`"``, ``"`ctx`"``), or ``None``
    when ``expr`` is a deterministic function of ``inputs`` (tool arguments and
    earlier answers' variables) and the names ``fixed(name)`` accepts
    (:func:`fixed_name`). Accepted: constants, names, f-strings (with their
    format specs), operators, conditional expressions, displays, attribute reads
    and subscripts of accepted values, :data:`PURE_STR_METHODS` of a known
    ``str`` (``types``; ``r.data`` for ``r`` in ``str_answers``) and
    :data:`PURE_BUILTINS` not rebound. Nothing else: another call (time,
    ``uuid``, ``random``, ``next``, a function of the module), ``await``,
    ``:=``, a lambda or comprehension, a context read (not an input)."""
    todo: list[ast.AST] = [expr]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Name):
            if node.id not in inputs and not fixed(node.id, False):
                return f"`{node.id}`"
        elif isinstance(node, ast.Call):
            func = node.func
            receiver = getattr(func, "value", None)
            if isinstance(func, ast.Attribute) and func.attr in PURE_STR_METHODS and (
                str_typed(receiver, types)
                or isinstance(receiver, ast.Attribute) and receiver.attr == "data"
                and isinstance(receiver.value, ast.Name) and receiver.value.id in str_answers
            ):
                todo.append(receiver)
            elif not (
                isinstance(func, ast.Name) and func.id in PURE_BUILTINS
                and func.id not in inputs and fixed(func.id, False)
            ):
                return f"a call to `{ast.unparse(func)}`"
            todo.extend(node.args)
            todo.extend(k.value for k in node.keywords)
        elif isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(
            node.value, ast.Name
        ) and node.value.id not in inputs and not fixed(node.value.id):
            return f"`{ast.unparse(node)}`"  # `ctx.request_id`, `STATE['step']`
        elif isinstance(
            node,
            (ast.Await, ast.NamedExpr, ast.Lambda, ast.Yield, ast.YieldFrom,
             ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp),
        ):
            return f"`{ast.unparse(node)}`"
        else:
            todo.extend(ast.iter_child_nodes(node))
    return None
