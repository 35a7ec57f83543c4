"""Comments of statements the rewrite removes or replaces (libcst side).

A removed ``r = await ctx.elicit(...)`` statement's comments are kept as
own-line comments where it was (:mod:`.transform`); tool directives (``# noqa``,
``# type:`` ...) are dropped with the line they direct.
"""

from __future__ import annotations

import re

import libcst as cst

PRAGMA = re.compile(
    r"#\s*(noqa\b|type:|ty:|pyright:|mypy:|pylint:|pragma\b|fmt:|isort:)"
)
"""Trailing comments that direct a tool at the line they end; dropped with that line."""


def trailing_comment(stmt: cst.BaseStatement) -> cst.Comment | None:
    """The trailing comment of a one-line statement, unless it is a :data:`PRAGMA`."""
    if not isinstance(stmt, cst.SimpleStatementLine):
        return None
    comment = stmt.trailing_whitespace.comment
    if comment is None or PRAGMA.match(comment.value):
        return None
    return comment


class _Comments(cst.CSTVisitor):
    def __init__(self) -> None:
        self.found: list[cst.Comment] = []

    def visit_Comment(self, node: cst.Comment) -> None:
        self.found.append(node)


def inner_comments(stmt: cst.BaseStatement) -> list[cst.EmptyLine]:
    """Own-line copies of the comments inside a removed or replaced statement
    (``ctx.elicit(  # the form\n "Q?",  # pydantic\n ...)``), in source order:
    not its leading lines nor its trailing comment (carried apart), nor pragmas."""
    trailing = trailing_comment(stmt)
    collector = _Comments()
    stmt.with_changes(leading_lines=[]).visit(collector)
    return [
        cst.EmptyLine(comment=c)
        for c in collector.found
        if c is not trailing and not PRAGMA.match(c.value)
    ]
