"""An ``MCPServer`` tool that asks a question of its own and also awaits a helper
whose ``ctx.elicit`` is not rewritten (fix8a's FastMCP shape, analysis/through.py)
is refused whole by the SDK planner too (closing6 "Left").

Why, through the SDK's own in-process ``Client``: on 2026-07-28 the original
raises at its first question, before its body does anything; the rewrite of only
the tool's own question (what the planner produced before) asks it, runs the
body up to the helper, and raises there: a side effect the original never had."""

from __future__ import annotations

import ast

import pytest

from elicit_lint.analysis.plan import plan_module
from elicit_lint.codemod.engine import Options, migrate_file
from elicit_lint.model import build_model

from .behaviour import call_sdk, load

HEAD = """\
from typing import Annotated

from mcp.server.mcpserver import Context, Elicit, ElicitationResult, MCPServer, Resolve
from pydantic import BaseModel

mcp = MCPServer("Desk")
done: list[str] = []


class Guest(BaseModel):
    name: str


class Sure(BaseModel):
    sure: bool


async def really(CTX) -> bool:
    reply = await ctx.elicit("Book it?", schema=Sure)
    return reply.action == "accept" and reply.data.sure

"""
ORIGINAL = """
@mcp.tool()
async def reserve(ctx: Context) -> str:
    g = await ctx.elicit("Guest name?", schema=Guest)
    if g.action != "accept":
        return "no guest"
    done.append(g.data.name)
    if not await really(ctx):
        return "kept open"
    return f"reserved for {g.data.name}"
"""
# the tool's own question as a resolver, the helper's left: the partial rewrite
PARTIAL = """
async def ask_g() -> Elicit[Guest]:
    return Elicit("Guest name?", schema=Guest)


@mcp.tool()
async def reserve(ctx: Context, g: Annotated[ElicitationResult[Guest], Resolve(ask_g)]) -> str:
    if g.action != "accept":
        return "no guest"
    done.append(g.data.name)
    if not await really(ctx):
        return "kept open"
    return f"reserved for {g.data.name}"
"""
THROUGH = "another question this tool asks through `really` (line 19) cannot be rewritten: "
NOT_A_TOOL = (
    "not in a tool body (a helper called by a tool, or module level): declare "
    "the question on the tool that needs the answer, by hand"
)
UNANNOTATED = (
    "its context is an unannotated parameter the module's calls fill with a context: "
    "annotate it `Context`, then run again, or declare the question on the calling "
    "tool and pass the answer in, by hand"
)


def _text(context: str, body: str = ORIGINAL) -> str:
    return HEAD.replace("CTX", context) + body


@pytest.mark.parametrize(
    ("context", "helper_reason"),
    [("ctx: Context", NOT_A_TOOL), ("ctx", UNANNOTATED)],
    ids=["annotated", "unannotated"],
)
def test_the_tool_is_skipped_with_the_helper_s_reason(tmp_path, context, helper_reason):
    text = _text(context)
    plan = plan_module(build_model(ast.parse(text), text, "m.py"))
    assert plan.sdk_asks == [] and plan.functions == []
    reasons = {s.row: s.reason for s in plan.skips}
    assert reasons == {19: helper_reason, 25: THROUGH + helper_reason}
    path = tmp_path / "desk.py"
    path.write_text(text)
    outcome = migrate_file(str(path), Options())
    assert outcome.status == "unchanged" and path.read_text() == text


def test_a_tool_without_the_helper_call_is_still_rewritten(tmp_path):
    body = ORIGINAL.replace("    if not await really(ctx):\n        return \"kept open\"\n", "")
    text = _text("ctx: Context", body)
    path = tmp_path / "desk.py"
    path.write_text(text)
    assert migrate_file(str(path), Options()).status == "rewritten"


async def test_the_partial_rewrite_would_run_the_body_on_2026_07_28(tmp_path):
    (tmp_path / "original.py").write_text(_text("ctx: Context"))
    (tmp_path / "partial.py").write_text(_text("ctx: Context", PARTIAL))
    original = load(str(tmp_path / "original.py"))
    partial = load(str(tmp_path / "partial.py"))
    legacy = await call_sdk(original, "reserve", "legacy", ["accept", "accept"])
    assert legacy.ok and legacy.prompts == ("Guest name?", "Book it?")
    assert await call_sdk(partial, "reserve", "legacy", ["accept", "accept"]) == legacy
    original.done.clear()
    modern = await call_sdk(original, "reserve", "auto", ["accept", "accept"])
    assert not modern.ok and modern.prompts == () and original.done == []
    partial.done.clear()
    changed = await call_sdk(partial, "reserve", "auto", ["accept", "accept"])
    assert not changed.ok and changed.prompts == ("Guest name?",)
    assert len(partial.done) == 1  # the body ran up to the helper, then failed
