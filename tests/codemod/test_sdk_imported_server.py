"""Tools of an SDK v2 ``MCPServer`` built in another module of the run
(``from .server import mcp`` then ``@mcp.tool()``: the layout mcp's docs use for
bigger servers). The server module is read once (``model.servers.module_binding``
through ``workspace.tool_index.ToolIndex.server_of``): a tool module then gets
the SDK rewrite as if it built the server, and the checker says the same.
A server bound twice, imported under an ``if``/``try``, or built by a module
outside the run stays unknown: skipped, files byte for byte. Behaviour through
the SDK's own in-process client, every answer script, handshake era before and
after, 2026-07-28 after."""

from __future__ import annotations

import itertools
import json
import shutil
import sys
from pathlib import Path

import pytest

from elicit_lint.checker.cli import main as check_main
from elicit_lint.codemod.cli import main as migrate_main

from .behaviour import SCRIPTS, call_sdk
from .test_cross_module import CASES, _agree, _copy, _files, _import

CASE = "sdk_imported_server"
_unique = itertools.count()
_UNKNOWN = "served by `mcp`, which this module does not build (the framework is unknown)"
_RESTORE = "line 33 runs before the question in the original"


def _tool_modules(root: Path) -> tuple[Path, Path]:
    tools = root / "helpdesk" / "tools"
    return tools / "orders.py", tools / "tickets.py"


def test_before_after_and_the_checker_agrees(tmp_path, monkeypatch, capsys):
    root = _copy(CASE, tmp_path / "p")
    monkeypatch.chdir(root)
    verdicts = _agree(capsys, ".")
    assert len(verdicts) == 5
    reasons = [v for v in verdicts.values() if v is not None]
    assert len(reasons) == 1 and reasons[0].startswith(_RESTORE)
    assert migrate_main(["."]) == 0
    assert _files(root) == _files(CASES / CASE / "after")


def _skipped_unchanged(root: Path, capsys, *paths: str) -> set[str | None]:
    before = _files(root)
    verdicts = _agree(capsys, *paths)
    assert migrate_main([*paths]) == 0
    assert _files(root) == before
    return set(verdicts.values())


def test_a_server_bound_twice_stays_unknown(tmp_path, monkeypatch, capsys):
    root = _copy(CASE, tmp_path / "p")
    server = root / "helpdesk" / "server.py"
    server.write_text(server.read_text().replace(
        'mcp = MCPServer("Help desk")\n', 'mcp = MCPServer("Help desk")\nmcp = MCPServer("Other desk")\n'
    ))
    monkeypatch.chdir(root)
    reasons = _skipped_unchanged(root, capsys, ".")
    assert {r.split(":")[0] for r in reasons} == {_UNKNOWN}


def test_a_server_rebound_by_a_function_stays_unknown(tmp_path, monkeypatch, capsys):
    root = _copy(CASE, tmp_path / "p")
    server = root / "helpdesk" / "server.py"
    server.write_text(server.read_text() + "\n\ndef reset():\n    global mcp\n    mcp = object()\n")
    monkeypatch.chdir(root)
    assert {r.split(":")[0] for r in _skipped_unchanged(root, capsys, ".")} == {_UNKNOWN}


def test_a_server_module_outside_the_run_stays_unknown(tmp_path, monkeypatch, capsys):
    """pre-commit passes the changed files only: the server module is not read."""
    root = _copy(CASE, tmp_path / "p")
    monkeypatch.chdir(root)
    reasons = _skipped_unchanged(root, capsys, "helpdesk/tools", "helpdesk/models.py")
    assert {r.split(":")[0] for r in reasons} == {_UNKNOWN}


@pytest.mark.parametrize(
    "imported",
    [
        "try:\n    from ..server import mcp\nexcept ImportError:\n    mcp = None\n",
        "import os\n\nif os.environ.get('DESK'):\n    from ..server import mcp\n",
        "from ..server import mcp\nfrom ..models import YesNo as mcp  # noqa: F811\nfrom ..server import mcp  # noqa: F811\n",
    ],
    ids=["try", "if", "rebound"],
)
def test_a_conditional_import_stays_unknown(imported, tmp_path, monkeypatch, capsys):
    root = _copy(CASE, tmp_path / "p")
    orders, _ = _tool_modules(root)
    orders.write_text(orders.read_text().replace("from ..server import mcp\n", imported))
    monkeypatch.chdir(root)
    before = orders.read_text()
    verdicts = _agree(capsys, ".")
    assert migrate_main(["."]) == 0
    assert orders.read_text() == before
    mine = {v for (path, _), v in verdicts.items() if path.endswith("orders.py")}
    assert {r.split(":")[0] for r in mine} == {_UNKNOWN}


