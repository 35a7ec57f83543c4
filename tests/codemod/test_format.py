"""Issue 11 item 6: a rewritten file passes ``ruff format --check`` when the
original did, at the project's ruff ``line-length``; a long ``Elicit(...)`` is
split inside its parentheses as ruff format does."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from elicit_lint.codemod.engine import Options, transform_text

TOOL = """\
from fastmcp import Context, FastMCP

mcp = FastMCP("Shop")


@mcp.tool
async def buy(ctx: Context) -> str:
    result = await ctx.elicit(
        "Buy one baguette for the price shown?",
        response_type=bool,
        response_title="Confirm the purchase",
        response_description="Approve this transaction?",
    )
    if result.action == "accept" and result.data:
        return "bought"
    return "not bought"
"""

RUFF = shutil.which("ruff") or shutil.which(
    "ruff", path=os.path.dirname(sys.executable)
)


def _formatted(path) -> bool:
    done = subprocess.run(
        [RUFF, "format", "--check", "-q", str(path)], capture_output=True, check=False
    )
    return done.returncode == 0


@pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")
@pytest.mark.parametrize("length", [None, 100, 60])
def test_rewrite_of_a_formatted_file_stays_formatted(tmp_path, length):
    if length is not None:
        (tmp_path / "pyproject.toml").write_text(
            f"[tool.ruff]\nline-length = {length}\n"
        )
    path = tmp_path / "tool.py"
    path.write_text(TOOL)
    assert _formatted(path)  # the original is formatted at this length
    new, _ = transform_text(TOOL, str(path), Options())
    assert "ctx.elicit" not in new
    path.write_text(new)
    assert _formatted(path), new
    if length is None:  # 88: the marker does not fit on one line, split inside it
        assert '        Elicit(\n            "Buy one baguette' in new
