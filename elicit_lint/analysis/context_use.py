"""The context parameter after a rewrite: kept while the body still uses it
(docs/architecture.md "Data flow: `elicit-migrate`"). Standard library only."""

from __future__ import annotations

import ast

from ..model import ElicitationSite, names
from .locate import (
    ATTRIBUTE_CONTEXT,
    PASSED_CONTEXT,
    PASSED_ELSEWHERE_CONTEXT,
    RETURNED_CONTEXT,
)


def is_context_assignment(planner, stmt: ast.stmt) -> bool:
    """``ctx = get_context()``: no side effect a question could depend on."""
    return (
        isinstance(stmt, ast.Assign)
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], ast.Name)
        and isinstance(stmt.value, ast.Call)
        and not stmt.value.args
        and planner.qualify(stmt.value.func) == names.GET_CONTEXT
    )


def lifespan_read(stmt: ast.stmt, contexts: set[str], sdk: bool = False) -> bool:
    """``name = ctx.lifespan_context`` (FastMCP's property: the server's lifespan
    value, ``{}`` when there is none; it never raises) or, with ``sdk``,
    ``name = ctx.request_context.lifespan_context`` (the SDK's ``Context`` has a
    request context throughout a tool call, on both eras), ``ctx`` one of
    ``contexts``: a read without effects that may stay in the body and run after
    the question."""
    if not (
        isinstance(stmt, ast.Assign)
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], ast.Name)
        and isinstance(stmt.value, ast.Attribute)
        and stmt.value.attr == "lifespan_context"
    ):
        return False
    owner = stmt.value.value
    if sdk:
        if not (isinstance(owner, ast.Attribute) and owner.attr == "request_context"):
            return False
        owner = owner.value
    return isinstance(owner, ast.Name) and owner.id in contexts


def context_parameters(planner) -> set[str]:
    """The tool's parameters that hold its FastMCP context: annotated
    ``Context``, a ``CurrentContext()`` default, or a bare ``ctx`` its
    questions ask through (``ctx = get_context()`` lines are added as met)."""
    found = {
        arg.arg
        for arg, framework in planner.model.context_parameters(planner.function)
        if framework == names.FASTMCP_FRAMEWORK
    }
    found |= {
        s.context.name
        for s in planner.sites
        if s.context.framework == names.FASTMCP_FRAMEWORK
        and s.context.kind in ("annotation", "current-context", "bare-ctx")
    }
    return {n for n in found if n in planner.args}


def drop_context(planner, plan, removed: set[ast.stmt]) -> None:
    """Set ``plan.drop_param`` / ``plan.drop_statements`` for a context parameter or
    ``ctx = get_context()`` line that nothing outside the ``removed`` statements uses."""
    contexts = {
        s.context.name
        for s in planner.sites
        if s.context.kind in ("annotation", "current-context", "bare-ctx")
    }
    removed_nodes = {id(n) for stmt in removed for n in ast.walk(stmt)}
    for name in contexts:
        if name not in planner.args:
            continue
        used = any(
            isinstance(n, ast.Name) and n.id == name and id(n) not in removed_nodes
            for n in planner.nodes
        )
        if not used:
            plan.drop_param = name
    for stmt in planner.node.body:
        if not is_context_assignment(planner, stmt):
            continue
        name = stmt.targets[0].id  # type: ignore[attr-defined]
        skip = {id(n) for s in (*removed, stmt) for n in ast.walk(s)}
        if not any(
            isinstance(n, ast.Name) and n.id == name and id(n) not in skip
            for n in planner.nodes
        ):
            plan.drop_statements.append(stmt)


def receiver_reason(site: ElicitationSite) -> str | None:
    """:data:`RETURNED_CONTEXT` for a site whose context is the result of a call to
    a function of the module annotated ``-> Context`` (directly, ``_ctx().elicit``,
    or through a variable): the rewrite drops the receiver, and with it that call
    and whatever the function does besides returning the context. ``None`` for
    every other receiver."""
    return RETURNED_CONTEXT if site.context.kind == "returned" else None


HELD_REASONS = {
    "attribute": ATTRIBUTE_CONTEXT,
    "passed": PASSED_CONTEXT,
    "passed-elsewhere": PASSED_ELSEWHERE_CONTEXT,
}


def held_reason(site: ElicitationSite) -> str | None:
    """The reason for a site whose context the model proves from the whole module
    (:mod:`elicit_lint.model.held`): :data:`ATTRIBUTE_CONTEXT` for ``self.ctx``,
    :data:`PASSED_CONTEXT` for an unannotated parameter the module's calls fill
    with a context, :data:`PASSED_ELSEWHERE_CONTEXT` for one the calls of other
    modules of the run fill (``workspace/passed_calls.py``). These come before the place's reason (they say what to do by
    hand), and the helper inliner does not take them. ``None`` otherwise."""
    return HELD_REASONS.get(site.context.kind)


def _tests_missing(test: ast.expr, contexts: set[str]) -> str | None:
    """The context name ``test`` asks is missing: ``ctx is None``, ``ctx == None``,
    ``not ctx`` (``ctx`` one of ``contexts``), else ``None``."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        operand = test.operand
        return operand.id if isinstance(operand, ast.Name) and operand.id in contexts else None
    if (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], (ast.Is, ast.Eq))
        and isinstance(test.left, ast.Name)
        and test.left.id in contexts
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
    ):
        return test.left.id
    return None


def context_check(stmt: ast.stmt, contexts: set[str]) -> str | None:
    """The context name of an early exit taken when the context is missing,
    ``if ctx is None: return ...`` (or ``if not ctx:``, ``== None``; a body that
    ends in ``return`` or ``raise``, no ``else``), ``ctx`` one of ``contexts``;
    else ``None``. FastMCP passes a tool its ``Context`` (``Context | None``
    included: fastmcp/server/dependencies.py injects every annotation whose
    union holds ``Context``), so in a tool the branch never runs; the planner
    still refuses to drop it, and says so (:func:`.locate.context_check`)."""
    if not isinstance(stmt, ast.If) or stmt.orelse or not stmt.body:
        return None
    if not isinstance(stmt.body[-1], (ast.Return, ast.Raise)):
        return None
    return _tests_missing(stmt.test, contexts)
