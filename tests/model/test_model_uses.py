"""Other uses of a function's name (``model.uses``): what makes changing a tool's
or helper's parameters unsafe."""

from __future__ import annotations

import ast
import textwrap

from elicit_lint.model import build_model
from elicit_lint.model.uses import exported_names, other_uses, registered_before_def


def _model(source: str):
    source = textwrap.dedent(source)
    return build_model(ast.parse(source), source, "m.py")


def _function(model, name):
    return next(f for f in model.functions if f.name == name)


def test_registrations_are_not_uses_but_calls_aliases_and_recursion_are():
    model = _model("""
        from fastmcp import FastMCP
        from fastmcp.tools import Tool
        mcp = FastMCP("x")

        async def pick(ctx):
            return await pick(ctx)

        mcp.add_tool(pick)
        mcp.tool(name="other")(pick)
        tool = Tool.from_function(pick)
        alias = pick
    """)
    rows = [n.lineno for n in other_uses(model, _function(model, "pick"))]
    assert rows == [7, 12]


def test_a_local_of_the_same_name_elsewhere_is_not_a_use():
    model = _model("""
        from fastmcp import FastMCP
        mcp = FastMCP("x")

        async def pick(ctx):
            return 1

        def unrelated():
            pick = 3
            return pick

        mcp.add_tool(pick)
    """)
    assert other_uses(model, _function(model, "pick")) == []
    assert _function(model, "pick").is_tool


def test_all_and_registration_above_the_def():
    model = _model("""
        from fastmcp import FastMCP
        __all__ = ["walk"]
        __all__ += ("run",)
        __all__.append("jump")
        mcp = FastMCP("x")

        async def walk(ctx):
            return 1

        mcp.add_tool(walk)

        async def walk(ctx):
            return 2
    """)
    assert exported_names(model.tree) == {"walk", "run", "jump"}
    second = [f for f in model.functions if f.name == "walk"][-1]
    found = registered_before_def(second)
    assert found is not None and found.lineno == 11
