"""``elicit-lint rule``: ruff's layout, checked against ``ruff rule`` itself."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from tests.checker.checker_helpers import REPO, run_subprocess

from elicit_lint.rules import ALL_RULES, RULES_BY_CODE

RUFF = shutil.which("ruff")
needs_ruff = pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")


def _ruff(*args: str) -> str:
    return subprocess.run([RUFF, *args], capture_output=True, text=True, check=True).stdout


def _text_from_json(entry: dict) -> str:
    """How ``ruff rule CODE`` lays out a rule's JSON object as text."""
    fix = "" if entry["fix_availability"] == "None" else entry["fix"] + "\n\n"
    return (f"# {entry['name']} ({entry['code']})\n\nDerived from the **{entry['linter']}** linter.\n\n"
            f"{fix}{entry['explanation']}")


@needs_ruff
@pytest.mark.parametrize("ruff_code, ours", [("F401", "MCP009"), ("E501", "MCP001")])
def test_text_and_json_have_ruffs_layout(tmp_path, ruff_code, ours):
    # the layout rule is derived from ruff's own output for a rule with and without a fix
    ruff_json = json.loads(_ruff("rule", ruff_code, "--output-format", "json"))
    assert _ruff("rule", ruff_code) == _text_from_json(ruff_json)
    text = run_subprocess(["rule", ours], cwd=tmp_path)
    raw = run_subprocess(["rule", ours, "--output-format", "json"], cwd=tmp_path)
    assert text.returncode == raw.returncode == 0
    entry = json.loads(raw.stdout)
    assert text.stdout == _text_from_json(entry)
    assert (entry["fix_availability"] == "None") == (ruff_json["fix_availability"] == "None")
    # ruff's keys in ruff's order (``category`` is a ruff linter grouping we do not have)
    assert list(entry) == [k for k in ruff_json if k != "category"]
    assert raw.stdout.endswith("}") and not raw.stdout.endswith("\n")  # as ruff writes it
    assert entry["explanation"] == RULES_BY_CODE[ours].doc + "\n"


@needs_ruff
def test_all_has_ruffs_separators(tmp_path):
    ruff_all = _ruff("rule", "--all")
    ruff_entries = json.loads(_ruff("rule", "--all", "--output-format", "json"))
    # every stable ruff rule is laid out so, each followed by one blank line
    stable = [_text_from_json(e) + "\n" for e in ruff_entries if not e["preview"]]
    assert all(chunk in ruff_all for chunk in stable) and len(stable) > 500
    assert ruff_all.startswith(stable[0])
    ours = run_subprocess(["rule", "--all"], cwd=tmp_path).stdout
    entries = json.loads(run_subprocess(["rule", "--all", "--output-format", "json"], cwd=tmp_path).stdout)
    assert [e["code"] for e in entries] == [r.code for r in ALL_RULES]
    assert ours == "".join(_text_from_json(e) + "\n" for e in entries)


def test_pages_in_the_repository_say_what_the_command_prints(tmp_path):
    # the command renders from the docstrings; the shipped pages are the same text
    for rule in ALL_RULES:
        page = (REPO / "rules" / f"{rule.code}.md").read_text(encoding="utf-8")
        assert page.endswith(rule.doc + "\n")
    out = run_subprocess(["rule", "MCP021"], cwd=tmp_path).stdout
    assert out.endswith(RULES_BY_CODE["MCP021"].doc + "\n")


def test_unknown_rule_is_a_usage_error(tmp_path):
    done = run_subprocess(["rule", "MCP999"], cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert "invalid value 'MCP999'" in done.stderr
    assert run_subprocess(["rule"], cwd=tmp_path).returncode == 2
