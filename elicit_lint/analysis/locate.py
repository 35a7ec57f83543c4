"""Where a site sits, and why that forbids a rewrite (docs/architecture.md "Data flow: `elicit-migrate`", skip list).

A site can be rewritten only when its statement sits directly in a registered
tool's body (or is the one statement of a backfill ``if``, or is asked first in
the block of a top-level ``if``: :mod:`.guarded`), is awaited, and binds its
result plainly. Each refusal returns a reason phrase used verbatim in the
summary and in MCP001's message (``cannot rewrite: <reason>``).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ..model import ElicitationSite, Function
from ..model.names import DECLARED_ELICITATION
from ..model.structure import LOOPS, TRIES, WITHS, ancestors
from ..model.tools import registered_as_bound_method
from ..model.uses import exported_names, other_uses, registered_before_def

# Each reason names the cause, then what to do by hand (docs/codemod.md "Skip
# reasons"); the FastMCP and SDK planners share one wording per cause.
NOT_A_TOOL = (
    "not in a tool body (a helper called by a tool, or module level): declare the "
    "question on the tool that needs the answer, by hand"
)
MIDDLEWARE = "inside middleware: declare the question on the tools it wraps, by hand"
NESTED = "inside a nested function: move the question into the tool's own body, then run again"
METHOD = (
    "the tool is a method: register a module-level function as the tool, then run "
    "again, or declare the question by hand"
)
LOOP = (
    "inside a loop: ask once before the loop (a `list[...]` response type for "
    "several answers), then run again"
)
TRY = (
    "inside a `try` block: its handlers would no longer see the question's errors; "
    "move the question out of the `try`, then run again"
)
CONDITIONAL = (
    "inside a conditional (not a backfill of an argument): turn the `if` into an "
    "early exit before the question (`if <test>: return ...`), then run again"
)
WITH = (
    "inside a `with` block (a declared question is asked before the block is "
    "entered): move the question above the `with`, then run again"
)
NOT_AWAITED = (
    "not awaited directly: write `r = await ctx.elicit(...)` on its own line, then "
    "run again"
)
SIDE_EFFECTS = (
    "after a statement with side effects the question could depend on: move the "
    "question above it if it does not depend on it, then run again"
)
SEMICOLON = "shares its line with another statement (`;`): put it on its own line, then run again"
ANSWER_SHAPE = (
    "the answer is not bound to one name: write `r = await ctx.elicit(...)` on its "
    "own line, then run again"
)


def escapes(variable: str | None = None, how: str = "returned, stored or passed on") -> str:
    """The reason for a result used other than as its outcome and value
    (``variable`` ``None``: the call's result is never bound to a name)."""
    if variable is None:
        return (
            f"the result escapes ({how}): bind it on its own line, `r = await "
            "ctx.elicit(...)`, read only `r.action` and `r.data`, then run again"
        )
    return (
        f"the result `{variable}` escapes ({how}): read only `{variable}.action` and "
        f"`{variable}.data`, in the tool's own body, then run again"
    )


def bound_again(variable: str) -> str:
    """The reason for a result variable the tool binds a second time."""
    return f"the result `{variable}` is bound again: give the second value a new name, then run again"


def computed(name: str, how: str | None = None) -> str:
    """The reason for a question (or its gate) that reads a body local a resolver
    cannot compute again; ``how``: what binds it (:func:`.bindings.how_bound`)."""
    if how is None:
        return (
            f"the question or its gate depends on `{name}`, a value computed in the body: "
            "quote only tool arguments and earlier answers, or write the resolver by hand"
        )
    return (
        f"the question or its gate depends on `{name}`, computed in the body by {how}: "
        "the resolver runs before the body and would have to repeat it; quote only tool "
        "arguments, earlier answers and values computed from the arguments without "
        "calls, or write the resolver by hand"
    )


def computed_type(name: str, how: str | None = None) -> str:
    """The reason for a response type the body builds (``schema =
    make_dataclass(...)``); ``how``: what binds it (:func:`.bindings.how_bound`)."""
    where = f" by {how}" if how else ""
    return (
        f"the response type `{name}` is built in the body{where}: a declared "
        "parameter's type is fixed when the tool is defined; define the type at "
        "module level and pass its name, then run again"
    )


def varying(part: str, what: str = "the question") -> str:
    """The reason for a question (or its gate) whose value may change between two
    evaluations: ``part`` (a call, a context read, a module name that can be
    rebound) is neither fixed when the tool is defined (a marker) nor a function
    of the tool's arguments and earlier answers (a resolver runs on every round)."""
    return (
        f"{what} reads {part}, which may give another value each time it runs (a "
        "declared question is read once when the tool is defined, a resolver again "
        f"on every round): build {what} from literals, tool arguments and earlier "
        "answers only, or migrate the tool by hand"
    )


def rebound_argument(name: str, row: int) -> str:
    """The reason for a question (or its gate) reading ``name``, a tool argument the
    body binds again (first at line ``row``): the resolver would see the value the
    argument had on entry, so the same reading is not shown."""
    return (
        f"the question or its gate reads `{name}`, a tool argument the body binds "
        f"again (line {row}): keep the argument and assign the new value to another "
        "name, or write the resolver by hand"
    )


def defined_later(what: str) -> str:
    """``what`` (``"the response type `T` is"``, ``"the question reads `X`,"``)
    needed when the ``def`` runs but bound after the tool."""
    return (
        f"{what} defined after the tool (the rewrite reads it when the tool is "
        "defined): move it above the tool, then run again"
    )


def unknown_server(receiver: str | None, resolve: bool = False) -> str:
    """The reason for a tool registered on a server this module does not build;
    ``resolve``: the site is a ``Resolve(fn)`` marker (fine on ``MCPServer``), not
    a ``ctx.elicit`` (failing on the modern era with either framework)."""
    shown = f"`{receiver}`" if receiver else "a server"
    action = (
        "if it is a `FastMCP(...)`, declare `Elicit(fn)` by hand (it ignores `Resolve`)"
        if resolve
        else "declare the question by hand, `Resolve(fn)` on `MCPServer`, `Elicit(fn)` "
        "on `FastMCP(...)`"
    )
    return (
        f"served by {shown}, which this module does not build (the framework is "
        f"unknown): {action}"
    )


def not_selected(kind: str) -> str:
    """The reason for a rewrite of a kind ``--select``/``--ignore`` left out."""
    return f"rewrite kind `{kind}` not selected: add it to `--select` to rewrite it"


def name_taken(name: str) -> str:
    """The reason for a module where the rewrite's import of ``name`` would shadow one."""
    return (
        f"`{name}` already names something else in this module: rename it (or import "
        "it under another name), then run again"
    )


def used_elsewhere(name: str, row: int) -> str:
    """The reason for a tool whose function the module also reads on ``row``
    (a call, an alias, a value passed on) besides registering it."""
    return (
        f"`{name}` is also used on line {row}, not only registered as a tool: the "
        "rewrite changes its parameters, so that use would break; move the shared "
        "code into a function both call, then run again"
    )


def exported(name: str) -> str:
    """The reason for a tool whose function ``__all__`` exports."""
    return (
        f"`{name}` is listed in `__all__`: other modules may call it, and the rewrite "
        "changes its parameters; drop it from `__all__` if nothing calls it, then run again"
    )


def registered_before(row: int) -> str:
    """The reason for a tool whose call registration (on ``row``) is written above its ``def``."""
    return (
        f"the registration on line {row} is written above the `def` (it registers an "
        "earlier function of that name, or runs from code defined before it): register "
        "the tool after its `def`, then run again"
    )


def other_decorator(text: str) -> str:
    """The reason for a tool with a decorator that does not register it."""
    return (
        f"`@{text}` also decorates the tool: after the rewrite the questions are asked "
        "before it runs, where the original asked from inside it; migrate by hand, or "
        "drop the decorator, then run again"
    )


def tool_use_reason(function: Function, model) -> str | None:
    """Why rewriting the tool ``function`` (changing its parameters) could change
    or break something else, or ``None``: a decorator that does not register it
    (it would run after the questions), a registration above the ``def``, another
    read of its name, or its name in ``__all__`` (:mod:`..model.uses`)."""
    registering = {id(r.node) for r in function.registrations}
    outer = function.scope.parent or function.scope
    for deco in function.node.decorator_list:
        head = deco.func if isinstance(deco, ast.Call) else deco
        if id(deco) not in registering and outer.qualified_name(head) != DECLARED_ELICITATION:
            return other_decorator(ast.unparse(deco))
    early = registered_before_def(function)
    if early is not None:
        return registered_before(early.lineno)
    uses = other_uses(model, function)
    if uses:
        return used_elsewhere(function.name, uses[0].lineno)
    if function.scope.parent is model.module_scope and function.name in exported_names(model.tree):
        return exported(function.name)
    return None


@dataclass
class Placement:
    """``statement``: the top-level body statement holding the site; ``form``:
    ``"result"`` (``r = await ctx.elicit(...)``), ``"data"`` (``x = (await
    ctx.elicit(...)).data``), ``"discarded"`` (``await ctx.elicit(...)``) or
    ``"backfill"`` (``if not x: x = (await ...).data`` with ``x`` a tool
    argument); ``variable``: the bound name; ``backfill_test``: the ``if`` test;
    ``inner``: for a question asked first in an ``if`` block (:mod:`.guarded`),
    the asking statement (``statement`` is then the ``if``, which stays)."""

    statement: ast.stmt
    form: str
    variable: str | None
    backfill_test: ast.expr | None = None
    inner: ast.stmt | None = None

    @property
    def asking(self) -> ast.stmt:
        """The statement that asks (and binds the result)."""
        return self.inner or self.statement


def not_a_tool(function: Function | None, model) -> str:
    """The reason for a question in ``function``, which the model does not count as
    a tool: :data:`METHOD` for a method the module registers through a bound
    method (``mcp.add_tool(shop.buy)``: it is a tool, served as a method), else
    :data:`NOT_A_TOOL`."""
    if (
        function is not None
        and function.is_method
        # ``shop.buy`` spells the name once more than the ``def``
        and not model.spelled_at_most(function.name, 1)
        and registered_as_bound_method(function, model.tree, model.module_scope)
    ):
        return METHOD
    return NOT_A_TOOL


def function_reason(site: ElicitationSite, model) -> str | None:
    """Why the site's enclosing function cannot host a rewrite, or ``None``."""
    function: Function | None = site.function
    if function is None:
        return NOT_A_TOOL
    if function.is_tool:
        return METHOD if function.is_method else tool_use_reason(function, model)
    if site.context.kind == "middleware" or model.in_middleware(function):
        return MIDDLEWARE  # MCP001 says so too: declare it on the tools it wraps
    scope = function.scope.parent
    while scope is not None:
        if scope.kind == "function":
            return NESTED
        scope = scope.parent
    return not_a_tool(function, model)


def _binds(stmt: ast.stmt, value: ast.expr) -> str | None:
    if isinstance(stmt, ast.Assign) and stmt.value is value and len(stmt.targets) == 1:
        target = stmt.targets[0]
        return target.id if isinstance(target, ast.Name) else None
    if (
        isinstance(stmt, ast.AnnAssign)
        and stmt.value is value
        and isinstance(stmt.target, ast.Name)
    ):
        return stmt.target.id
    return None


def _data_of(stmt: ast.stmt, await_node: ast.Await) -> str | None:
    value = getattr(stmt, "value", None)
    if (
        isinstance(value, ast.Attribute)
        and value.attr == "data"
        and value.value is await_node
    ):
        return _binds(stmt, value)
    return None


def _backfill(
    stmt: ast.If, inner: ast.stmt, site: ElicitationSite, tool_args: set[str]
) -> Placement | None:
    if (
        stmt.orelse
        or len(stmt.body) != 1
        or stmt.body[0] is not inner
        or site.await_node is None
    ):
        return None
    target = _data_of(inner, site.await_node)
    test = stmt.test
    tested = None
    if (
        isinstance(test, ast.UnaryOp)
        and isinstance(test.op, ast.Not)
        and isinstance(test.operand, ast.Name)
    ):
        tested = test.operand.id
    elif (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Is)
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
    ):
        tested = test.left.id
    if target is None or tested != target or target not in tool_args:
        return None
    return Placement(stmt, "backfill", target, test)


