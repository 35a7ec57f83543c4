"""``--output-format grouped``, ruff's grouped output (ruff 0.17.6: the file's name,
then its findings indented, rows right-aligned and columns left-aligned to the
file's widest, a blank line after each file; the summary after it)."""

from __future__ import annotations

import io
import re
import subprocess

import pytest

from elicit_lint.checker.cli import main
from elicit_lint.checker.runner import FileResult
from elicit_lint.core.diagnostic import Diagnostic, Location
from elicit_lint.report import writer

from .test_fix_settings import RUFF, RUFF_SOURCE, SERVER


def _diagnostic(code: str, row: int, column: int, message: str) -> Diagnostic:
    start = Location(row, column)
    return Diagnostic(code, code, message, "g.py", start, start)


def test_rows_and_columns_are_aligned_as_ruff_aligns_them():
    """ruff 0.17.6 on a file with findings at 1:1, 1:8, 1:21 and 11:8 (I001, F401,
    E501, F401) wrote ``   1:1  I001 [*] ...``, ``   1:21 E501 ...``, ``  11:8  ...``."""
    found = [_diagnostic("MCP001", 1, 1, "a"), _diagnostic("MCP009", 1, 8, "b"),
             _diagnostic("MCP002", 1, 21, "c"), _diagnostic("MCP009", 11, 8, "d"),
             _diagnostic("invalid-syntax", 12, 3, "e")]
    out = io.StringIO()
    writer("grouped")([FileResult("g.py", found)], out, fixable=lambda d: d.code == "MCP009")
    assert out.getvalue() == (
        "g.py:\n"
        "   1:1  MCP001 a\n"
        "   1:8  MCP009 [*] b\n"
        "   1:21 MCP002 c\n"
        "  11:8  MCP009 [*] d\n"
        "  12:3  invalid-syntax: e\n"
        "\n"
    )


def _lines(text: str) -> list[str]:
    """The layout of a grouped output, codes, messages and positions left out."""
    return [re.sub(r"^  +\d+:\d+ +[A-Z]+\d+( \[\*\])? .+$", r"FINDING\1", line)
            .replace("sub/s.py:", "FILE:").replace("sub/a.py:", "FILE:") for line in text.splitlines()]


@pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")
def test_the_layout_is_ruffs(tmp_path, monkeypatch, capsys):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.py").write_text(RUFF_SOURCE)
    (tmp_path / "ruff.toml").write_text('[lint]\nselect = ["F401", "F841"]\n')
    ruff = subprocess.run([RUFF, "check", "--no-cache", "--output-format", "grouped", "sub"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False)
    (tmp_path / "sub" / "s.py").write_text(SERVER)
    (tmp_path / "sub" / "a.py").unlink()
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--no-cache", "--output-format", "grouped", "sub"]) == 1
    captured = capsys.readouterr()
    ours = _lines(captured.out)
    theirs = _lines(ruff.stdout)[: len(ours)]  # ruff's summary follows on stdout; ours is on stderr
    assert ours == theirs and ours[0] == "FILE:" and ours[-1] == ""
    assert "Found 2 errors." in captured.err


def test_the_setting_takes_it(tmp_path, monkeypatch, capsys):
    (tmp_path / "s.py").write_text(SERVER)
    (tmp_path / "elicit-lint.toml").write_text('output-format = "grouped"\n')
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--no-cache", "s.py"]) == 1
    assert capsys.readouterr().out.startswith("s.py:\n  ")
