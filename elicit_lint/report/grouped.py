"""``grouped``: ruff's grouped output, the findings under their file's name.

As ruff 0.17.6 writes it (checked with ``ruff check --output-format grouped``)::

    app/server.py:
       1:1  MCP001 message
      12:10 MCP009 [*] message

    other.py:
      3:5 invalid-syntax: message

The file's name on its own line with a colon; each finding indented two spaces,
its row right-aligned and its column left-aligned to the widest of that file; a
blank line after each file. ``[*]`` marks a finding ``--fix`` would fix (ruff's).
"""

from __future__ import annotations

from collections.abc import Callable

TYPE_CHECKING = False  # ``typing`` is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import TextIO

from . import is_rule_code


def write(results: list, stream: TextIO, fixable: Callable[..., bool] | None = None) -> None:
    """Write each file's findings as a group (module docstring); ``fixable(d)``
    true: the ``[*]`` mark."""
    for result in results:
        if not result.diagnostics:
            continue
        rows = [str(d.location.row) for d in result.diagnostics]
        columns = [str(d.location.column) for d in result.diagnostics]
        row_width, column_width = max(map(len, rows)), max(map(len, columns))
        lines = [f"{result.filename}:\n"]
        for d, row, column in zip(result.diagnostics, rows, columns):
            marked = fixable is not None and fixable(d)
            sep = (" [*] " if marked else " ") if is_rule_code(d.code) else ": "
            lines.append(f"  {row.rjust(row_width)}:{column.ljust(column_width)} {d.code}{sep}{d.message}\n")
        lines.append("\n")
        stream.writelines(lines)
