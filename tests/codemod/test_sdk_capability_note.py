"""corpus16 F12: a module whose ``MCPServer`` asks are rewritten gets one ``note``
saying what a client without the elicitation capability now receives (-32021 before
the tool's body, where the original failed at the question with -32600), as
docs/codemod.md says; measured here through the SDK's own in-process ``Client``
with no elicitation callback, on the original and on the rewrite."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from elicit_lint.analysis.sdk_notes import CAPABILITY_NOTE
from elicit_lint.codemod.cli import main

from .behaviour import load

BEFORE = (
    Path(__file__).resolve().parents[2]
    / "fixtures"
    / "codemod"
    / "sdk_ask_question"
    / "before.py"
)


def test_one_note_per_rewritten_sdk_module(tmp_path, monkeypatch, capsys):
    shutil.copy(BEFORE, tmp_path / "server.py")
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    assert main(["--check", "--report", "json", "."]) == 1
    report = json.loads(capsys.readouterr().out)
    first = (
        BEFORE.read_text()
        .splitlines()
        .index("async def reserve(title: str, ctx: Context) -> str:")
        + 1
    )
    assert report["notes"][CAPABILITY_NOTE] == [
        f"server.py:{first}"
    ]  # two tools, one note
    assert main(["--check", "."]) == 1
    assert f"note (1): {CAPABILITY_NOTE}" in capsys.readouterr().err


def test_no_note_for_a_fastmcp_module(tmp_path, monkeypatch, capsys):
    (tmp_path / "server.py").write_text(
        "from fastmcp import Context, FastMCP\n\nmcp = FastMCP('Trips')\n\n\n"
        "@mcp.tool\nasync def book(city: str, ctx: Context) -> str:\n"
        "    r = await ctx.elicit(f'Book {city}?', response_type=bool)\n"
        "    if r.action == 'accept' and r.data:\n        return 'booked'\n    return 'not booked'\n"
    )
    monkeypatch.chdir(tmp_path)
    assert main(["--check", "--report", "json", "."]) == 1
    assert CAPABILITY_NOTE not in json.loads(capsys.readouterr().out)["notes"]


async def _error(module) -> tuple[int, str]:
    from mcp import Client
    from mcp.shared.exceptions import MCPError

    async with Client(module.mcp, mode="legacy") as client:  # no elicitation callback
        with pytest.raises(MCPError) as raised:
            result = await client.call_tool("reserve", {"title": "Dune"})
            assert not result.is_error, (
                result
            )  # an error result is not what the note says
        return raised.value.error.code, raised.value.error.message


async def test_what_the_note_says_is_what_a_client_gets(tmp_path, monkeypatch):
    original = tmp_path / "original.py"
    shutil.copy(BEFORE, original)
    rewritten = tmp_path / "rewritten.py"
    shutil.copy(BEFORE, rewritten)
    monkeypatch.chdir(tmp_path)
    main(["rewritten.py"])
    assert rewritten.read_text() != original.read_text()
    code, message = await _error(load(str(original)))
    assert (code, message) == (-32600, "Elicitation not supported")
    code, message = await _error(load(str(rewritten)))
    assert code == -32021
    assert message.startswith(
        "Client did not declare the form elicitation capability required by resolver '"
    )
    assert "-32600" in CAPABILITY_NOTE and "-32021" in CAPABILITY_NOTE
