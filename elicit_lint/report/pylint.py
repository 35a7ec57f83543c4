"""``pylint``: ``path:row: [CODE] message``, one line per finding, as ruff 0.17.6
writes it (the path relative to the current directory, absolute outside it; no
column, no help)."""

from __future__ import annotations

from typing import TextIO

from .github import shown_path


def write(results: list, stream: TextIO) -> None:
    """Write one line per diagnostic."""
    for result in results:
        for d in result.diagnostics:
            path = shown_path(d.filename) if d.filename != "-" else "-"
            stream.write(f"{path}:{d.location.row}: [{d.code}] {d.message}\n")
