"""Where a site sits, and why that forbids a rewrite (docs/architecture.md "Data flow: `elicit-migrate`", skip list).

A site can be rewritten only when its statement sits directly in a registered
tool's body (or is the one statement of a backfill ``if``, or is asked first in
the block of a top-level ``if``: :mod:`.guarded`), is awaited, and binds its
result plainly. Each refusal gives a reason of :mod:`.locate`, used verbatim in
the summary and in MCP001's message (``cannot rewrite: <reason>``).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ..model import ElicitationSite, Function
from ..model.names import DECLARED_ELICITATION
from ..model.structure import LOOPS, TRIES, WITHS, ancestors
from ..model.tools import registered_as_bound_method
from ..model.uses import exported_names, other_uses, registered_before_def
from .locate import (
    CONDITIONAL,
    LOOP,
    METHOD,
    MIDDLEWARE,
    NESTED,
    NOT_A_TOOL,
    NOT_AWAITED,
    SEMICOLON,
    TRY,
    WITH,
    escapes,
    exported,
    other_decorator,
    registered_before,
    unknown_registration,
    used_elsewhere,
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
    if function.scope.parent is model.module_scope and function.name in model.elsewhere:
        return model.elsewhere[function.name]  # another module of the run reads it (analysis.elsewhere)
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
        and registered_as_bound_method(function, model)
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
            from .fallback import try_reason

            raise Refused(try_reason(node, statement, site) or TRY)
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


_KNOWN_DECORATORS = ("functools.", "abc.", "typing.", "typing_extensions.", "contextlib.")
"""Modules whose decorators never register a tool (``@functools.wraps``, ``@abstractmethod``...)."""


def unknown_decorator(function: Function | None, model) -> str | None:
    """For a question in ``function``, not a tool of a server the module shows: the
    reason naming its first decorator that could be a project's own registration
    (``@export_tool(...)``), or ``None`` (undecorated, or only ``staticmethod``,
    ``classmethod``, ``property`` and decorators of :data:`_KNOWN_DECORATORS`)."""
    if function is None:
        return None
    for decorator in function.node.decorator_list:
        called = decorator.func if isinstance(decorator, ast.Call) else decorator
        qualified = model.qualified_name(called) or ""
        if isinstance(called, ast.Name) and called.id in ("staticmethod", "classmethod", "property"):
            continue
        if qualified.startswith(_KNOWN_DECORATORS):
            continue
        shown = ast.unparse(called) + ("(...)" if isinstance(decorator, ast.Call) else "")
        return unknown_registration(f"@{shown}", function.name)
    return None
