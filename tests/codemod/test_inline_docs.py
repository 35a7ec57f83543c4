"""docs/codemod.md says which helper arguments are inlined: an f-string of the tool's
arguments is, except into a parameter the helper's question quotes inside an f-string
of its own, which takes only a tool argument's name (fresh5 F4)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from elicit_lint.codemod.engine import Options, transform_text

DOCS = Path(__file__).resolve().parents[2] / "docs" / "codemod.md"

MODULE = textwrap.dedent('''\
    from fastmcp import Context, FastMCP

    mcp = FastMCP("Disks")


    @mcp.tool
    async def wipe(disk: str, ctx: Context) -> str:
        if not await _confirm(ctx, ARG):
            return "kept"
        return f"wiped {disk}"


    async def _confirm(ctx: Context, text: str) -> bool:
        r = await ctx.elicit(QUESTION, response_type=bool)
        return r.action == "accept" and r.data
''')


def _skips(arg: str, question: str) -> list[str]:
    text = MODULE.replace("ARG", arg).replace("QUESTION", question)
    new, plan = transform_text(text, "m.py", Options(target="elicit_lint.runtime"), isolate=False)
    return [s.reason for s in plan.skips]


@pytest.mark.parametrize("arg", ['f"wipe {disk}"', "disk", '"the disk"'])
def test_an_argument_into_a_parameter_that_is_the_whole_question_is_inlined(arg):
    assert _skips(arg, "text") == []


@pytest.mark.parametrize("arg", ['f"wipe {disk}"', '"the disk"'])
def test_an_argument_into_a_parameter_quoted_in_an_f_string_is_refused_as_documented(arg):
    reasons = _skips(arg, 'f"Confirm: {text}"')
    assert any("`text` is quoted inside an f-string and gets" in r for r in reasons), reasons
    assert _skips("disk", 'f"Confirm: {text}"') == []  # a tool argument's name is inlined
    docs = " ".join(DOCS.read_text(encoding="utf-8").split())
    assert "a parameter the question quotes inside an f-string of its own" in docs
    assert "is quoted inside an f-string and gets" in docs
