"""Questions asked first in an ``if`` block on tool arguments (docs/architecture.md
"Data flow: `elicit-migrate`", skip list).

Two real shapes: the backfill written out (``if city is None:`` around ``r =
await ctx.elicit(...)``, its own decline branch and ``city = r.data``) and a
question asked only under a test of the arguments (``if len(query.strip()) < 3:``).
The ``if`` stays in the body as written; only the asking statement leaves it.
The generated resolver copies the guard and returns ``None`` (nothing is asked)
where the original does not ask, so the parameter is ``None`` there and the body,
which does not read it outside the ``if``, behaves the same.

What is copied must be shown to be the same in the resolver as in the body: the
test reads tool arguments not rebound before it, module-level names, and
locals assigned once before it by a statement the resolver can run again
(:func:`.purity.copyable`); its calls are builtins without effects or ``str``
methods on ``str`` arguments. Anything else is refused with a reason that says
what to do by hand. Standard library only.
"""

from __future__ import annotations

import ast

from . import bindings, locate, prelude, purity, recompute
from .response_types import Refused
from .text import negate_test

NOT_FIRST = (
    "inside an `if` after a statement of its block that is not pure (it would run "
    "after the question): put the question first in the `if` block, or move it out "
    "of the `if`, then run again"
)
TEST_CALLS = (
    "inside an `if` whose test the rewrite cannot run again in a resolver (a call "
    "that may have effects or raise, `:=`, `await`, a subscript or an attribute "
    "read): test the arguments with plain comparisons, or move the question out of "
    "the `if`, then run again"
)


def set_up(name: str, how: str) -> str:
    """The reason for a question in an ``if`` block that reads ``name``, which a
    statement of the block before it computes (``how``: :func:`.bindings.how_bound`)
    in a way a resolver cannot repeat exactly."""
    return (
        f"inside an `if` whose block computes `{name}`, which the question reads, by "
        f"{how}: the resolver runs before the body and would have to repeat it; write "
        "the resolver by hand (it may compute the value, return `Elicit(question, "
        "response_type=[...])` with choices built per call, and `None` where the `if` "
        "test is false)"
    )


def kept_whole(reason: str) -> str:
    """The reason for a result that must be kept whole (``reason``: why no value
    translation is exact) behind a guard with no argument to stand for it."""
    return (
        f"inside an `if`, where the result cannot be kept whole (the resolver has "
        f"no outcome object to give when the test is false), and {reason}"
    )

_NEVER = (ast.Await, ast.NamedExpr, ast.Yield, ast.YieldFrom, ast.Lambda)
"""In a test: refused before its names are read (``:=`` binds a local of its own)."""


def computed(name: str) -> str:
    """The reason for a guard reading a local the resolver cannot compute again."""
    return (
        f"inside an `if` whose test reads `{name}`, computed in the body by a "
        "statement the rewrite cannot copy into a resolver: test the tool's "
        "arguments directly, or move the question out of the `if`, then run again"
    )


def read_outside(variable: str) -> str:
    """The reason for a result read after (or before) the ``if`` that asks it."""
    return (
        f"the result `{variable}` is read outside the `if` that asks it (unbound "
        "there when the test is false): read it only inside the `if` block, or ask "
        "before the `if`, then run again"
    )


def first_in_block(
    outer: ast.If, statement: ast.stmt, arguments: set[str], function: ast.AST | None = None
) -> None:
    """Raises ``Refused`` (:data:`NOT_FIRST`) unless every statement before
    ``statement`` in ``outer.body`` (``outer`` a top-level ``if`` of the tool
    ``function``) is pure (:func:`.prelude.is_pure`, binding no argument, given
    the types known there, :func:`.purity.known_types`): such a statement stays
    and runs after the question, as one above the ``if`` does."""
    block = outer.body[: outer.body.index(statement)]
    for index, stmt in enumerate(block):
        types = {}
        if function is not None:
            body = function.body  # type: ignore[attr-defined]
            types = purity.known_types(function, body[: body.index(outer)] + block[:index], set())
        if not prelude.is_pure(stmt, arguments, types):
            read = sorted(
                {n.id for n in ast.walk(statement) if isinstance(n, ast.Name)}
                & purity.stored_names(stmt)
            )
            if read and function is not None:
                how = bindings.how_bound(function, read[0], statement.lineno)
                raise Refused(set_up(read[0], how or f"line {stmt.lineno}"))
            raise Refused(NOT_FIRST)


