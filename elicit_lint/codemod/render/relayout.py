"""A signature its author split over several lines, laid out again once the
codemod added or dropped a parameter, as ruff format would lay it out (libcst)."""

from __future__ import annotations

import libcst as cst

from .signature import newline, one_per_line


def items_of(params: cst.Parameters) -> list:
    """``params``' parameters in source order (``*``/``*args`` and ``**kwargs`` included)."""
    star = (
        [params.star_arg]
        if isinstance(params.star_arg, (cst.Param, cst.ParamStar))
        else []
    )
    kwargs = [params.star_kwarg] if isinstance(params.star_kwarg, cst.Param) else []
    return [
        *params.posonly_params,
        *params.params,
        *star,
        *params.kwonly_params,
        *kwargs,
    ]


def relaid(
    fn: cst.FunctionDef,
    column: int,
    line_length: int,
    magic: bool,
    comments: bool = False,
) -> cst.FunctionDef | None:
    """``fn``, whose author split its signature over several lines, laid out as ruff
    format lays out its parameters now that one was added: on the ``def`` line
    when the header fits and the author wrote no trailing comma after the last
    parameter (ruff's magic trailing comma, ``magic``), else on one line of their
    own between ``(`` and ``)`` when that fits, else one a line
    (:func:`.signature.one_per_line`). ``None`` when a comment sits among the
    parameters and ``comments`` is false (their layout is then left as the
    author's); with ``comments`` such a signature is laid out one parameter a
    line, each comment kept on its parameter's line, as ruff format keeps a
    commented signature expanded."""
    code = cst.Module([]).code_for_node
    if "#" in code(fn.params):
        return one_per_line(fn, column, line_length) if comments else None
    if magic:
        return one_per_line(fn, column, line_length)
    items = items_of(fn.params)
    flat_items = {
        id(item): item.with_changes(
            comma=cst.MaybeSentinel.DEFAULT
            if item is items[-1]
            else cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")),
            **(
                {"whitespace_after_param": cst.SimpleWhitespace("")}
                if isinstance(item, cst.Param)
                else {}
            ),
        )
        for item in items
    }
    for hanging in (False, True):
        if hanging:
            last = items[-1]
            flat_items[id(last)] = flat_items[id(last)].with_changes(
                whitespace_after_param=newline("")
            )
        params = fn.params.with_changes(
            posonly_params=[flat_items[id(p)] for p in fn.params.posonly_params],
            params=[flat_items[id(p)] for p in fn.params.params],
            kwonly_params=[flat_items[id(p)] for p in fn.params.kwonly_params],
            star_arg=flat_items.get(id(fn.params.star_arg), fn.params.star_arg),
            star_kwarg=flat_items.get(id(fn.params.star_kwarg), fn.params.star_kwarg),
        )
        laid = fn.with_changes(
            params=params,
            whitespace_before_params=newline("    ")
            if hanging
            else cst.SimpleWhitespace(""),
        )
        header = code(
            laid.with_changes(
                decorators=[],
                leading_lines=[],
                body=cst.IndentedBlock([cst.SimpleStatementLine([cst.Pass()])]),
            )
        ).split("\n")
        lines = header[:3] if hanging else header[:1]
        if all(column + len(line) <= line_length for line in lines):
            return laid
    return one_per_line(fn, column, line_length)
