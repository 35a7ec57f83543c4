"""When the summary says that ``--unsafe-fixes`` would add fixes: ruff 0.17.6 shows
the hint only while the run left unsafe fixes neither on nor off (its
``UnsafeFixes::Hint``): ``unsafe-fixes = false`` or ``--no-unsafe-fixes`` hides it
from the check and ``--fix`` summaries, while ``--fix-only`` and ``--diff`` keep
theirs. Each case runs through ruff itself and through elicit-lint on the twin
sources of ``test_fix_settings`` (F401/MCP019 a safe fix, F841/MCP009 an unsafe one)."""

from __future__ import annotations

import subprocess

import pytest

from elicit_lint.checker.cli import main

from .test_fix_settings import RUFF, RUFF_SOURCE, SERVER

SETTINGS = ("", "unsafe-fixes = false\n", "unsafe-fixes = true\n")
FLAGS = ((), ("--no-unsafe-fixes",), ("--unsafe-fixes",))
MODES = ((), ("--fix",), ("--statistics",), ("--fix-only",), ("--diff",))
CASES = [(s, f, m) for s in SETTINGS for f in FLAGS for m in MODES]

HINTS = ("available with `--fix --unsafe-fixes`", "available with `--unsafe-fixes`")


def _hint(text: str) -> bool:
    return any(h in text for h in HINTS)


def _expected(setting: str, flags: tuple, mode: tuple) -> bool:
    if "--unsafe-fixes" in flags or (not flags and "true" in setting):
        return False  # the unsafe fix is applied or marked fixable: nothing to hint
    if mode in (("--fix-only",), ("--diff",)):
        return True
    return not flags and not setting


@pytest.mark.parametrize(("setting", "flags", "mode"), CASES)
def test_elicit_lint_hints_as_ruff_does(
    tmp_path, monkeypatch, capsys, setting, flags, mode
):
    (tmp_path / "s.py").write_text(SERVER)
    (tmp_path / "pyproject.toml").write_text("[tool.elicit-lint]\n" + setting)
    monkeypatch.chdir(tmp_path)
    main(["check", "--no-cache", "--output-format", "concise", *flags, *mode, "s.py"])
    out, err = capsys.readouterr()
    assert _hint(out + err) is _expected(setting, flags, mode), out + err


@pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")
@pytest.mark.parametrize(("setting", "flags", "mode"), CASES)
def test_ruff_hints_so(tmp_path, setting, flags, mode):
    """The expectation above is ruff's own behaviour on its codes."""
    (tmp_path / "a.py").write_text(RUFF_SOURCE)
    (tmp_path / "ruff.toml").write_text(setting + '[lint]\nselect = ["F401", "F841"]\n')
    run = subprocess.run(
        [
            RUFF,
            "check",
            "--no-cache",
            "--output-format",
            "concise",
            *flags,
            *mode,
            "a.py",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert _hint(run.stdout + run.stderr) is _expected(setting, flags, mode), (
        run.stdout + run.stderr
    )
