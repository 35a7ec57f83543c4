"""``full``: the concise line, then the source line with a caret under the span.

Example::

    server.py:12:17: MCP001 `ctx.elicit()` raises on modern (2026-07-28) connections
       |
    12 |     answer = await ctx.elicit("Where to?", response_type=str)
       |                    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ MCP001
       = help: Declare the value as a parameter: `Annotated[T, Elicit(...)]`; ...
       |

Diagnostic columns count characters; a terminal does not. The source line is
printed with each tab expanded to four spaces (as ruff prints it), and the caret
line is measured in display columns of that printed line: a wide character
(East Asian Width ``W`` or ``F``, e.g. ``日本語``) takes two, a combining mark
none (``unicodedata.east_asian_width`` / ``unicodedata.combining``), so the
caret sits under the span on a terminal. A span that runs past its first line
is underlined to the end of that line.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import TextIO

from . import headline

TAB_WIDTH = 4
"""Spaces a tab is printed as (ruff's snippet renderer uses four)."""


def expand_tabs(line: str) -> str:
    """``line`` as printed: every tab becomes :data:`TAB_WIDTH` spaces."""
    return line.replace("\t", " " * TAB_WIDTH)


def display_width(text: str) -> int:
    """Terminal columns ``text`` takes once printed (tabs as :func:`expand_tabs`)."""
    width = 0
    for ch in text:
        if ch == "\t":
            width += TAB_WIDTH
        elif unicodedata.combining(ch):
            continue
        elif unicodedata.east_asian_width(ch) in ("W", "F"):
            width += 2
        else:
            width += 1
    return width


def caret_line(line: str, start_col: int, end_col: int | None) -> str:
    """Marker line for ``line``: padding up to 1-based ``start_col``, then ``^``s to
    ``end_col`` (exclusive; ``None`` = end of line), in display columns of the
    printed line (:func:`display_width`). Always at least one ``^``."""
    start = max(start_col - 1, 0)
    end = len(line) if end_col is None else max(end_col - 1, start)
    pad = display_width(line[:start]) + max(start - len(line), 0)
    return " " * pad + "^" * max(display_width(line[start:end]), 1)


def help_lines(d) -> list[str]:
    """The diagnostic's help (the how, :attr:`Diagnostic.help`), then its fix's
    title, each a ``= help:`` line (ruff prints the fix title there)."""
    return [text for text in (d.help, d.fix.message if d.fix else None) if text]


def write(results: list, stream: TextIO, fixable: Callable[..., bool] | None = None) -> None:
    """Write each diagnostic with its source line and a caret under the span;
    ``fixable(d)`` true: the ``[*]`` mark in its first line (as ``concise``)."""
    for result in results:
        lines = result.lines or []
        for d in result.diagnostics:
            stream.write(headline(d, d.filename, fixable is not None and fixable(d)) + "\n")
            row = d.location.row
            if not 1 <= row <= len(lines):
                stream.write("\n")
                continue
            line = lines[row - 1]
            end = d.end_location.column if d.end_location.row == row else None
            gutter = " " * len(str(row))
            stream.write(f"{gutter} |\n")
            stream.write(f"{row} | {expand_tabs(line)}\n")
            stream.write(f"{gutter} | {caret_line(line, d.location.column, end)} {d.code}\n")
            stream.writelines(f"{gutter} = help: {help_line}\n" for help_line in help_lines(d))
            stream.write(f"{gutter} |\n\n")
