"""``concise`` (the default): one line per diagnostic, ``path:row:col: MCP001 message``."""

from __future__ import annotations

from typing import TextIO

from . import headline


def write(results: list, stream: TextIO) -> None:
    """Write one line per diagnostic, files in order, diagnostics by position."""
    for result in results:
        stream.writelines(headline(d, d.filename) + "\n" for d in result.diagnostics)
