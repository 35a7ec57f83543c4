"""What the SDK ``ctx.elicit`` -> ``Resolve`` rewrite must prove (stdlib only; :mod:`.sdk_ask`).

Where the question sits (:func:`guards`: the tool's body or one top-level ``if``,
after nothing but early exits and constant assignments; the tests that mean the
original does not ask), what the question reads (:func:`question_names`: tool
arguments not rebound, module names; no call, no context, no body local), how
the context is used (:func:`check_ctx_uses`: no alias of ``ctx.elicit``, no
other handshake-only call) and how the answer is read
(:func:`check_result_uses`: ``r.action``, ``r.data``, ``isinstance``, ``match``,
after the ask, in its block). Each failure raises :class:`.response_types.Refused`
with the reason.
"""

from __future__ import annotations

import ast

from . import bindings, locate, purity, result_uses
from .response_types import Refused
from .text import negate_test

_HANDSHAKE = {"elicit_url", "elicit_form", "create_message", "list_roots"}
_USES = ("action", "data")
_KEPT = (result_uses.ISINSTANCE, result_uses.MATCH)
"""With any use of ``.action`` or ``.data`` (``_USES``), the uses of the result
(:mod:`.result_uses` kinds) that the injected object answers as ``ctx.elicit``'s does."""
_PURE_CMP = (
    ast.Eq,
    ast.NotEq,
    ast.Lt,
    ast.LtE,
    ast.Gt,
    ast.GtE,
    ast.Is,
    ast.IsNot,
    ast.In,
    ast.NotIn,
)


CALLS_A_FUNCTION = (
    "the question or its gate calls a function (the resolver would "
    "call it): compute the value without a call, or write the "
    "resolver by hand"
)
"""Why a question or gate with a call :func:`.purity.safe_expression` does not
accept (a clock, a method of a value of unknown type...) is not rewritten."""


def runs_before(row: int) -> str:
    """Why a question after a statement (on ``row``) that is no early exit, no
    constant and not pure is not rewritten."""
    return (
        f"line {row} runs before the question in the original (the "
        "resolver would ask before it): move the question above it if it does "
        "not depend on it, then run again"
    )


def own_nodes(fn: ast.AST):
    """The nodes of ``fn``'s body, nested functions and classes included."""
    for stmt in fn.body:
        yield from ast.walk(stmt)


def _parents(fn: ast.AST) -> dict[ast.AST, ast.AST]:
    out = {}
    for node in ast.walk(fn):
        for child in ast.iter_child_nodes(node):
            out[child] = node
    return out


_COMPOUND = (
    ast.If, ast.For, ast.AsyncFor, ast.While, ast.Try, ast.With, ast.AsyncWith, ast.Match,
)  # fmt: skip

_PLACES = {  # the FastMCP planner's wording (locate)
    ast.For: locate.LOOP,
    ast.AsyncFor: locate.LOOP,
    ast.While: locate.LOOP,
    ast.Try: locate.TRY,
    ast.With: locate.WITH,
    ast.AsyncWith: locate.WITH,
    ast.Match: (
        "inside a `match` statement: turn it into `if` tests on the arguments, then "
        "run again"
    ),
}


def guards(model, fn, statement, pure=None) -> list[tuple[ast.expr, bool]]:
    """The tests that, when true, mean the original does not reach ``statement``.

    ``statement`` must sit in the tool's body or in the body of a top-level
    ``if`` (``if G:`` -> ``not G``); each statement run before it must be an
    early exit ``if G: ... return/raise`` (-> ``G``), a docstring, a constant
    assignment or one ``pure(stmt, before)`` accepts (``before``: the statements
    run ahead of it; a pure assignment stays in the body and may run after the
    question): anything else runs before the question in the original, after
    it in the rewrite."""
    if hasattr(ast, "TryStar"):
        _PLACES.setdefault(ast.TryStar, _PLACES[ast.Try])
    chain, node = [], statement
    while node is not fn:
        parent = model.parent(node)
        for kind, why in _PLACES.items():
            if isinstance(parent, kind):
                raise Refused(why)
        if (
            isinstance(
                parent,
                (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef),
            )
            and parent is not fn
        ):
            raise Refused(locate.NESTED)
        chain.append((parent, node))
        node = parent
    chain.reverse()
    if len(chain) > 2:
        raise Refused(
            "inside more than one `if`: merge the tests into one `if` or early exits, "
            "then run again"
        )
    top = chain[0][1]
    guards = [(test, False) for test in _early_exits(fn.body, top, True, pure)]
    if len(chain) == 2:
        branch = chain[1][0]
        if statement not in branch.body:
            raise Refused(
                "inside an `else` branch: negate the test so the question sits in the "
                "`if` body, then run again"
            )
        guards.append(_negate(branch.test))
        ahead = fn.body[: fn.body.index(top)]
        guards.extend(
            (test, False)
            for test in _early_exits(branch.body, statement, False, pure, ahead)
        )
    return guards


