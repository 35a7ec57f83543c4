"""``concise`` (the default): one line per diagnostic, ``path:row:col: MCP001 message``
(``MCP009 [*] message`` when ``--fix`` would fix it, as ruff marks it)."""

from __future__ import annotations

from collections.abc import Callable

TYPE_CHECKING = False  # ``typing`` is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import TextIO

from . import headline


def write(results: list, stream: TextIO, fixable: Callable[..., bool] | None = None) -> None:
    """Write one line per diagnostic, files in order, diagnostics by position;
    ``fixable(d)`` true: the ``[*]`` mark."""
    for result in results:
        stream.writelines(
            headline(d, d.filename, fixable is not None and fixable(d)) + "\n"
            for d in result.diagnostics
        )
