"""``json``: a list of objects with exactly ruff's keys and meanings.

Checked against ``ruff check --output-format json`` (ruff 0.17): keys ``cell``,
``code``, ``end_location``, ``filename`` (absolute), ``fix``, ``location``,
``message``, ``name``, ``noqa_row``, ``severity``, ``url``, sorted, indented by
two spaces. Positions are ``{"row", "column"}``, 1-based; an end is exclusive.
``fix`` is ``null`` or ``{"applicability", "edits": [{"content", "end_location",
"location"}], "message"}``. ``noqa_row`` and ``url`` are ``null`` for
``invalid-syntax`` and ``io-error``, as in ruff. ``url``: the rule's page
(``report.rule_url``: ``rules/<CODE>.md`` under ``docs-url``); ``severity`` is
always ``"error"``; ``cell`` is ``null`` (no notebooks). One key ruff does not
have: ``help``, the how of the finding (``Diagnostic.help``; ``null`` when the
message says it all).
"""

from __future__ import annotations

import json
import os
from typing import Any, TextIO

from . import DEFAULT_DOCS_URL, is_rule_code, rule_url


def _loc(location) -> dict[str, int]:
    return {"column": location.column, "row": location.row}


def to_dict(d, docs_url: str | None = DEFAULT_DOCS_URL) -> dict[str, Any]:
    """One diagnostic as ruff's JSON object (plus ``help``); ``docs_url``: the base
    of rule pages (``report.docs_base``)."""
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
        "help": d.help,
        "location": _loc(d.location),
        "message": d.message,
        "name": d.name,
        "noqa_row": (d.noqa_row if d.noqa_row is not None else d.location.row) if rule else None,
        "severity": "error",
        "url": rule_url(d.code, docs_url),
    }


def write(results: list, stream: TextIO, docs_url: str | None = DEFAULT_DOCS_URL) -> None:
    """Write every diagnostic as one JSON list (``[]`` when there are none)."""
    items = [to_dict(d, docs_url) for r in results for d in r.diagnostics]
    json.dump(items, stream, indent=2, sort_keys=True, ensure_ascii=False)
    stream.write("\n")
