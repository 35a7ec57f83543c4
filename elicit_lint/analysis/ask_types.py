"""The response type of one question of a tool: what its ``response_type`` is
when FastMCP or the SDK reads it, the parameter's type it becomes, and the
refusals that come first (a type the original never asks with, a class whose
fields FastMCP 4 refuses). Read by :func:`.toolask.plan_ask`. Standard library
only (it runs on the checker's path for MCP001).
"""

from __future__ import annotations

import ast

from ..model import names
from . import locate, order, prelude
from .era_notes import title_note
from .fastmcp_fields import refused_field
from .named_choices import fixed_choices
from .records import FunctionPlan
from .response_kind import NAMED_VALUE, REFUSED, SCALAR_LIST, SCHEMA_DICT, TUPLE, UNION
from .response_types import (
    LIST_TYPE,
    SCHEMA_KEYWORD,
    UNION_TYPE,
    Refused,
    TypePlan,
    translate,
    typed_dict_refusal,
)
from .response_types import read as read_response
from .run_classes import run_class


def ask_type(planner, site, local_classes, plan: FunctionPlan) -> TypePlan:
    """The :class:`.response_types.TypePlan` of ``site``'s question in
    ``planner``'s tool (``local_classes``: classes of the tool body that may be
    hoisted); ``plan``'s imports, notes and hoisted classes grow. Raises
    :class:`.response_types.Refused` with the reason."""
    call_shape = prelude.unreadable_call(site.call)  # before the type: `**options` may hold it
    if call_shape is not None:
        raise Refused(call_shape)
    if site.response_type_form == "schema" and site.framework == names.FASTMCP_FRAMEWORK:
        raise Refused(SCHEMA_KEYWORD)  # the original never asks
    response = read_response(
        planner.model, _through_local(planner, site), planner.function.scope, planner.qualify
    )
    written = response.written  # `X` of `cast(T, X)`: the type FastMCP reads
    if response.kind == UNION:  # inline or by name: FastMCP reads the value
        raise Refused(UNION_TYPE)  # the original never asks either
    if response.kind == SCALAR_LIST:
        raise Refused(LIST_TYPE)  # nor here
    if response.kind == TUPLE:
        raise Refused(locate.TUPLE_CHOICES)  # nor here
    if response.kind == SCHEMA_DICT:
        raise Refused(locate.SCHEMA_DICT)  # nor here
    if response.kind == REFUSED:
        raise Refused(locate.REFUSED_TYPE)  # nor here
    if response.kind == NAMED_VALUE:  # `response_type=CHOICES`: as the inline list
        choices = fixed_choices(planner.model, response)
        literal = "Literal[" + ", ".join(planner.segment(v) for v in choices) + "]"
        tp = TypePlan(literal, imports=[("typing", "Literal")], literal=literal)
    else:
        tp = translate(
            response,
            planner.segment,
            local_classes,
            (planner.local_names | set(planner.args)) - set(local_classes),
        )
    unknown = response.unproven()
    if unknown is not None and written.id not in local_classes:  # type: ignore[union-attr]
        raise Refused(unknown)
    order.check_deferred(planner.model, planner.function, written, tp)
    classes = planner.model.class_defs.get(getattr(written, "id", None), ())
    home, qualify = planner.model, planner.qualify
    if unknown is None and (imported := run_class(planner.model, getattr(written, "id", None))):
        home, classes = imported.model, (imported.node,)  # read in its own module
        qualify = home.qualified_name
    typed_dict = typed_dict_refusal(written, classes, home.qualified_name)
    if typed_dict is not None:
        raise Refused(typed_dict)
    field = refused_field(home, classes) if site.framework == names.FASTMCP_FRAMEWORK else None
    if field is not None:  # the original fails every call; the rewrite, its module's import
        raise Refused(locate.refused_field(written.id, *field))  # type: ignore[union-attr]
    if (note := title_note(classes, qualify)) is not None and note not in plan.notes:
        plan.notes.append(note)  # a class of this module, the tool's own too
    plan.imports |= set(tp.imports)
    for cls in tp.hoist:
        if cls not in plan.hoist:
            plan.hoist.append(cls)
    return tp


def _through_local(planner, site) -> ast.expr | None:
    """``site``'s ``response_type`` as written, or, for a name the tool binds once,
    at the top of its body before the question, to a name or dotted name that is
    not the tool's own (``form = Form``), that name: the value FastMCP reads, so
    the rewrite names it exactly (rules17; as ``sdk_schema_args.local_value``
    reads an SDK schema)."""
    written = site.response_type
    if not isinstance(written, ast.Name):
        return written
    bindings = planner.function.scope.bindings.get(written.id)
    if not bindings or len(bindings) != 1 or bindings[0].kind != "assign":
        return written
    statement, value = bindings[0].node, bindings[0].value
    if not (
        isinstance(statement, ast.Assign)
        and any(statement is s for s in planner.node.body)
        and statement.end_lineno < site.call.lineno
        and isinstance(value, (ast.Name, ast.Attribute))
    ):
        return written
    head = value
    while isinstance(head, ast.Attribute):
        head = head.value
    if not isinstance(head, ast.Name) or head.id in planner.local_names or head.id in planner.args:
        return written
    return value
