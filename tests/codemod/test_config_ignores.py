"""Issue 11: a file whose configuration turns MCP001 off (``ignore``, ``select``,
``per-file-ignores``) is left as it is by ``elicit-migrate``, as ``elicit-lint check``
reports nothing there and ruff's ``--fix`` fixes no ignored rule; each site is skipped
with a reason naming the setting and the configuration file. ``--config`` and
``--isolated`` apply as they do to ``elicit-lint check``."""

from __future__ import annotations

import re

import pytest

from elicit_lint.analysis.locate import config_ignored
from elicit_lint.checker.cli import main as check
from elicit_lint.codemod.cli import main

from ..doc_sections import section
from .project import AFTER, BEFORE, json_report, put

PER_FILE = '[tool.elicit-lint]\nper-file-ignores = { "legacy/*.py" = ["MCP001"] }\n'


def test_per_file_ignores_leave_the_file_and_name_the_setting(project, capsys):
    (project / "pyproject.toml").write_text(PER_FILE)
    old = put(project / "legacy" / "old.py")
    kept = put(project / "tool.py")
    assert main(["--report", "json", "."]) == 0
    report = json_report(capsys)
    assert report["files_rewritten"] == ["tool.py"]
    reason = config_ignored(
        'per-file-ignores "legacy/*.py"', str(project / "pyproject.toml")
    )
    assert list(report["sites_skipped"]) == [reason]
    assert all(s.startswith("legacy/old.py:") for s in report["sites_skipped"][reason])
    assert old.read_bytes() == BEFORE and kept.read_bytes() == AFTER


def test_extend_per_file_ignores_leave_the_file_and_name_the_setting(project, capsys):
    (project / "pyproject.toml").write_text(PER_FILE.replace("per-file-ignores", "extend-per-file-ignores"))
    old = put(project / "legacy" / "old.py")
    assert main(["--report", "json", "."]) == 0
    reason = config_ignored('extend-per-file-ignores "legacy/*.py"', str(project / "pyproject.toml"))
    assert list(json_report(capsys)["sites_skipped"]) == [reason]
    assert old.read_bytes() == BEFORE


def test_checker_and_codemod_agree_on_the_ignored_file(project, capsys):
    """The sites check reports without the setting are the ones the codemod skips with it."""
    old = put(project / "legacy" / "old.py")
    assert (
        check(
            [
                "check",
                "--no-cache",
                "--select",
                "MCP001",
                "--output-format",
                "concise",
                "legacy/old.py",
            ]
        )
        == 1
    )
    rows = sorted(
        {int(r) for r in re.findall(r"legacy/old\.py:(\d+):", capsys.readouterr().out)}
    )
    assert rows
    (project / "pyproject.toml").write_text(PER_FILE)
    assert (
        check(["check", "--no-cache", "--output-format", "concise", "legacy/old.py"])
        == 0
    )
    capsys.readouterr()
    assert main(["--check", "--report", "json", "legacy/old.py"]) == 0
    [(reason, where)] = json_report(capsys)["sites_skipped"].items()
    assert reason.startswith("MCP001 is turned off for this file by `per-file-ignores")
    assert sorted(int(w.rsplit(":", 1)[1]) for w in where) == rows
    assert old.read_bytes() == BEFORE


@pytest.mark.parametrize(
    ("table", "setting"),
    [
        ('ignore = ["MCP001"]', "ignore"),
        ('ignore = ["MCP0"]', "ignore"),
        ('select = ["MCP002"]', "select"),
    ],
)
def test_ignore_and_select_turn_it_off_everywhere(project, capsys, table, setting):
    (project / "pyproject.toml").write_text(f"[tool.elicit-lint]\n{table}\n")
    path = put(project / "tool.py")
    assert main(["--diff", "--report", "json", "."]) == 0
    report = json_report(capsys)
    assert report["files_would_rewrite"] == [] and report["diffs"] == {}
    assert list(report["sites_skipped"]) == [
        config_ignored(setting, str(project / "pyproject.toml"))
    ]
    assert path.read_bytes() == BEFORE


def test_ignoring_another_rule_changes_nothing(project, capsys):
    (project / "pyproject.toml").write_text(
        '[tool.elicit-lint]\nignore = ["MCP016"]\n'
        'per-file-ignores = { "*.py" = ["MCP002"] }\n'
    )
    path = put(project / "tool.py")
    assert main(["."]) == 0
    assert path.read_bytes() == AFTER


def test_isolated_reads_no_configuration(project, capsys):
    (project / "pyproject.toml").write_text(PER_FILE)
    old = put(project / "legacy" / "old.py")
    assert main(["--isolated", "."]) == 0
    assert old.read_bytes() == AFTER


def test_isolated_with_config_is_a_usage_error(project, capsys):
    (project / "pyproject.toml").write_text(PER_FILE)
    assert main(["--isolated", "--config", "pyproject.toml", "."]) == 2
    assert "cannot be used with `--isolated`" in capsys.readouterr().err


def test_config_flag_settings_apply(project, capsys):
    (project / "other.toml").write_text('ignore = ["MCP001"]\n')
    path = put(project / "tool.py")
    assert main(["--config", "other.toml", "--report", "json", "."]) == 0
    assert list(json_report(capsys)["sites_skipped"]) == [
        config_ignored("ignore", str(project / "other.toml"))
    ]
    assert path.read_bytes() == BEFORE


def test_docs_list_the_reason():
    text = " ".join(section("codemod").split())
    assert (
        config_ignored("ignore", "F").split(" (")[0].replace("`ignore`", "`S`") in text
    )


def test_a_setting_inherited_through_extend_leaves_the_file_and_names_both_files(project, capsys):
    (project / "base.toml").write_text('ignore = ["MCP001"]\n')
    (project / "pyproject.toml").write_text('[tool.elicit-lint]\nextend = "base.toml"\n')
    old = put(project / "tool.py")
    assert main(["--report", "json", "."]) == 0
    report = json_report(capsys)
    source = f"{project / 'pyproject.toml'}, which extends {(project / 'base.toml').resolve()}"
    assert list(report["sites_skipped"]) == [config_ignored("ignore", source)]
    assert old.read_bytes() == BEFORE
