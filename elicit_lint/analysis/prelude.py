"""Statements before a question: which ones the rewrite may leave in place.

After the rewrite every question is asked before the body runs. A statement that
preceded a question in the original then runs after it; that is the same only
when the statement has no effect the user could see and decides nothing about
the question. :func:`is_pure` accepts such statements:
assignments to fresh names of expressions that cannot raise
(:func:`.purity.safe_expression`: ``total = n * 2`` for an ``n: int`` argument,
``label = unit + ":"`` for a ``unit: str`` one), ``pass``, local imports and ``print``/logging calls
with such arguments (server output only); :func:`notification` accepts
``await ctx.info(...)`` and FastMCP's other client log and progress
notifications on the tool's own context, with such arguments (the client
gets them after the question instead of before it; docs/architecture.md
"Data flow: `elicit-migrate`"). What the question reads from them is refused separately ("the question depends on `total`, a value
computed in the body"). An ``if`` that may end the call but is not a gate gets
:data:`BRANCH`; anything else keeps ``locate.SIDE_EFFECTS``. Standard library only.
"""

from __future__ import annotations

import ast

from . import purity
from .purity import stored_names  # noqa: F401 - read as prelude.stored_names

BRANCH = (
    "after an `if` that may end the call before the question (only `if <test>: "
    "return/raise` without `else`, testing arguments and earlier answers, is kept): "
    "reduce it to that form, or migrate the tool by hand"
)

WALRUS = (
    "the result is bound with `:=` inside an expression: assign it on its own line, "
    "`r = await ctx.elicit(...)`, then test it and run again"
)

def is_pure(
    stmt: ast.stmt,
    protected: set[str],
    types: dict[str, str] | None = None,
    answers: frozenset[str] | set[str] = frozenset(),
    check=purity.safe_expression,
) -> bool:
    """``stmt`` has no effect a question could observe or depend on, and cannot
    raise, when it runs after the questions instead of before: a local import,
    ``pass``, a log call (:func:`_log_call`) or an assignment to plain names
    outside ``protected`` (the tool's arguments and earlier answers, whose values
    the rewrite reads as they were on entry) of an expression
    :func:`.purity.safe_expression` accepts given ``types`` (the known scalar
    types there, :func:`.purity.known_types`; none when omitted) and
    ``answers`` (earlier answers' result variables)."""
    types = types or {}
    if isinstance(stmt, ast.Pass) or _log_call(stmt, types, answers, check):
        return True
    if isinstance(stmt, (ast.Import, ast.ImportFrom)):
        bound = {(a.asname or a.name).split(".")[0] for a in stmt.names}
        return "*" not in bound and not bound & protected
    if isinstance(stmt, ast.Assign):
        targets = stmt.targets
    elif isinstance(stmt, (ast.AnnAssign, ast.AugAssign)):
        targets = [stmt.target]
    else:
        return False
    if not all(isinstance(t, ast.Name) and t.id not in protected for t in targets):
        return False
    value = stmt.value
    if isinstance(stmt, ast.AugAssign):  # `x += v` reads `x` and may raise as `x + v`
        value = ast.BinOp(ast.Name(stmt.target.id, ast.Load()), stmt.op, stmt.value)  # type: ignore[attr-defined]
    # an annotation is not evaluated in a body
    return value is None or check(value, types, answers)


def inert_if(
    stmt: ast.stmt,
    types: dict[str, str] | None = None,
    answers: frozenset[str] | set[str] = frozenset(),
) -> bool:
    """An ``if`` (its ``elif``/``else`` included) whose blocks hold only statements
    :func:`is_pure` accepts, or such ``if`` statements (``if r.action == "accept": pass``),
    and whose test cannot raise: what :func:`.purity.safe_expression` accepts,
    ``<answer>.action`` read as a text (every outcome of ``ctx.elicit`` has one).
    Like a pure statement it stays in the body and may run after the question."""
    if not isinstance(stmt, ast.If):
        return False
    test = _ActionAsText(answers).visit(_copy(stmt.test))
    if not purity.safe_expression(test, types or {}, answers):
        return False
    return all(
        is_pure(s, set(), types, answers) or inert_if(s, types, answers)
        for s in [*stmt.body, *stmt.orelse]
    )


def _copy(expr: ast.expr) -> ast.expr:
    return ast.parse(ast.unparse(expr), mode="eval").body


class _ActionAsText(ast.NodeTransformer):
    """``r.action`` of an earlier answer ``r`` -> a ``str`` constant (a text that
    never raises to read); everything else as it is."""

    def __init__(self, answers) -> None:
        self.answers = answers

    def visit_Attribute(self, node: ast.Attribute) -> ast.expr:
        if (
            node.attr == "action"
            and isinstance(node.value, ast.Name)
            and node.value.id in self.answers
            and isinstance(node.ctx, ast.Load)
        ):
            return ast.Constant("accept")
        return self.generic_visit(node)


