"""``full``: the concise line, then the source line with a caret under the span.

Example::

    server.py:12:17: MCP001 `ctx.elicit(...)` raises on ...
       |
    12 |     answer = await ctx.elicit("Where to?", response_type=str)
       |                    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ MCP001
       |

Columns count characters (as the diagnostic does); tabs before the span are
repeated in the caret line so the caret lines up in a terminal. A span that
runs past its first line is underlined to the end of that line.
"""

from __future__ import annotations

from typing import TextIO

from . import headline


def caret_line(line: str, start_col: int, end_col: int | None) -> str:
    """Marker line for ``line``: padding up to 1-based ``start_col``, then ``^``s to ``end_col``
    (exclusive; ``None`` = end of line). Always at least one ``^``."""
    start = max(start_col - 1, 0)
    pad = "".join("\t" if ch == "\t" else " " for ch in line[:start])
    pad += " " * (start - len(line[:start]))
    end = len(line) if end_col is None else end_col - 1
    return pad + "^" * max(end - start, 1)


def write(results: list, stream: TextIO) -> None:
    """Write each diagnostic with its source line and a caret under the span."""
    for result in results:
        lines = result.lines or []
        for d in result.diagnostics:
            stream.write(headline(d, d.filename) + "\n")
            row = d.location.row
            if not 1 <= row <= len(lines):
                stream.write("\n")
                continue
            line = lines[row - 1]
            end = d.end_location.column if d.end_location.row == row else None
            gutter = " " * len(str(row))
            stream.write(f"{gutter} |\n")
            stream.write(f"{row} | {line}\n")
            stream.write(f"{gutter} | {caret_line(line, d.location.column, end)} {d.code}\n")
            if d.fix is not None:
                stream.write(f"{gutter} = help: {d.fix.message}\n")
            stream.write(f"{gutter} |\n\n")
