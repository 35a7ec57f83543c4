"""What runs once per round on 2026-07-28 after a rewrite (fresh13 #1): a tool's
``Depends(...)`` dependencies and the server's middleware run once per request, and
each question round is a request on that era, so a rewritten tool runs them once
more per round; on the handshake era, once per call, as the original. Measured
through a real ``fastmcp.Client`` on both eras; ``elicit-migrate`` says so in a
``note (N):`` (docs/runtime.md "What the runtime guarantees")."""

from __future__ import annotations

import json

import pytest
from fastmcp import Client

from elicit_lint.analysis.round_notes import DEPENDS_NOTE, MIDDLEWARE_NOTE
from elicit_lint.codemod.cli import main
from elicit_lint.runtime import Answer, wait_for_handler

from .behaviour import load

SERVER = """\
from contextlib import asynccontextmanager

from fastmcp import Context, FastMCP
from fastmcp.dependencies import Depends
from fastmcp.server.middleware import Middleware

EVENTS = []


class Audit(Middleware):
    async def on_call_tool(self, context, call_next):
        EVENTS.append("mw")
        return await call_next(context)


@asynccontextmanager
async def account():
    EVENTS.append("open")
    try:
        yield {{"balance": 10}}
    finally:
        EVENTS.append("close")


mcp = FastMCP("Bank"{middleware})


@mcp.tool
async def withdraw(amount: int, ctx: Context{depends}) -> str:
    r = await ctx.elicit(f"Withdraw {{amount}}?", response_type=bool)
    if r.action != "accept" or not r.data:
        return "cancelled"
    EVENTS.append("body")
    return "done"
"""
DEPENDS = ", db: dict = Depends(account)"
MIDDLEWARE = ", middleware=[Audit()]"


async def _events(module, mode: str) -> list[str]:
    module.EVENTS.clear()
    handler = wait_for_handler(lambda request: Answer(ok=True, data={"value": True}))
    async with Client(module.mcp, mode=mode, elicitation_handler=handler) as client:
        result = await client.call_tool("withdraw", {"amount": 3})
    assert result.data == "done"
    return list(module.EVENTS)


async def test_dependencies_and_middleware_run_once_per_round_on_2026_07_28(
    tmp_path, monkeypatch, capsys
):
    path = tmp_path / "server.py"
    path.write_text(SERVER.format(middleware=MIDDLEWARE, depends=DEPENDS))
    original = await _events(load(str(path)), "legacy")
    assert original == ["mw", "open", "body", "close"]
    monkeypatch.chdir(tmp_path)
    assert main(["--report", "json", "."]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["notes"] == {
        DEPENDS_NOTE: ["server.py:29"],
        MIDDLEWARE_NOTE: ["server.py:29"],
    }
    rewritten = load(str(path))
    assert (
        await _events(rewritten, "legacy") == original
    )  # the handshake era: once per call
    # 2026-07-28: the first request returns the question, the second carries the answer
    assert await _events(rewritten, "auto") == [
        "mw",
        "open",
        "close",
        "mw",
        "open",
        "body",
        "close",
    ]


@pytest.mark.parametrize(
    ("middleware", "depends", "expected"),
    [("", "", []), (MIDDLEWARE, "", [MIDDLEWARE_NOTE]), ("", DEPENDS, [DEPENDS_NOTE])],
)
def test_notes_only_where_they_apply(
    tmp_path, monkeypatch, capsys, middleware, depends, expected
):
    (tmp_path / "server.py").write_text(
        SERVER.format(middleware=middleware, depends=depends)
    )
    monkeypatch.chdir(tmp_path)
    assert main(["--check", "--report", "json", "."]) == 1
    assert list(json.loads(capsys.readouterr().out)["notes"]) == expected
