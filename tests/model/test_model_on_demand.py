"""The model computes a function's spans and qualified name when a reader asks
(docs/performance.md "What makes it fast"): a checked module whose functions
are not reported computes none, and the values asked for are the exact ones."""

from __future__ import annotations

import ast

from elicit_lint.analysis.facts import Analysis
from elicit_lint.core.settings import RuleSettings
from elicit_lint.model import build_model
from elicit_lint.rules import ALL_RULES

SOURCE = '''\
from fastmcp import Context, FastMCP

mcp = FastMCP("s")


def helper(x):
    return x * 2


class Box:
    def method(self):
        def inner():
            return 1
        return inner


@mcp.tool
async def ask(ctx: Context) -> str:
    result = await ctx.elicit("Name?", response_type=str)
    return result.data if result.action == "accept" else ""
'''


def test_unreported_functions_compute_no_span():
    tree = ast.parse(SOURCE)
    model = build_model(tree, SOURCE, "server.py")
    settings = RuleSettings()
    analysis = Analysis(model, settings.runtime_module)
    found = [d.code for rule in ALL_RULES for d in rule.check(model, analysis, settings)]
    assert "MCP001" in found  # the rules ran, and reported the tool
    plain = [f for f in model.functions if f.name in ("helper", "method", "inner")]
    assert len(plain) == 3
    assert all("span" not in f.__dict__ and "name_span" not in f.__dict__ for f in plain)


def test_spans_and_qualnames_asked_for_are_exact():
    tree = ast.parse(SOURCE)
    model = build_model(tree, SOURCE, "server.py")
    by_name = {f.name: f for f in model.functions}
    assert by_name["inner"].qualname == "Box.method.<locals>.inner"
    assert by_name["method"].qualname == "Box.method"
    helper = by_name["helper"]
    assert (helper.name_span.start.row, helper.name_span.start.column) == (6, 5)
    assert (helper.span.start.row, helper.span.end.row) == (6, 7)
    assert model.lines.span(helper.node) == helper.span
