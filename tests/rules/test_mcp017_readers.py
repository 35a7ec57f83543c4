"""MCP017 on an mcp 1.x server read by other modules of the run (fresh16 HIGH-8):
a module that imports the server by name (``from pkg.server import mcp``) and
uses it outside what mcp 2 keeps as it was (a sync tool, ``mcp.settings``,
``mcp.call_tool``, ``mcp.run("streamable-http")`` with the server's
``lifespan=``) holds the fix on the module that builds the server, exactly as the
same use inside that module does; the help and elicit-migrate's skip name the
reading module's ``path:row`` and the use. A reader using only the allow-list
(``@mcp.tool()`` on ``async def``) lets the fix through."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from elicit_lint.analysis.mcp1 import readers_reason
from elicit_lint.analysis.mcp1_plan import server_readers
from elicit_lint.analysis.mcp1_run import UNREAD
from elicit_lint.checker.cli import main
from elicit_lint.codemod.cli import main as migrate

SERVER = """\
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("Vault"{lifespan})


@mcp.tool()
async def ping() -> str:
    return "pong"
"""

LIFESPAN = """\
from contextlib import asynccontextmanager

from mcp.server.fastmcp import FastMCP


@asynccontextmanager
async def opened(server):
    yield {{}}


mcp = FastMCP("Vault", lifespan=opened)


@mcp.tool()
async def ping() -> str:
    return "pong"
"""

ASK = """

from mcp.server.fastmcp import Context
from pydantic import BaseModel


class Sure(BaseModel):
    ok: bool


@mcp.tool()
async def wipe(ctx: Context) -> str:
    answer = await ctx.elicit("Wipe the vault?", schema=Sure)
    return answer.action
"""

# (reader module text, its row of the refused use, words of the use as the
# server's own module would refuse it); `{p}`: the package
SHAPES = {
    "sync_tool": (
        (
            "import os\n\nfrom {p}.server import mcp\n\n\n@mcp.tool()\ndef pid() -> int:\n"
            "    return os.getpid()\n"
        ),
        7,
        "the sync handler `pid`: mcp 2 runs a `def` handler on a worker thread; make it `async def`",
    ),
    "settings": (
        (
            "from {p}.server import mcp as server\n\n\n@server.tool()\nasync def port() -> str:\n"
            "    return str(server.settings.port)\n"
        ),
        6,
        "`server.settings`: not on what mcp 2 keeps of the server as it was",
    ),
    "call_tool": (
        (
            "from {p}.server import mcp\n\n\nasync def probe():\n"
            '    return await mcp.call_tool("ping", {{}})\n'
        ),
        5,
        "`mcp.call_tool`: not on what mcp 2 keeps of the server as it was",
    ),
    "called_registration": (
        (
            "from {p}.server import mcp\n\n\ndef slow() -> str:\n    return 's'\n\n\n"
            "mcp.tool()(slow)\n"
        ),
        8,
        (
            "`mcp.tool(...)(...)` of a handler not an `async def` of the module: mcp 2 runs "
            "a `def` handler on a worker thread"
        ),
    ),
    "run_lifespan": (
        (
            'from {p}.server import mcp\n\nif __name__ == "__main__":\n'
            '    mcp.run("streamable-http")\n'
        ),
        4,
        "`lifespan=` with streamable HTTP: mcp 2 enters it once, not per session",
    ),
}


def _package(root: Path, name: str, reader: str, server: str) -> Path:
    package = root / name
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "server.py").write_text(server)
    (package / "extra.py").write_text(reader.format(p=name))
    return package


def _server(shape: str) -> str:
    return LIFESPAN.format() if shape == "run_lifespan" else SERVER.format(lifespan="")


def _found(capsys) -> dict[str, tuple[bool, str]]:
    capsys.readouterr()
    main(["check", "--no-cache", "--select", "MCP017", "--output-format", "json", "."])
    return {
        Path(d["filename"]).name: (d["fix"] is not None, d["help"])
        for d in json.loads(capsys.readouterr().out)
    }


def _files(package: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in package.iterdir() if p.is_file()}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_reader_outside_the_allow_list_holds_the_fix(
    shape, tmp_path, monkeypatch, capsys
):
    reader, row, use = SHAPES[shape]
    name = f"vault_{shape}"
    package = _package(tmp_path, name, reader, _server(shape))
    monkeypatch.chdir(tmp_path)
    found = _found(capsys)
    assert found == {
        "server.py": (
            False,
            "Import `MCPServer` from `mcp.server.mcpserver`; no fix: "
            + readers_reason([f"{name}/extra.py:{row}: {use}"]),
        )
    }
    before = _files(package)
    main(["check", "--no-cache", "--select", "MCP017", "--fix", "--unsafe-fixes", "."])
    assert _files(package) == before


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_the_same_use_in_the_server_module_refuses_too(
    shape, tmp_path, monkeypatch, capsys
):
    """The reading the other module gets is the server module's own: moved into it,
    the use refuses the fix there with the same words."""
    reader, _, use = SHAPES[shape]
    body = reader.format(p="x").split("\n", 1)[1].replace("server.", "mcp.")
    if shape == "sync_tool":
        body = "import os\n" + body
    package = tmp_path / "one"
    package.mkdir()
    (package / "server.py").write_text(_server(shape) + body)
    monkeypatch.chdir(tmp_path)
    fixed, help = _found(capsys)["server.py"]
    assert not fixed
    assert use.replace("server.", "mcp.") in help


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_elicit_migrate_upgrade_skips_alike(shape, tmp_path, monkeypatch, capsys):
    reader, row, use = SHAPES[shape]
    name = f"vault_m_{shape}"
    package = _package(tmp_path, name, reader, _server(shape) + ASK)
    monkeypatch.chdir(tmp_path)
    before = _files(package)
    capsys.readouterr()
    migrate(["--upgrade-mcp1", "."])
    err = " ".join(capsys.readouterr().err.split())
    assert _files(package) == before
    assert server_readers([f"{name}/extra.py:{row}: {use}"]) in err


def test_a_reexport_holds_the_fix(tmp_path, monkeypatch, capsys):
    """``from .server import mcp`` in ``__init__.py``: the modules reading it through
    the package are not followed, so the fix waits."""
    package = _package(tmp_path, "vault_re", "X = 1\n", SERVER.format(lifespan=""))
    (package / "__init__.py").write_text(
        'from .server import mcp\n\n__all__ = ["mcp"]\n'
    )
    monkeypatch.chdir(tmp_path)
    fixed, help = _found(capsys)["server.py"]
    assert not fixed
    assert help.endswith(readers_reason([f"vault_re/__init__.py:1: {UNREAD}"]))


def test_async_tools_only_let_the_fix_through(tmp_path, monkeypatch, capsys):
    reader = (
        "from {p}.server import mcp\n\n\n@mcp.tool()\nasync def two() -> int:\n    return 2\n\n\n"
        '@mcp.resource("vault://size")\nasync def size() -> str:\n    return "3"\n\n\n'
        "async def three() -> int:\n    return 3\n\n\nmcp.tool()(three)\n"
    )
    package = _package(tmp_path, "vault_ok", reader, SERVER.format(lifespan=""))
    monkeypatch.chdir(tmp_path)
    assert _found(capsys) == {
        "server.py": (True, "Import `MCPServer` from `mcp.server.mcpserver`")
    }
    main(["check", "--no-cache", "--select", "MCP017", "--fix", "--unsafe-fixes", "."])
    assert (
        "from mcp.server.mcpserver import MCPServer"
        in (package / "server.py").read_text()
    )
