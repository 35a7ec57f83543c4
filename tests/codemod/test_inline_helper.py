"""A helper asking for one tool (analysis/inline.py): shapes the fixtures do not
show, through the real client on both eras, and the checker's verdict."""

from __future__ import annotations

import textwrap

import pytest

from elicit_lint.codemod.engine import Options, transform_text

from .behaviour import SCRIPTS, call, load
from .test_checker_agrees import _agree

MODULE = textwrap.dedent('''\
    from fastmcp import Context, FastMCP

    mcp = FastMCP("Depot")
    LABEL = "crate"


    @mcp.tool
    async def ship(city: str, ctx: Context) -> str:
        ok = await confirm(
            ctx,
            f"Ship to {city}?",
        )
        return f"{city}: {'sent' if ok else 'held'}"


    async def confirm(ctx: Context, text: str) -> bool:
        reply = await ctx.elicit(text, response_type=bool)
        return reply.action == "accept" and reply.data


    @mcp.tool
    async def pack(ctx: Context) -> str:
        size = await size_of(ctx)
        return f"packed {size}"


    async def size_of(ctx: Context, default: str = "small") -> str:
        answer = await ctx.elicit(f"Which {LABEL} size?", response_type=["small", "large"])
        return answer.data if answer.action == "accept" else default
''')


def _rewrite(text: str, target: str = "elicit_lint.runtime"):
    return transform_text(text, "m.py", Options(target=target), isolate=False)


def test_helpers_after_their_tools_and_a_call_over_several_lines():
    new, plan = _rewrite(MODULE)
    assert plan.rewritten_sites == 2 and not plan.skips
    assert "    ok = await confirm(reply)\n" in new
    assert "    size = await size_of(answer)\n" in new  # the default still applies
    assert "async def size_of(answer, default: str = \"small\") -> str:\n" in new
    assert "ctx.elicit" not in new


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: "-".join(s))
@pytest.mark.parametrize(("tool", "args"), [("ship", {"city": "Lima"}), ("pack", {})])
async def test_same_questions_and_results_on_both_eras(tool, args, script, tmp_path):
    before, after = tmp_path / "before.py", tmp_path / "after.py"
    before.write_text(MODULE)
    after.write_text(_rewrite(MODULE)[0])
    original, rewritten = load(str(before)), load(str(after))
    expected = await call(original, tool, "legacy", script, args)
    assert await call(rewritten, tool, "legacy", script, args) == expected
    assert await call(rewritten, tool, "auto", script, args) == expected


@pytest.mark.parametrize(
    ("change", "detail"),
    [
        (('f"Ship to {city}?",', 'f"Ship to {city}?",  # as typed'), "the call has comments"),
        (("async def pack(ctx: Context) -> str:\n", "async def pack(ctx: Context) -> str:\n    LABEL = 1\n"),
         "its question reads `LABEL`, which the tool binds too"),
        (("    return f\"{city}:", "    await confirm(ctx, city)\n    return f\"{city}:"),
         "it is used 2 times"),
        (('__all__', '__all__'), None),
    ],
)
def test_refusals_keep_the_file_and_say_why(change, detail, tmp_path):
    text = MODULE.replace(*change)
    if detail is None:  # exported: the helper may be called from elsewhere
        text = text.replace('mcp = FastMCP("Depot")', '__all__ = ["confirm"]\nmcp = FastMCP("Depot")')
        detail = "`confirm` is listed in `__all__`"
    new, plan = _rewrite(text)
    reasons = [s.reason for s in plan.skips]
    assert any(detail in r and r.startswith("asked in the helper `") for r in reasons), reasons
    source = tmp_path / "m.py"
    source.write_text(text)
    (tmp_path / "copy").mkdir()
    _agree(source, tmp_path / "copy")


def test_the_outcome_target_only(tmp_path):
    """`--target fastmcp.elicitation` cannot keep the result whole: nothing is inlined."""
    new, plan = _rewrite(MODULE, "fastmcp.elicitation")
    assert new == MODULE
    assert all("escapes" in s.reason for s in plan.skips) and len(plan.skips) == 2


def test_the_checker_agrees_on_the_module(tmp_path):
    source = tmp_path / "m.py"
    source.write_text(MODULE)
    (tmp_path / "copy").mkdir()
    _agree(source, tmp_path / "copy")
