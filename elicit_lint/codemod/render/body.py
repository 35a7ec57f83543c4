"""A rewritten tool's body: the questions' statements removed or replaced, their
comments and blank lines kept.

Layout of the body: a removed statement takes the blank lines below it along
(the statement after a run of removed ones gets the blank lines that stood above
the run: the author's gap is kept, no gap is added). Its comments stay where it
was, as own-line comments: those above it, and its trailing comment
(``x = await ctx.elicit(...)  # the user's name``) turned into an own-line
comment, which keeps it in the body next to the code that reads the answer; a
tool-directive trailing comment (:data:`.comments.PRAGMA`: ``# noqa``, ``# type: ...``)
is dropped with its line. A replaced statement (a backfill) keeps its trailing
comment on the replacement.
"""

from __future__ import annotations

import libcst as cst

from ...analysis.plan import FunctionPlan
from .comments import inner_comments, trailing_comment
from .cstutil import split_blank


def new_body(
    pos, plan: FunctionPlan, original_node, updated_node, kept=None, drop_top=()
):
    """``(statements, footer, hoisted)``: the tool's new body statements, its block
    footer (comments of removed statements that ended the body) and its hoisted
    classes (to be placed above the tool).

    ``pos`` gives a libcst node's position (``PositionProvider``);
    ``original_node`` / ``updated_node`` are the tool's ``FunctionDef`` before and
    after the inner edits; ``kept``: the comments the generated code already holds
    (:func:`.comments.kept_comments`), not copied into the body again;
    ``drop_top``: rows of planned drops in the body (``x = x`` for a parameter
    named after ``x = r.data``): gone, their blank lines kept (the gap above one
    goes to the next statement when it has none of its own)."""
    removed = {
        a.placement.statement.lineno: a for a in plan.asks if a.placement.inner is None
    }
    hoisted = {c.lineno for c in plan.hoist}
    body: list[cst.BaseStatement] = []
    dropped = {stmt.lineno for stmt in plan.drop_statements}
    moved: list[cst.BaseStatement] = []
    # leading lines for the statement after a run of removed ones: the first
    # removed statement's blank lines (the author's gap above the run), then
    # the comments of the run (own-line comments, trailing comments made own-line)
    carried: list[cst.EmptyLine] | None = None
    gap: list[cst.EmptyLine] = []  # the blank lines above a dropped `x = x`

    def carry(stmt: cst.BaseStatement, with_comments: bool) -> None:
        nonlocal carried, gap
        blank, rest = split_blank(stmt.leading_lines)
        if carried is None:
            carried, gap = blank or gap, []
        elif with_comments and rest:
            carried += blank
        if with_comments:
            carried += rest
            carried += inner_comments(stmt, kept)
            trailing = trailing_comment(stmt)
            if trailing is not None:
                carried.append(cst.EmptyLine(comment=trailing))

    def lead(stmt: cst.BaseStatement) -> list[cst.EmptyLine]:
        nonlocal carried, gap
        if carried is None:
            lines = list(stmt.leading_lines)
            if gap and not split_blank(lines)[0]:
                lines = [*gap, *lines]
            gap = []
            return lines
        rest = split_blank(stmt.leading_lines)[1]
        lines, carried = [*carried, *rest], None
        return lines

    for orig, new in zip(original_node.body.body, updated_node.body.body):
        if isinstance(orig, cst.ClassDef) and pos(orig.name).start.line in hoisted:
            carry(new, with_comments=False)  # its comments move with it
            moved.append(new)
            continue
        line = pos(orig).start.line
        if line in drop_top:
            if carried is not None:
                carry(new, with_comments=True)
            else:
                gap = gap or split_blank(new.leading_lines)[0]
            continue
        ask = removed.get(line)
        if line in dropped or (ask is not None and not ask.replacement):
            carry(new, with_comments=True)
            continue
        if ask is not None:
            stmt = cst.parse_statement(ask.replacement + "\n")
            trailing = trailing_comment(new)
            if trailing is not None and isinstance(stmt, cst.SimpleStatementLine):
                stmt = stmt.with_changes(
                    trailing_whitespace=cst.TrailingWhitespace(
                        whitespace=cst.SimpleWhitespace("  "), comment=trailing
                    )
                )
            inner = inner_comments(new, kept)
            body.append(stmt.with_changes(leading_lines=[*lead(new), *inner]))
            continue
        body.append(new.with_changes(leading_lines=lead(new)))
    comments = [e for e in carried or [] if e.comment is not None]
    footer = list(updated_node.body.footer)
    if not body:
        body = [cst.parse_statement("pass\n").with_changes(leading_lines=comments)]
    elif carried is not None:  # removed statements ended the body
        footer = [*comments, *footer]
    return body, footer, moved
