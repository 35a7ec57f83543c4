"""Where the README and docs/ pages keep their tested text: ``<!-- section:NAME -->``
blocks, found in whichever page holds them now (README.md or docs/*.md)."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def pages() -> dict[Path, str]:
    """``{path: text}`` of README.md and every docs/ page."""
    paths = [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]
    return {p: p.read_text(encoding="utf-8") for p in paths}


def section(name: str) -> str:
    """The text of section ``name``; it must exist exactly once across the pages."""
    found = [
        m.group(1)
        for text in pages().values()
        for m in re.finditer(rf"<!-- section:{name}\b[^>]*-->\n(.*?)<!-- /section:{name} -->", text, re.S)
    ]
    assert len(found) == 1, f"section {name} found {len(found)} times in README.md and docs/"
    return found[0]


def blocks(text: str, lang: str) -> list[str]:
    """The fenced code blocks of language ``lang`` in ``text``."""
    return re.findall(rf"```{lang}\n(.*?)```", text, re.S)


def count(needle: str) -> int:
    """How often ``needle`` occurs across README.md and docs/."""
    return sum(text.count(needle) for text in pages().values())
