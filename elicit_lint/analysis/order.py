"""Definition order: names the rewrite needs when the tool is *defined*.

The original reads ``response_type=Shipping`` when the tool is *called*, so a
class defined below the tool works. The rewrite moves it into the signature
(``Annotated[Shipping, Elicit(...)]``), a generated resolver's annotations and
hoisted classes, all evaluated when the ``def`` runs: a name bound only after
the tool there would fail at import (``NameError``; under ``from __future__
import annotations`` the runtime's "Cannot resolve the annotation"). The
planner refuses such a tool with a reason; :func:`check_deferred`
likewise refuses a factory-local type under deferred annotations. Standard
library only.
"""

from __future__ import annotations

import ast

from ..model import ElicitationSite, Function
from . import locate
from .response_types import Refused, TypePlan


def start_line(function: Function) -> int:
    """The first line of the tool's definition (its first decorator), where hoisted
    classes and resolvers are placed."""
    node = function.node
    return min([node.lineno, *(d.lineno for d in node.decorator_list)])


def loaded_names(node: ast.AST | None) -> list[str]:
    """Names read anywhere in ``node`` (source order, duplicates removed)."""
    if node is None:
        return []
    seen = [
        n.id
        for n in ast.walk(node)
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
    ]
    return list(dict.fromkeys(seen))


def bound_later(function: Function, name: str) -> bool:
    """``name`` is bound in the scope the tool's ``def`` runs in, but only after
    the tool: evaluated at definition time it would not exist yet.

    A name the enclosing scope does not bind (a builtin, a global seen from a
    factory, an undefined name the original fails on too) is not reported.
    """
    scope = function.scope.parent
    if scope is None:
        return False
    bindings = scope.bindings.get(name)
    if not bindings:
        return False
    start = start_line(function)
    return all(getattr(b.node, "lineno", 0) >= start for b in bindings)


def first_bound_later(function: Function, names: list[str]) -> str | None:
    """The first of ``names`` that :func:`bound_later` reports, else ``None``."""
    return next((n for n in names if bound_later(function, n)), None)


def check(function: Function, site: ElicitationSite, message_too: bool) -> None:
    """Raise :class:`.response_types.Refused` when the new signature, a resolver's
    annotations or the marker need a name bound only after the tool; the message
    is read at definition time only when no resolver wraps it (``message_too``)."""
    late = first_bound_later(function, loaded_names(site.response_type))
    if late is not None:
        raise Refused(locate.defined_later(f"the response type `{late}` is"))
    nodes = [kw.value for kw in site.call.keywords if kw.arg != "message"]
    if message_too:
        nodes.append(site.message)
    names = [n for node in nodes for n in loaded_names(node)]
    late = first_bound_later(function, names)
    if late is not None:
        raise Refused(locate.defined_later(f"the question reads `{late}`,"))


def check_deferred(
    model, function: Function, node: ast.expr | None, tp: TypePlan
) -> None:
    """Refuse a type local to an enclosing function when annotations are deferred
    (``from __future__ import annotations``): the runtime resolves them against
    the module's globals, where that name does not exist."""
    outer = function.scope.parent
    if node is None or outer is None or outer.kind != "function":
        return
    if not model.future_annotations:
        return
    local = set(outer.bindings) | {c.name for c in tp.hoist}
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and n.id in local:
            raise Refused(
                f"the response type `{n.id}` is local to the enclosing function and "
                "`from __future__ import annotations` defers annotations: define it "
                "at module level, then run again"
            )
