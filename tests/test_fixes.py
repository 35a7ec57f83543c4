"""``--fix`` / ``--unsafe-fixes``: the edit applier and the CLI end to end."""

from __future__ import annotations

import os
import stat
import subprocess
import sys

import pytest

from elicit_lint.core.diagnostic import Applicability, Edit, Fix, Location
from elicit_lint.checker.fixes import applicable, apply_fixes
from elicit_lint.core.source import LINE_BREAK


def L(row, col):
    return Location(row, col)


def ins(row, col, text, applicability=Applicability.SAFE):
    return Fix("f", (Edit(text, L(row, col), L(row, col)),), applicability)


def test_apply_keeps_line_ends_and_skips_conflicts():
    text = "ab\r\ncd\r\n"
    new, n = apply_fixes(text, [ins(2, 3, "X\nY"), ins(1, 1, "0"), ins(1, 1, "dup")])
    assert (new, n) == ("0ab\r\ncdX\r\nY\r\n", 2)
    replace = Fix("r", (Edit("Z", L(1, 1), L(1, 3)),), Applicability.SAFE)
    inside = ins(1, 2, "!")
    assert apply_fixes("abc\n", [replace, inside]) == ("Zc\n", 1)


def test_out_of_range_or_self_overlapping_fix_is_skipped_whole():
    bad = Fix("b", (Edit("x", L(1, 1), L(1, 1)), Edit("y", L(9, 1), L(9, 1))), Applicability.SAFE)
    assert apply_fixes("a\n", [bad]) == ("a\n", 0)
    assert apply_fixes("a\n", [ins(1, 5, "x")]) == ("a\n", 0)
    twice = Fix("t", (Edit("x", L(1, 1), L(1, 2)), Edit("y", L(1, 1), L(1, 2))), Applicability.SAFE)
    assert apply_fixes("ab\n", [twice]) == ("ab\n", 0)


def test_applicability():
    assert applicable(ins(1, 1, "x"), unsafe=False)
    assert not applicable(ins(1, 1, "x", Applicability.UNSAFE), unsafe=False)
    assert applicable(ins(1, 1, "x", Applicability.UNSAFE), unsafe=True)
    assert not applicable(ins(1, 1, "x", Applicability.DISPLAY_ONLY), unsafe=True)
    assert not applicable(None, unsafe=True)


SERVER = (
    "from typing import Annotated, Optional\n"
    "\n"
    "from fastmcp import FastMCP\n"
    "{import_block}"
    "\n"
    "mcp = FastMCP('Booking')\n"
    "\n"
    "\n"
    "@declared_elicitation_placeholder\n"
    "async def book(destination: Annotated[str, Elicit('Where to?')], seat: Annotated[Optional[str], Elicit('Seat?')], note: str = '') -> str:  # noqa: E501\n"
    "    return f'{{destination}} {{seat}}'\n"
)


def _cli(args, cwd):
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    return subprocess.run(
        [sys.executable, "-m", "elicit_lint", "check", *args], cwd=cwd, capture_output=True, check=False,
        text=True, env=env, timeout=120,
    )


def write(tmp_path, import_block, newline="\n", bom=False):
    text = SERVER.format(import_block=import_block).replace("@declared_elicitation_placeholder\n", "@mcp.tool\n")
    data = text.replace("\n", newline).encode()
    (tmp_path / "srv.py").write_bytes((b"\xef\xbb\xbf" if bom else b"") + data)
    return tmp_path / "srv.py"


@pytest.mark.parametrize(("newline", "bom"), [("\n", False), ("\r\n", True)])
def test_fix_end_to_end_applies_safe_fixes_and_rechecks(tmp_path, newline, bom):
    path = write(tmp_path, "from elicit_lint.runtime import Elicit\n", newline, bom)
    before = _cli([str(path.name)], tmp_path)
    assert before.returncode == 1 and "MCP019" in before.stdout and "MCP009" in before.stdout
    proc = _cli(["--fix", path.name], tmp_path)
    assert proc.returncode == 1, (proc.stdout, proc.stderr)  # MCP009's `= None` is unsafe: it changes what a decline does
    assert proc.stderr.splitlines() == [
        "Found 2 errors (1 fixed, 1 remaining).",
        "1 unsafe fix available with `--fix --unsafe-fixes`.",
    ]
    assert "MCP009" in proc.stdout and "MCP019" not in proc.stdout
    proc = _cli(["--fix", "--unsafe-fixes", path.name], tmp_path)
    assert proc.returncode == 0, (proc.stdout, proc.stderr)
    assert proc.stderr.strip() == "Found 1 error (1 fixed, 0 remaining)."
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") == bom
    text = data.decode("utf-8-sig")
    assert text.count("\r\n") == (text.count("\n") if newline == "\r\n" else 0)
    text = text.replace("\r\n", "\n")
    assert "from elicit_lint.runtime import Elicit, declared_elicitation\n" in text  # merged: no I001
    assert "@mcp.tool\n@declared_elicitation\nasync def book(" in text
    assert "Elicit('Seat?')] = None, note" in text
    assert _cli([path.name], tmp_path).returncode == 0