def check_uses(function: ast.AST, placement) -> None:
    """Every read of the result variable lies inside the ``if`` block, after the ask."""
    variable = placement.variable
    if variable is None:
        return
    outer = placement.statement
    inside = {id(n) for stmt in outer.body for n in ast.walk(stmt)}  # type: ignore[attr-defined]
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and node.id == variable and id(node) not in inside:
            raise Refused(read_outside(variable))


def negate(test: ast.expr, render) -> str:
    """The source of ``not test`` (:func:`.text.negate_test`: ``not x`` -> ``x``,
    ``a is None`` -> ``a is not None``, ``a != b`` -> ``a == b``, ``in``/``not in``);
    other tests ``not (test)``. ``render(node)`` gives a node's source."""
    return negate_test(test, {}, lambda node, _: render(node))


def guard_setup(planner, placement) -> tuple[list[ast.Assign], str]:
    """``(copied, gate)`` for the resolver of a guarded question: the assignments of
    the locals the test reads (:func:`.recompute.copies`, in body order) and the
    negated test. ``planner``: the :class:`.toolplan.ToolPlanner` (its arguments,
    names rebound so far, body). Raises ``Refused`` with the reason."""
    outer = placement.statement
    assert isinstance(outer, ast.If)
    check_uses(planner.node, placement)
    body = planner.node.body
    before = body[: body.index(outer)]
    if any(isinstance(n, _NEVER) for n in ast.walk(outer.test)):
        raise Refused(TEST_CALLS)
    answers = _answers(before) & {  # whose outcome the test reads: `stars.action`
        n.value.id
        for n in ast.walk(outer.test)
        if isinstance(n, ast.Attribute) and n.attr == "action" and isinstance(n.value, ast.Name)
    }
    copied = recompute.copies(
        planner,
        [outer.test],
        before,
        lambda name: locate.answer_gate(name) if name in answers else computed(name),
    )
    if not purity.safe_expression(outer.test, recompute.copied_types(planner, copied)):
        raise Refused(TEST_CALLS)
    return copied, negate(outer.test, planner.segment)


def _answers(before: list[ast.stmt]) -> set[str]:
    """The names ``before`` (the tool's statements above the ``if``) binds to an
    awaited ``<x>.elicit(...)``: earlier answers."""
    out = set()
    for stmt in before:
        value = stmt.value if isinstance(stmt, (ast.Assign, ast.AnnAssign)) else None
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [getattr(stmt, "target", None)]
        if (
            isinstance(value, ast.Await)
            and isinstance(value.value, ast.Call)
            and isinstance(value.value.func, ast.Attribute)
            and value.value.func.attr == "elicit"
        ):
            out.update(t.id for t in targets if isinstance(t, ast.Name))
    return out


def guard_arguments(planner, placement) -> list[str]:
    """The tool arguments the guard and the locals it reads (copied into the
    resolver, :func:`guard_setup`) read, in order of first appearance: the
    resolver's parameters."""
    outer = placement.statement
    body = planner.node.body
    before = body[: body.index(outer)]
    exprs: list[ast.AST] = [outer.test]  # type: ignore[attr-defined]
    names = purity.loaded(outer.test)  # type: ignore[attr-defined]
    for stmt in reversed(before):  # the copied assignments, read back to front
        if (
            isinstance(stmt, ast.Assign)
            and isinstance(stmt.targets[0], ast.Name)
            and stmt.targets[0].id in names
            and stmt.targets[0].id not in planner.args
        ):
            exprs.append(stmt.value)
            names |= purity.loaded(stmt.value)
    out: list[str] = []
    for expr in exprs:
        for node in ast.walk(expr):
            if isinstance(node, ast.Name) and node.id in planner.args and node.id not in out:
                out.append(node.id)
    return out


