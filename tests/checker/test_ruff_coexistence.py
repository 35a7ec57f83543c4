"""elicit-lint next to ruff: what ``[tool.ruff.lint] external = ["MCP"]`` protects from
RUF100 (unused ``noqa``) and what it does not, run with ruff itself (a dev
dependency). docs/ruff.md states these facts and the recommended configuration."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.checker.checker_helpers import run_subprocess

RUFF = shutil.which("ruff") or shutil.which("ruff", path=os.path.dirname(sys.executable))
pytestmark = pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")

SOURCE = '''\
from fastmcp import Context


async def a(ctx: Context):
    return await ctx.elicit("q", response_type=str)  # noqa: MCP001, E501


async def b(ctx: Context):
    return await ctx.elicit("q", response_type=str)  # noqa: MCP001


async def c(ctx: Context):
    return await ctx.elicit("q", response_type=str)  # noqa
'''


def _after_ruff_fix(tmp_path: Path, external: bool) -> tuple[list[str], list[int]]:
    """The three directives after ``ruff check --select RUF100 --fix``, and the rows
    elicit-lint then reports MCP001 on."""
    table = '[tool.ruff.lint]\nselect = ["RUF100"]\n' + ('external = ["MCP"]\n' if external else "")
    (tmp_path / "pyproject.toml").write_text(table)
    (tmp_path / "s.py").write_text(SOURCE)
    subprocess.run([RUFF, "check", "--no-cache", "--fix", "-q", "s.py"], cwd=tmp_path, check=False)
    lines = (tmp_path / "s.py").read_text().splitlines()
    comments = [line.partition("#")[2].strip() for line in lines if "ctx.elicit" in line]
    done = run_subprocess(["check", "--select", "MCP001", "--output-format", "concise", "s.py"], tmp_path)
    rows = [int(line.split(":")[1]) for line in done.stdout.splitlines()]
    return comments, rows


def test_elicit_lint_honours_all_three_forms_before_ruff_runs(tmp_path):
    (tmp_path / "s.py").write_text(SOURCE)
    done = run_subprocess(["check", "--select", "MCP001", "s.py"], tmp_path)
    assert done.returncode == 0, done.stdout


def test_without_external_ruff_deletes_a_directive_that_also_names_its_own_code(tmp_path):
    comments, rows = _after_ruff_fix(tmp_path, external=False)
    # `# noqa: MCP001, E501` goes whole (E501 unused); `# noqa: MCP001` alone is left;
    # the bare `# noqa` goes (nothing of ruff's on that line)
    assert comments == ["", "noqa: MCP001", ""]
    assert rows == [5, 13]


def test_external_keeps_mcp_codes_but_not_a_bare_noqa(tmp_path):
    comments, rows = _after_ruff_fix(tmp_path, external=True)
    assert comments == ["noqa: MCP001", "noqa: MCP001", ""]
    assert rows == [13]


def test_the_docs_page_says_so():
    page = (Path(__file__).resolve().parents[2] / "docs" / "ruff.md").read_text(encoding="utf-8")
    assert 'external = ["MCP"]' in page
    assert "bare `# noqa`" in page