_LOG_METHODS = frozenset(
    {"debug", "info", "warning", "warn", "error", "exception", "critical", "log"}
)


def _log_call(stmt: ast.stmt, types: dict[str, str], answers, check) -> bool:
    """``print(...)`` or ``logger.info(...)`` / ``logging.debug(...)`` (any
    receiver name, a logging method) as a statement, with arguments
    :func:`.purity.safe_expression` accepts: it
    only writes to the server's output, which the client never sees, so running
    it after the questions changes nothing the user sees. ``ctx.info(...)`` and
    the like are not: they send a message to the client."""
    if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)):
        return False
    call = stmt.value
    func = call.func
    if isinstance(func, ast.Name):
        named = func.id == "print"
    else:
        named = (
            isinstance(func, ast.Attribute)
            and func.attr in _LOG_METHODS
            and isinstance(func.value, ast.Name)
            and (func.value.id in ("logging", "log", "logger", "LOGGER", "_logger"))
        )
    if not named or not _log_arguments_bind(call, func):
        return False
    arguments = [*call.args, *(k.value for k in call.keywords)]
    return all(
        not isinstance(a, ast.Starred) and check(a, types, answers)
        for a in arguments
    )


_LOG_KEYWORDS = frozenset({"exc_info", "stack_info", "stacklevel"})
"""Keywords every standard-library logging method takes (``extra`` is left out:
a key it shares with the record's own attributes raises ``KeyError``)."""

_PRINT_KEYWORDS = frozenset({"sep", "end", "flush"})


def _log_arguments_bind(call: ast.Call, func: ast.expr) -> bool:
    """Whether ``call``'s arguments bind to the standard library's ``print`` or
    logging method without a ``TypeError``: ``logger.info("asking", city=city)``
    raises one on a ``logging.Logger`` (an unexpected keyword), and a statement
    that raises before the question cannot run after it (the original fails
    without asking). A logging method needs its message (``log``: its level
    first, an ``int`` constant or a ``logging.X`` name); ``print`` takes
    ``sep``/``end`` only as string constants (``file`` is refused: it writes
    somewhere else)."""
    if any(k.arg is None for k in call.keywords):
        return False  # **kwargs
    names = {k.arg for k in call.keywords}
    if isinstance(func, ast.Name):  # print
        if not names <= _PRINT_KEYWORDS:
            return False
        return all(
            isinstance(k.value, ast.Constant)
            and (k.arg == "flush" or isinstance(k.value.value, (str, type(None))))
            for k in call.keywords
        )
    if not names <= _LOG_KEYWORDS:
        return False
    if func.attr == "log":
        if len(call.args) < 2:
            return False
        level = call.args[0]
        return (
            isinstance(level, ast.Constant)
            and type(level.value) is int
            or isinstance(level, ast.Attribute)
            and isinstance(level.value, ast.Name)
            and level.value.id == "logging"
        )
    return len(call.args) >= 1


NOTIFICATION_METHODS = frozenset(
    {"debug", "info", "warning", "error", "log", "report_progress"}
)
"""FastMCP 4.2.3 ``Context`` methods that only notify the client (``notifications/
message``, ``notifications/progress``): they return ``None`` and decide nothing
the question asks."""


def notification(
    stmt: ast.stmt,
    contexts: set[str],
    types: dict[str, str] | None = None,
    answers: frozenset[str] | set[str] = frozenset(),
    check=purity.safe_expression,
) -> bool:
    """``await <c>.info(...)`` (or ``debug``/``warning``/``error``/``log``/
    ``report_progress``) as a statement, ``<c>`` one of ``contexts`` (the names
    that hold the tool's own FastMCP context there), with arguments
    :func:`.purity.safe_expression` accepts (given ``types``, ``answers``)
    and no ``*``/``**``: after the rewrite it runs after the questions, so the
    client gets the same notifications, later (on a call that fails at a question,
    a required answer declined or a client without elicitation, not at all)."""
    if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Await)):
        return False
    call = stmt.value.value
    if not (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and call.func.attr in NOTIFICATION_METHODS
        and isinstance(call.func.value, ast.Name)
        and call.func.value.id in contexts
    ):
        return False
    types = types or {}
    return all(
        not isinstance(a, ast.Starred) and check(a, types, answers)
        for a in call.args
    ) and all(
        k.arg is not None and check(k.value, types, answers)
        for k in call.keywords
    )


