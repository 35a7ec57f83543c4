"""What a function body holds that rules need must be found however deep the body
is: a registration, a resolver, a context alias or an import bound inside
functions (the scope walk fills every body; a future shortcut that skips bodies
must keep these). Generated: each shape wrapped in 0-3 enclosing functions, with
generated names."""

from __future__ import annotations

import ast
import textwrap

from hypothesis import given, settings
from hypothesis import strategies as st

from elicit_lint.model import build_model

NAMES = st.sampled_from(["alpha", "beta_tool", "q", "srv", "handler2", "x_y"])


def _wrap(body: str, depth: int) -> str:
    """``body`` inside ``depth`` nested ``def`` statements."""
    text = textwrap.dedent(body).strip("\n")
    for level in reversed(range(depth)):
        text = f"def outer{level}():\n" + textwrap.indent(text, "    ") + "\n    return None"
    return text + "\n"


def _model(head: str, body: str, depth: int):
    source = textwrap.dedent(head).lstrip("\n") + _wrap(body, depth)
    return build_model(ast.parse(source), source, "m.py")


def _function(model, name):
    return next(f for f in model.functions if f.name == name)


@settings(max_examples=40, deadline=None)
@given(depth=st.integers(0, 3), tool=NAMES, alias=NAMES, form=st.sampled_from(["add", "call", "imported"]))
def test_a_registration_in_a_body_makes_a_tool(depth, tool, alias, form):
    register = {
        "add": f"mcp.add_tool({tool}_fn)",
        "call": f"mcp.tool(name='n')({tool}_fn)",
        "imported": f"from fastmcp.tools import tool as {alias}_t\n{alias}_t({tool}_fn)",
    }[form]
    body = f"""
        async def {tool}_fn(ctx: Context):
            await ctx.elicit("q", response_type=str)
        {textwrap.indent(register, "        ").lstrip()}
    """
    model = _model("from fastmcp import FastMCP, Context\nmcp = FastMCP('x')\n", body, depth)
    function = _function(model, f"{tool}_fn")
    assert function.is_tool
    assert [s.function for s in model.sites] == [function]


@settings(max_examples=30, deadline=None)
@given(depth=st.integers(0, 3), name=NAMES)
def test_a_resolver_defined_in_a_nested_scope_is_a_resolver(depth, name):
    body = f"""
        def {name}_question(city: str) -> str:
            return f"How many nights in {{city}}?"

        @mcp.tool
        async def book(city: str, nights: Annotated[int, Elicit({name}_question)]) -> str:
            return city
    """
    head = """
        from typing import Annotated
        from fastmcp import FastMCP
        from elicit_lint.runtime import Elicit
        mcp = FastMCP("x")
    """
    model = _model(head, body, depth)
    resolver = _function(model, f"{name}_question")
    assert resolver.node in model.resolvers
    assert [p.name for p in model.elicited_parameters] == ["nights"]


@settings(max_examples=30, deadline=None)
@given(depth=st.integers(1, 3), alias=NAMES)
def test_a_context_alias_bound_in_a_body_makes_a_site(depth, alias):
    body = f"""
        from fastmcp import Context as {alias}_C

        @mcp.tool
        async def ask(c: {alias}_C) -> str:
            answer = await c.elicit("Which one?", response_type=str)
            return str(answer)
    """
    model = _model("from fastmcp import FastMCP\nmcp = FastMCP('x')\n", body, depth)
    assert [s.function.name for s in model.sites] == ["ask"]
    assert (model.sites[0].context.kind, model.sites[0].context.name) == ("annotation", "c")
