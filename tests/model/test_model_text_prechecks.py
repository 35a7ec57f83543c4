"""A function's reads as the model indexes them (``Scope.loads``, filled by the scope
walk; ``Model.spelled_at_most``, the text precheck before a module-wide search for a
method registered through an instance) must never miss one: generated modules put
reads of a tool's name in every kind of scope and spelling, and the answers are
compared with a plain walk of every scope (docs/architecture.md "Data flow: `elicit-lint check`", step 4)."""

from __future__ import annotations

import ast

from hypothesis import given, settings
from hypothesis import strategies as st

from elicit_lint.analysis.placement import not_a_tool
from elicit_lint.model import build_model
from elicit_lint.model.scopes import own_nodes
from elicit_lint.model.tools import registered_as_bound_method
from elicit_lint.model.uses import other_uses, registration_arguments

HEAD = "from fastmcp import FastMCP, Context\nmcp = FastMCP('x')\n\nasync def pick(ctx: Context):\n    return 1\n"

# each places one read of ``{n}`` (the tool's name, as spelled) somewhere
PLACES = [
    "x = {n}\n",
    "def helper():\n    return {n}()\n",
    "def outer():\n    def inner():\n        return {n}\n    return inner\n",
    "class Holder:\n    attr = {n}\n    def method(self):\n        return {n}\n",
    "handler = lambda: {n}\n",
    "def defaulted(f={n}):\n    return f\n",
    "@{n}\ndef decorated():\n    pass\n",
    "def shadow():\n    {n} = 2\n    return {n}\n",
    "text = '{n} is spelled here only'\n",
    "def comp():\n    return [{n} for _ in range(2)]\n",
    "mcp.add_tool({n})\n",
]
# spellings Python reads as the identifier ``pick`` (NFKC), and one it does not
SPELLINGS = ["pick", "\uff50ick", "pic\u1d4f"]


def _reads(model, function):
    """``other_uses`` by a walk of every scope, no text test."""
    skip = registration_arguments(function)
    found = []
    for node, scope in [(model.tree, model.module_scope), *model.scopes.items()]:
        for sub in own_nodes(node):
            if (
                isinstance(sub, ast.Name)
                and isinstance(sub.ctx, ast.Load)
                and sub.id == function.name
                and id(sub) not in skip
            ):
                found_scope = scope.lookup(function.name)
                if found_scope is not None and found_scope[0] is function.scope.parent:
                    found.append(sub)
    return sorted(found, key=lambda n: (n.lineno, n.col_offset))


@settings(max_examples=150, deadline=None)
@given(
    places=st.lists(st.sampled_from(PLACES), max_size=4),
    spelling=st.sampled_from(SPELLINGS),
    crlf=st.booleans(),
)
def test_reads_found_with_the_text_precheck_are_every_read(places, spelling, crlf):
    source = HEAD + "".join(p.format(n=spelling) for p in places)
    if crlf:
        source = source.replace("\n", "\r\n")
    tree = ast.parse(source)
    model = build_model(tree, source, "m.py")
    pick = next(f for f in model.functions if f.name == "pick")
    assert other_uses(model, pick) == _reads(model, pick)
    for node in [model.tree, *model.scopes]:
        walked = [
            n for n in own_nodes(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id == "pick"
        ]
        assert model.references(node, "pick") == walked


def test_a_non_ascii_spelling_of_the_name_is_a_read():
    source = HEAD + "x = \uff50ick\n"
    model = build_model(ast.parse(source), source, "m.py")
    pick = next(f for f in model.functions if f.name == "pick")
    assert source.count("pick") == 1
    assert [n.lineno for n in other_uses(model, pick)] == [6]


@settings(max_examples=60, deadline=None)
@given(
    spelling=st.sampled_from(["buy", "\uff42uy"]),
    registered=st.booleans(),
    nested=st.booleans(),
)
def test_a_method_registered_through_an_instance_is_found_with_the_precheck(spelling, registered, nested):
    body = f"mcp.add_tool(shop.{spelling})\n" if registered else "pass\n"
    if nested:
        body = "def setup():\n    " + body
    source = (
        "from fastmcp import FastMCP, Context\nmcp = FastMCP('x')\n\n"
        "class Shop:\n    async def buy(self, ctx: Context):\n        await ctx.elicit('q', str)\n\n"
        "shop = Shop()\n" + body
    )
    model = build_model(ast.parse(source), source, "m.py")
    buy = next(f for f in model.functions if f.name == "buy")
    expected = registered_as_bound_method(buy, model)
    assert expected == registered
    assert (not_a_tool(buy, model) != not_a_tool(None, model)) == expected


def test_a_method_registered_through_an_instance_assigned_in_a_later_scope():
    """The instance may be assigned in any scope, before or after the registration's."""
    source = (
        "from fastmcp import FastMCP, Context\nmcp = FastMCP('x')\n\n"
        "class Shop:\n    async def buy(self, ctx: Context):\n        await ctx.elicit('q', str)\n\n"
        "def register():\n    mcp.add_tool(shop.buy)\n\n"
        "def build():\n    global shop\n    shop = Shop()\n"
    )
    model = build_model(ast.parse(source), source, "m.py")
    buy = next(f for f in model.functions if f.name == "buy")
    assert registered_as_bound_method(buy, model)
    other = source.replace("shop = Shop()", "shop = Store()")
    model = build_model(ast.parse(other), other, "m.py")
    buy = next(f for f in model.functions if f.name == "buy")
    assert not registered_as_bound_method(buy, model)
