"""Which elicited parameters are ``elicit_lint.runtime``'s and which functions carry
its decorator: one reading for MCP002, MCP019 and MCP031 (``direct_calls``)."""

from __future__ import annotations

import ast

from ..model import ElicitedParameter, Function
from ..model.names import DECLARED_ELICITATION

RUNTIME = "elicit_lint.runtime"


def has_declared_elicitation(function: Function) -> bool:
    """Whether one of the function's decorators is ``declared_elicitation`` (bare or called)."""
    outer = function.scope.parent or function.scope
    for deco in function.node.decorator_list:
        head = deco.func if isinstance(deco, ast.Call) else deco
        if outer.qualified_name(head) == DECLARED_ELICITATION:
            return True
    return False


def runtime_marker(param: ElicitedParameter) -> bool:
    """Whether ``param``'s marker is an honoured ``Elicit`` imported from
    ``elicit_lint.runtime`` (read in the scope that evaluates the annotation)."""
    marker = param.marker
    if marker.family != "elicit" or not marker.honoured:
        return False
    outer = param.function.scope.parent or param.function.scope
    origin = outer.imported_name(marker.call.func) or ""
    return origin.startswith(f"{RUNTIME}.")
