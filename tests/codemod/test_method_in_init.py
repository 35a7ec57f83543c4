"""fresh5 F13 on FastMCP: a method a class registers on itself in ``__init__``
(``mcp.tool(self.buy)``) gets the method's reason from the checker and the codemod,
not "not in a tool body"."""

from __future__ import annotations

import ast
import textwrap

from elicit_lint.analysis.locate import METHOD
from elicit_lint.analysis.plan import plan_module
from elicit_lint.model import build_model

TEXT = textwrap.dedent('''\
    from fastmcp import Context, FastMCP

    mcp = FastMCP("Shop")


    class Shop:
        def __init__(self, server):
            server.tool(self.buy)

        async def buy(self, ctx: Context, item: str) -> str:
            r = await ctx.elicit(f"Buy {item}?", response_type=bool)
            return "bought" if r.action == "accept" and r.data else "kept"


    Shop(mcp)
''')


def test_the_codemod_and_the_checker_give_the_method_reason():
    plan = plan_module(build_model(ast.parse(TEXT), TEXT, "m.py"))
    assert [s.reason for s in plan.skips] == [METHOD]
    from elicit_lint.checker.linter import analyse

    helps = [d.help for d in analyse(ast.parse(TEXT), TEXT, "m.py") if d.code == "MCP001"]
    assert helps and all(h.endswith(f"cannot rewrite it: {METHOD}") for h in helps)
