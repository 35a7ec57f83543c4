"""Command line: exit codes, rule selection, usage errors, ``python -m elicit_lint``."""

from __future__ import annotations

import json

import pytest

from elicit_lint.workspace.selection import Layer, is_selector, resolve

from .checker_helpers import ELICIT_FILE, run_subprocess

CODES = ["MCP001", "MCP002", "MCP003", "MCP010", "MCP011"]


@pytest.mark.parametrize(
    "layers, expected",
    [
        ([], CODES),
        ([Layer(select=("MCP001",))], ["MCP001"]),
        ([Layer(select=("MCP00",))], ["MCP001", "MCP002", "MCP003"]),
        ([Layer(select=("ALL",), ignore=("MCP01",))], ["MCP001", "MCP002", "MCP003"]),
        ([Layer(ignore=("MCP",))], []),
        # more specific wins; equal specificity: ignore wins
        ([Layer(select=("MCP001",), ignore=("MCP",))], ["MCP001"]),
        ([Layer(select=("MCP",), ignore=("MCP001",))], ["MCP002", "MCP003", "MCP010", "MCP011"]),
        ([Layer(select=("MCP001",), ignore=("MCP001",))], []),
        ([Layer(extend_select=("MCP010",), select=("MCP001",))], ["MCP001", "MCP010"]),
        # a later layer's select replaces; its ignore applies on top of earlier layers
        ([Layer(ignore=("MCP002",)), Layer(select=("MCP00",))], ["MCP001", "MCP002", "MCP003"]),
        ([Layer(select=("MCP001",)), Layer(extend_select=("MCP002",))], ["MCP001", "MCP002"]),
        ([Layer(select=("MCP001", "MCP002")), Layer(ignore=("MCP002",))], ["MCP001"]),
    ],
)
def test_selection_follows_ruff(layers, expected):
    assert sorted(resolve(CODES, layers)) == expected


def test_selectors():
    assert all(map(is_selector, ["ALL", "MCP", "MCP0", "MCP00", "MCP001"]))
    assert not any(map(is_selector, ["E", "E501", "mcp001", "MCP0001", "all", ""]))


def test_exit_codes(tmp_path, run_cli, fake_rules):
    (tmp_path / "clean.py").write_text("x = 1\n")
    (tmp_path / "dirty.py").write_text(ELICIT_FILE)
    assert run_cli(["check", "clean.py"], tmp_path)[0] == 0
    assert run_cli(["check", "dirty.py"], tmp_path)[0] == 1
    assert run_cli(["check", "--exit-zero", "dirty.py"], tmp_path)[0] == 0
    assert run_cli(["check", "--ignore", "MCP001", "dirty.py"], tmp_path)[0] == 0
    rc, out, err = run_cli(["check", "--select", "MCP002", "dirty.py"], tmp_path)
    assert (rc, out) == (0, "")


def test_default_path_is_the_current_directory(tmp_path, run_cli, fake_rules):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "dirty.py").write_text(ELICIT_FILE)
    rc, out, _ = run_cli(["check"], tmp_path)
    assert rc == 1 and out.startswith("pkg/dirty.py:8:20: MCP001 ")


@pytest.mark.parametrize(
    "args",
    [
        ["check", "--select", "E501"],
        ["check", "--ignore", "mcp"],
        ["check", "--output-format", "rdjson"],
        ["check", "--max-rounds", "0"],
        ["check", "--no-such-flag"],
        ["frobnicate"],
        [],
    ],
)
def test_usage_errors_exit_2(tmp_path, args, capsys):
    from elicit_lint.checker.cli import main

    with pytest.raises(SystemExit) as info:
        code = main(args)
        raise SystemExit(code)
    assert info.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


def test_internal_error_in_a_rule_is_exit_2_without_traceback(tmp_path, run_cli, monkeypatch):
    import elicit_lint.checker.linter

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(elicit_lint.checker.linter, "analyse", broken)
    (tmp_path / "a.py").write_text(ELICIT_FILE)
    rc, out, err = run_cli(["check", "a.py"], tmp_path)
    assert rc == 2 and "internal error while checking a.py: RuntimeError: boom" in err
    assert "Traceback" not in err
    rc, _, _ = run_cli(["check", "--exit-zero", "a.py"], tmp_path)
    assert rc == 2


def test_python_dash_m_and_version(tmp_path):
    proc = run_subprocess(["--version"], tmp_path)
    assert proc.returncode == 0 and proc.stdout.startswith("elicit-lint ")
    (tmp_path / "clean.py").write_text("x = 1\n")
    proc = run_subprocess(["check", "clean.py"], tmp_path)
    assert proc.returncode == 0 and proc.stderr.strip() == "All checks passed!"


def test_exception_in_the_rules_is_an_internal_error_diagnostic(tmp_path, run_cli, monkeypatch):
    import elicit_lint.checker.linter

    from .checker_helpers import fake_analyse

    def flaky(tree, source, filename, *args, **kwargs):
        if filename.endswith("bad.py"):
            raise RecursionError("maximum recursion depth exceeded")
        return fake_analyse(tree, source, filename, *args, **kwargs)

    monkeypatch.setattr(elicit_lint.checker.linter, "analyse", flaky)
    (tmp_path / "bad.py").write_text(ELICIT_FILE)
    (tmp_path / "good.py").write_text(ELICIT_FILE)
    rc, out, err = run_cli(["check", "--output-format", "json", "."], tmp_path)
    assert rc == 2  # like ruff after a panic: the report is complete, the exit is 2
    items = json.loads(out)
    codes = {(i["filename"].rsplit("/", 1)[-1], i["code"]) for i in items}
    assert ("good.py", "MCP001") in codes and ("bad.py", "internal-error") in codes
    [crash] = [i for i in items if i["code"] == "internal-error"]
    assert "bad.py" in crash["message"] and "RecursionError" in crash["message"]
    assert "internal error while checking bad.py" in err and "Traceback" not in err
