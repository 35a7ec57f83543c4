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
The second notion, "same every round" (:func:`varying_part`), walks the same
node kinds: both are policies of one walk, judged side by side in
:data:`.purity_kinds.KINDS`. Standard library only.
"""

from __future__ import annotations

import ast
import builtins

from . import module_writes
from .purity_kinds import SafeToMove, SameEachRound, first_refusal
from .scalar_types import SCALARS, scalar_arguments, type_of


def loaded(expr: ast.AST) -> set[str]:
    """The names ``expr`` reads."""
    return {n.id for n in ast.walk(expr) if isinstance(n, ast.Name)}


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


def safe_expression(
    expr: ast.expr, types: dict[str, str], answers: frozenset[str] | set[str] = frozenset()
) -> bool:
    """``expr`` may be evaluated at another moment with the same value, no effect
    and no exception (see module docstring); ``types``: :func:`known_types`;
    ``answers``: earlier answers' result variables (``r.data`` is read)."""
    return first_refusal(expr, SafeToMove(types, answers)) is None


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
        return isinstance(annotation, ast.Name) and annotation.id in SCALARS
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
    and subscripts of accepted values, :data:`.purity_kinds.PURE_STR_METHODS` of a known
    ``str`` (``types``; ``r.data`` for ``r`` in ``str_answers``) and
    :data:`.purity_kinds.PURE_BUILTINS` not rebound. Nothing else: another call (time,
    ``uuid``, ``random``, ``next``, a function of the module), ``await``,
    ``:=``, a lambda or comprehension, a context read (not an input)."""
    return first_refusal(expr, SameEachRound(inputs, fixed, types, str_answers))
