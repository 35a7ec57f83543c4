"""``benchmarks/migrate_coverage.py``: its figures are the codemod's own summary
and the checker's own verdicts, read back from the two tools' JSON (run here
on ``fixtures/public_shapes`` and on trees built in the test)."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"
SHAPES = ROOT / "fixtures" / "public_shapes"


@pytest.fixture
def coverage(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCHMARKS))  # as ``python benchmarks/x.py`` has it
    yield importlib.import_module("migrate_coverage")
    sys.modules.pop("migrate_coverage", None)


def _codemod_summary(*paths: str) -> dict:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "elicit_lint.codemod.cli",
            "--check",
            "--report",
            "json",
            *paths,
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    return json.loads(proc.stdout)


def test_counts_are_the_codemods_summary_on_public_shapes(coverage):
    summary = _codemod_summary(str(SHAPES))
    cov = coverage.measure([str(SHAPES)])
    assert cov.rewritten == summary["sites_would_rewrite"]
    assert {r: sorted(rows) for r, rows in cov.skipped.items()} == {
        r: sorted(rows) for r, rows in summary["sites_skipped"].items()
    }
    assert cov.sites == summary["sites_would_rewrite"] + sum(
        len(v) for v in summary["sites_skipped"].values()
    )
    assert cov.failed == summary["failed"] == {}
    # every codemod site has a checker verdict on the same row, and they agree
    assert cov.checker_sites == cov.sites
    assert cov.disagreements == []
    assert cov.checker_errors == []


def test_render_and_json_show_every_reason(coverage, capsys):
    cov = coverage.measure([str(SHAPES)], render=False)
    table = coverage.render_table(cov)
    assert f"sites: {cov.sites}" in table and f"rewritten: {cov.rewritten}" in table
    for reason, rows in cov.skipped.items():
        assert f"| {len(rows)} | {reason} |" in table
    assert coverage.main(["--json", "--check", str(SHAPES)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["sites"] == cov.sites and doc["rewritten"] == cov.rewritten
    assert doc["skipped"] == {reason: len(rows) for reason, rows in cov.skipped.items()}


def test_a_skip_the_checker_does_not_share_is_a_disagreement(
    coverage, tmp_path, monkeypatch
):
    """A codemod skip on a row where the checker says "can rewrite" is reported."""
    (tmp_path / "server.py").write_text(
        "from fastmcp import Context, FastMCP\n\nmcp = FastMCP('s')\n\n\n"
        "@mcp.tool\nasync def ask(ctx: Context) -> str:\n"
        "    r = await ctx.elicit('Name?', response_type=str)\n"
        "    return r.data if r.action == 'accept' else 'none'\n",
        encoding="utf-8",
    )
    cov = coverage.measure([str(tmp_path)], render=False)
    assert (cov.sites, cov.rewritten, cov.disagreements) == (1, 1, [])
    real_run = coverage._run

    def codemod_skips_it(module, args):
        if module.endswith("codemod.cli"):
            skipped = {"a made-up reason": [f"{tmp_path / 'server.py'}:8"]}
            return 1, json.dumps(
                {"sites_would_rewrite": 0, "sites_skipped": skipped, "failed": {}}
            )
        return real_run(module, args)

    monkeypatch.setattr(coverage, "_run", codemod_skips_it)
    cov = coverage.measure([str(tmp_path)], render=False)
    assert cov.disagreements == [
        f"{tmp_path / 'server.py'}:8: checker says can rewrite; codemod skips: a made-up reason"
    ]


def test_a_tool_that_cannot_run_stops_the_script(coverage, tmp_path):
    missing = tmp_path / "config.toml"
    missing.write_text("this is = = not toml\n", encoding="utf-8")
    with pytest.raises(coverage.ToolFailed):
        coverage._run(
            "elicit_lint.codemod.cli", ["--config", str(missing), str(tmp_path)]
        )
    with pytest.raises(coverage.ToolFailed, match="No module named"):
        coverage._run("no_such_module_for_coverage", [])


def test_a_file_that_does_not_parse_is_a_checker_error_not_a_handshake_call(coverage, tmp_path):
    """The checker reports an unparsable file as ``invalid-syntax``: the figures list it
    with the checker errors and the codemod's failed files, never as a handshake call."""
    (tmp_path / "broken.py").write_text(
        "from fastmcp import Context\n\n\nasync def ask(ctx: Context:\n"
        "    return await ctx.elicit('Name?', response_type=str)\n",
        encoding="utf-8",
    )
    cov = coverage.measure([str(tmp_path)], render=False)
    assert cov.other_calls == 0 and cov.checker_sites == 0
    assert len(cov.checker_errors) == 1 and ": invalid-syntax: " in cov.checker_errors[0]
    assert list(cov.failed) == [str(tmp_path / "broken.py")]
    # its ask is counted apart (corpus13: "sites" was below the real ask count)
    assert cov.unseen_asks == 1 and "(1 `.elicit(` unseen)" in cov.checker_errors[0]
    assert "could not read (not counted in sites): 1" in coverage.render_table(cov)
