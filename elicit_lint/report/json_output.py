"""``json``: a list of objects with exactly ruff's keys and meanings.

Checked against ``ruff check --output-format json`` (ruff 0.17): keys ``cell``,
``code``, ``end_location``, ``filename`` (absolute), ``fix``, ``location``,
``message``, ``name``, ``noqa_row``, ``severity``, ``url``, sorted, indented by
two spaces. Positions are ``{"row", "column"}``, 1-based; an end is exclusive.
``fix`` is ``null`` or ``{"applicability", "edits": [{"content", "end_location",
"location"}], "message"}``. ``noqa_row`` and ``url`` are ``null`` for
``invalid-syntax`` and ``io-error``, as in ruff. ``url``: the rule's page in this
repository's ``rules/`` directory has no hosted address yet, so it is ``null``
for every code (ruff's meaning, "documentation for the rule", has no value to
carry); ``severity`` is always ``"error"``; ``cell`` is ``null`` (no notebooks).
"""

from __future__ import annotations

import json
import os
from typing import Any, TextIO

from . import is_rule_code

DOCS_URL: str | None = None
"""Base address of hosted rule documentation (``{DOCS_URL}/{code}``), when one exists."""


def _loc(location) -> dict[str, int]:
    return {"column": location.column, "row": location.row}


def to_dict(d) -> dict[str, Any]:
    """One diagnostic as ruff's JSON object."""
    fix = None
    if d.fix is not None:
        fix = {
            "applicability": d.fix.applicability.value,
            "edits": [
                {
                    "content": e.content,
                    "end_location": _loc(e.end_location),
                    "location": _loc(e.location),
                }
                for e in d.fix.edits
            ],
            "message": d.fix.message,
        }
    rule = is_rule_code(d.code)
    return {
        "cell": None,
        "code": d.code,
        "end_location": _loc(d.end_location),
        # stdin without --stdin-filename stays "-", as ruff prints it
        "filename": d.filename if d.filename == "-" else os.path.abspath(d.filename),
        "fix": fix,
        "location": _loc(d.location),
        "message": d.message,
        "name": d.name,
        "noqa_row": (d.noqa_row if d.noqa_row is not None else d.location.row) if rule else None,
        "severity": "error",
        "url": f"{DOCS_URL}/{d.code}" if rule and DOCS_URL else None,
    }


def write(results: list, stream: TextIO) -> None:
    """Write every diagnostic as one JSON list (``[]`` when there are none)."""
    items = [to_dict(d) for r in results for d in r.diagnostics]
    json.dump(items, stream, indent=2, sort_keys=True, ensure_ascii=False)
    stream.write("\n")
