"""How a bound elicitation result is used: one record per use of the result.

Asked by MCP016 (which uses are wrong: ``.data`` before a check, a truth test,
an attribute the result classes lack) and by the planner (:mod:`.outcomes`:
which uses translate into a declared parameter's). Both read the same
:class:`ResultUse` kinds (docs/architecture.md "Layers").

Facts (fastmcp 4.2.3, mcp 2.3.0): ``Context.elicit`` returns
``AcceptedElicitation[T] | DeclinedElicitation | CancelledElicitation``;
``AcceptedElicitation`` has the fields ``action`` and ``data``, the other two
``action`` only. All three are pydantic ``BaseModel`` subclasses without
``__bool__`` or ``__len__``: every result is truthy.

Standard library only.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, replace

from ..model.structure import enclosing, walk

ACCEPT, DECLINE, CANCEL = "accept", "decline", "cancel"
ALL = frozenset({ACCEPT, DECLINE, CANCEL})
CLASSES = {
    "AcceptedElicitation": ACCEPT,
    "DeclinedElicitation": DECLINE,
    "CancelledElicitation": CANCEL,
}
"""The result classes (by their last dotted part) and the outcome each stands for."""
BASEMODEL_ATTRIBUTES = frozenset(
    {
        "construct", "copy", "dict", "from_orm", "json", "model_computed_fields", "model_config",
        "model_construct", "model_copy", "model_dump", "model_dump_json", "model_extra",
        "model_fields", "model_fields_set", "model_json_schema", "model_parametrized_name",
        "model_post_init", "model_rebuild", "model_validate", "model_validate_json",
        "model_validate_strings", "parse_file", "parse_obj", "parse_raw", "schema", "schema_json",
        "update_forward_refs", "validate",
    }
)  # fmt: skip
"""The public attributes of pydantic 2's ``BaseModel`` (``dir(BaseModel)`` without
underscore names, pydantic 2.14), which every result class inherits."""

# The kinds of use (``ResultUse.kind``).
DATA = "data"
"""``r.data`` read."""
ACTION_TEST = "action-test"
"""``r.action`` compared with string constants (``==``, ``!=``, ``in``, ``not in``,
``is``, ``is not``): ``outcomes`` holds the outcomes for which the test is true."""
ACTION = "action"
"""Any other read of ``r.action``."""
MODEL_ATTRIBUTE = "model-attribute"
"""A read of a ``BaseModel`` attribute or an underscore name (``r.model_dump()``)."""
UNKNOWN_ATTRIBUTE = "unknown-attribute"
"""A read of an attribute the result classes do not have (``r.value``)."""
ATTRIBUTE_WRITE = "attribute-write"
"""An attribute stored or deleted (``r.data = x``, ``del r.action``)."""
ISINSTANCE = "isinstance"
"""``isinstance(r, C)``: ``outcomes`` holds the outcomes of the classes ``C``
names, ``None`` when one is not a result class."""
TRUTH = "truth"
"""Only the truth of ``r`` is used: the test of an ``if`` / ``while`` / ``assert``
/ conditional expression / comprehension filter, a ``not`` operand, ``bool(r)``,
or an ``and`` / ``or`` operand of one of these."""
OPERAND = "operand"
"""An ``and`` / ``or`` operand whose value is used (``x = r or other``): its truth
picks, and the result may be passed on."""
MATCH = "match"
"""The subject of ``match r:``."""
BOUND = "bound"
"""``r`` (re)bound: a ``Name`` store."""
OTHER = "other"
"""Anything else: returned, stored, passed to a call, compared, subscripted..."""

_TESTS = (ast.If, ast.While, ast.IfExp, ast.Assert)
_NESTED = (
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.Lambda,
    ast.ClassDef,
    ast.ListComp,
    ast.SetComp,
    ast.DictComp,
    ast.GeneratorExp,
)
_ACTION_OPS = (ast.Eq, ast.NotEq, ast.In, ast.NotIn, ast.Is, ast.IsNot)


@dataclass(frozen=True)
class ResultUse:
    """One use of a result. ``node``: the expression holding the result (a ``Name``,
    the ``(r := ...)`` binding, or ``await ctx.elicit(...)`` itself); ``at``: the node
    that uses it (the ``Attribute``, the ``Compare`` of an action test, the
    ``isinstance`` call, the ``Match``; else ``node``'s parent); ``attr``: the
    attribute read or written; ``outcomes``: see :data:`ACTION_TEST` and
    :data:`ISINSTANCE`; ``nested``: read in a function, lambda, class or
    comprehension nested in the scope asked about (:func:`result_uses` only)."""

    node: ast.expr
    kind: str
    at: ast.AST | None
    attr: str | None = None
    outcomes: frozenset[str] | None = None
    nested: bool = False


def class_outcome(expr: ast.expr, qualify: Callable[[ast.expr], str | None]) -> str | None:
    """The outcome the result class ``expr`` names (:data:`CLASSES`), else ``None``.
    ``qualify``: the expression's qualified name, when it resolves to an import."""
    name = qualify(expr) or (expr.id if isinstance(expr, ast.Name) else None)
    if name is None and isinstance(expr, ast.Attribute):
        name = expr.attr
    return CLASSES.get((name or "").rsplit(".", 1)[-1])


def _no_qualify(expr: ast.expr) -> None:
    return None


def truth_only(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """Whether only the truth of ``node``'s value is used (see :data:`TRUTH`)."""
    parent = parents.get(node)
    if isinstance(parent, _TESTS):
        return parent.test is node
    if isinstance(parent, ast.UnaryOp):
        return isinstance(parent.op, ast.Not)
    if isinstance(parent, ast.BoolOp):
        return truth_only(parent, parents)
    if isinstance(parent, ast.comprehension):
        return node in parent.ifs
    if isinstance(parent, ast.Call):
        return isinstance(parent.func, ast.Name) and parent.func.id == "bool" and parent.args == [node]
    return False


def _action_outcomes(attribute: ast.Attribute, test: ast.AST | None) -> frozenset[str] | None:
    """The outcomes for which ``r.action <op> <constants>`` is true, else ``None``."""
    if not (isinstance(test, ast.Compare) and test.left is attribute and len(test.ops) == 1):
        return None
    values = _constants(test.comparators[0])
    op = test.ops[0]
    if values is None or not isinstance(op, _ACTION_OPS):
        return None
    outcomes = frozenset(values) & ALL
    return ALL - outcomes if isinstance(op, (ast.NotEq, ast.NotIn, ast.IsNot)) else outcomes


def _constants(node: ast.expr) -> set[str] | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)) and all(
        isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts
    ):
        return {e.value for e in node.elts}  # type: ignore[attr-defined]
    return None


