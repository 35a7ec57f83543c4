"""MCP017 (legacy-sdk-server-import): the spellings of an import of ``mcp.server.fastmcp``."""

from __future__ import annotations

import pytest

from elicit_lint.analysis.prefilter import may_produce_diagnostics

from .rule_helpers import run

SPELLINGS = [
    "from mcp.server.fastmcp import FastMCP\n",
    "from mcp . server . fastmcp import FastMCP\n",  # speed13d: spaces around the dots
    "import mcp . server.fastmcp\n",
    "from mcp.server \\\n    .fastmcp import FastMCP\n",
    "from mcp.server import (\n    Other,\n    fastmcp,\n)\n",
    "from mcp.server import Other, \\\n    fastmcp\n",
]


@pytest.mark.parametrize("source", SPELLINGS)
def test_every_spelling_of_the_import_is_reported(source):
    [d] = run(source, "MCP017")
    assert d.location.row == 1


@pytest.mark.parametrize(
    "source",
    [
        "from mcp.server import (\n    Other,\n    fastmcp,\n)\n",
        "from mcp.server import Other, \\\n    fastmcp\n",
        "import mcp.server . fastmcp\n",
    ],
)
def test_the_prefilter_reads_a_multi_line_import(source):
    """A parenthesised or continued `from mcp.server import ..., fastmcp` was dropped
    by the byte prefilter (its pattern stopped at the end of the line)."""
    assert may_produce_diagnostics(source.encode())


def test_a_spaced_import_is_read_when_the_file_passes_the_words():
    """The word stage needs `mcp.server` unspaced (documented in MCP017's page); a file
    that passes it another way is read, and its spaced import found."""
    source = "from mcp . server . fastmcp import Context\nasync def t(ctx: Context):\n    await ctx.elicit('q')\n"
    assert may_produce_diagnostics(source.encode())
    assert [d.code for d in run(source, "MCP017")] == ["MCP017"]


@pytest.mark.parametrize(
    "source",
    [
        "from mcp.server import Other\nimport fastmcp\n",
        "from mcp.server import (Other)\nfastmcp = 1\n",
        "import fastmcp.server\n",
        "from mcp.server.mcpserver import MCPServer\n",
    ],
)
def test_other_imports_are_not_reported(source):
    assert run(source, "MCP017") == []
