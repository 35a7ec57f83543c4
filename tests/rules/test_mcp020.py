"""MCP020 (decorator-above-tool): message shared with the runtime, and the swap fix."""

from __future__ import annotations

import ast
import textwrap
from typing import Annotated

import pytest
from fastmcp import FastMCP

from elicit_lint.core import messages
from elicit_lint.core.diagnostic import Applicability
from elicit_lint.runtime import Elicit, declared_elicitation

from .rule_helpers import run


def apply(source: str, fix) -> str:
    lines = source.split("\n")
    for edit in sorted(fix.edits, key=lambda e: e.location, reverse=True):
        assert edit.location.row == edit.end_location.row
        row = lines[edit.location.row - 1]
        lines[edit.location.row - 1] = (
            row[: edit.location.column - 1] + edit.content + row[edit.end_location.column - 1:]
        )
    return "\n".join(lines)


SRC = textwrap.dedent("""\
    from typing import Annotated
    from fastmcp import FastMCP
    from elicit_lint.runtime import Elicit, declared_elicitation as de

    mcp = FastMCP("Booking")

    class Tools:
        @de  # engine
        @mcp.tool(name="book")  # registration
        async def book(self, destination: Annotated[str, Elicit("Where to?")]) -> str:
            return destination
    """)


def test_message_is_the_runtimes_and_fix_swaps_lines():
    [d] = run(SRC, "MCP020")
    assert (d.message, d.help) == messages.split_help(messages.decorator_above_tool("book"))
    assert d.message == "`@declared_elicitation` sits above the tool decorator on `book`"
    assert (d.location.row, d.location.column, d.end_location.column) == (8, 6, 8)
    assert d.fix.applicability is Applicability.SAFE
    fixed = apply(SRC, d.fix)
    assert '    @mcp.tool(name="book")  # registration\n    @de  # engine\n    async def' in fixed
    ast.parse(fixed)
    assert run(fixed, "MCP020") == []
    assert run(fixed, "MCP019") == []


def test_the_runtime_raises_the_same_words():
    mcp = FastMCP("t")
    with pytest.raises(TypeError) as error:

        @declared_elicitation
        @mcp.tool
        async def book(destination: Annotated[str, Elicit("Where to?")]) -> str:
            return destination

    assert str(error.value) == messages.decorator_above_tool("book")


@pytest.mark.parametrize(
    "decorators",
    [
        "@declared_elicitation\n@other\n@mcp.tool\n",  # not adjacent
        "@declared_elicitation(\n    run_in_thread=False,\n)\n@mcp.tool\n",  # multi-line
        "@declared_elicitation\n@mcp.tool(\n    name='b',\n)\n",
        "@declared_elicitation\n# registered below\n@mcp.tool\n",  # a comment line between
        "@declared_elicitation\n\n@mcp.tool\n",  # a blank line between
        "@declared_elicitation\n    # indented comment\n\n@mcp.tool(name='b')\n",
    ],
)
def test_no_fix_when_not_a_plain_swap(decorators):
    src = "from typing import Annotated\nfrom elicit_lint.runtime import Elicit, declared_elicitation\n" + decorators + \
        "async def b(d: Annotated[str, Elicit('q')]): ...\n"
    [d] = run(src, "MCP020")
    assert d.fix is None


def test_not_reported_without_a_tool_decorator_below():
    head = "from typing import Annotated\nfrom elicit_lint.runtime import Elicit, declared_elicitation\n"
    for decorators in ("@mcp.tool\n@declared_elicitation\n", "@declared_elicitation\n", "@declared_elicitation\n@mcp.prompt\n"):
        src = head + decorators + "async def b(d: Annotated[str, Elicit('q')]): ...\nmcp.add_tool(b)\n"
        assert run(src, "MCP020") == [], decorators
