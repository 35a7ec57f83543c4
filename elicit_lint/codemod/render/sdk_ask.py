"""Applies the SDK ``ctx.elicit`` -> ``Resolve`` plans (:mod:`elicit_lint.analysis.sdk_ask`)
with libcst, losslessly outside the edits (docs/architecture.md "Data flow: `elicit-migrate`").

Per ``MCPServer`` tool: the ask statement is removed (its comments and the blank
lines above it go to the statement after it; an emptied block gets ``pass``),
the parameter ``r: Annotated[ElicitationResult[S], Resolve(ask_r)]`` is appended
(keyword-only when a parameter before it has a default; a signature the author
split over several lines is laid out again as ruff format lays it out), the ``Context`` parameter
nothing reads any more is dropped (and its import when unused), the resolver is placed
right above the tool (and its decorators) in the same block, and ``Annotated``,
``Elicit``, ``ElicitationResult``, ``Resolve`` are imported as isort places them
(:func:`.imports.add_imports`).
"""

from __future__ import annotations

import ast

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from ...core.isort_sections import project_of
from .comments import inner_comments, kept_comments, trailing_comment
from .cstutil import param_node, split_blank
from .generated import wrap_generated
from .import_cleanup import clean_context_import
from .imports import add_imports
from .relayout import items_of, relaid
from .signature import wrap_signature


def _append_after(
    last: cst.Param, new: cst.Param, opening
) -> tuple[cst.Param, cst.Param]:
    """``(last, new)`` laid out for ``new`` to follow ``last``: on one line
    (``a, new``), or, in a signature the author broke after ``(``, on a line of
    its own with the closing layout (and trailing comma) moved to ``new``."""
    if not isinstance(opening, cst.ParenthesizedWhitespace):
        if not isinstance(last.comma, cst.Comma):
            last = last.with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return last, new
    if isinstance(last.comma, cst.Comma):
        between = last.comma.with_changes(whitespace_after=opening)
        return last.with_changes(comma=between), new.with_changes(comma=last.comma)
    return (
        last.with_changes(
            comma=cst.Comma(whitespace_after=opening),
            whitespace_after_param=cst.SimpleWhitespace(""),
        ),
        new.with_changes(whitespace_after_param=last.whitespace_after_param),
    )


def _drop(group: list[cst.Param], name: str) -> list[cst.Param]:
    """``group`` without ``name``; a dropped last parameter leaves its comma (and the
    closing layout it carries) to the one before it."""
    out = list(group)
    for i, p in enumerate(out):
        if p.name.value == name:
            if i == len(out) - 1 and i > 0:
                out[i - 1] = out[i - 1].with_changes(comma=p.comma)
            del out[i]
            break
    return out


def _without(params: cst.Parameters, name: str | None) -> cst.Parameters:
    """``params`` without the context parameter the plan drops (``None``: as they are)."""
    if name is None:
        return params
    return params.with_changes(
        posonly_params=_drop(list(params.posonly_params), name),
        params=_drop(list(params.params), name),
        kwonly_params=_drop(list(params.kwonly_params), name),
    )


