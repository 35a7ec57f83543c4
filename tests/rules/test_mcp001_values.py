"""MCP001 on ``ctx.elicit`` passed as a value (fresh9: ``functools.partial(ctx.elicit,
...)`` and ``run_with(ctx.elicit, q)`` passed the check, then raised on 2026-07-28),
and the codemod's verdict on a tool that also makes a handshake-only call it leaves
as it is (a partial rewrite would ask, run the body, then fail at that call)."""

from __future__ import annotations

import pytest

from elicit_lint.analysis.locate import CALLS_ONLY
from elicit_lint.codemod.engine import Options, migrate_file

from .rule_helpers import run

HEAD = """\
import functools

from fastmcp import Context, FastMCP

mcp = FastMCP("v")


async def run_with(asker, q):
    return await asker(q, response_type=str)
"""


@pytest.mark.parametrize(
    "body",
    [
        "    return str(await run_with(ctx.elicit, 'Name?'))",
        "    ask = functools.partial(ctx.elicit, response_type=str)\n    return str(await ask('Name?'))",
        "    return str(await run_with(asker=ctx.elicit, q='Name?'))",
    ],
)
def test_a_context_s_elicit_passed_as_a_value_is_reported(body):
    source = HEAD + f"\n\n@mcp.tool\nasync def tool(ctx: Context) -> str:\n{body}\n"
    [d] = run(source, "MCP001")
    assert d.message.startswith("`ctx.elicit` passed as a value asks when it is called")
    assert "it rewrites `ctx.elicit(...)` calls only" in d.help
    row = source.splitlines().index(body.splitlines()[0]) + 1
    assert d.location.row == row


@pytest.mark.parametrize(
    "body",
    [
        # not a context: an object of the application with its own `elicit`
        "    return str(await run_with(FORMS.elicit, 'Name?'))",
        # the context's other attributes are values like any other
        "    return str(await run_with(ctx.info, 'Name?'))",
        # a call, not a value: reported once, as a call
        "    return str((await ctx.elicit('Name?', response_type=str)).data)",
    ],
)
def test_other_values_are_not(body):
    source = "FORMS = object()\n" + HEAD + f"\n\n@mcp.tool\nasync def tool(ctx: Context) -> str:\n{body}\n"
    messages = [d.message for d in run(source, "MCP001")]
    assert not any("passed as a value" in m for m in messages)


BOTH = HEAD + """

@mcp.tool
async def both(ctx: Context) -> str:
    a = await ctx.elicit("A?", response_type=str)
    if a.action != "accept":
        return "no"
    print("written")
    b = await {other}
    return a.data + str(b)
"""


@pytest.mark.parametrize(
    ("other", "shown"),
    [
        ("run_with(ctx.elicit, 'B?')", "ctx.elicit"),
        ("ctx.session.elicit_form('B?', {'type': 'object', 'properties': {}})", "ctx.session.elicit_form"),
    ],
)
def test_a_tool_with_another_handshake_call_is_left_whole(tmp_path, other, shown):
    source = BOTH.format(other=other)
    path = tmp_path / "server.py"
    path.write_text(source)
    outcome = migrate_file(str(path), Options())
    assert outcome.status == "unchanged" and path.read_text() == source
    row = source.splitlines().index(f"    b = await {other}") + 1
    [skip] = [s for s in outcome.skips if s.row != row]
    [call] = [s for s in outcome.skips if s.row == row]  # the call itself: MCP001's verdict
    assert call.reason == CALLS_ONLY
    assert skip.reason.startswith(f"this tool also calls `{shown}` (line {row})")
    # the checker says the same of the question
    [question] = [d for d in run(source, "MCP001") if d.location.row == skip.row]
    assert question.help.endswith(skip.reason)
