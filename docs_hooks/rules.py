"""mkdocs hook: the Rules pages, generated at build time from the rule sources.

``rules/<CODE>.md`` is :func:`elicit_lint.rules.docs.render` of each rule (the
same text as the repository's ``rules/`` pages and ``elicit-lint rule``), and
``rules.md`` is the rule table of :func:`elicit_lint.rules.docs.readme_table`;
none of them is a file under ``docs/``, so nothing is copied by hand. The nav's
``Rules`` entry gets one line per rule. Pages other engineers own
(``architecture.md``, ``ruff.md``) get a generated stand-in only while they
are missing, so the strict build passes before they land.
"""

from __future__ import annotations

import logging
import re

from mkdocs.structure.files import File, Files

log = logging.getLogger("mkdocs.hooks.rules")

INDEX = """# Rules

Every rule has a page: what it finds, why it matters, an example and the fix.
The pages are generated from each rule's docstring, and the example and the fix
shown are the rule's first invalid and valid test cases, so every page's code is
run by the tests (`python -m elicit_lint.rules.docs --write` writes the same
pages into the repository's `rules/`). Select and ignore rules by code or prefix
([Configuration](configuration.md)); how to add a rule:
[Architecture](architecture.md).

"""

OWNED_ELSEWHERE = {
    "architecture.md": "# Architecture\n\nThis page is being written (docs/architecture.md).\n",
    "ruff.md": "# Coming from ruff\n\nThis page is being written (docs/ruff.md).\n",
}


def rule_pages() -> dict[str, str]:
    """``{docs path: Markdown}`` of the generated pages: ``rules.md`` and ``rules/<CODE>.md``."""
    from elicit_lint.rules import docs

    pages = {"rules.md": INDEX + docs.readme_table() + "\n"}
    pages.update({f"rules/{name}": text for name, text in docs.expected_pages().items()})
    return pages


def on_config(config):
    """Put one nav line per rule under the nav's ``Rules`` entry."""
    from elicit_lint.rules import ALL_RULES

    for i, item in enumerate(config.nav or []):
        if isinstance(item, dict) and "Rules" in item:
            config.nav[i] = {
                "Rules": ["rules.md", *({r.code: f"rules/{r.code}.md"} for r in ALL_RULES)]
            }
    return config


#: A page under docs/ links the rules as the repository holds them (the top-level
#: ``rules/`` folder, so the link works when docs/ is read on GitHub); on the site
#: the same links go to the generated pages.
REPO_RULE_LINK = re.compile(r"\]\(\.\./rules/(MCP\d{3}\.md)?(#[^)]*)?\)")


def site_links(markdown: str) -> str:
    """``](../rules/MCPnnn.md)`` -> ``](rules/MCPnnn.md)`` and ``](../rules/)`` -> ``](rules.md)``."""
    return REPO_RULE_LINK.sub(
        lambda m: f"](rules/{m[1]}{m[2] or ''})" if m[1] else f"](rules.md{m[2] or ''})", markdown
    )


def on_page_markdown(markdown: str, page, config, files) -> str:
    """Point the repository's rule links at the generated pages (see ``REPO_RULE_LINK``)."""
    return site_links(markdown)


def on_files(files: Files, config) -> Files:
    """Add the generated rule pages (and stand-ins for missing pages owned elsewhere)."""
    for path, text in rule_pages().items():
        files.append(File.generated(config, path, content=text))
    for path, text in OWNED_ELSEWHERE.items():
        if files.get_file_from_path(path) is None:
            log.info("docs/%s is missing: a generated stand-in takes its place", path)
            files.append(File.generated(config, path, content=text))
    return files
