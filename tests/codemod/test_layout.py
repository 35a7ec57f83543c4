"""Comments of removed ask lines (issue 4 leftover 3): kept, except tool pragmas."""

from __future__ import annotations

import pytest

from elicit_lint.codemod.render.comments import PRAGMA


@pytest.mark.parametrize(
    "comment",
    [
        "# noqa: E501",
        "# noqa",
        "# type: ignore[arg-type]",
        "# ty: ignore[no-matching-overload]",
        "# pyright: ignore",
        "# pragma: no cover",
        "# pylint: disable=x",
    ],
)
def test_pragmas_go_with_their_line(comment):
    assert PRAGMA.match(comment)


@pytest.mark.parametrize(
    "comment", ["# the user's name", "# type of the answer", "# todo"]
)
def test_other_comments_are_kept(comment):
    assert not PRAGMA.match(comment)


FIRST_IN_BLOCK = """\
from fastmcp import Context, FastMCP


class Server:
    def register(self, mcp: FastMCP) -> None:
        # the tool
        @mcp.tool
        async def trip(city: str, ctx: Context) -> str:
            hotel = await ctx.elicit(f"Which hotel in {city}?", response_type=str)
            if hotel.action == "accept":
                return hotel.data
            return "none"
"""


def test_a_resolver_above_the_first_statement_of_a_block():
    """No blank line opens the block, and one separates the resolver from the tool."""
    from elicit_lint.codemod.engine import Options, transform_text

    new, _ = transform_text(FIRST_IN_BLOCK, "t.py", Options())
    assert (
        "    def register(self, mcp: FastMCP) -> None:\n"
        "        def ask_hotel(city: str) -> str | Elicit[str]:\n"
        '            return Elicit(f"Which hotel in {city}?")\n'
        "\n"
        "        # the tool\n"
        "        @mcp.tool\n"
    ) in new