class _SdkRewriter(cst.CSTTransformer):
    METADATA_DEPENDENCIES = (PositionProvider,)

    def __init__(self, plans, line_length: int = 88) -> None:
        super().__init__()
        self.line_length = (
            line_length  # the project's ruff line-length: where signatures wrap
        )
        self.tools = {p.function.node.lineno: p for p in plans}
        # the ask statement's start (1-based row, 0-based column), as libcst gives it
        self.removed = {(p.statement.lineno, p.statement.col_offset) for p in plans}
        # comments the generated code keeps (a verbatim argument): not copied again
        self.kept = {
            (p.statement.lineno, p.statement.col_offset): kept_comments(
                [p.annotation, p.resolver]
            )
            for p in plans
        }
        self.removed |= {(s.lineno, s.col_offset) for p in plans for s in p.drops}

    def _start(self, node):
        pos = self.get_metadata(PositionProvider, node).start
        return pos.line, pos.column

    def leave_IndentedBlock(self, original_node, updated_node):
        if not any(self._start(s) in self.removed for s in original_node.body):
            return updated_node
        body, carried = [], None
        for orig, new in zip(original_node.body, updated_node.body):
            if self._start(orig) in self.removed:
                carried = [
                    *(carried or []),
                    *new.leading_lines,
                    *inner_comments(new, self.kept.get(self._start(orig))),
                ]
                trailing = trailing_comment(new)
                if trailing is not None:
                    carried.append(cst.EmptyLine(comment=trailing))
                continue
            if carried is not None:
                new = new.with_changes(
                    leading_lines=[*carried, *split_blank(new.leading_lines)[1]]
                )
                carried = None
            body.append(new)
        footer = list(updated_node.footer)
        if carried is not None:
            comments = [e for e in carried if e.comment is not None]
            if body:
                footer = [*comments, *footer]
            else:
                body = [
                    cst.parse_statement("pass\n").with_changes(leading_lines=comments)
                ]
        return updated_node.with_changes(body=body, footer=footer)

    def leave_FunctionDef(self, original_node, updated_node):
        plan = self.tools.get(self._start(original_node.name)[0])
        if plan is None or plan.function.node.name != original_node.name.value:
            return updated_node
        new = param_node(f"{plan.param}: {plan.annotation}")
        params = _without(updated_node.params, plan.drop_param)
        defaults = any(
            p.default is not None for p in (*params.posonly_params, *params.params)
        )
        if (
            defaults
            or params.kwonly_params
            or isinstance(params.star_arg, cst.ParamStar)
        ):
            star = (
                params.star_arg
                if isinstance(params.star_arg, cst.ParamStar)
                else cst.ParamStar()
            )
            params = params.with_changes(
                kwonly_params=[*params.kwonly_params, new], star_arg=star
            )
        else:
            positional = list(params.params)
            if positional:
                positional[-1], new = _append_after(
                    positional[-1], new, updated_node.whitespace_before_params
                )
            params = params.with_changes(params=[*positional, new])
        tool = updated_node.with_changes(params=params)
        split = isinstance(
            updated_node.whitespace_before_params, cst.ParenthesizedWhitespace
        )
        laid = None
        if split:  # the author's split signature, laid out again as ruff format would
            before = items_of(updated_node.params)
            magic = bool(before) and isinstance(before[-1].comma, cst.Comma)
            laid = relaid(tool, plan.function.node.col_offset, self.line_length, magic)
        tool = laid or wrap_signature(tool, plan.function.node, self.line_length)
        nested = (
            plan.function.scope.parent is not None
            and plan.function.scope.parent.kind != "module"
        )
        blank = [cst.EmptyLine(indent=False)] * (1 if nested else 2)
        above, comments = split_blank(tool.leading_lines)
        resolver = wrap_generated(
            cst.parse_statement(plan.resolver),
            plan.function.node.col_offset,
            self.line_length,
        ).with_changes(leading_lines=above)
        tool = tool.with_changes(leading_lines=[*blank, *comments])
        return cst.FlattenSentinel([resolver, tool])

    leave_AsyncFunctionDef = leave_FunctionDef


def _dropped_annotation_names(plan) -> set[str]:
    """The names the annotations of the dropped ``Context`` parameters read
    (``ServerSession`` in ``ctx: Context[ServerSession, None]``): the rewrite may
    leave their imports unused."""
    out: set[str] = set()
    for ask in plan.sdk_asks:
        args = ask.function.node.args
        for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs):
            if arg.arg == ask.drop_param and arg.annotation is not None:
                out |= {n.id for n in ast.walk(arg.annotation) if isinstance(n, ast.Name)}
    return out


def rewrite_sdk_asks(model, plan) -> str:
    """The module's new text (``\\n`` line ends) with ``plan.sdk_asks`` applied.

    ``model.source`` must be the text the model was built from. Raises
    ``libcst.ParserSyntaxError`` when libcst cannot parse it."""
    module = cst.parse_module(model.source)
    line_length = project_of(model.filename).line_length
    rewritten = MetadataWrapper(module).visit(_SdkRewriter(plan.sdk_asks, line_length))
    if any(ask.drop_param for ask in plan.sdk_asks):
        rewritten = clean_context_import(rewritten, model, _dropped_annotation_names(plan))
    needed: dict[str, list[str]] = {}
    for ask in plan.sdk_asks:
        for name, names in ask.imports.items():
            needed.setdefault(name, []).extend(names)
    return add_imports(rewritten, needed, model.filename).code
