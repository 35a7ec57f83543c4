"""MCP017's fix on an mcp 1.x server whose tools another module of the run
registers (fresh16 HIGH-8): with only ``async def`` tools there, the fix goes
through and the package, run on mcp 2.3.0 (this interpreter), answers as the
original did on mcp 1.30.0 (tests/mcp1_env.py); with a sync tool there, no fix
is offered and nothing is written (tests/rules/test_mcp017_readers.py has the
words)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/mcp1_env.py
import mcp1_env

from elicit_lint.checker.cli import main

SERVER = """\
import threading

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("Ledger")


@mcp.tool()
async def where() -> str:
    return threading.current_thread().name
"""

TOOLS = """\
import threading

from ledger.server import mcp


@mcp.tool()
async def total(a: int, b: int) -> str:
    return f"{a + b} on {threading.current_thread().name}"
"""

SYNC = (
    TOOLS
    + """

@mcp.tool()
def slow() -> str:
    return threading.current_thread().name
"""
)

DRIVER = """\
import json
import sys

import anyio

sys.path.insert(0, sys.argv[1])
import ledger.tools  # noqa: F401 (registers its tools)
from ledger.server import mcp


async def main():
    try:
        from mcp.shared.memory import create_connected_server_and_client_session
        session = create_connected_server_and_client_session(mcp._mcp_server)
    except ImportError:  # mcp 2
        from mcp import Client
        session = Client(mcp)
    out = []
    async with session as client:
        for tool, args in (("where", {}), ("total", {"a": 2, "b": 3})):
            result = await client.call_tool(tool, args)
            out.append([tool, [c.text for c in result.content]])
    print(json.dumps(out))


anyio.run(main)
"""


@pytest.fixture(scope="module")
def mcp1_python() -> Path:
    """mcp 1.30.0's interpreter (built once, cached; a failure fails the test)."""
    return mcp1_env.python()


def _package(root: Path, tools: str) -> Path:
    package = root / "ledger"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "server.py").write_text(SERVER)
    (package / "tools.py").write_text(tools)
    (root / "driver.py").write_text(DRIVER)
    return package


def _answers(python: Path, root: Path) -> list:
    done = subprocess.run(
        [str(python), str(root / "driver.py"), str(root)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(done.stdout)


def test_fixed_package_answers_on_mcp2_as_the_original_on_mcp1(
    tmp_path, monkeypatch, mcp1_python
):
    package = _package(tmp_path, TOOLS)
    original = _answers(mcp1_python, tmp_path)
    assert [tool for tool, _ in original] == ["where", "total"]
    monkeypatch.chdir(tmp_path)
    main(
        [
            "check",
            "--no-cache",
            "--select",
            "MCP017",
            "--fix",
            "--unsafe-fixes",
            "ledger",
        ]
    )
    assert (
        "mcp.server.mcpserver import MCPServer" in (package / "server.py").read_text()
    )
    assert _answers(Path(sys.executable), tmp_path) == original


def test_a_sync_tool_elsewhere_keeps_the_package_as_it_was(tmp_path, monkeypatch):
    package = _package(tmp_path, SYNC)
    before = {p.name: p.read_bytes() for p in package.iterdir() if p.is_file()}
    monkeypatch.chdir(tmp_path)
    main(
        [
            "check",
            "--no-cache",
            "--select",
            "MCP017",
            "--fix",
            "--unsafe-fixes",
            "ledger",
        ]
    )
    assert {p.name: p.read_bytes() for p in package.iterdir() if p.is_file()} == before
