"""Relative links in docs/ resolve both where the pages are read: in the repository
(GitHub shows docs/*.md as files, so a link must name a file or folder that exists
relative to docs/) and on the mkdocs site (docs_hooks/rules.py points the rule links
at the generated pages)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DOCS = REPO / "docs"
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")


def _hook():
    spec = importlib.util.spec_from_file_location("docs_rules_hook", REPO / "docs_hooks" / "rules.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _relative_links(text: str) -> list[str]:
    targets = [m[1].split("#", 1)[0] for m in LINK.finditer(text)]
    return [t for t in targets if t and not re.match(r"[a-z]+:", t)]


def test_every_relative_link_in_docs_exists_in_the_repository():
    dead = [
        f"{page.name}: {target}"
        for page in sorted(DOCS.glob("*.md"))
        for target in _relative_links(page.read_text(encoding="utf-8"))
        if not (page.parent / target).exists()
    ]
    assert dead == []


def test_every_relative_link_in_docs_exists_on_the_site():
    hook = _hook()
    generated = {"rules.md", *(f"rules/{p.name}" for p in (REPO / "rules").glob("MCP*.md"))}
    dead = [
        f"{page.name}: {target}"
        for page in sorted(DOCS.glob("*.md"))
        for target in _relative_links(hook.site_links(page.read_text(encoding="utf-8")))
        if not (DOCS / target).exists() and target not in generated
    ]
    assert dead == []
