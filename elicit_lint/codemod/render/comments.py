"""Comments of statements the rewrite removes or replaces (libcst side).

A removed ``r = await ctx.elicit(...)`` statement's comments are kept as
own-line comments where it was (:mod:`.transform`); tool directives (``# noqa``,
``# type:`` ...) are dropped with the line they direct.
"""

from __future__ import annotations

import io
import re
import tokenize
from collections import Counter
from collections.abc import Iterable

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


def kept_comments(texts: Iterable[str | None]) -> Counter[str]:
    """The comments the generated ``texts`` (new parameters' annotations, resolver
    sources) carry over from the source, counted by text: an argument kept
    verbatim in a marker (``response_type=[[\n "red",  # warm\n ...]]``) keeps its
    comments there, so :func:`inner_comments` does not copy them into the body too."""
    found: Counter[str] = Counter()
    for text in texts:
        if not text or "#" not in text:
            continue
        try:
            tokens = list(tokenize.generate_tokens(io.StringIO(text + "\n").readline))
        except (tokenize.TokenError, SyntaxError):
            continue
        found.update(t.string for t in tokens if t.type == tokenize.COMMENT)
    return found


def inner_comments(
    stmt: cst.BaseStatement, kept: Counter[str] | None = None
) -> list[cst.EmptyLine]:
    """Own-line copies of the comments inside a removed or replaced statement
    (``ctx.elicit(  # the form\n "Q?",  # pydantic\n ...)``), in source order:
    not its leading lines nor its trailing comment (carried apart), nor pragmas,
    nor those the generated code already holds (``kept``, from
    :func:`kept_comments`: each one found there is skipped once, and used up)."""
    trailing = trailing_comment(stmt)
    collector = _Comments()
    stmt.with_changes(leading_lines=[]).visit(collector)
    out = []
    for c in collector.found:
        if c is trailing or PRAGMA.match(c.value):
            continue
        if kept and kept[c.value] > 0:
            kept[c.value] -= 1
            continue
        out.append(cst.EmptyLine(comment=c))
    return out