_EFFECTS = (
    ast.Call,
    ast.Await,
    ast.Yield,
    ast.YieldFrom,
    ast.NamedExpr,
    ast.Lambda,
    ast.ListComp,
    ast.SetComp,
    ast.DictComp,
    ast.GeneratorExp,
    ast.Subscript,  # `__getitem__` may do anything: the side-effects reason
)


def _call_free(expr: ast.AST, types=None, answers=None) -> bool:
    return not any(isinstance(n, _EFFECTS) for n in ast.walk(expr))


def may_raise(stmt: ast.stmt, contexts: set[str]) -> bool:
    """``stmt`` has no effect (an assignment, log call or client notification
    with call-free expressions) but is refused by :func:`is_pure` /
    :func:`notification` because an expression in it may raise
    (:func:`.purity.safe_expression`): its reason is :data:`MAY_RAISE`."""
    return is_pure(stmt, set(), check=_call_free) or notification(
        stmt, contexts, check=_call_free
    )


MAY_RAISE = (
    "after a statement that may raise before the question (an attribute read, an "
    "operator or a comparison on a value of unknown or Optional type: the original "
    "fails without asking, the rewrite would ask first): move the question above "
    "it, then run again"
)


REQUEST_CONTEXT = (
    "after a read of `ctx.request_context.lifespan_context`, which may raise before "
    "the question (FastMCP's `ctx.request_context` is `None` where there is no "
    "session): read `ctx.lifespan_context` instead (it never raises), then run again"
)


def may_end_call(stmt: ast.stmt) -> bool:
    """An ``if`` holding a ``return`` or ``raise`` (outside nested definitions)."""
    return isinstance(stmt, ast.If) and may_exit(stmt)


def may_exit(stmt: ast.stmt) -> bool:
    """``stmt`` is or holds a ``return`` or ``raise`` (outside nested definitions):
    the call may end there, before a question after it."""
    todo: list[ast.AST] = [stmt]
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Return, ast.Raise)):
            return True
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            todo.extend(ast.iter_child_nodes(node))
    return False


STARRED = (
    "the call passes `*args` or `**kwargs` (the planner cannot read the question "
    "and type from them): spell them out, `ctx.elicit(\"question\", "
    "response_type=T)`, then run again"
)

_PURE_BUILTINS = frozenset({"isinstance", "len", "bool", "str", "int", "float"})


def unreadable_call(call: ast.Call) -> str | None:
    """Why the arguments of a ``ctx.elicit(...)`` call cannot be read fully, or
    ``None``: ``*args``/``**kwargs``, more positional arguments than FastMCP
    4.2.3's ``Context.elicit(message, response_type, *, ...)`` takes, or an
    argument given twice (both raise ``TypeError`` in the original)."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(
        k.arg is None for k in call.keywords
    ):
        return STARRED
    keywords = [k.arg for k in call.keywords]
    given = ["message", "response_type"][: len(call.args)]
    if len(call.args) > 2 or len(set(keywords)) < len(keywords) or set(given) & set(
        keywords
    ):
        return (
            "the call's arguments do not fit `ctx.elicit(message, response_type, *, "
            "...)` (it raises `TypeError`): fix the call, then run again"
        )
    return None


def rebound(name: str) -> str:
    """The reason for a question (or the gate before it) reading ``name``, a tool
    argument or an earlier answer that the body binds again before the question."""
    return (
        f"the question reads `{name}`, which the body binds again before asking "
        f"(the rewrite would read `{name}` as it was on entry): compute the value "
        "in a resolver by hand, or ask before rebinding"
    )


def answer_to_argument(name: str) -> str:
    """The reason for an answer assigned to a name that is also a tool argument or
    bound earlier in the body (the rewrite renames every use of it)."""
    return (
        f"the answer is assigned to `{name}`, a tool argument or a name the body "
        "binds before asking: assign it to a new name, then run again"
    )


def plain_test(test: ast.expr, local: set[str], types: dict[str, str] | None = None) -> bool:
    """A gate's test the generated resolver can copy: no ``await``, ``yield``,
    ``:=`` or lambda, and no call other than a few side-effect-free builtins
    (``isinstance``, ``len``, ...) not rebound in ``local`` or a call
    :func:`.purity.safe_expression` accepts with the known ``types``
    (``title.strip()`` of a ``str`` argument: what the SDK planner accepts too,
    :func:`.sdk_ask_checks.question_names`); a resolver runs on every round of
    the modern era, so a call with effects would run again."""
    for node in ast.walk(test):
        if isinstance(node, (ast.Await, ast.Yield, ast.YieldFrom, ast.NamedExpr, ast.Lambda)):
            return False
        if isinstance(node, ast.Call) and not (
            isinstance(node.func, ast.Name)
            and node.func.id in _PURE_BUILTINS
            and node.func.id not in local
            or types is not None
            and purity.safe_expression(node, types)
        ):
            return False
    return True
