"""fresh16 MED-1: a name the rewrite needs is not merged into a ``from m import
X as Y`` statement (ruff's isort, without ``combine-as-imports``, keeps an ``as``
import on its own line); the new statement sits where ruff puts it among the
module's statements (ordered by their first name). Checked with ruff itself."""

from __future__ import annotations

import subprocess
import sys

import libcst as cst
import pytest

from elicit_lint.codemod.cli import main as migrate
from elicit_lint.codemod.render.imports import add_imports

NEEDED = {"elicit_lint.runtime": ["Elicit", "declared_elicitation"]}


def _isort_clean(source: str) -> bool:
    done = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--isolated", "--select", "I"]
        + ["--stdin-filename", "m.py", "-"],
        input=source,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    return done.returncode == 0


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (
            "from elicit_lint.runtime import Aside as A\n",
            (
                "from elicit_lint.runtime import Aside as A\n"
                "from elicit_lint.runtime import Elicit, declared_elicitation\n"
            ),
        ),
        (
            "from elicit_lint.runtime import Zone as Z\n",
            (
                "from elicit_lint.runtime import Elicit, declared_elicitation\n"
                "from elicit_lint.runtime import Zone as Z\n"
            ),
        ),
        (
            "from elicit_lint.runtime import Aside\nfrom elicit_lint.runtime import Zone as Z\n",
            (
                "from elicit_lint.runtime import Aside, Elicit, declared_elicitation\n"
                "from elicit_lint.runtime import Zone as Z\n"
            ),
        ),
    ],
)
def test_an_as_import_keeps_its_own_line(before, after):
    assert _isort_clean(before)
    out = add_imports(cst.parse_module(before), NEEDED).code
    assert out == after
    assert _isort_clean(out)


MODULE = """\
from mcp.server.fastmcp import Context
from mcp.server.fastmcp import FastMCP as Server
from pydantic import BaseModel

shop = Server("till")


class Sure(BaseModel):
    ok: bool


@shop.tool()
async def refund(total: int, ctx: Context) -> str:
    answer = await ctx.elicit("Refund it?", schema=Sure)
    if answer.action == "accept" and answer.data.ok:
        return f"refunded {total}"
    return "kept"
"""


def test_upgrade_mcp1_keeps_the_as_import_apart(tmp_path, monkeypatch):
    assert _isort_clean(MODULE)
    path = tmp_path / "till.py"
    path.write_text(MODULE)
    monkeypatch.chdir(tmp_path)
    migrate(["--upgrade-mcp1", "--isolated", "till.py"])
    out = path.read_text()
    assert "from mcp.server.mcpserver import MCPServer as Server\n" in out
    assert "Resolve" in out
    assert _isort_clean(out)
