"""A module's own function named like a pure builtin (``def len(...)``) is its
code, not the builtin: a gate calling it is not copied into a resolver, where it
would run again on every round (cast14's report: the shadowing ``len`` with an
effect ran in the resolver and again in the body)."""

from __future__ import annotations

import json

import pytest

from elicit_lint.codemod.cli import main as migrate_main

TOOL = '''\
from fastmcp import Context, FastMCP

mcp = FastMCP("Library")
SEEN = []
{shadow}

@mcp.tool
async def find_book(title: str, ctx: Context) -> str:
    t = title.strip()
    if len(t) < 2:
        reply = await ctx.elicit("Which book?", response_type=str)
        if reply.action != "accept":
            return "nothing"
        t = reply.data
    return t
'''

SHADOW = '''
def len(text):
    SEEN.append(text)
    return 0
'''


@pytest.mark.parametrize(("shadow", "rewritten"), [(SHADOW, 0), ("", 1)])
def test_a_gate_calling_a_shadowed_builtin_is_not_copied(shadow, rewritten, tmp_path, capsys):
    path = tmp_path / "server.py"
    path.write_text(TOOL.format(shadow=shadow))
    capsys.readouterr()
    migrate_main(["--check", "--report", "json", str(path)])
    report = json.loads(capsys.readouterr().out)
    assert report["sites_would_rewrite"] == rewritten, report
    if not rewritten:
        (reason,) = report["sites_skipped"]
        assert "a call to `len`" in reason
