"""MCP017 on an mcp 1.x project split over modules (corpus16 F9): the module that
builds the server gets no fix while a module of the run registering on that server
imports ``mcp.server.fastmcp`` and gets none itself (renamed alone, the project would
import on neither mcp 1 nor mcp 2); the help names those modules. Once they are
changed by hand, the fix is offered, and the fixed package lists its tools on mcp 2
(the installed SDK). ``elicit-migrate --upgrade-mcp1`` refuses the same rename."""

from __future__ import annotations

import asyncio
import importlib
import json
import sys
from pathlib import Path

from elicit_lint.analysis.mcp1 import importers_reason
from elicit_lint.analysis.mcp1_plan import SERVER_ELSEWHERE, server_importers
from elicit_lint.checker.cli import main
from elicit_lint.codemod.cli import main as migrate

SERVER = """\
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("Shelf")


@mcp.tool()
async def ping() -> str:
    return "pong"
"""

TOOLS = """\
from mcp.server.fastmcp import Context
from pydantic import BaseModel

from {package}.server import mcp


class Sure(BaseModel):
    ok: bool


@mcp.tool()
async def drop(name: str, ctx: Context) -> str:
    answer = await ctx.elicit(f"Drop {{name}}?", schema=Sure)
    return answer.action
"""

ASKING_SERVER = (
    SERVER
    + """

class Title(BaseModel):
    title: str


@mcp.tool()
async def rename(ctx: Context) -> str:
    answer = await ctx.elicit("New title?", schema=Title)
    if answer.action == "accept":
        return answer.data.title
    return "kept"
"""
)


def _package(root: Path, name: str, server: str = SERVER) -> Path:
    (root / name).mkdir(parents=True)
    (root / name / "__init__.py").write_text("")
    (root / name / "server.py").write_text(server)
    (root / name / "tools.py").write_text(TOOLS.format(package=name))
    return root / name


def _found(capsys, *paths: str) -> dict[str, tuple[bool, str]]:
    capsys.readouterr()
    main(
        ["check", "--no-cache", "--select", "MCP017", "--output-format", "json", *paths]
    )
    return {
        Path(d["filename"]).name: (d["fix"] is not None, d["help"])
        for d in json.loads(capsys.readouterr().out)
    }


def test_no_fix_on_the_server_module_while_a_registering_module_has_none(
    tmp_path, monkeypatch, capsys
):
    package = _package(tmp_path, "shelf")
    monkeypatch.chdir(tmp_path)
    found = _found(capsys, ".")
    assert found["server.py"] == (
        False,
        "Import `MCPServer` from `mcp.server.mcpserver`; no fix: "
        + importers_reason(["shelf/tools.py:11"]),
    )
    assert found["tools.py"][0] is False
    assert "then fix the module that builds the server" in found["tools.py"][1]
    before = {p.name: p.read_bytes() for p in package.iterdir()}
    main(["check", "--no-cache", "--select", "MCP017", "--fix", "--unsafe-fixes", "."])
    assert {p.name: p.read_bytes() for p in package.iterdir()} == before
    # the server module checked alone: the registering module is not in the run
    assert _found(capsys, "shelf/server.py")["server.py"][0] is True


def test_a_registering_module_without_mcp1_imports_does_not_hold_the_fix(
    tmp_path, monkeypatch, capsys
):
    package = _package(tmp_path, "plain")
    (package / "tools.py").write_text(
        "from plain.server import mcp\n\n\n@mcp.tool()\nasync def two() -> int:\n    return 2\n"
    )
    monkeypatch.chdir(tmp_path)
    assert _found(capsys, ".") == {
        "server.py": (True, "Import `MCPServer` from `mcp.server.mcpserver`")
    }


def test_changed_by_hand_then_fixed_the_package_imports_on_mcp2(
    tmp_path, monkeypatch, capsys
):
    name = "shelf_fixed"
    package = _package(tmp_path, name)
    tools = package / "tools.py"
    tools.write_text(
        tools.read_text().replace("mcp.server.fastmcp", "mcp.server.mcpserver")
    )
    monkeypatch.chdir(tmp_path)
    assert _found(capsys, ".")["server.py"][0] is True
    main(["check", "--no-cache", "--select", "MCP017", "--fix", "--unsafe-fixes", "."])
    assert (
        "from mcp.server.mcpserver import MCPServer"
        in (package / "server.py").read_text()
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        server = importlib.import_module(f"{name}.server")
        importlib.import_module(f"{name}.tools")
        listed = asyncio.run(server.mcp.list_tools())
        assert sorted(t.name for t in listed) == ["drop", "ping"]
    finally:
        for module in [m for m in sys.modules if m.startswith(name)]:
            del sys.modules[module]


def test_migrate_upgrade_mcp1_leaves_both_saying_why(tmp_path, monkeypatch, capsys):
    server = ASKING_SERVER.replace(
        "from mcp.server.fastmcp import FastMCP\n",
        "from mcp.server.fastmcp import Context, FastMCP\nfrom pydantic import BaseModel\n",
    )
    package = _package(tmp_path, "desk", server)
    monkeypatch.chdir(tmp_path)
    before = {p.name: p.read_bytes() for p in package.iterdir()}
    capsys.readouterr()
    migrate(["--upgrade-mcp1", "."])
    err = " ".join(capsys.readouterr().err.split())
    assert {p.name: p.read_bytes() for p in package.iterdir()} == before
    assert server_importers(["desk/tools.py:11"]) in err
    assert SERVER_ELSEWHERE in err


def test_a_module_a_registering_module_imports_holds_the_fix_too(
    tmp_path, monkeypatch, capsys
):
    """What a registering module imports runs with it: a helper module still on
    mcp 1.x would fail the import on mcp 2 after the server's fix (one level read)."""
    package = _package(tmp_path, "gap")
    (package / "helpers.py").write_text(
        "from mcp.server.fastmcp import Context\n\n\n"
        "async def note(ctx: Context) -> None:\n    await ctx.info('hi')\n"
    )
    (package / "tools.py").write_text(
        "from gap.helpers import note\nfrom gap.server import mcp\n\n\n"
        "@mcp.tool()\nasync def two(ctx) -> int:\n    await note(ctx)\n    return 2\n"
    )
    monkeypatch.chdir(tmp_path)
    assert _found(capsys, ".")["server.py"] == (
        False,
        "Import `MCPServer` from `mcp.server.mcpserver`; no fix: "
        + importers_reason(["gap/helpers.py, imported by gap/tools.py:1"]),
    )
