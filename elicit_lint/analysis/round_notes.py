"""What runs once per round on 2026-07-28 after a rewrite: told per tool in the run's
summary (``note (N):``, JSON ``notes``), as :mod:`.era_notes` tells the dropped
schema title (docs/runtime.md "What the runtime guarantees").

On that era each question round is a complete ``tools/call`` request (the client
sends the call again with the answers), so the server resolves the tool's
``Depends(...)`` parameters and runs its middleware once per round, where the
handshake-era original ran them once per call. That is the protocol, not the
runtime's choice: resolving them only on the last round would move a failing
dependency (an auth check) after the questions.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable

from ..model import Function, Model, names

DEPENDS_NOTE = (
    "on 2026-07-28 each question round is a new request, so the tool's `Depends(...)` "
    "dependencies are resolved (entered and exited) once per request: twice for one round of "
    "questions, once more per further round, where the handshake era resolves them once per "
    "call: make them safe to repeat (docs/runtime.md)"
)
MIDDLEWARE_NOTE = (
    "on 2026-07-28 each question round is a new request, so the server's middleware sees the "
    "call once per request: twice for one round of questions, once more per further round, where "
    "the handshake era runs it once per call: an audit record or rate limit counts every "
    "request (docs/runtime.md)"
)


def _is_depends(call: ast.AST, scope) -> bool:
    """Whether ``call`` is ``Depends(...)`` (uncalled-for's, FastMCP's or docket's)."""
    if not isinstance(call, ast.Call):
        return False
    qualified = scope.qualified_name(call.func) or ""
    return qualified == names.DEPENDS or (
        qualified.startswith(names.DEPENDENCY_MODULES)
        and qualified.endswith(".Depends")
    )


def has_depends(function: Function) -> bool:
    """Whether one of the tool's parameters is injected by ``Depends(...)``: as its
    default (``db = Depends(get_db)``) or in its ``Annotated`` metadata."""
    scope = function.scope.parent or function.scope
    args = function.node.args
    defaults = [*args.defaults, *(d for d in args.kw_defaults if d is not None)]
    if any(_is_depends(d, scope) for d in defaults):
        return True
    annotations = [
        a.annotation
        for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)
        if a.annotation
    ]
    return any(_is_depends(n, scope) for a in annotations for n in ast.walk(a))


def adds_middleware(model: Model) -> bool:
    """Whether the module gives a server middleware: a ``middleware=[...]`` keyword
    of a ``FastMCP(...)`` / ``MCPServer(...)`` call, or an ``.add_middleware(...)``
    call."""
    if "middleware" not in model.source:  # both forms spell it: no walk for the rest
        return False
    for node in ast.walk(model.tree):
        if not isinstance(node, ast.Call):
            continue
        if isinstance(node.func, ast.Attribute) and node.func.attr == "add_middleware":
            return True
        if any(k.arg == "middleware" for k in node.keywords):
            qualified = model.qualified_name(node.func) or ""
            if qualified.endswith(("FastMCP", "MCPServer")):
                return True
    return False


def add_round_notes(model: Model, plans: Iterable) -> None:
    """Append :data:`DEPENDS_NOTE` / :data:`MIDDLEWARE_NOTE` to the ``notes`` of each
    rewritten tool's plan (``plans``: :class:`.records.FunctionPlan` records, each
    with ``function`` and ``notes``) that the notes concern."""
    plans = list(plans)
    middleware = bool(plans) and adds_middleware(model)
    for plan in plans:
        notes = plan.notes
        if has_depends(plan.function) and DEPENDS_NOTE not in notes:
            notes.append(DEPENDS_NOTE)
        if middleware and MIDDLEWARE_NOTE not in notes:
            notes.append(MIDDLEWARE_NOTE)
