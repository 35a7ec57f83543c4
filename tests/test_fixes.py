"""``--fix`` / ``--unsafe-fixes``: the edit applier and the CLI end to end."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from elicit_lint.diagnostic import Applicability, Edit, Fix, Location
from elicit_lint.fixes import applicable, apply_fixes


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
    assert proc.returncode == 0, (proc.stdout, proc.stderr)
    assert proc.stderr.strip() == "Found 2 errors (2 fixed, 0 remaining)."
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") == bom
    text = data.decode("utf-8-sig")
    assert text.count("\r\n") == (text.count("\n") if newline == "\r\n" else 0)
    text = text.replace("\r\n", "\n")
    assert "from elicit_lint.runtime import Elicit\nfrom elicit_lint.runtime import declared_elicitation\n" in text
    assert "@mcp.tool\n@declared_elicitation\nasync def book(" in text
    assert "Elicit('Seat?')] = None, note" in text
    assert _cli([path.name], tmp_path).returncode == 0


def test_unsafe_fixes_need_the_flag(tmp_path):
    block = "try:\n    from elicit_lint.runtime import Elicit\nexcept ImportError:\n    raise\n"
    path = write(tmp_path, block)
    proc = _cli(["--fix", path.name], tmp_path)
    assert proc.returncode == 1 and "MCP019" in proc.stdout
    assert proc.stderr.strip() == "Found 2 errors (1 fixed, 1 remaining)."
    assert "@declared_elicitation" not in path.read_text()
    proc = _cli(["--fix", "--unsafe-fixes", path.name], tmp_path)
    assert proc.returncode == 0, proc.stdout
    assert "    from elicit_lint.runtime import Elicit\n    from elicit_lint.runtime import declared_elicitation\n" in path.read_text()


def test_fix_leaves_suppressed_findings_and_unfixable_files_alone(tmp_path):
    path = write(tmp_path, "from elicit_lint.runtime import Elicit\n")
    text = path.read_text().replace("async def book(", "async def book(  # noqa: MCP019\n    ")
    path.write_text(text)
    proc = _cli(["--fix", "--select", "MCP019", path.name], tmp_path)
    assert proc.returncode == 0 and path.read_text() == text
