"""``azure``: Azure Pipelines logging commands, one per finding, as ruff 0.17.6
writes them::

    ##vso[task.logissue type=error;sourcepath=/abs/s.py;linenumber=R;columnnumber=C;code=MCP001;]message

(the absolute path; the message only, no help). A value is escaped as the
Azure Pipelines agent reads it (``%`` -> ``%AZP25``, ``;`` -> ``%3B``, CR ->
``%0D``, LF -> ``%0A``, ``]`` -> ``%5D``); ruff writes messages as they are, which
no MCP message needs (none holds those characters)."""

from __future__ import annotations

import os
from typing import TextIO


def _escape(text: str) -> str:
    return (
        text.replace("%", "%AZP25")
        .replace(";", "%3B")
        .replace("\r", "%0D")
        .replace("\n", "%0A")
        .replace("]", "%5D")
    )


def write(results: list, stream: TextIO) -> None:
    """Write one ``##vso[task.logissue ...]`` command per diagnostic."""
    for result in results:
        for d in result.diagnostics:
            path = d.filename if d.filename == "-" else os.path.abspath(d.filename)
            stream.write(
                f"##vso[task.logissue type=error;sourcepath={_escape(path)};linenumber={d.location.row};"
                f"columnnumber={d.location.column};code={d.code};]{_escape(d.message)}\n"
            )