def _negate(test: ast.expr) -> tuple[ast.expr, bool]:
    """``(expr, negated)``: the test that holds where the ``if`` body is not run."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return test.operand, False
    return test, True


def guard_text(source: str, guard: tuple[ast.expr, bool]) -> str:
    """The source of a guard (:func:`_negate`); a negated one as ruff would spell
    it (:func:`.text.negate_test`, the FastMCP planner's negation)."""
    expr, negated = guard
    if not negated:
        return ast.get_source_segment(source, expr)
    return negate_test(expr, {}, lambda node, _: ast.get_source_segment(source, node))


def _early_exits(
    block: list[ast.stmt], until: ast.stmt, top: bool, pure=None, ahead=()
) -> list[ast.expr]:
    out = []
    for i, stmt in enumerate(block):
        if stmt is until:
            return out
        if (
            i == 0
            and top
            and isinstance(stmt, ast.Expr)
            and isinstance(stmt.value, ast.Constant)
            and isinstance(stmt.value.value, str)
        ):
            continue  # docstring
        if _constant_assignment(stmt):
            continue  # `x = ""`: nothing the question can see, nothing that raises
        if pure is not None and pure(stmt, [*ahead, *block[:i]]):
            continue  # stays in the body; a resolver computes it again if read
        if (
            isinstance(stmt, ast.If)
            and not stmt.orelse
            and isinstance(stmt.body[-1], (ast.Return, ast.Raise))
            and not any(isinstance(s, _COMPOUND) for s in stmt.body)
        ):
            out.append(stmt.test)
            continue
        raise Refused(runs_before(stmt.lineno))
    return out


def _constant_assignment(stmt: ast.stmt) -> bool:
    value = stmt.value if isinstance(stmt, (ast.Assign, ast.AnnAssign)) else None
    targets = (
        stmt.targets
        if isinstance(stmt, ast.Assign)
        else [getattr(stmt, "target", None)]
    )
    return (
        value is not None
        and all(isinstance(t, ast.Name) for t in targets)
        and all(
            isinstance(
                n, (ast.Constant, ast.Tuple, ast.List, ast.Dict, ast.Set, ast.Load)
            )
            for n in ast.walk(value)
        )
    )


def question_names(
    expr,
    readable,
    contexts,
    bound,
    schema=False,
    arguments=(),
    function=None,
    copied=(),
    types=None,
) -> set[str]:
    """The tool arguments ``expr`` reads; refuses anything it cannot show is the
    same value, read without side effects, in the resolver. ``bound``: the names
    the body binds (a dict gives each one's first line, told for a rebound one
    of the tool's ``arguments``); ``function``: the tool's node, for the reason to
    say what binds a body local read (:func:`.bindings.how_bound`); ``copied``:
    body locals the resolver computes again (:mod:`.recompute`), read freely;
    ``types``: the scalar types known in the resolver
    (:func:`.recompute.copied_types`): a call :func:`.purity.safe_expression`
    accepts with them (``len(q)``, ``q.strip()`` of a known ``str``) is the same
    value at resolve time, as the FastMCP planner's gates read it; any other call
    is refused."""
    allowed = (
        ast.Constant, ast.JoinedStr, ast.FormattedValue, ast.Name, ast.Attribute,
        ast.Load, ast.BinOp, ast.Add, ast.Mod, ast.Compare, ast.BoolOp, ast.And,
        ast.Or, ast.UnaryOp, ast.Not, ast.Tuple, *_PURE_CMP,
    )  # fmt: skip
    read = set()
    for node in ast.walk(expr):
        if isinstance(node, ast.Name) and node.id in contexts:
            raise Refused(
                "the question or its gate reads the context: build it from tool "
                "arguments only, then run again"
            )
        if isinstance(node, ast.Name) and node.id in bound and node.id not in copied:
            if node.id in arguments and isinstance(bound, dict):
                raise Refused(locate.rebound_argument(node.id, bound[node.id]))
            how = None
            if function is not None:
                how = bindings.how_bound(function, node.id, expr.lineno, set(contexts))
            if schema:
                raise Refused(locate.computed_type(node.id, how))
            raise Refused(locate.computed(node.id, how))
    for node in ast.walk(expr):
        if isinstance(node, ast.Call) and types is not None and purity.safe_expression(node, types):
            continue  # its parts are walked in turn: the names it reads are counted
        if not isinstance(node, allowed):
            what = type(node).__name__
            if isinstance(node, ast.Call):
                raise Refused(CALLS_A_FUNCTION)
            raise Refused(
                f"the question or its gate holds a `{what}` expression: use names, "
                "constants, f-strings and comparisons only, then run again"
            )
        if isinstance(node, ast.Name) and node.id in readable:
            read.add(node.id)
    if schema and not isinstance(expr, (ast.Name, ast.Attribute)):
        raise Refused(
            "the response type is not a class name: define the class at module level "
            "and pass its name, then run again"
        )
    return read


def check_ctx_uses(fn, ctx: str, call: ast.Call) -> None:
    parents = _parents(fn)
    for node in own_nodes(fn):
        if not (isinstance(node, ast.Name) and node.id == ctx):
            continue
        up = parents.get(node)
        if isinstance(up, ast.Attribute):
            if up.attr == "elicit" and parents.get(up) is not call:
                raise Refused(
                    "`ctx.elicit` is aliased or called elsewhere: call `await "
                    "ctx.elicit(...)` directly, once, then run again"
                )
            if up.attr in _HANDSHAKE or up.attr in ("session", "request_context"):
                outer = parents.get(up)
                if up.attr in _HANDSHAKE or (
                    isinstance(outer, ast.Attribute)
                    and outer.attr in (_HANDSHAKE | {"elicit", "session"})
                ):
                    raise Refused(
                        f"the tool also uses `{ctx}.{up.attr}` (handshake-only, or a "
                        "session the rewrite cannot follow); tools are rewritten whole: "
                        "migrate the tool by hand"
                    )


def check_result_uses(model, fn, result, statement, guards) -> None:
    """Every read of ``result`` must come after the ask (inside its ``if`` when
    guarded) and be ``r.action``, ``r.data...``, ``isinstance(r, ...)`` or
    ``match r``: what the injected object answers exactly as ``ctx.elicit``'s."""
    parents = _parents(fn)
    region = model.parent(statement)
    scope = region.body if region is not fn else fn.body
    after = scope[scope.index(statement) + 1 :]
    inside = {id(n) for s in after for n in ast.walk(s)}
    for node in own_nodes(fn):
        if not (isinstance(node, ast.Name) and node.id == result):
            continue
        if node is statement.targets[0]:
            continue
        if not isinstance(node.ctx, ast.Load):
            raise Refused(locate.bound_again(result))
        if id(node) not in inside:
            raise Refused(
                f"the result `{result}` is read outside the block the question opens: "
                "read it after the question, in the same block, then run again"
            )
        use = result_uses.classify(node, parents)
        if use.kind in _KEPT or use.attr in _USES:
            continue
        if _read_by_helper(model, node, parents.get(node)):
            continue
        if use.kind == result_uses.UNKNOWN_ATTRIBUTE and use.attr:  # `r.value`: fails on accept
            raise Refused(locate.not_an_attribute(result, use.attr))
        raise Refused(
            locate.escapes(
                result, "used other than `.action`, `.data`, `isinstance`, `match`"
            )
        )
    for node in own_nodes(fn):
        if isinstance(
            node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
        ) and any(isinstance(n, ast.Name) and n.id == result for n in ast.walk(node)):
            raise Refused(locate.escapes(result, "read in a nested function"))


def _read_by_helper(model, node: ast.Name, call: ast.AST | None) -> bool:
    """``node`` (the result) is a positional argument of a call of a plain function
    of this module (bound once, by an undecorated top-level ``def``; no keywords
    or starred arguments in the call) whose parameter in that place the helper
    only reads as the tool may (``.action``, ``.data``, ``isinstance``, ``match``):
    the resolver's injected result answers those as ``ctx.elicit``'s does
    (/work/shared/design/sdk-v2.md is the maintainers' note; docs/codemod.md
    lists the uses). A helper that passes it on, stores it, rebinds it or reads
    it in a nested function is not followed."""
    if not (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Name)
        and not call.keywords
        and node in call.args
        and not any(isinstance(a, ast.Starred) for a in call.args)
    ):
        return False
    found = model.module_scope.lookup(call.func.id)
    if found is None or len(found[1]) != 1 or found[1][0].kind != "function":
        return False
    helper = found[1][0].node
    if not any(helper is s for s in model.tree.body) or helper.decorator_list:
        return False
    params = [*helper.args.posonlyargs, *helper.args.args]
    index = call.args.index(node)
    if index >= len(params):
        return False
    name = params[index].arg
    parents = _parents(helper)
    for n in own_nodes(helper):
        if isinstance(
            n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
        ) and any(isinstance(m, ast.Name) and m.id == name for m in ast.walk(n)):
            return False
        if isinstance(n, (ast.Global, ast.Nonlocal)) and name in n.names:
            return False
        if not (isinstance(n, ast.Name) and n.id == name):
            continue
        if not isinstance(n.ctx, ast.Load):
            return False
        use = result_uses.classify(n, parents)
        if not (use.kind in _KEPT or use.attr in _USES):
            return False
    return True