def classify(
    node: ast.expr,
    parents: dict[ast.AST, ast.AST],
    qualify: Callable[[ast.expr], str | None] = _no_qualify,
) -> ResultUse:
    """The use of the result held by ``node`` (a ``Name``, a ``NamedExpr`` binding it,
    or the ``Await`` of the question), from where ``node`` stands. ``parents``: the
    module's parent map (``Model.parents``); ``qualify``: resolves the classes of an
    ``isinstance`` test (default: by their spelling only). Never raises."""
    parent = parents.get(node)
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
        return ResultUse(node, BOUND, parent)
    if isinstance(parent, ast.Attribute) and parent.value is node:
        attr = parent.attr
        if not isinstance(parent.ctx, ast.Load):
            return ResultUse(node, ATTRIBUTE_WRITE, parent, attr)
        if attr == "data":
            return ResultUse(node, DATA, parent, attr)
        if attr == "action":
            test = parents.get(parent)
            outcomes = _action_outcomes(parent, test)
            if outcomes is None:
                return ResultUse(node, ACTION, parent, attr)
            return ResultUse(node, ACTION_TEST, test, attr, outcomes)
        if attr in BASEMODEL_ATTRIBUTES or attr.startswith("_"):
            return ResultUse(node, MODEL_ATTRIBUTE, parent, attr)
        return ResultUse(node, UNKNOWN_ATTRIBUTE, parent, attr)
    if (
        isinstance(parent, ast.Call)
        and isinstance(parent.func, ast.Name)
        and parent.func.id == "isinstance"
        and len(parent.args) == 2
        and parent.args[0] is node
    ):
        spec = parent.args[1]
        classes = spec.elts if isinstance(spec, ast.Tuple) else [spec]
        kinds = {class_outcome(c, qualify) for c in classes}
        outcomes = None if None in kinds else frozenset(kinds)
        return ResultUse(node, ISINSTANCE, parent, outcomes=outcomes)  # type: ignore[arg-type]
    if truth_only(node, parents):
        return ResultUse(node, TRUTH, parent)
    if isinstance(parent, ast.BoolOp):
        return ResultUse(node, OPERAND, parent)
    if isinstance(parent, ast.Match) and parent.subject is node:
        return ResultUse(node, MATCH, parent)
    return ResultUse(node, OTHER, parent)


def result_uses(
    scope: ast.AST,
    name: str,
    parents: dict[ast.AST, ast.AST],
    qualify: Callable[[ast.expr], str | None] = _no_qualify,
) -> list[ResultUse]:
    """Every use of the result variable ``name`` under ``scope`` (a ``def`` node),
    in walk order (:func:`.structure.walk`): each ``Name`` node of ``name``, stores
    (:data:`BOUND`) and nested scopes' reads (``nested``) included, classified by
    :func:`classify`. The uses of one binding only are the caller's to pick
    (by position, or by refusing a second binding)."""
    found = []
    for node in walk(scope):
        if isinstance(node, ast.Name) and node.id == name:
            use = classify(node, parents, qualify)
            if enclosing(node, _NESTED, parents, scope) is not None:
                use = replace(use, nested=True)
            found.append(use)
    return found


def data_read(stmt: ast.AST) -> tuple[str, str] | None:
    """``(y, x)`` for a statement ``y = x.data`` (one plain name bound to the
    ``.data`` of a plain name), else ``None``."""
    if (
        isinstance(stmt, ast.Assign)
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], ast.Name)
        and isinstance(stmt.value, ast.Attribute)
        and stmt.value.attr == "data"
        and isinstance(stmt.value.value, ast.Name)
    ):
        return stmt.targets[0].id, stmt.value.value.id
    return None
