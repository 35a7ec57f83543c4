"""MCP017's renamed imports in ruff's isort order and within the project's line length
(closing9 M3; analysis/mcp1_imports.py): the fix and `elicit-migrate --upgrade-mcp1`
leave ``ruff check --select I,E501`` and ``ruff format --check`` clean when the
original was."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from elicit_lint.analysis.mcp1 import renamed, upgrade
from elicit_lint.model import build_model

RUFF = shutil.which("ruff") or shutil.which("ruff", path=os.path.dirname(sys.executable))
needs_ruff = pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "codemod"

TAIL = '\nmcp = FastMCP("Kiln")\n\n\n@mcp.tool()\nasync def fire(ctx: Context) -> str:\n    return ""\n'


def _renamed(source: str) -> str:
    source = textwrap.dedent(source)
    found = upgrade(build_model(ast.parse(source), source, "m.py"))
    assert found.offered, found.reason
    return renamed(source, found.edits)


@pytest.mark.parametrize(
    ("imports", "expected"),
    [
        (
            "from mcp.server.fastmcp import Context, FastMCP, Image\n",
            "from mcp.server.mcpserver import Context, Image, MCPServer\n",
        ),
        (
            "from mcp.server.fastmcp import Audio, FastMCP as F, Image, Context\n",
            "from mcp.server.mcpserver import Audio, Context, Image, MCPServer as F\n",
        ),
        (
            "from mcp.server.fastmcp import (\n    Context,\n    FastMCP,\n    Image,\n)\n",
            "from mcp.server.mcpserver import (\n    Context,\n    Image,\n    MCPServer,\n)\n",
        ),
        # already in order after the rename: the plain rename, layout kept
        (
            "from mcp.server.fastmcp import (Context,\n    FastMCP)\n",
            "from mcp.server.mcpserver import (Context,\n    MCPServer)\n",
        ),
    ],
)
def test_the_renamed_names_are_sorted_row_for_row(imports, expected):
    tail = TAIL.replace("FastMCP(", "F(") if "as F" in imports else TAIL
    new = _renamed(imports + tail)
    assert new.startswith(expected)
    assert len(new.split("\n")) == len((imports + tail).split("\n"))


def _ruff_clean(path: Path) -> bool:
    lint = subprocess.run(
        [RUFF, "check", "--no-cache", "--isolated", "--select", "I,E501", str(path)],
        capture_output=True, text=True,
    )
    form = subprocess.run(
        [RUFF, "format", "--no-cache", "--isolated", "--check", str(path)],
        capture_output=True, text=True,
    )
    return lint.returncode == 0 and form.returncode == 0


@needs_ruff
@pytest.mark.parametrize(
    "imports",
    [
        "from mcp.server.fastmcp import Audio, Context, FastMCP, Image  # noqa: F401 - the app's names\n",
        "from mcp.server.fastmcp import Audio, Context, FastMCP, Image  # the names the app reads\n",
        "from mcp.server.fastmcp import Context, FastMCP, Image\n",
        "from mcp.server.fastmcp import Audio, FastMCP\nfrom mcp.server.fastmcp import Context as Ctx\n"
        "from mcp.server.fastmcp.exceptions import ToolError\n",
    ],
)
def test_the_fix_leaves_ruff_clean_what_was_clean(tmp_path, imports):
    from elicit_lint.checker.cli import main as check

    path = tmp_path / "m.py"
    path.write_text(imports + TAIL)
    assert _ruff_clean(path)
    check(["check", "--no-cache", "--fix", "--unsafe-fixes", "--select", "MCP017", "--quiet", str(path)])
    text = path.read_text()
    assert "fastmcp" not in text and "MCPServer" in text
    assert _ruff_clean(path), text
    ast.parse(text)


@needs_ruff
def test_the_line_length_is_the_projects(tmp_path):
    from elicit_lint.checker.cli import main as check

    (tmp_path / "pyproject.toml").write_text("[tool.ruff]\nline-length = 57\n")
    path = tmp_path / "m.py"
    path.write_text("from mcp.server.fastmcp import Context, FastMCP, Image\n" + TAIL)
    check(["check", "--no-cache", "--fix", "--unsafe-fixes", "--select", "MCP017", "--quiet", str(path)])
    assert path.read_text().startswith(
        "from mcp.server.mcpserver import (\n    Context,\n    Image,\n    MCPServer,\n)\n"
    )
    lint = subprocess.run(
        [RUFF, "check", "--no-cache", "--select", "I,E501", str(path)], capture_output=True, cwd=tmp_path
    )
    assert lint.returncode == 0


@needs_ruff
def test_migrate_leaves_ruff_clean_what_was_clean(tmp_path):
    from elicit_lint.codemod.cli import main as migrate

    path = tmp_path / "m.py"
    shutil.copy(FIXTURES / "mcp1_upgrade_imports" / "before.py", path)
    assert _ruff_clean(path)
    migrate(["--upgrade-mcp1", str(path)])
    assert path.read_text() == (FIXTURES / "mcp1_upgrade_imports" / "after.py").read_text()
    assert _ruff_clean(path)
