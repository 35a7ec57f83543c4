"""``gitlab``: a GitLab Code Quality report (a JSON list), as ruff 0.17.6 writes it::

    [{"check_name": "MCP001", "description": "MCP001: message", "severity": "major",
      "fingerprint": "<16 hex digits>",
      "location": {"path": "app/s.py", "positions": {"begin": {"line": R, "column": C},
                                                    "end": {"line": R2, "column": C2}}}}]

``path`` is relative to ``$CI_PROJECT_DIR`` when set, else to the current
directory (ruff's rule); every ``severity`` is ``major``. ``fingerprint`` (GitLab
matches findings across pipelines by it): a hash of the code, the path, the
source line's text (blanks collapsed) and its occurrence on such lines, so a
finding keeps it when lines above move, as SARIF's ``partialFingerprints``
(``report.sarif``); ruff hashes other inputs, so the values differ from ruff's.
"""

from __future__ import annotations

import hashlib
import json
import os
from typing import TextIO


def _path(filename: str) -> str:
    if filename == "-":
        return filename
    base = os.environ.get("CI_PROJECT_DIR") or os.getcwd()
    try:
        return os.path.relpath(os.path.abspath(filename), base).replace(os.sep, "/")
    except ValueError:  # another drive
        return os.path.abspath(filename)


def write(results: list, stream: TextIO) -> None:
    """Write the report (``[]`` when there is no finding)."""
    items = []
    for result in results:
        lines = result.lines or []
        seen: dict[tuple, int] = {}
        for d in result.diagnostics:
            path = _path(d.filename)
            text = (
                lines[d.location.row - 1] if 1 <= d.location.row <= len(lines) else ""
            )
            key = (d.code, path, " ".join(text.split()))
            index = seen[key] = seen.get(key, -1) + 1
            fingerprint = hashlib.sha256(
                "\0".join((*key, str(index))).encode()
            ).hexdigest()[:16]
            items.append(
                {
                    "check_name": d.code,
                    "description": f"{d.code}: {d.message}",
                    "severity": "major",
                    "fingerprint": fingerprint,
                    "location": {
                        "path": path,
                        "positions": {
                            "begin": {
                                "line": d.location.row,
                                "column": d.location.column,
                            },
                            "end": {
                                "line": d.end_location.row,
                                "column": d.end_location.column,
                            },
                        },
                    },
                }
            )
    json.dump(items, stream, indent=2, ensure_ascii=False)
    stream.write("\n")
