"""MCP019 on a function registered as a tool by another module of the run
(fresh6 M1): the run's index (analysis/elsewhere.py) makes it a tool, so the
finding and its fix are those of a tool registered in place; a run over the
function's file alone does not see the registration (documented). Behaviour
of the fixed package through a real ``fastmcp.Client`` on both eras."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

import pytest

from elicit_lint.checker.cli import main

from ..codemod.behaviour import SCRIPTS, call

TOOLS = '''\
from typing import Annotated

from elicit_lint.runtime import Elicit


async def book(destination: Annotated[str, Elicit("Where to?")]) -> str:
    return f"booked {destination}"
'''
FIXED = '''\
from typing import Annotated

from elicit_lint.runtime import Elicit, declared_elicitation


@declared_elicitation
async def book(destination: Annotated[str, Elicit("Where to?")]) -> str:
    return f"booked {destination}"
'''
SERVER = "from fastmcp import FastMCP\n\nfrom .tools import book\n\nmcp = FastMCP('Travel')\nmcp.add_tool(book)\n"
PLAIN = (
    "from .tools import book\n\n\nclass Hooks:\n    def add_tool(self, fn):\n        self.fn = fn\n\n\n"
    "hooks = Hooks()\nhooks.add_tool(book)\n"
)


def _package(root: Path, name: str, server: str = SERVER) -> Path:
    (root / name).mkdir(parents=True)
    (root / name / "__init__.py").write_text("")
    (root / name / "tools.py").write_text(TOOLS)
    (root / name / "server.py").write_text(server)
    return root


def _codes(capsys, *paths: str) -> list[tuple[str, int, bool]]:
    capsys.readouterr()
    main(["check", "--no-cache", "--select", "MCP019", "--output-format", "json", *paths])
    return [
        (Path(d["filename"]).relative_to(Path.cwd()).as_posix(), d["location"]["row"], d["fix"] is not None)
        for d in json.loads(capsys.readouterr().out)
    ]


def test_registered_in_another_module(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(_package(tmp_path, "travel"))
    assert _codes(capsys, ".") == [("travel/tools.py", 6, True)]
    assert _codes(capsys, "travel/tools.py") == []  # the registering module is not in the run


def test_not_on_an_ordinary_objects_add_tool(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(_package(tmp_path, "travel", PLAIN))
    assert _codes(capsys, ".") == []


def test_the_fix(tmp_path, monkeypatch, capsys):
    root = _package(tmp_path, "travel")
    monkeypatch.chdir(root)
    main(["check", "--no-cache", "--select", "MCP019", "--fix", "."])
    assert (root / "travel" / "tools.py").read_text() == FIXED
    assert _codes(capsys, ".") == []


@pytest.mark.parametrize("script", SCRIPTS, ids=["-".join(s) for s in SCRIPTS])
async def test_the_fixed_package_asks_on_both_eras(script, tmp_path, monkeypatch):
    """Unfixed, every call fails (the runtime's ToolError); fixed, the question
    is asked on the handshake era and answered on the 2026-07-28 one alike."""
    name = f"travel_{abs(hash(tuple(script)))}"
    root = _package(tmp_path, name)
    monkeypatch.syspath_prepend(str(root))
    try:
        broken = importlib.import_module(f"{name}.server")
        assert not (await call(broken, "book", "legacy", script)).ok
        (root / name / "tools.py").write_text(FIXED)
        for module in [m for m in sys.modules if m.startswith(name)]:
            del sys.modules[module]
        fixed = importlib.import_module(f"{name}.server")
        legacy = await call(fixed, "book", "legacy", script)
        assert legacy.prompts == ("Where to?",)
        assert (await call(fixed, "book", "auto", script)) == legacy.as_carried("auto")
        if script[0] == "accept":
            assert legacy.ok and legacy.text.startswith("booked ")
    finally:
        for module in [m for m in sys.modules if m.startswith(name)]:
            del sys.modules[module]


CALLER = 'from .tools import book\n\n\nasync def weekend() -> str:\n    return await book(destination="Rome")\n'
IN_PLACE = TOOLS.replace("from elicit_lint.runtime import Elicit\n", "from elicit_lint.runtime import Elicit\n\nfrom .server import mcp\n").replace(
    "async def book", "@mcp.tool\nasync def book"
)


def _applicability(capsys, *paths: str) -> list[tuple[str, str | None]]:
    capsys.readouterr()
    main(["check", "--no-cache", "--select", "MCP019", "--output-format", "json", *paths])
    return [
        (Path(d["filename"]).name, d["fix"] and d["fix"]["applicability"])
        for d in json.loads(capsys.readouterr().out)
    ]


def test_reported_when_another_module_calls_it_and_its_fix_unsafe(tmp_path, monkeypatch, capsys):
    """fresh8 F3: the registered tool fails every call, so the finding stays when
    another module of the run calls the function; the decorator would change the
    signature that caller uses, so the fix is unsafe and `--fix` leaves it."""
    root = _package(tmp_path, "trip")
    (root / "trip" / "flows.py").write_text(CALLER)
    monkeypatch.chdir(root)
    assert _applicability(capsys, ".") == [("tools.py", "unsafe")]
    main(["check", "--no-cache", "--select", "MCP019", "--fix", "."])
    assert (root / "trip" / "tools.py").read_text() == TOOLS
    # without the caller the fix is safe (test_the_fix)
    (root / "trip" / "flows.py").unlink()
    assert _applicability(capsys, ".") == [("tools.py", "safe")]


def test_registered_in_place_called_from_another_module(tmp_path, monkeypatch, capsys):
    root = _package(tmp_path, "trip", "from fastmcp import FastMCP\n\nmcp = FastMCP('Trip')\n")
    (root / "trip" / "tools.py").write_text(IN_PLACE)
    (root / "trip" / "flows.py").write_text(CALLER)
    monkeypatch.chdir(root)
    assert _applicability(capsys, ".") == [("tools.py", "unsafe")]
    (root / "trip" / "flows.py").unlink()
    assert _applicability(capsys, ".") == [("tools.py", "safe")]
