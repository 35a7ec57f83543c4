"""A rewritten tool's parameters and decorators."""

from __future__ import annotations

import libcst as cst

from ...analysis.plan import FunctionPlan
from .cstutil import param_node


def new_params(params: cst.Parameters, plan: FunctionPlan) -> cst.Parameters:
    """``params`` with the context parameter dropped, planned defaults set and each
    elicited parameter appended (keyword-only when positional order would be
    invalid: a default before a parameter without one, or a ``*`` already there)."""

    def keep(p: cst.Param) -> bool:
        return p.name.value != plan.drop_param

    def default(p: cst.Param) -> cst.Param:
        text = plan.defaults.get(p.name.value)
        if text is None:
            return p
        return p.with_changes(
            default=cst.parse_expression(text),
            equal=cst.AssignEqual(
                whitespace_before=cst.SimpleWhitespace(" "),
                whitespace_after=cst.SimpleWhitespace(" "),
            ),
        )

    positional = [default(p) for p in params.params if keep(p)]
    posonly = [default(p) for p in params.posonly_params if keep(p)]
    kwonly = [default(p) for p in params.kwonly_params if keep(p)]
    new = [
        param_node(
            f"{a.param}: {a.annotation}" + (f" = {a.default}" if a.default else "")
        )
        for a in plan.asks
    ]
    defaults = [p.default is not None for p in (*posonly, *positional)] + [
        p.default is not None for p in new
    ]
    ordered = all(d or not any(defaults[:i]) for i, d in enumerate(defaults))
    star = params.star_arg
    if (
        ordered
        and not kwonly
        and not isinstance(star, (cst.Param, cst.ParamStar))
        and params.star_kwarg is None
    ):
        positional = [*positional, *new]
    else:
        kwonly = [*kwonly, *new]
        if not isinstance(star, (cst.Param, cst.ParamStar)):
            star = cst.ParamStar()
    if (
        positional
        and not kwonly
        and params.star_kwarg is None
        and not isinstance(star, (cst.Param, cst.ParamStar))
    ):
        positional[-1] = (
            positional[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
            if not isinstance(positional[-1].comma, cst.Comma)
            else positional[-1]
        )
    return params.with_changes(
        params=positional,
        posonly_params=posonly,
        kwonly_params=kwonly,
        star_arg=star,
    )


def new_decorators(
    decorators, plan: FunctionPlan, node, decorator: str | None
) -> list[cst.Decorator]:
    """``decorators`` with ``@decorator`` (the runtime target's
    ``declared_elicitation``) right under the tool decorator; unchanged when
    ``decorator`` is ``None`` or already there."""
    if decorator is None:
        return list(decorators)
    if any(
        isinstance(d.decorator, cst.Name) and d.decorator.value == decorator
        for d in decorators
    ):
        return list(decorators)
    ours = cst.Decorator(decorator=cst.Name(decorator))
    index = len(decorators)
    for reg in plan.function.registrations:
        if reg.component == "tool" and reg.node in node.decorator_list:
            index = node.decorator_list.index(reg.node) + 1
            break
    return [*decorators[:index], ours, *decorators[index:]]
