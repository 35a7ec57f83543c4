"""An SDK ``ElicitationResult[T]`` parameter with ``Resolve(fn)`` on a
``FastMCP`` server whose body reads ``.data`` without testing the action: the
parameter's answer has no statement of its own, so "read right after the
question" means "read first in the body" (``analysis/data_reads.py``). It used
to crash check and migrate (``AttributeError`` on ``_fields``)."""

from __future__ import annotations

import ast
import textwrap

import pytest
from fastmcp import Client

from elicit_lint.analysis.data_reads import not_read_first
from elicit_lint.analysis.plan import plan_module
from elicit_lint.analysis.sdk import strip_unsafe
from elicit_lint.checker.linter import analyse
from elicit_lint.codemod.engine import Options, transform_text
from elicit_lint.model import build_model

from .behaviour import call, load
from .cases import ROOT

HEAD = """\
from typing import Annotated

from fastmcp import FastMCP
from mcp.server.mcpserver import Elicit, ElicitationResult, Resolve
from pydantic import BaseModel

mcp = FastMCP("Desk")


class Confirm(BaseModel):
    ok: bool


async def ask_void() -> Elicit[Confirm]:
    return Elicit("Void?", Confirm)


@mcp.tool()
async def void(
    order_id: str,
    r: Annotated[ElicitationResult[Confirm], Resolve(ask_void)],
) -> str:
"""

READ_FIRST = HEAD + '    return f"{order_id} void={r.data.ok}"\n'
READ_LATER = HEAD + '    print(order_id)\n    return f"{order_id} void={r.data}"\n'


def _codes(text: str) -> list[str]:
    return [d.code for d in analyse(ast.parse(text), text, "desk.py")]


def test_check_reports_the_real_findings_and_no_internal_error():
    for text in (READ_FIRST, READ_LATER):
        found = _codes(text)
        assert "MCP013" in found
        assert all(not code.startswith("internal") for code in found)


def test_a_read_first_in_the_body_is_rewritten_to_a_required_parameter():
    new, _ = transform_text(READ_FIRST, "desk.py", Options())
    assert "r: Annotated[Confirm, Elicit(ask_void)]," in new
    assert 'return f"{order_id} void={r.ok}"' in new


def test_a_read_after_another_statement_is_skipped_with_the_reason():
    text = textwrap.dedent(READ_LATER)
    plan = plan_module(build_model(ast.parse(text), text, "desk.py"), None)
    assert plan.functions == []
    assert [strip_unsafe(s.reason) for s in plan.skips] == [not_read_first("r")]
    new, _ = transform_text(text, "desk.py", Options())
    assert new == text


CASE = ROOT / "sdk_result_read_first"


async def _input_schema(module) -> dict:
    async with Client(module.mcp) as client:
        (tool,) = await client.list_tools()
    return tool.input_schema


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_served_as_is_by_fastmcp_the_answer_is_model_supplied_and_the_codemod_says_so(mode):
    """What the swapped original does before the rewrite (MCP013; docs/codemod.md,
    "SDK v2 `Resolve(fn)` tools"): FastMCP ignores `Resolve`, so `r` is a required
    tool argument; a call without it fails before any question, and a model that
    fills it in gets its own answer without the user being asked. The rewrite asks
    (test_behaviour compares it with the SDK original) and drops `r` from the tool's
    arguments: a change the checker announces on the original."""
    text = (CASE / "before.py").read_text(encoding="utf-8")
    (finding,) = [d for d in analyse(ast.parse(text), text, "desk.py") if d.code == "MCP013"]
    assert "`r` becomes model-supplied" in finding.message
    original = load(str(CASE / "before.py"))
    rewritten = load(str(CASE / "after.py"))
    schema = await _input_schema(original)
    assert sorted(schema["required"]) == ["order_id", "r"]
    missing = await call(original, "void", mode, ["accept"], {"order_id": "o1"})
    assert (missing.ok, missing.prompts) == (False, ())
    supplied = {"order_id": "o1", "r": {"action": "accept", "data": {"ok": False}}}
    forged = await call(original, "void", mode, ["accept"], supplied)
    assert (forged.ok, forged.prompts, forged.text) == (True, (), "o1 void=False")
    assert "r" not in (await _input_schema(rewritten))["properties"]
    asked = await call(rewritten, "void", mode, ["accept"], {"order_id": "o1"})
    assert (asked.ok, asked.prompts, asked.text) == (True, ("Void?",), "o1 void=True")
