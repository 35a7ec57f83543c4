"""``sarif``: a minimal valid SARIF 2.1.0 log (OASIS SARIF v2.1.0, §3.13-§3.30).

One run; ``tool.driver`` lists the codes that occur (``id`` = code, ``name`` =
rule name); each result has ``ruleId``, ``level`` ``error``, ``message.text``
and one physical location (file URI, 1-based region with an exclusive end
column, as SARIF's default ``columnKind`` utf16CodeUnits approximates).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TextIO

from .. import __version__

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def log(results: list) -> dict[str, Any]:
    """The SARIF log object for ``results``."""
    rules: dict[str, dict[str, Any]] = {}
    items = []
    for result in results:
        for d in result.diagnostics:
            rules.setdefault(
                d.code, {"id": d.code, "name": d.name, "shortDescription": {"text": d.name}}
            )
            items.append(
                {
                    "ruleId": d.code,
                    "ruleIndex": list(rules).index(d.code),
                    "level": "error",
                    "message": {"text": d.message},
                    "locations": [
                        {
                            "physicalLocation": {
                                "artifactLocation": {"uri": Path(d.filename).resolve().as_uri()},
                                "region": {
                                    "startLine": d.location.row,
                                    "startColumn": d.location.column,
                                    "endLine": d.end_location.row,
                                    "endColumn": d.end_location.column,
                                },
                            }
                        }
                    ],
                }
            )
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "elicit-lint",
                        "version": __version__,
                        "rules": list(rules.values()),
                    }
                },
                "results": items,
            }
        ],
    }


def write(results: list, stream: TextIO) -> None:
    """Write the SARIF log as indented JSON."""
    json.dump(log(results), stream, indent=2)
    stream.write("\n")
