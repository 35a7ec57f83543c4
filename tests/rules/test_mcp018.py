"""MCP018 (private-elicit-import): forms, FastMCP's own files, the import fix."""

from __future__ import annotations

import ast
import re

from elicit_lint.checker.linter import analyse
from elicit_lint.core.diagnostic import Applicability
from elicit_lint.rules import PREFILTER_PATTERN

from .rule_helpers import run


def test_fix_rewrites_the_module_and_keeps_aliases():
    src = "from typing import Annotated\nfrom  fastmcp.server._elicit_resolution  import (Elicit as Ask)  # engine\n"
    [d] = run(src, "MCP018")
    assert d.message == "`fastmcp.server._elicit_resolution` is private to FastMCP and may change without notice"
    assert d.help == "Import `Elicit` from `fastmcp.elicitation`"
    assert d.fix.applicability is Applicability.SAFE
    [edit] = d.fix.edits
    line = src.split("\n")[1]
    fixed = line[: edit.location.column - 1] + edit.content + line[edit.end_location.column - 1:]
    assert fixed == "from  fastmcp.elicitation  import (Elicit as Ask)  # engine"


def test_other_names_have_no_fix_and_are_named():
    [d] = run("from fastmcp.server._elicit_resolution import Elicit, NeedsInput, find_elicit_parameters\n", "MCP018")
    assert d.fix is None
    assert "`NeedsInput`, `find_elicit_parameters` have no public import" in d.help


def test_markers_from_the_private_module_are_markers():
    src = (
        "from typing import Annotated\nfrom fastmcp.server._elicit_resolution import Elicit\n"
        "def r(b: str) -> Elicit[str]: ...\ndef s(a: str) -> Elicit[str]: ...\n"
        "async def t(a: Annotated[str, Elicit(r)], b: Annotated[str, Elicit(s)]): ...\n"
    )
    assert {d.code for d in run(src)} == {"MCP018", "MCP003"}


def test_fastmcp_itself_is_not_reported():
    src = "from fastmcp.server._elicit_resolution import Elicit\n"
    assert [d.code for d in analyse(ast.parse(src), src, "src/fastmcp/elicitation.py")] == []
    assert [d.code for d in analyse(ast.parse(src), src, "tests/test_elicitation.py")] == ["MCP018"]


def test_prefilter_sees_every_form():
    for src in (
        "import fastmcp.server._elicit_resolution\n",
        "from fastmcp.server import _elicit_resolution as e\n",
    ):
        assert re.search(PREFILTER_PATTERN, src.encode())
        assert [d.code for d in run(src)] == ["MCP018"]
