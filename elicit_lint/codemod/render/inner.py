"""Removing a question asked first in an ``if`` block that stays (``analysis.guarded``):
the block loses the asking statement, not its comments (libcst)."""

from __future__ import annotations

import libcst as cst

from .comments import inner_comments, trailing_comment
from .cstutil import split_blank


def drop_inner_asks(position, inner_asks, original_node, updated_node, dropped=None):
    """``updated_node`` without its asking statements (``inner_asks``: ``{(row, column):
    kept}`` of each, ``kept`` the comments the generated code already holds,
    :func:`.comments.kept_comments`; ``position``: the libcst position of an
    original node), their
    comments kept as own-line comments above the next statement (or below the
    block's last one; ``pass`` holds them in a block left empty). ``dropped(orig)``:
    an original statement already removed from ``updated_node`` (skipped when
    pairing the two bodies)."""
    body: list[cst.BaseStatement] = []
    carried: list[cst.EmptyLine] | None = None
    kept = [o for o in original_node.body if dropped is None or not dropped(o)]
    for orig, new in zip(kept, updated_node.body, strict=True):
        pos = position(orig)
        if (pos.start.line, pos.start.column) not in inner_asks:
            if carried is not None:
                rest = split_blank(new.leading_lines)[1]
                new = new.with_changes(leading_lines=[*carried, *rest])
                carried = None
            body.append(new)
            continue
        blank, rest = split_blank(new.leading_lines)
        lines = [
            *rest,
            *inner_comments(new, inner_asks[pos.start.line, pos.start.column]),
        ]
        trailing = trailing_comment(new)
        if trailing is not None:
            lines.append(cst.EmptyLine(comment=trailing))
        carried = (blank if carried is None else carried) + lines
    if len(body) == len(updated_node.body):
        return updated_node
    footer = list(updated_node.footer)
    comments = [e for e in carried or [] if e.comment is not None]
    if not body:
        body = [cst.parse_statement("pass\n").with_changes(leading_lines=comments)]
    else:
        footer = [*comments, *footer]
    return updated_node.with_changes(body=body, footer=footer)
