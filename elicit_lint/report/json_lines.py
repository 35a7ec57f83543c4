"""``json-lines``: the objects of ``json`` (``report.json_output``), one per line,
compact, as ruff 0.17.6 writes them (``ruff check --output-format json-lines``);
nothing for no finding."""

from __future__ import annotations

import json
from typing import TextIO

from . import DEFAULT_DOCS_URL
from .json_output import to_dict


def write(
    results: list, stream: TextIO, docs_url: str | None = DEFAULT_DOCS_URL
) -> None:
    """Write one JSON object per diagnostic and line."""
    for result in results:
        stream.writelines(
            json.dumps(
                to_dict(d, docs_url),
                sort_keys=True,
                ensure_ascii=False,
                separators=(",", ":"),
            )
            + "\n"
            for d in result.diagnostics
        )
