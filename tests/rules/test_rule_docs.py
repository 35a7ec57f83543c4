"""rules/MCPxxx.md and the docs site's rule pages are generated from the docstrings and must not drift."""

from __future__ import annotations

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


def test_site_rule_pages_are_generated_from_the_rule_sources():
    """The docs site's Rules pages come from docs_hooks/rules.py, rendered from the rules themselves."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("docs_hook_rules", ROOT / "docs_hooks" / "rules.py")
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    pages = hook.rule_pages()
    assert set(pages) == {"rules.md"} | {f"rules/{rule.code}.md" for rule in ALL_RULES}
    for rule in ALL_RULES:
        assert pages[f"rules/{rule.code}.md"] == docs.render(rule)
    assert docs.readme_table() in pages["rules.md"]
    assert not (ROOT / "docs" / "rules").exists()  # nothing hand-copied into docs/
