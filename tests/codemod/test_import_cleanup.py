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


LONG_IMPORT = """\
from fastmcp.server.elicitation import (
    AcceptedElicitation,
    CancelledElicitation,
    DeclinedElicitation,
    handle_elicit_accept
)

from fastmcp import Context, FastMCP

mcp = FastMCP("x")

KEPT = (CancelledElicitation, DeclinedElicitation)


@mcp.tool
async def book(ctx: Context) -> str:
    result = await ctx.elicit("City?", response_type=str)
    if isinstance(result, AcceptedElicitation):
        return result.data + str(handle_elicit_accept)
    return "no"
"""


def test_a_shrunk_import_is_joined_at_the_project_line_length(tmp_path):
    """Once ``AcceptedElicitation`` goes, the rest of a split import without a
    magic trailing comma fits on one line at the project's ``line-length = 120``
    (not at 88): ruff's isort (I001) wants it joined there, so the rewrite joins
    it; at the default 88 it stays split."""
    new, plan = transform_text(LONG_IMPORT, str(tmp_path / "t.py"), Options())
    assert plan.functions and "from fastmcp.server.elicitation import (\n" in new
    wide = tmp_path / "wide"  # a directory of its own: project settings are cached
    wide.mkdir()
    (wide / "pyproject.toml").write_text("[tool.ruff]\nline-length = 120\n")
    new, plan = transform_text(LONG_IMPORT, str(wide / "t.py"), Options())
    assert plan.functions
    assert (
        "from fastmcp.server.elicitation import CancelledElicitation, "
        "DeclinedElicitation, handle_elicit_accept\n"
    ) in new
