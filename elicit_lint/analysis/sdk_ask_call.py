"""The parts of an SDK ``ctx.elicit`` call its ``Resolve`` resolver is written from.

Reading the call (:func:`arguments`: its message and schema; :func:`statement_of`:
the ``r = await ctx.elicit(...)`` statement and the answer's name) and writing
the resolver (:func:`param_text`, :func:`call_arguments_text`, a free
:func:`resolver_name`, :func:`clash` for imported names the rewrite needs,
:func:`defined_before` for what the resolver reads when the tool is defined).
:func:`.sdk_ask.plan_sdk_asks` decides whether a tool is rewritten. Standard
library only.
"""

from __future__ import annotations

import ast

from ..model import Function, Model
from . import locate, prelude
from .response_types import Refused

SDK_CALL_SHAPE = (
    "the call's arguments do not fit `ctx.elicit(message, schema)`: fix the call, "
    "then run again"
)
NAMES = {
    "Elicit": "mcp.server.mcpserver.Elicit",
    "ElicitationResult": "mcp.server.mcpserver.ElicitationResult",
    "Resolve": "mcp.server.mcpserver.Resolve",
}
_SAME = {
    "mcp.server.mcpserver.ElicitationResult": {
        "mcp.server.elicitation.ElicitationResult"
    }
}
"""Other qualified names of the same object (``mcp.server.mcpserver`` re-exports it)."""
_ANNOTATED = ("typing.Annotated", "typing_extensions.Annotated")



def defined_before(model: Model, function: Function, expr: ast.expr) -> bool:
    """``expr`` (``S`` or ``m.S``) names something every binding of which, in the
    scopes around the tool, comes before the tool's first line."""
    root = expr
    while isinstance(root, ast.Attribute):
        root = root.value
    if not isinstance(root, ast.Name):
        return False
    node = function.node
    start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
    scope = function.scope.parent
    while scope is not None:
        found = scope.bindings.get(root.id)
        if found:
            return all(getattr(b.node, "lineno", start) < start for b in found)
        scope = scope.parent
    return False


def param_text(model: Model, arg: ast.arg) -> str:
    if arg.annotation is None:
        return arg.arg
    return f"{arg.arg}: {ast.get_source_segment(model.source, arg.annotation)}"


def call_arguments_text(model: Model, call: ast.Call, indent: int) -> str:
    """The source from the call's ``(`` to its ``)``, as the author wrote it; its
    continuation lines moved from the statement's ``indent`` to the resolver's
    ``return`` (four spaces), unless a string spans lines."""
    text = ast.get_source_segment(model.source, call)
    func = ast.get_source_segment(model.source, call.func)
    rest = text[len(func) :]
    lines = rest.split("\n")
    multiline_string = any(
        isinstance(n, (ast.Constant, ast.JoinedStr)) and n.lineno != n.end_lineno
        for n in ast.walk(call)
    )
    if len(lines) > 1 and not multiline_string and indent >= 4:
        cut = " " * (indent - 4)
        lines = [lines[0], *(line.removeprefix(cut) for line in lines[1:])]
    return "\n".join(lines)


def arguments(call: ast.Call) -> tuple[ast.expr, ast.expr]:
    if any(isinstance(a, ast.Starred) for a in call.args) or any(
        k.arg is None for k in call.keywords
    ):
        raise Refused(prelude.STARRED)
    given = dict(zip(("message", "schema"), call.args))
    for k in call.keywords:
        if k.arg not in ("message", "schema") or k.arg in given:
            raise Refused(SDK_CALL_SHAPE)
        given[k.arg] = k.value
    if len(call.args) > 2 or set(given) != {"message", "schema"}:
        raise Refused(SDK_CALL_SHAPE)
    return given["message"], given["schema"]


def statement_of(model: Model, call: ast.Call) -> tuple[ast.stmt, str]:
    stmt = model.parent(call)
    if not isinstance(stmt, ast.Await):
        raise Refused(locate.NOT_AWAITED)
    stmt = model.parent(stmt)
    if not (
        isinstance(stmt, ast.Assign)
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], ast.Name)
    ):
        raise Refused(locate.ANSWER_SHAPE)
    return stmt, stmt.targets[0].id


def clash(model: Model) -> str | None:
    from .star_names import dynamic_reason, import_clash

    dynamic = dynamic_reason(model)
    if dynamic is not None:  # no new name can be shown unread (star_names.py)
        return dynamic
    for name, qualified in {**NAMES, "Annotated": None}.items():
        if name not in model.module_scope.bindings:
            continue
        have = model.qualified_name(ast.Name(id=name, ctx=ast.Load()))
        if (
            qualified and have != qualified and have not in _SAME.get(qualified, ())
        ) or (qualified is None and have not in _ANNOTATED):
            return locate.name_taken(name)
    for name, qualified in {**NAMES, "Annotated": _ANNOTATED[0]}.items():
        have = model.qualified_name(ast.Name(id=name, ctx=ast.Load()))
        reason = import_clash(model, name, qualified)
        if reason is not None and not (name == "Annotated" and have in _ANNOTATED):
            return reason  # a star import may bind it (star_names.py)
    return None


def resolver_name(
    model: Model, function: Function, result: str, taken: set[str]
) -> str:
    scope = function.scope.parent or model.module_scope
    used = set(taken) | set(scope.bindings) | set(model.module_scope.bindings)
    for name in (f"ask_{result}", f"ask_{function.name}_{result}"):
        if name not in used:
            return name
    n = 2
    while f"ask_{function.name}_{result}_{n}" in used:
        n += 1
    return f"ask_{function.name}_{result}_{n}"
