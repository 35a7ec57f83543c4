"""Golden before/after pairs (issue 4 "Tests"): exact output, skip reasons, idempotence."""

from __future__ import annotations

import shutil

import pytest

from elicit_lint.codemod.engine import Options, migrate_file

from .cases import MCP1_SKIPS, REWRITES, ROOT, SKIPS


def test_every_fixture_directory_is_a_known_case():
    assert {p.name for p in ROOT.iterdir() if p.is_dir()} == set(REWRITES) | set(SKIPS)


def _run(tmp_path, case: str, target: str = "elicit_lint.runtime", mcp1: bool = False):
    path = tmp_path / "case.py"
    shutil.copy(ROOT / case / "before.py", path)
    return path, migrate_file(str(path), Options(target=target, upgrade_mcp1=mcp1))


@pytest.mark.parametrize("case", sorted(REWRITES))
def test_rewrite_matches_after_and_is_idempotent(tmp_path, case):
    target = REWRITES[case].get("target", "elicit_lint.runtime")
    mcp1 = REWRITES[case].get("mcp1", False)  # `elicit-migrate --upgrade-mcp1`
    path, outcome = _run(tmp_path, case, target, mcp1)
    assert outcome.status == "rewritten", outcome
    assert [s.reason for s in outcome.skips] == REWRITES[case].get("skips", [])
    assert path.read_text() == (ROOT / case / "after.py").read_text()
    again = migrate_file(str(path), Options(target=target, upgrade_mcp1=mcp1))
    assert again.status == "unchanged" and again.rewritten == 0
    assert path.read_text() == (ROOT / case / "after.py").read_text()


@pytest.mark.parametrize("case", sorted(SKIPS))
def test_skip_leaves_file_untouched_with_reason(tmp_path, case):
    # `target_fastmcp_*`: skipped for the target without the outcome form
    target = (
        "fastmcp.elicitation"
        if case.startswith("target_fastmcp_")
        else "elicit_lint.runtime"
    )
    path, outcome = _run(tmp_path, case, target, case in MCP1_SKIPS)
    assert outcome.status == "unchanged"
    expected = SKIPS[case]
    assert [s.reason for s in outcome.skips] == (
        expected if isinstance(expected, list) else [expected]
    )
    assert path.read_bytes() == (ROOT / case / "before.py").read_bytes()
    assert (ROOT / case / "after.py").read_bytes() == (
        ROOT / case / "before.py"
    ).read_bytes()