def outcome_gate(
    planner, placement, annotation: str, gates: list[str]
) -> str | None:
    """For a result kept whole behind a backfill test of argument ``a`` (``not a``,
    ``a is None``, ``a is None or ...``) with ``a: T | None`` (``T`` the answer's
    type): ``a``, which the resolver may return where the original does not ask (the
    runtime injects it as accepted; the body does not read it there). ``None``
    when no such value exists, or when other gates return there too."""
    if len(gates) != 1:
        return None
    test = placement.statement.test  # type: ignore[attr-defined]
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        test = test.values[0]
    name = None
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        name = test.operand.id if isinstance(test.operand, ast.Name) else None
    elif (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and isinstance(test.ops[0], ast.Is)
        and len(test.ops) == 1
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
    ):
        name = test.left.id
    if name is None or name in planner.rebound or not argument_fits(planner, name, annotation):
        return None
    return name


def argument_fits(planner, name: str, annotation: str) -> bool:
    """Tool argument ``name`` is annotated ``T``, ``T | None``, ``None | T`` or
    ``Optional[T]`` with ``T`` the answer's type (``annotation``, as rendered): its
    value, when not ``None``, validates as an answer (a resolver may return it)."""
    arg = planner.args.get(name)
    if arg is None or arg.annotation is None:
        return False
    text = planner.segment(arg.annotation).replace(" ", "")
    plain = annotation.replace(" ", "")
    return text in (plain, f"{plain}|None", f"None|{plain}", f"Optional[{plain}]")


def other_type(name: str) -> str:
    """The reason for a backfill of ``name`` whose answer type is not the argument's."""
    return (
        f"the backfill of `{name}` asks for another type than `{name}` is annotated "
        f"with (the resolver hands `{name}`'s own value on as the answer, which must "
        f"validate as one): annotate `{name}` as `T | None` with the question's "
        "type `T`, or assign the answer to a new name, then run again"
    )


def answer_name(param: str, arguments, taken: set[str]) -> str:
    """``x_answer`` for a parameter named ``x_2`` after argument ``x`` (the answer
    backfills ``x``, as :mod:`.placement`'s one-line backfill names it), else ``param``."""
    base, _, number = param.rpartition("_")
    if not (number.isdigit() and base in arguments):
        return param
    from .naming import unique

    taken.discard(param)
    new = unique(f"{base}_answer", taken)
    taken.add(new)
    return new


def debug_only(test: str) -> str:
    """The resolver gate for an ``assert`` (``test``: its negated test's source):
    ``__debug__ and <test>``. ``python -O`` strips the ``assert`` from the body
    and sets ``__debug__`` to ``False``, so the gate fires exactly when the
    original's ``assert`` would have failed (fresh6 H6). Parenthesized when its
    top level would bind looser than ``and``."""
    try:
        node = ast.parse(test, mode="eval").body
    except SyntaxError:
        return f"__debug__ and ({test})"
    loose = (ast.BoolOp, ast.IfExp, ast.Lambda, ast.NamedExpr)
    if isinstance(node, loose) and not (isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And)):
        return f"__debug__ and ({test})"
    return f"__debug__ and {test}"


def debug_test(gate: str) -> str | None:
    """The test of a :func:`debug_only` gate (``None`` for another gate): an ``if``
    gate with the same test fires in both modes and makes it redundant."""
    if not gate.startswith("__debug__ and "):
        return None
    test = gate[len("__debug__ and "):]
    if test.startswith("(") and test.endswith(")"):
        inner = test[1:-1]
        if debug_only(inner) == gate:
            return inner
    return test