def test_unsafe_fixes_need_the_flag(tmp_path):
    block = "try:\n    from elicit_lint.runtime import Elicit\nexcept ImportError:\n    raise\n"
    path = write(tmp_path, block)
    proc = _cli(["--fix", path.name], tmp_path)
    assert proc.returncode == 1 and "MCP019" in proc.stdout and "MCP009" in proc.stdout
    assert proc.stderr.splitlines() == [  # ruff 0.17.6's summary after --fix
        "Found 2 errors (0 fixed, 2 remaining).",
        "2 unsafe fixes available with `--fix --unsafe-fixes`.",
    ]
    assert "@declared_elicitation" not in path.read_text()
    proc = _cli(["--fix", "--unsafe-fixes", path.name], tmp_path)
    assert proc.returncode == 0, proc.stdout
    assert "    from elicit_lint.runtime import Elicit, declared_elicitation\n" in path.read_text()


def test_fix_leaves_suppressed_findings_and_unfixable_files_alone(tmp_path):
    path = write(tmp_path, "from elicit_lint.runtime import Elicit\n")
    text = path.read_text().replace("async def book(", "async def book(  # noqa: MCP019\n    ")
    path.write_text(text)
    proc = _cli(["--fix", "--select", "MCP019", path.name], tmp_path)
    assert proc.returncode == 0 and path.read_text() == text


def test_fix_does_not_overwrite_a_file_changed_between_read_and_write(tmp_path, monkeypatch):
    """An editor saves the file while ``--fix`` works on it: the save is kept."""
    from elicit_lint.checker import runner
    from elicit_lint.checker.fixes import fix_file

    path = write(tmp_path, "from elicit_lint.runtime import Elicit\n")
    data = path.read_bytes()
    saved = data + b"# saved by the editor meanwhile\n"
    real_check = runner.check_source

    def check_then_save(*args):
        path.write_bytes(saved)
        return real_check(*args)

    monkeypatch.setattr(runner, "check_source", check_then_save)
    result = fix_file(str(path), runner.RunOptions(), data=data)
    assert result.fixed == 0 and "changed on disk" in result.error
    assert path.read_bytes() == saved
    assert [p.name for p in tmp_path.iterdir()] == ["srv.py"]  # no temporary file left


def test_fix_reports_a_read_only_file_and_exits_2_without_losing_findings(tmp_path):
    path = write(tmp_path, "from elicit_lint.runtime import Elicit\n")
    data = path.read_bytes()
    os.chmod(path, 0o444)
    proc = _cli(["--fix", path.name], tmp_path)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert "elicit-lint: error: cannot fix srv.py: read-only file (mode 0444); not written" in proc.stderr
    assert "MCP019" in proc.stdout and "MCP009" in proc.stdout  # still reported
    assert "(0 fixed, 2 remaining)" in proc.stderr
    assert "fixable with `--fix`" not in proc.stderr  # --fix was just run and failed
    assert path.read_bytes() == data
    assert [p.name for p in tmp_path.iterdir()] == ["srv.py"]


def test_fix_keeps_permissions_and_writes_through_a_symlink(tmp_path):
    path = write(tmp_path, "from elicit_lint.runtime import Elicit\n")
    os.chmod(path, 0o640)
    (tmp_path / "link.py").symlink_to("srv.py")
    proc = _cli(["--fix", "--unsafe-fixes", "link.py"], tmp_path)
    assert proc.returncode == 0, (proc.stdout, proc.stderr)
    assert "@declared_elicitation" in path.read_text()
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640
    assert (tmp_path / "link.py").is_symlink()


@pytest.mark.parametrize("newline", ["\r\n", "\r"])
def test_fixes_from_analyse_on_crlf_or_cr_text_keep_one_line_end_style(newline):
    """Direct ``analyse()`` callers may pass text with its own line ends: the fix
    edits hold ``\\n`` and ``apply_fixes`` writes each as the file's break, once."""
    import ast

    from elicit_lint.checker.linter import analyse

    text = SERVER.format(import_block="from elicit_lint.runtime import Elicit\n").replace(
        "@declared_elicitation_placeholder\n", "@mcp.tool\n"
    ).replace("\n", newline)
    found = analyse(ast.parse(text), text, "srv.py")
    fixes = [d.fix for d in found if applicable(d.fix, unsafe=True)]
    assert len(fixes) == 2 and all("\r" not in e.content for f in fixes for e in f.edits)
    fixed, count = apply_fixes(text, fixes)
    assert count == 2
    assert set(LINE_BREAK.findall(fixed)) == {newline}  # no ``\r\r\n``, no stray ``\n``
    assert f"import Elicit, declared_elicitation{newline}" in fixed
    assert f"@mcp.tool{newline}@declared_elicitation{newline}" in fixed


def test_fix_end_to_end_keeps_pure_crlf(tmp_path):
    from elicit_lint.checker.fixes import fix_file
    from elicit_lint.checker.runner import RunOptions

    path = write(tmp_path, "from elicit_lint.runtime import Elicit\n", "\r\n")
    result = fix_file(str(path), RunOptions(), unsafe=True)
    assert (result.fixed, result.error) == (2, None)
    data = path.read_bytes()
    assert b"@declared_elicitation\r\n" in data
    assert data.count(b"\n") == data.count(b"\r\n") == data.count(b"\r")
