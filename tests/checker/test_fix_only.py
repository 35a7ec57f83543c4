"""``--fix-only`` as ruff 0.17.6 has it: fixes applied, no finding printed, one
summary line, exit 0 whatever remains (ruff run on twin sources: F401/F841 are
a safe and an unsafe fix, as MCP019/MCP009 are)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from elicit_lint.checker.cli import main
from tests.checker.test_fix_settings import RUFF_SOURCE, SERVER

RUFF = shutil.which("ruff") or shutil.which("ruff", path=os.path.dirname(sys.executable))

CASES = [
    ((), "Fixed 1 error (1 additional fix available with `--unsafe-fixes`).\n", 0),
    (("--unsafe-fixes",), "Fixed 2 errors.\n", 0),
    (("--exit-non-zero-on-fix",), "Fixed 1 error (1 additional fix available with `--unsafe-fixes`).\n", 1),
    (("-q",), "", 0),
]


@pytest.mark.parametrize(("flags", "line", "code"), CASES)
def test_fix_only(tmp_path, monkeypatch, capsys, flags, line, code):
    (tmp_path / "s.py").write_text(SERVER)
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--no-cache", "--fix-only", *flags, "s.py"]) == code
    out, err = capsys.readouterr()
    assert (out, err) == ("", line)  # the line on stderr: elicit-lint's summary stream
    assert "declared_elicitation" in (tmp_path / "s.py").read_text()


def test_nothing_safe_to_fix(tmp_path, monkeypatch, capsys):
    (tmp_path / "s.py").write_text(SERVER)
    (tmp_path / "pyproject.toml").write_text('[tool.elicit-lint]\nunfixable = ["MCP019"]\n')
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--no-cache", "--fix-only", "s.py"]) == 0
    assert capsys.readouterr() == ("", "No errors fixed (1 fix available with `--unsafe-fixes`).\n")
    assert (tmp_path / "s.py").read_text() == SERVER


@pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")
@pytest.mark.parametrize(("flags", "line", "code"), CASES)
def test_ruff_prints_the_same_line(tmp_path, flags, line, code):
    (tmp_path / "a.py").write_text(RUFF_SOURCE)
    run = subprocess.run(
        [RUFF, "check", "--no-cache", "--isolated", "--select", "F401,F841", "--fix-only", *flags, "a.py"],
        cwd=tmp_path, capture_output=True, text=True, timeout=60,
    )
    assert (run.stdout, run.returncode) == (line, code)
