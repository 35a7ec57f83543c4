"""The text edits of MCP017's rename (mcp 1.x -> mcp 2; :mod:`.mcp1`), applying them,
and mapping a column of the renamed text back; the refusal the reader raises.
Standard library only.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass


@dataclass(frozen=True)
class Edit:
    """Replace ``row``'s characters ``[start, end)`` (0-based) with ``text``."""

    row: int
    start: int
    end: int
    text: str


class Refused(Exception):
    """The rename is refused; ``args[0]``: the reason, with its line; ``helper``:
    ``(context, function, row)`` when a ``Context`` is passed to a function of
    another module (:func:`.mcp1_context.elsewhere`)."""

    helper: tuple[str, str, int] | None = None


def refuse(node: ast.AST, what: str) -> Refused:
    """A :class:`Refused` naming ``what`` at ``node``'s line."""
    return Refused(f"{what} (line {getattr(node, 'lineno', '?')})")


def renamed(source: str, edits: tuple[Edit, ...]) -> str:
    """``source`` (``\\n`` line ends) with ``edits`` applied."""
    lines = source.split("\n")
    for edit in sorted(edits, key=lambda e: (e.row, -e.start)):
        line = lines[edit.row - 1]
        lines[edit.row - 1] = line[: edit.start] + edit.text + line[edit.end :]
    return "\n".join(lines)


def original_column(edits: tuple[Edit, ...], row: int, column: int) -> int:
    """The 1-based ``column`` of ``row`` in the renamed text, in the original's."""
    shift = 0
    for edit in sorted((e for e in edits if e.row == row), key=lambda e: e.start):
        if column - 1 < edit.start + shift + len(edit.text):
            break
        shift += len(edit.text) - (edit.end - edit.start)
    return column - shift


READERS = "modules of the run use this module's server other than mcp 2 keeps it as it was"
"""The head of :func:`readers_reason` (MCP017's help reads it as a whole reason)."""


def readers_reason(uses: list[str]) -> str:
    """Why a module building an mcp 1.x server gets no rename while other modules of
    the run read that server outside the allow-list (``uses``: ``"path:row: use"``,
    :mod:`.mcp1_run`; fresh16 HIGH-8)."""
    return (
        f"{READERS} ({'; '.join(uses)}): renamed, this module would change what they do "
        "(the same uses in this module refuse the rename); change them by hand, then "
        "this fix is offered"
    )
