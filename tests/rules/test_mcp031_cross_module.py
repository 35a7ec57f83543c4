"""MCP031 across modules: a module of the run calling a declared function of
another module with an elicited argument (rules16's repro: a batch module
calling a migrated tool). Reported on the elicited parameter in the function's
``def``, naming the caller; the call it reports fails under the runtime, the
calls it leaves work."""

from __future__ import annotations

import asyncio
import importlib
import json
import sys
from pathlib import Path

import pytest

from elicit_lint.checker.cli import main

SERVER = '''\
from typing import Annotated

from elicit_lint.runtime import Elicit, declared_elicitation
from fastmcp import FastMCP

mcp = FastMCP("Ledger")


@mcp.tool
@declared_elicitation
async def refund(order: str, approve: Annotated[bool, Elicit("Refund it?")]) -> str:
    return f"refunded {order}" if approve else "kept"
'''

INVALID = {
    "by keyword": (
        "from .server import refund\n\n\nasync def nightly() -> str:\n"
        '    return await refund("A-1", approve=True)\n',
        [(11, "nightly.py:5")],
    ),
    "by position, under another name": (
        "from .server import refund as give_back\n\n\nasync def nightly() -> str:\n"
        '    return await give_back("A-1", True)\n',
        [(11, "nightly.py:5")],
    ),
    "two callers": (
        "from . import server\nfrom .server import refund\n\n\nasync def nightly() -> list[str]:\n"
        '    return [await refund("A-1", approve=True), await refund("A-2", approve=False)]\n',
        [(11, "nightly.py:6"), (11, "nightly.py:6")],
    ),
}

VALID = {
    "the undecorated function": (
        "from .server import refund\n\n\nasync def nightly() -> str:\n"
        '    return await refund.__wrapped__("A-1", approve=True)\n'
    ),
    "nothing elicited passed": (
        'from .server import refund\n\n\nasync def nightly() -> str:\n    return await refund("A-1")\n'
    ),
    "rebound in the caller": (
        "from .server import refund\n\n\nasync def nightly(refund) -> str:\n"
        '    return await refund("A-1", approve=True)\n'
    ),
    "starred arguments": (
        "from .server import refund\n\n\nasync def nightly(args) -> str:\n    return await refund(*args)\n"
    ),
}


def _package(root: Path, name: str, caller: str) -> Path:
    (root / name).mkdir(parents=True)
    (root / name / "__init__.py").write_text("")
    (root / name / "server.py").write_text(SERVER)
    (root / name / "nightly.py").write_text(caller)
    return root


def _found(capsys, *paths: str) -> list[tuple[str, int, str]]:
    capsys.readouterr()
    main(["check", "--no-cache", "--select", "MCP031", "--output-format", "json", *paths])
    return [
        (Path(d["filename"]).relative_to(Path.cwd()).as_posix(), d["location"]["row"], d["message"])
        for d in json.loads(capsys.readouterr().out)
    ]


@pytest.mark.parametrize("case", sorted(INVALID))
def test_invalid_calls_from_another_module(case, tmp_path, monkeypatch, capsys):
    caller, expected = INVALID[case]
    monkeypatch.chdir(_package(tmp_path, "ledger", caller))
    found = _found(capsys, ".")
    assert [(f, row, m.split(" with ")[0]) for f, row, m in found] == [
        ("ledger/server.py", row, f"`refund` is called in ledger/{where}") for row, where in expected
    ]
    assert all("`approve`, an elicited parameter" in m for _, _, m in found)
    # the caller outside the run (only the server checked): not read
    assert _found(capsys, "ledger/server.py") == []


@pytest.mark.parametrize("case", sorted(VALID))
def test_valid_calls_from_another_module(case, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(_package(tmp_path, "ledger", VALID[case]))
    assert _found(capsys, ".") == []


def test_noqa_on_the_parameter(tmp_path, monkeypatch, capsys):
    root = _package(tmp_path, "ledger", INVALID["by keyword"][0])
    server = root / "ledger" / "server.py"
    server.write_text(SERVER.replace("Refund it?\")]) -> str:", "Refund it?\")]) -> str:  # noqa: MCP031"))
    monkeypatch.chdir(root)
    assert _found(capsys, ".") == []


def _nightly(root: Path, name: str, caller: str):
    _package(root, name, caller)
    sys.path.insert(0, str(root))
    try:
        return asyncio.run(importlib.import_module(f"{name}.nightly").nightly())
    finally:
        sys.path.remove(str(root))
        for module in [m for m in sys.modules if m == name or m.startswith(f"{name}.")]:
            del sys.modules[module]


@pytest.mark.parametrize("case", sorted(INVALID))
def test_a_reported_call_fails_at_run_time(case, tmp_path):
    # by keyword: the runtime names `__wrapped__`; by position: one argument too many
    with pytest.raises(TypeError, match="__wrapped__|too many positional arguments"):
        _nightly(tmp_path, f"ledger_bad_{sorted(INVALID).index(case)}", INVALID[case][0])


def test_a_left_call_works_at_run_time(tmp_path):
    assert _nightly(tmp_path, "ledger_good", VALID["the undecorated function"]) == "refunded A-1"