def test_an_absolute_import_and_a_re_export_are_followed(tmp_path, monkeypatch, capsys):
    """``from helpdesk.server import mcp`` (resolved by path suffix) and ``from
    helpdesk import mcp`` (a package re-exporting it) read the same server."""
    root = _copy(CASE, tmp_path / "p")
    (root / "helpdesk" / "__init__.py").write_text("from .server import mcp\n\n__all__ = ['mcp']\n")
    orders, tickets = _tool_modules(root)
    orders.write_text(orders.read_text().replace("from ..server import mcp", "from helpdesk.server import mcp"))
    tickets.write_text(tickets.read_text().replace("from ..server import mcp", "from helpdesk import mcp"))
    monkeypatch.chdir(root)
    verdicts = _agree(capsys, ".")
    assert sum(v is None for v in verdicts.values()) == 4


def test_an_imported_fastmcp_server_is_read_as_fastmcp(tmp_path, monkeypatch, capsys):
    """The SDK `Context` on a tool of an imported `FastMCP(...)`: the reason
    names the mismatch, not an unknown server."""
    root = _copy(CASE, tmp_path / "p")
    (root / "helpdesk" / "server.py").write_text(
        'from fastmcp import FastMCP\n\nmcp = FastMCP("Help desk")\n'
    )
    monkeypatch.chdir(root)
    reasons = _skipped_unchanged(root, capsys, ".")
    assert {r.split(":")[0] for r in reasons} == {"an SDK `Context` on a tool `FastMCP(...)` serves"}


def test_the_results_cache_follows_the_server_module(tmp_path, monkeypatch, capsys):
    root = _copy(CASE, tmp_path / "p")
    monkeypatch.chdir(root)
    monkeypatch.setenv("ELICIT_LINT_CACHE_DIR", str(tmp_path / "cache"))

    def rewritable():
        capsys.readouterr()
        check_main(["check", "--select", "MCP001", "--output-format", "json", "."])
        return sum("can rewrite it" in d["help"] for d in json.loads(capsys.readouterr().out))

    assert rewritable() == 4
    assert rewritable() == 4  # warm
    server = root / "helpdesk" / "server.py"
    original = server.read_text()
    server.write_text(original.replace('mcp = MCPServer("Help desk")\n', "mcp = make()\n"))
    assert rewritable() == 0  # the tool modules are unchanged: their verdicts follow
    server.write_text(original)
    assert rewritable() == 4


_CALLS = [
    ("credit_order", {"order": "O1"}),
    ("bill_order", {"order": "O1", "total": 50.0}),
    ("bill_order", {"order": "O1", "total": 900.0}),
    ("archive_ticket", {"ticket": "T1"}),
    ("prioritise", {"ticket": "T1"}),
    ("restore_ticket", {"ticket": "T1"}),
]


@pytest.mark.parametrize("script", SCRIPTS, ids=["-".join(s) for s in SCRIPTS])
async def test_behaviour_on_both_eras(script, tmp_path, monkeypatch):
    n = next(_unique)
    original_name, rewritten_name = f"helpdesk_before_{n}", f"helpdesk_after_{n}"
    shutil.copytree(CASES / CASE / "before" / "helpdesk", tmp_path / "a" / original_name)
    shutil.copytree(CASES / CASE / "after" / "helpdesk", tmp_path / "b" / rewritten_name)
    original = _import(tmp_path / "a", original_name, "server", monkeypatch)
    rewritten = _import(tmp_path / "b", rewritten_name, "server", monkeypatch)
    try:
        for tool, args in _CALLS:
            expected = await call_sdk(original, tool, "legacy", script, args)
            assert expected.ok, (tool, args)
            assert await call_sdk(rewritten, tool, "legacy", script, args) == expected, (tool, args)
            modern = await call_sdk(rewritten, tool, "2026-07-28", script, args)
            if tool == "restore_ticket":  # skipped: asks imperatively, fails on that era
                assert modern.ok is False
                continue
            assert modern == expected.as_carried("auto"), (tool, args)
            if expected.prompts:  # the original cannot ask on the sessionless era
                assert (await call_sdk(original, tool, "2026-07-28", script, args)).ok is False
    finally:
        for name in [m for m in sys.modules if m.startswith((original_name, rewritten_name))]:
            del sys.modules[name]
