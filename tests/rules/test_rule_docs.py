"""rules/MCPxxx.md and README's rule table are generated from the docstrings and must not drift."""

from __future__ import annotations

import re
from pathlib import Path

from elicit_lint.rules import ALL_RULES, docs

ROOT = Path(__file__).resolve().parents[2]


def test_rule_pages_match_docstrings():
    assert docs.drift(ROOT / "rules") == [], "run `python -m elicit_lint.rules.docs --write`"


def test_drift_detects_a_stale_page(tmp_path):
    docs.write(tmp_path)
    assert docs.drift(tmp_path) == []
    page = tmp_path / "MCP001.md"
    page.write_text(page.read_text() + "edited\n")
    (tmp_path / "MCP999.md").write_text("orphan")
    assert docs.drift(tmp_path) == ["MCP001.md", "MCP999.md"]


def test_page_has_title_and_sections():
    for rule in ALL_RULES:
        page = docs.render(rule)
        assert page.startswith(f"# {rule.name} ({rule.code})\n")
        assert "## Why is this bad?" in page


def test_readme_table_is_current():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"<!-- rules-table:start[^>]*-->\n(.*?)\n<!-- rules-table:end -->", readme, re.DOTALL)
    assert match, "README rules table markers missing"
    assert match.group(1) == docs.readme_table()