def place(
    site: ElicitationSite,
    function: Function,
    tool_args: set[str],
    lines_with: dict[int, int],
    parents: dict[ast.AST, ast.AST],
) -> Placement:
    """The :class:`Placement` of a site in a tool body; raises ``Refused`` with the reason.
    ``parents``: the module's parent map (``Model.parents``)."""
    from .response_types import Refused

    if site.await_node is None:
        raise Refused(NOT_AWAITED)
    chain = [up for up, _ in ancestors(site.await_node, parents, function.node)]
    statement = site.statement
    assert statement is not None
    if lines_with.get(statement.lineno, 0) > 1:
        raise Refused(SEMICOLON)
    for node in chain:
        if isinstance(node, LOOPS):
            raise Refused(LOOP)
    for node in chain:
        if isinstance(node, TRIES):
            raise Refused(TRY)
    containers = [n for n in chain if isinstance(n, ast.stmt) and n is not statement]
    if containers:
        outer = containers[-1]
        if (
            len(containers) == 1
            and isinstance(outer, ast.If)
            and outer in function.node.body
        ):
            found = _backfill(outer, statement, site, tool_args)
            if found is None and statement in outer.body:
                from .guarded import first_in_block

                first_in_block(outer, statement, tool_args, function.node)
                found = Placement(outer, *_form(statement, site), inner=statement)
            if found is not None:
                return found
        if any(isinstance(n, WITHS) for n in containers):
            raise Refused(WITH)
        raise Refused(CONDITIONAL)
    if statement not in function.node.body:
        raise Refused(escapes())
    return Placement(statement, *_form(statement, site))


