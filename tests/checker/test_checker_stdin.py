"""``check -`` / ``--stdin-filename`` read stdin (as ruff does), ``check ''`` is a
usage error, and a run that finds no Python file warns (ruff's warning, exit 0)."""

from __future__ import annotations

import io
import sys

import pytest

from .checker_helpers import ELICIT_FILE

NO_TYPE = ELICIT_FILE.replace(", response_type=str", "")  # fake rules: MCP001 + MCP002 (unsafe fix)


@pytest.fixture
def stdin(monkeypatch):
    def feed(text: str) -> None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))

    return feed


def test_dash_reads_stdin(tmp_path, run_cli, fake_rules, stdin):
    stdin(ELICIT_FILE)
    rc, out, err = run_cli(["check", "-"], tmp_path)
    assert rc == 1 and out.startswith("-:8:20: MCP001 ")
    assert "io-error" not in out and err.strip() == "Found 1 error."


@pytest.mark.parametrize("paths", [["-"], []])
def test_stdin_filename_names_it_and_picks_its_configuration(tmp_path, run_cli, fake_rules, stdin, paths):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "pyproject.toml").write_text('[tool.elicit-lint]\nignore = ["MCP001"]\n')
    stdin(NO_TYPE)
    rc, out, _ = run_cli(["check", "--stdin-filename", "pkg/x.py", *paths], tmp_path)
    assert rc == 1 and [line.split(" ")[:2] for line in out.splitlines()] == [["pkg/x.py:8:20:", "MCP002"]]


def test_stdin_without_elicitation_passes(tmp_path, run_cli, fake_rules, stdin):
    stdin("x = 1\n")
    assert run_cli(["check", "-"], tmp_path) == (0, "", "All checks passed!\n")


def test_stdin_force_exclude_applies_to_its_name(tmp_path, run_cli, fake_rules, stdin):
    stdin(ELICIT_FILE)
    rc, out, _ = run_cli(
        ["check", "--force-exclude", "--extend-exclude", "gen", "--stdin-filename", "gen/x.py", "-"], tmp_path
    )
    assert (rc, out) == (0, "")


def test_stdin_fix_prints_the_fixed_source_and_findings_on_stderr(tmp_path, run_cli, fake_rules, stdin):
    stdin(NO_TYPE)
    rc, out, err = run_cli(["check", "--fix", "--unsafe-fixes", "-"], tmp_path)
    assert out == NO_TYPE.replace('"Name?")', '"Name?"), response_type=bool')  # the fake fix's edit
    assert rc == 1 and err.startswith("-:8:")  # what remains, on stderr (the fake fix breaks the call)
    assert "Found 2 errors (1 fixed, 1 remaining)." in err
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_dash_among_other_paths_is_a_file_name(tmp_path, run_cli, fake_rules):
    (tmp_path / "a.py").write_text("x = 1\n")
    rc, out, _ = run_cli(["check", "-", "a.py"], tmp_path)  # as ruff: "Failed to lint -"
    assert rc == 1 and out.startswith("-:1:1: io-error")


def test_empty_path_is_a_usage_error(tmp_path, run_cli, capsys):
    with pytest.raises(SystemExit) as info:
        run_cli(["check", ""], tmp_path)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "empty path" in err and "Is a directory" not in err


def test_no_python_files_is_a_warning(tmp_path, run_cli, fake_rules):
    (tmp_path / "empty").mkdir()
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "readme.txt").write_text("text\n")
    for path in ("empty", "docs"):
        rc, out, err = run_cli(["check", path], tmp_path)
        assert (rc, out) == (0, "")
        assert err.splitlines() == [
            "elicit-lint: warning: No Python files found under the given path(s)",
            "All checks passed!",
        ]
    (tmp_path / "docs" / "a.py").write_text("x = 1\n")
    assert run_cli(["check", "docs"], tmp_path) == (0, "", "All checks passed!\n")


def test_stdin_json_filename_is_dash_or_the_given_name(tmp_path, run_cli, fake_rules, stdin):
    import json

    stdin(ELICIT_FILE)
    _, out, _ = run_cli(["check", "--output-format", "json", "-"], tmp_path)
    assert json.loads(out)[0]["filename"] == "-"  # as ruff 0.17.6
    stdin(ELICIT_FILE)
    _, out, _ = run_cli(["check", "--output-format", "json", "--stdin-filename", "q/x.py"], tmp_path)
    assert json.loads(out)[0]["filename"] == str(tmp_path / "q" / "x.py")
