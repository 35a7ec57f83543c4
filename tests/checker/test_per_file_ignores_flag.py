"""``--per-file-ignores 'a/*:MCP001,MCP002'`` (flake8's spelling) stays a usage error,
as in ruff 0.17.6, and the message says ruff's form: one ``PATTERN:CODE`` per pair."""

from __future__ import annotations

import subprocess

import pytest

from elicit_lint.checker.cli import main

from .test_fix_settings import RUFF


def usage_error(tmp_path, monkeypatch, capsys, value: str) -> str:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit_:
        main(["check", "--per-file-ignores", value, "."])
    assert exit_.value.code == 2
    return capsys.readouterr().err


def test_flake8s_spelling_names_ruffs_form(tmp_path, monkeypatch, capsys):
    err = usage_error(tmp_path, monkeypatch, capsys, "src/a/*:MCP001,MCP002")
    assert "invalid value 'MCP002'" in err
    assert "'src/a/*:MCP001,src/a/*:MCP002'" in err and "repeat the flag" in err


def test_the_pattern_of_the_nearest_pair_is_suggested(tmp_path, monkeypatch, capsys):
    err = usage_error(tmp_path, monkeypatch, capsys, "a/*:MCP001,b/*:MCP003,MCP004")
    assert "'b/*:MCP003,b/*:MCP004'" in err


@pytest.mark.parametrize("value", ["MCP001", "sub/*:XYZ1", "a/*:MCP001,b/*"])
def test_other_malformed_values_get_no_suggestion(tmp_path, monkeypatch, capsys, value):
    err = usage_error(tmp_path, monkeypatch, capsys, value)
    assert "expected PATTERN:CODE" in err and "repeat the flag" not in err


def test_the_suggested_form_is_accepted(tmp_path, monkeypatch, capsys):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "m.py").write_text("x = 1\n")
    monkeypatch.chdir(tmp_path)
    assert (
        main(["check", "-n", "--per-file-ignores", "a/*:MCP001,a/*:MCP002", "a"]) == 0
    )
    assert (
        main(
            [
                "check",
                "-n",
                "--per-file-ignores",
                "a/*:MCP001",
                "--per-file-ignores",
                "a/*:MCP002",
                "a",
            ]
        )
        == 0
    )


@pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")
def test_ruff_refuses_flake8s_spelling_too(tmp_path):
    (tmp_path / "m.py").write_text("import os\n")
    run = subprocess.run(
        [
            RUFF,
            "check",
            "--isolated",
            "--no-cache",
            "--per-file-ignores",
            "m.py:F401,E501",
            "m.py",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 2 and "invalid value 'E501'" in run.stderr
