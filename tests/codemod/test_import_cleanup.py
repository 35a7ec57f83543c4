"""Import cleanup after a rewrite (``codemod.render.imports``): which names are
still used is answered from the standard library's ``ast`` of the rewritten
text, not a libcst scope analysis; when in doubt the import stays."""

from __future__ import annotations

import ast

from elicit_lint.codemod.engine import Options, transform_text
from elicit_lint.codemod.render.imports import used_names

NAMES = frozenset({"Context", "get_context"})


def _used(source: str) -> set[str]:
    return used_names(ast.parse(source), NAMES)


def test_a_read_name_is_used_and_an_assigned_one_is_not():
    assert _used("x = Context\n") == {"Context"}
    assert _used("Context = 1\n") == set()
    assert _used("def f(c: Context): ...\n") == {"Context"}
    assert _used("del Context\n") == {"Context"}


def test_names_in_strings_that_are_expressions_count():
    assert _used("def f(c: 'Context'): ...\n") == {"Context"}
    assert _used("def f(c: 'list[Context] | None'): ...\n") == {"Context"}
    assert _used("__all__ = ['Context']\n") == {"Context"}
    assert _used("'''The Context of a call.'''\n") == set()  # prose does not parse


def test_a_shadowed_name_still_counts_as_used():
    """Scope is ignored on purpose: keeping an unused import is harmless, removing
    a used one breaks the module."""
    assert _used("def f():\n    Context = 1\n    return Context\n") == {"Context"}


TOOL = """\
from fastmcp import Context, FastMCP

mcp = FastMCP("x")


@mcp.tool
async def book(ctx: Context) -> str:
    result = await ctx.elicit("City?", response_type=str)
    if result.action == "accept":
        return result.data
    return "no"
"""


def test_an_import_still_used_elsewhere_is_kept_and_an_unused_one_removed():
    new, plan = transform_text(TOOL, "t.py", Options())
    assert plan.functions and "from fastmcp import FastMCP\n" in new
    assert "Context" not in new
    kept, _ = transform_text(TOOL + "\n\ndef helper(c: 'Context') -> None: ...\n", "t.py", Options())
    assert "from fastmcp import Context, FastMCP\n" in kept
