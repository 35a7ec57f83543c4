"""ruff's `fix` setting (with `--fix`/`--no-fix` over it) and its environment variables
`RUFF_OUTPUT_FORMAT`, `RUFF_OUTPUT_FILE`, `RUFF_NO_CACHE` under elicit-lint's prefix
(the flag wins over the variable, as clap has it in ruff 0.17.6)."""

from __future__ import annotations

import pytest

from elicit_lint.checker.cli import main
from tests.checker.test_fix_settings import SERVER


def _run(tmp_path, monkeypatch, capsys, *args, config: str = ""):
    (tmp_path / "s.py").write_text(SERVER)
    (tmp_path / "pyproject.toml").write_text("[tool.elicit-lint]\n" + config)
    monkeypatch.chdir(tmp_path)
    code = main(["check", *args, "s.py"])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("config", "flags", "fixed"),
    [("", (), False), ("fix = true\n", (), True), ("fix = true\n", ("--no-fix",), False),
     ("fix = false\n", ("--fix",), True)],
)
def test_the_fix_setting(tmp_path, monkeypatch, capsys, config, flags, fixed):
    _run(tmp_path, monkeypatch, capsys, "--no-cache", *flags, config=config)
    assert ("declared_elicitation" in (tmp_path / "s.py").read_text()) is fixed


def test_output_format_from_the_environment_and_the_flag_over_it(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("ELICIT_LINT_OUTPUT_FORMAT", "github")
    _, out, _ = _run(tmp_path, monkeypatch, capsys, "--no-cache")
    assert out.startswith("::error title=elicit-lint (MCP019)")
    _, out, _ = _run(tmp_path, monkeypatch, capsys, "--no-cache", "--output-format", "concise")
    assert out.startswith("s.py:10:")


def test_a_bad_output_format_in_the_environment_is_a_usage_error(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("ELICIT_LINT_OUTPUT_FORMAT", "rdjson")
    with pytest.raises(SystemExit) as exit_:
        _run(tmp_path, monkeypatch, capsys, "--no-cache")
    assert exit_.value.code == 2
    assert "invalid value 'rdjson' in ELICIT_LINT_OUTPUT_FORMAT" in capsys.readouterr().err


def test_output_file_from_the_environment(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("ELICIT_LINT_OUTPUT_FILE", "out/findings.txt")
    _, out, _ = _run(tmp_path, monkeypatch, capsys, "--no-cache")
    assert out == "" and "MCP019" in (tmp_path / "out" / "findings.txt").read_text()


@pytest.mark.parametrize(("value", "cached"), [("1", False), ("true", False), ("false", True), ("0", True)])
def test_no_cache_from_the_environment(tmp_path, monkeypatch, capsys, value, cached):
    monkeypatch.delenv("ELICIT_LINT_CACHE_DIR", raising=False)
    monkeypatch.setenv("ELICIT_LINT_NO_CACHE", value)
    _run(tmp_path, monkeypatch, capsys)
    assert (tmp_path / ".elicit_lint_cache").exists() is cached