def _form(statement: ast.stmt, site: ElicitationSite) -> tuple[str, str | None]:
    """``(form, variable)`` of an asking statement; raises ``Refused`` (:func:`escapes`)."""
    from .response_types import Refused

    variable = _binds(statement, site.await_node)
    if variable is not None:
        return "result", variable
    variable = _data_of(statement, site.await_node)
    if variable is not None:
        return "data", variable
    if isinstance(statement, ast.Expr) and statement.value is site.await_node:
        return "discarded", None
    raise Refused(escapes())


EXIT_BEFORE = (
    "after a statement that may end the call before the question (a `return` or "
    "`raise` on its own or inside a `with`, loop, `try` or `match` block): the "
    "original then never asks, the rewrite would ask first; make it `if <test>: "
    "return/raise` without `else`, testing arguments and earlier answers, or "
    "migrate the tool by hand"
)
"""The reason for a question after a statement other than an ``if`` that holds a
``return`` or ``raise`` (:func:`.prelude.may_exit`); an ``if`` gets
:data:`.prelude.BRANCH`."""


def read_before(variable: str, row: int) -> str:
    """The reason for a question after an unguarded ``variable.data`` read of an
    answer kept whole (``ElicitationResult[T]``): the original stops there on
    decline or cancel, the rewrite, which asks before the body runs, would ask
    this question too."""
    return (
        f"after `{variable}.data` is read where the answer may not be accepted "
        f"(line {row}: on decline or cancel the original stops there, before this "
        "question; the rewrite would ask it first): read it only under "
        f'`if {variable}.action == "accept":`, or after this question, then run again'
    )
