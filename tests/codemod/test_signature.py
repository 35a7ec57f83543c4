"""Layout of a rewritten signature (:mod:`elicit_lint.codemod.render.signature`): one
parameter per line past 88 characters, and an ``Annotated[...]`` parameter still
too long split inside its brackets, as ruff format lays it out."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from elicit_lint.codemod.engine import Options, transform_text

TOOL = """\
from fastmcp import Context, FastMCP
from pydantic import BaseModel

mcp = FastMCP("Shop")


class SurveyResponse(BaseModel):
    colour: str


{indent}@mcp.tool
{indent}async def survey(ctx: Context) -> str:
{indent}    result = await ctx.elicit({question}, response_type=SurveyResponse)
{indent}    if result.action == "accept":
{indent}        return result.data.colour
{indent}    return "none"
"""

FITS_INSIDE = '"Quick survey — tell us about yourself:"'
TOO_LONG_INSIDE = '"Quick survey — tell us about yourself and your favourite colour:"'
"""Too long for one line inside the brackets; ``Elicit(...)`` alone fits (a longer
one ruff would split inside its own parentheses, which the codemod does not)."""


def _rewrite(question: str, nested: bool = False) -> str:
    source = TOOL.format(indent="", question=question)
    if nested:
        body = TOOL.format(indent="    ", question=question).split("\n\n\n")
        source = "\n\n\n".join(body[:-1]) + "\n\n\ndef build() -> None:\n" + body[-1]
    new, plan = transform_text(source, "t.py", Options())
    assert plan is not None and plan.functions, "the tool was not rewritten"
    return new


def test_elements_on_one_line_inside_the_brackets_when_they_fit():
    new = _rewrite(FITS_INSIDE)
    assert (
        "async def survey(\n"
        "    survey_response: Annotated[\n"
        f"        SurveyResponse | None, Elicit({FITS_INSIDE})\n"
        "    ] = None,\n"
        ") -> str:\n"
    ) in new
    assert max(len(line) for line in new.splitlines()) <= 88


def test_one_element_per_line_with_a_trailing_comma_otherwise():
    new = _rewrite(TOO_LONG_INSIDE)
    assert (
        "    survey_response: Annotated[\n"
        "        SurveyResponse | None,\n"
        f"        Elicit({TOO_LONG_INSIDE}),\n"
        "    ] = None,\n"
        ") -> str:\n"
    ) in new


def test_a_nested_tool_counts_its_own_indentation():
    question = '"Quick survey — tell us about yourself, please:"'
    assert len(f"        SurveyResponse | None, Elicit({question})") <= 88
    assert len(f"            SurveyResponse | None, Elicit({question})") > 88
    assert "        SurveyResponse | None, Elicit(" in _rewrite(question)
    new = _rewrite(question, nested=True)
    assert "            SurveyResponse | None,\n" in new
    assert new.count("\n        ] = None,\n") == 1


def _ruff() -> str | None:
    local = Path(sys.executable).with_name("ruff")
    return str(local) if local.exists() else shutil.which("ruff")


@pytest.mark.skipif(_ruff() is None, reason="ruff is not installed")
@pytest.mark.parametrize("question", [FITS_INSIDE, TOO_LONG_INSIDE])
@pytest.mark.parametrize("nested", [False, True])
def test_ruff_format_leaves_the_signature_as_it_is(tmp_path, question, nested):
    path = tmp_path / "t.py"
    path.write_text(_rewrite(question, nested))
    proc = subprocess.run(
        [_ruff(), "format", "--no-cache", "--isolated", "--diff", str(path)],
        capture_output=True, text=True, check=False, timeout=60,
    )
    assert proc.returncode == 0, proc.stdout


PICK = """\
from fastmcp import Context, FastMCP

mcp = FastMCP("Shop")


{outer}{indent}@mcp.tool
{indent}async def pick(ctx: Context) -> str:
{indent}    result = await ctx.elicit("Which colour?", response_type=str)
{indent}    if result.action == "accept":
{indent}        return result.data
{indent}    return "none"
"""


def test_a_nested_header_counts_its_indentation_before_wrapping():
    """The rewritten header fits in 88 columns at column 0 but not at column 4:
    ruff format wraps it there, and so does the codemod."""
    flat, _ = transform_text(PICK.format(outer="", indent=""), "t.py", Options())
    header = (
        'async def pick(colour: Annotated[str | None, Elicit("Which colour?")] = None) -> str:'
    )
    assert len(header) == 85 and f"\n{header}\n" in flat
    nested, _ = transform_text(
        PICK.format(outer="def build() -> None:\n", indent="    "), "t.py", Options()
    )
    assert (
        "    async def pick(\n"
        '        colour: Annotated[str | None, Elicit("Which colour?")] = None,\n'
        "    ) -> str:\n"
    ) in nested
