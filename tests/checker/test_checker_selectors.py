"""Selectors that select no implemented rule are usage errors (ruff: "Unknown rule
selector", exit 2), on the command line and in the configuration; known ones pass."""

from __future__ import annotations

import pytest

from .checker_helpers import ELICIT_FILE

# selectors that select no implemented rule (ruff: "Unknown rule selector", exit 2)


@pytest.mark.parametrize(
    "args, key",
    [
        (["--select", "MCP999"], "select"),
        (["--select", "MCP099"], "select"),  # no rule has this code
        (["--ignore", "MCP999"], "ignore"),
        (["--extend-select", "MCP9"], "extend-select"),
        (["--select", ""], "select"),  # ruff: Unknown rule selector ``
        (["--select", "MCP001,"], "select"),
    ],
)
def test_unknown_selector_on_the_command_line(tmp_path, run_cli, args, key):
    (tmp_path / "a.py").write_text("x = 1\n")
    rc, out, err = run_cli(["check", *args, "a.py"], tmp_path)
    assert rc == 2 and out == ""
    assert "unknown rule selector" in err and f"in `{key}` from the command line" in err


@pytest.mark.parametrize("args", [["--select", "ALL"], ["--select", "MCP00"], ["--ignore", "MCP001"]])
def test_known_selectors_pass(tmp_path, run_cli, args):
    (tmp_path / "a.py").write_text("x = 1\n")
    assert run_cli(["check", *args, "a.py"], tmp_path)[0] == 0


def test_unknown_selector_is_computed_from_the_implemented_rules(monkeypatch):
    from elicit_lint.workspace.selection import unknown_selectors

    codes = ("MCP001", "MCP002", "MCP019")
    assert unknown_selectors(["MCP01", "MCP019", "ALL", "MCP"], codes) == []
    assert unknown_selectors(["MCP011", "MCP003", ""], codes) == ["MCP011", "MCP003", ""]


@pytest.mark.parametrize(
    "body, key",
    [
        ('select = ["MCP999"]', "select"),
        ('ignore = ["MCP099"]', "ignore"),
        ('per-file-ignores = {"a.py" = ["MCP998"]}', "per-file-ignores"),
    ],
)
def test_unknown_selector_in_the_configuration(tmp_path, run_cli, body, key):
    (tmp_path / "pyproject.toml").write_text(f"[tool.elicit-lint]\n{body}\n")
    (tmp_path / "a.py").write_text("x = 1\n")
    rc, _, err = run_cli(["check", "--no-cache", "a.py"], tmp_path)
    assert rc == 2 and "unknown rule selector" in err
    assert f"in `{key}` from {tmp_path / 'pyproject.toml'}" in err


def test_empty_select_in_the_configuration_selects_nothing(tmp_path, run_cli):
    # ruff: `select = []` is accepted and enables no rule
    (tmp_path / "pyproject.toml").write_text("[tool.elicit-lint]\nselect = []\n")
    (tmp_path / "a.py").write_text(ELICIT_FILE)
    rc, out, err = run_cli(["check", "--no-cache", "a.py"], tmp_path)
    assert (rc, out) == (0, "") and "All checks passed!" in err
