"""One analysis per model: the planner runs once per model and target, whatever
number of rules ask (MCP001 on sites, MCP013/MCP014 on SDK markers)."""

from __future__ import annotations

import ast
import textwrap

from elicit_lint.checker.linter import analyse
from elicit_lint.core.settings import RuleSettings

SOURCE = textwrap.dedent('''
    from typing import Annotated

    from fastmcp import Context, FastMCP
    from mcp.server.mcpserver import Elicit, Resolve

    mcp = FastMCP("demo")


    async def ask_city(ctx) -> str:
        return Elicit("City?")


    @mcp.tool
    async def book(ctx: Context, city: Annotated[str, Resolve(ask_city)]) -> str:
        result = await ctx.elicit("Name?", response_type=str)
        return city if result.action == "accept" else "no"
''')


def test_the_planner_runs_once_for_all_rules(monkeypatch):
    from elicit_lint.analysis import plan, sdk

    calls = []

    def counting(module, name):
        real = getattr(module, name)

        def wrapper(*args, **kwargs):
            calls.append(name)
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, wrapper)

    counting(plan, "plan_module")
    counting(sdk, "plan_sdk")  # the SDK planner too: MCP013/MCP014 used to re-plan
    found = analyse(ast.parse(SOURCE), SOURCE, "t.py", RuleSettings())
    codes = {d.code for d in found}
    assert {"MCP001", "MCP013"} <= codes
    assert calls == ["plan_module", "plan_sdk"]


def test_no_site_no_marker_no_planner(monkeypatch):
    from elicit_lint.analysis import plan

    monkeypatch.setattr(plan, "plan_module", lambda *a, **k: (_ for _ in ()).throw(AssertionError))
    source = "from elicit_lint.runtime import Elicit\nx = Elicit\n"
    analyse(ast.parse(source), source, "t.py", RuleSettings())
