"""Import cleanup after a rewrite (``codemod.render.import_cleanup`` / ``.unused``): an
import still used elsewhere stays, one the rewrite left unused goes."""

from __future__ import annotations

from elicit_lint.codemod.engine import Options, transform_text

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
