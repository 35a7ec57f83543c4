"""Code comments cite docs/architecture.md (a section that exists) or nothing:
never the design file that is not in the repository."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARCHITECTURE = ROOT / "docs" / "architecture.md"
CITE = re.compile(r'docs/architecture\.md\s+"([^"]+)"')


def _sources() -> list[Path]:
    files = [ROOT / "README.md"]
    for folder in ("elicit_lint", "tests", "benchmarks"):
        files.extend(p for p in sorted((ROOT / folder).rglob("*.py")) if p != Path(__file__))
    return files


def test_no_citation_of_the_design_file():
    offenders = [str(p.relative_to(ROOT)) for p in _sources() if "DESIGN" in p.read_text(encoding="utf-8")]
    assert offenders == []


def test_every_cited_section_exists():
    headings = set(re.findall(r"(?m)^#+ (.+)$", ARCHITECTURE.read_text(encoding="utf-8")))
    cited = {
        (str(p.relative_to(ROOT)), section)
        for p in _sources()
        for section in CITE.findall(p.read_text(encoding="utf-8"))
    }
    assert cited, "no file cites docs/architecture.md by section"
    assert [c for c in cited if c[1] not in headings] == []
