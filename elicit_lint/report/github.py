"""``github``: GitHub Actions workflow commands, one ``::error`` line per diagnostic.

``::error title=elicit-lint (MCP001),file=PATH,line=R,col=C,endLine=R2,endColumn=C2::MESSAGE``

Escaping follows the Actions runner (``CommandExtensions``/``ActionCommand``):
in the message (data) ``%`` -> ``%25``, CR -> ``%0D``, LF -> ``%0A``; in property
values additionally ``:`` -> ``%3A`` and ``,`` -> ``%2C``. ``file`` is relative to
the current directory (the workspace root in a workflow) when the file is under
it, else absolute.
"""

from __future__ import annotations

import os
from typing import TextIO


def escape_data(text: str) -> str:
    """Escape a workflow command's message."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """Escape a workflow command's property value."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _path(filename: str) -> str:
    absolute = os.path.abspath(filename)
    rel = os.path.relpath(absolute)
    return absolute if rel.startswith("..") else rel


def line(d) -> str:
    """The workflow command for one diagnostic."""
    props = {
        "title": f"elicit-lint ({d.code})",
        "file": _path(d.filename),
        "line": str(d.location.row),
        "col": str(d.location.column),
        "endLine": str(d.end_location.row),
        "endColumn": str(d.end_location.column),
    }
    joined = ",".join(f"{k}={escape_property(v)}" for k, v in props.items())
    return f"::error {joined}::{escape_data(d.message)}"


def write(results: list, stream: TextIO) -> None:
    """Write one ``::error`` command per diagnostic."""
    for result in results:
        stream.writelines(line(d) + "\n" for d in result.diagnostics)
