"""Issue 11: a handshake-only elicitation call the codemod does not rewrite
(``ctx.elicit_url(...)``, ``ctx.session.elicit(...)``) is listed as skipped with
MCP001's own verdict, so ``elicit-lint check`` and ``elicit-migrate`` say the same."""

from __future__ import annotations

import json

from elicit_lint.analysis.locate import CALLS_ONLY, REQUEST_ONLY
from elicit_lint.checker.cli import main as check
from elicit_lint.codemod.cli import main

from ..doc_sections import section
from .project import json_report, put

SDK_URL = b"""from mcp.server.mcpserver import Context, MCPServer

app = MCPServer("vault")


@app.tool()
async def connect(bank: str, ctx: Context) -> str:
    reply = await ctx.elicit_url(
        f"Authorise {bank}",
        url=f"https://vault.invalid/{bank}",
        elicitation_id=f"auth-{bank}",
    )
    return reply.action
"""

FASTMCP_SESSION = b"""from fastmcp import Context, FastMCP

mcp = FastMCP("desk")


@mcp.tool
async def confirm(ctx: Context) -> str:
    reply = await ctx.session.elicit("Go ahead?", {"type": "object", "properties": {}})
    return reply.action


@mcp.tool
async def sample(ctx: Context) -> str:
    reply = await ctx.session.create_message(messages=[], max_tokens=5)
    return str(reply)
"""


def _checked(capsys, path: str) -> dict[int, str]:
    check(
        ["check", "--no-cache", "--select", "MCP001", "--output-format", "json", path]
    )
    return {
        d["location"]["row"]: d["help"] for d in json.loads(capsys.readouterr().out)
    }


def test_elicit_url_is_listed_as_skipped_with_the_checkers_words(project, capsys):
    path = put(project / "vault.py", SDK_URL)
    helps = _checked(capsys, "vault.py")
    assert main(["--check", "--report", "json", "."]) == 0
    report = json_report(capsys)
    assert report["sites_skipped"] == {CALLS_ONLY: ["vault.py:8"]}
    assert helps[8].endswith(f"`elicit-migrate` cannot rewrite it: {CALLS_ONLY}")
    assert path.read_bytes() == SDK_URL


def test_session_elicit_and_sampling_listed(project, capsys):
    # fix13: sampling and roots calls are MCP001's too; the codemod lists them (was: not)
    put(project / "desk.py", FASTMCP_SESSION)
    helps = _checked(capsys, "desk.py")
    assert set(helps) == {8, 14}  # both reported by MCP001
    assert helps[8].endswith(f"`elicit-migrate` cannot rewrite it: {CALLS_ONLY}")
    assert helps[14].endswith(f"`elicit-migrate` cannot rewrite it: {REQUEST_ONLY}")
    assert main(["--diff", "--report", "json", "."]) == 0
    report = json_report(capsys)
    assert report["sites_skipped"] == {CALLS_ONLY: ["desk.py:8"], REQUEST_ONLY: ["desk.py:14"]}
    assert report["diffs"] == {}


SDK_SAMPLING_ROOTS = b"""from mcp.server.mcpserver import Context, MCPServer

app = MCPServer("atlas")


@app.tool()
async def summarise(text: str, ctx: Context) -> str:
    reply = await ctx.session.create_message(messages=[], max_tokens=5)
    return str(reply)


@app.tool()
async def roots(ctx: Context) -> str:
    session = ctx.session
    found = await session.list_roots()
    return str(found)
"""


def test_sdk_sampling_and_roots_calls_are_listed_with_the_checkers_words(project, capsys):
    path = put(project / "atlas.py", SDK_SAMPLING_ROOTS)
    helps = _checked(capsys, "atlas.py")
    assert main(["--check", "--report", "json", "."]) == 0
    report = json_report(capsys)
    rows = sorted(helps)
    assert rows and report["sites_skipped"] == {REQUEST_ONLY: [f"atlas.py:{r}" for r in rows]}
    assert all(helps[r].endswith(f"`elicit-migrate` cannot rewrite it: {REQUEST_ONLY}") for r in rows)
    assert path.read_bytes() == SDK_SAMPLING_ROOTS


def test_docs_list_the_reason():
    assert CALLS_ONLY in " ".join(section("codemod").split())
    assert REQUEST_ONLY in " ".join(section("codemod").split())
