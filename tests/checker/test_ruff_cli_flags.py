"""ruff's ``check`` flags added for ruff users (``docs/ruff.md``, "ruff's flags"):
``--per-file-ignores``/``--extend-per-file-ignores`` (each case run through ruff 0.17.6
and elicit-lint on twin sources: F401/MCP019, F841/MCP009), ``--ignore-noqa``,
``--isolated``, ``-n``, ``-e``, ``--no-fix-only``, ``--[no-]force-exclude`` and
``--[no-]respect-gitignore`` with their settings."""

from __future__ import annotations

import json
import subprocess

import pytest

from elicit_lint.checker.cli import main

from .test_checker_discovery import git_init
from .test_fix_settings import RUFF, RUFF_SOURCE, SERVER

TWIN = {"F401": "MCP019", "F841": "MCP009", "a.py": "s.py", "sub/a.py": "sub/s.py"}

# (per-file-ignores setting, flags, directory run from) -> what remains, as (file, code)
CASES = [
    (
        {"./a.py": ["F401"]},
        (),
        ".",
        {("sub/a.py", "F401"), ("sub/a.py", "F841"), ("a.py", "F841")},
    ),
    (
        {"./a.py": ["F401"]},
        ("--per-file-ignores", "sub/*:F841"),
        ".",
        {("a.py", "F401"), ("a.py", "F841"), ("sub/a.py", "F401")},
    ),  # replaces the setting
    (
        {"./a.py": ["F401"]},
        ("--extend-per-file-ignores", "sub/*:F841"),
        ".",
        {("a.py", "F841"), ("sub/a.py", "F401")},
    ),
    (
        {},
        ("--per-file-ignores", "a.py:F401,sub/*:F841"),
        ".",
        {("a.py", "F841")},
    ),  # a name matches anywhere
    (
        {},
        ("--per-file-ignores", "a.py:F401", "--per-file-ignores", "./a.py:F841"),
        ".",
        {("sub/a.py", "F841")},
    ),  # repeated: the union
    (
        {},
        ("--per-file-ignores", "./a.py:F841"),
        "sub",  # anchored at the current directory
        {("a.py", "F401"), ("a.py", "F841"), ("sub/a.py", "F401")},
    ),
    (
        {"./a.py": ["F401"]},
        ("--per-file-ignores", "!sub/*:F841"),
        ".",
        {("a.py", "F401"), ("sub/a.py", "F401"), ("sub/a.py", "F841")},
    ),
]


def _twin(value: str, twin: bool) -> str:
    if not twin:
        return value
    for ruff, ours in TWIN.items():
        value = value.replace(ruff, ours)
    return value


def _tree(tmp_path, table: dict, twin: bool) -> None:
    (tmp_path / "sub").mkdir()
    for name in ("a.py", "sub/a.py"):
        (tmp_path / _twin(name, twin)).write_text(SERVER if twin else RUFF_SOURCE)
    lines = "".join(
        f"{json.dumps(_twin(k, twin))} = {json.dumps([_twin(c, twin) for c in v])}\n"
        for k, v in table.items()
    )
    if twin:
        (tmp_path / "pyproject.toml").write_text(
            "[tool.elicit-lint]\n[tool.elicit-lint.per-file-ignores]\n" + lines
        )
    else:
        (tmp_path / "ruff.toml").write_text(
            '[lint]\nselect = ["F401", "F841"]\n[lint.per-file-ignores]\n' + lines
        )


def _found(records: list, tmp_path, key: str, path: str) -> set:
    import os

    return {(os.path.relpath(r[path], tmp_path), r[key]) for r in records}


@pytest.mark.parametrize(("table", "flags", "cwd", "expected"), CASES)
def test_per_file_ignores_flags_as_elicit_lint_applies_them(
    tmp_path, monkeypatch, capsys, table, flags, cwd, expected
):
    _tree(tmp_path, table, True)
    monkeypatch.chdir(tmp_path / cwd)
    target = "." if cwd == "." else ".."
    main(
        [
            "check",
            "--no-cache",
            "--output-format",
            "json",
            *(_twin(f, True) for f in flags),
            target,
        ]
    )
    got = _found(json.loads(capsys.readouterr().out), tmp_path, "code", "filename")
    assert got == {(_twin(f, True), _twin(c, True)) for f, c in expected}


@pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")
@pytest.mark.parametrize(("table", "flags", "cwd", "expected"), CASES)
def test_per_file_ignores_flags_as_ruff_applies_them(
    tmp_path, table, flags, cwd, expected
):
    """The table above is ruff's behaviour on its own codes."""
    _tree(tmp_path, table, False)
    target = "." if cwd == "." else ".."
    config = ["--config", str(tmp_path / "ruff.toml")] if cwd != "." else []
    run = subprocess.run(
        [
            RUFF,
            "check",
            "--no-cache",
            "--output-format",
            "json",
            *config,
            *flags,
            target,
        ],
        cwd=tmp_path / cwd,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert _found(json.loads(run.stdout), tmp_path, "code", "filename") == expected


@pytest.mark.parametrize(
    "value", ["sub/*", "sub/*:MCP019:MCP009", ":MCP019", "sub/*:XYZ1"]
)
def test_a_malformed_pair_is_a_usage_error(tmp_path, monkeypatch, capsys, value):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit_:
        main(["check", "--per-file-ignores", value, "."])
    assert exit_.value.code == 2 and "expected PATTERN:CODE" in capsys.readouterr().err


def test_an_unknown_rule_in_a_pair_is_ruffs_unknown_selector_error(
    tmp_path, monkeypatch, capsys
):
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--extend-per-file-ignores", "sub/*:MCP999", "."]) == 2
    assert (
        "unknown rule selector `MCP999` in `per-file-ignores` from the command line"
        in (capsys.readouterr().err)
    )


def _server(tmp_path, config: str = "") -> None:
    (tmp_path / "s.py").write_text(
        SERVER.replace("-> str:\n", "-> str:  # noqa: MCP019\n")
    )
    (tmp_path / "pyproject.toml").write_text("[tool.elicit-lint]\n" + config)


def _codes(capsys) -> list[str]:
    return sorted(d["code"] for d in json.loads(capsys.readouterr().out))


def test_ignore_noqa_reports_what_noqa_suppressed_also_after_a_cached_run(
    tmp_path, monkeypatch, capsys
):
    _server(tmp_path)
    monkeypatch.chdir(tmp_path)
    main(
        ["check", "--output-format", "json", "s.py"]
    )  # cached without the suppressed finding
    assert _codes(capsys) == ["MCP009"]
    main(["check", "--output-format", "json", "--ignore-noqa", "s.py"])
    assert _codes(capsys) == ["MCP009", "MCP019"]
    (tmp_path / "s.py").write_text("# ruff: noqa\n" + (tmp_path / "s.py").read_text())
    main(
        ["check", "--output-format", "json", "--ignore-noqa", "s.py"]
    )  # the file-level directive too
    assert _codes(capsys) == ["MCP009", "MCP019"]


def test_isolated_ignores_configuration_files_but_not_inline_overrides(
    tmp_path, monkeypatch, capsys
):
    _server(tmp_path, 'ignore = ["MCP009"]\n')
    (tmp_path / "s.py").write_text(SERVER)
    monkeypatch.chdir(tmp_path)
    main(["check", "-n", "--output-format", "json", "s.py"])
    assert _codes(capsys) == ["MCP019"]
    main(["check", "-n", "--output-format", "json", "--isolated", "s.py"])
    assert _codes(capsys) == ["MCP009", "MCP019"]
    main(
        [
            "check",
            "-n",
            "--output-format",
            "json",
            "--isolated",
            "--config",
            "ignore = ['MCP019']",
            "s.py",
        ]
    )
    assert _codes(capsys) == ["MCP009"]
    assert (
        main(["check", "-n", "--isolated", "--config", "pyproject.toml", "s.py"]) == 2
    )
    assert "cannot be used with `--isolated`" in capsys.readouterr().err


@pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")
def test_ruff_refuses_isolated_with_a_configuration_file(tmp_path):
    (tmp_path / "ruff.toml").write_text("")
    (tmp_path / "a.py").write_text(RUFF_SOURCE)
    run = subprocess.run(
        [RUFF, "check", "--isolated", "--config", "ruff.toml", "a.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 2 and "cannot be used with `--isolated`" in run.stderr


def test_short_flags_and_negations(tmp_path, monkeypatch, capsys):
    (tmp_path / "s.py").write_text(SERVER)
    monkeypatch.chdir(tmp_path)
    assert main(["check", "-n", "-e", "s.py"]) == 0  # --no-cache, --exit-zero
    assert not (tmp_path / ".elicit_lint_cache").exists()
    assert (
        main(["check", "-n", "--fix-only", "--no-fix-only", "s.py"]) == 1
    )  # a plain check again
    assert (tmp_path / "s.py").read_text() == SERVER


def test_force_exclude_setting_and_flags(tmp_path, monkeypatch, capsys):
    (tmp_path / "gen").mkdir()
    (tmp_path / "gen" / "s.py").write_text(SERVER)
    (tmp_path / "pyproject.toml").write_text(
        '[tool.elicit-lint]\nextend-exclude = ["gen"]\nforce-exclude = true\n'
    )
    monkeypatch.chdir(tmp_path)
    assert main(["check", "-n", "gen/s.py"]) == 0  # the setting excludes a named file
    assert main(["check", "-n", "--no-force-exclude", "gen/s.py"]) == 1
    (tmp_path / "pyproject.toml").write_text(
        '[tool.elicit-lint]\nextend-exclude = ["gen"]\n'
    )
    assert main(["check", "-n", "gen/s.py"]) == 1
    assert main(["check", "-n", "--force-exclude", "gen/s.py"]) == 0


def test_respect_gitignore_setting_and_flags(tmp_path, monkeypatch, capsys):
    git_init(tmp_path)
    (tmp_path / "s.py").write_text(SERVER)
    (tmp_path / ".gitignore").write_text("s.py\n")
    (tmp_path / "pyproject.toml").write_text("[tool.elicit-lint]\n")
    monkeypatch.chdir(tmp_path)
    assert main(["check", "-n", "--show-files", "."]) == 0
    assert capsys.readouterr().out == ""
    main(["check", "-n", "--show-files", "--no-respect-gitignore", "."])
    assert capsys.readouterr().out.splitlines() == [str(tmp_path / "s.py")]
    (tmp_path / "pyproject.toml").write_text(
        "[tool.elicit-lint]\nrespect-gitignore = false\n"
    )
    main(["check", "-n", "--show-files", "."])
    assert capsys.readouterr().out.splitlines() == [str(tmp_path / "s.py")]
    main(["check", "-n", "--show-files", "--respect-gitignore", "."])
    assert capsys.readouterr().out == ""


def test_show_settings_shows_the_discovery_settings(tmp_path, monkeypatch, capsys):
    (tmp_path / "s.py").write_text(SERVER)
    (tmp_path / "pyproject.toml").write_text("[tool.elicit-lint]\nforce-exclude = true\n")
    monkeypatch.chdir(tmp_path)
    main(["check", "-n", "--show-settings", "s.py"])
    out = capsys.readouterr().out
    assert "force-exclude = True\n" in out and "respect-gitignore = True\n" in out
