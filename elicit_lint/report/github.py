"""``github``: GitHub Actions workflow commands, one ``::error`` line per diagnostic.

As ruff 0.17 writes them (checked by running ``ruff check --output-format github``
from the project and from a subdirectory)::

    ::error title=elicit-lint (MCP001),file=/abs/path/server.py,line=R,col=C,endLine=R2,endColumn=C2::server.py:R:C: MCP001 message%0A  help: ...

``file`` is the absolute path (the runner maps it into the workspace, so an
annotation lands on the right file whatever directory the check ran from); the
message repeats ``path:row:col: CODE message`` with the path relative to the
current directory (absolute when the file is outside it), then the finding's
help (or its fix title) on a second line indented by two spaces, as ruff adds
its fix title.

Escaping follows the Actions runner (``CommandExtensions``/``ActionCommand``):
in the message (data) ``%`` -> ``%25``, CR -> ``%0D``, LF -> ``%0A``; in property
values additionally ``:`` -> ``%3A`` and ``,`` -> ``%2C``.
"""

from __future__ import annotations

import os
from typing import TextIO

from . import headline


def escape_data(text: str) -> str:
    """Escape a workflow command's message."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """Escape a workflow command's property value."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def shown_path(filename: str) -> str:
    """``filename`` relative to the current directory, or absolute when outside it
    (the path ruff prints in a message)."""
    absolute = os.path.abspath(filename)
    rel = os.path.relpath(absolute)
    return absolute if rel.startswith("..") else rel


def line(d) -> str:
    """The workflow command for one diagnostic."""
    props = {
        "title": f"elicit-lint ({d.code})",
        "file": d.filename if d.filename == "-" else os.path.abspath(d.filename),
        "line": str(d.location.row),
        "col": str(d.location.column),
        "endLine": str(d.end_location.row),
        "endColumn": str(d.end_location.column),
    }
    joined = ",".join(f"{k}={escape_property(v)}" for k, v in props.items())
    message = headline(d, shown_path(d.filename) if d.filename != "-" else "-")
    help_text = d.help or (d.fix.message if d.fix is not None else None)
    if help_text:
        message += f"\n  help: {help_text}"
    return f"::error {joined}::{escape_data(message)}"


def write(results: list, stream: TextIO) -> None:
    """Write one ``::error`` command per diagnostic."""
    for result in results:
        stream.writelines(line(d) + "\n" for d in result.diagnostics)
