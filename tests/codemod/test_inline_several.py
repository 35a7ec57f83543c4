"""A helper asking for several tools (analysis/inline.py, inline_call.py): each tool
declares its own question, the helper takes the answer; inlined into all the
tools or none, the refusal naming the caller and what blocks it; the checker
agrees, and the rewrite behaves as the original through the real client."""

from __future__ import annotations

import textwrap

import pytest

from elicit_lint.codemod.engine import Options, transform_text

from .behaviour import SCRIPTS, call, load
from .test_checker_agrees import _agree

MODULE = textwrap.dedent('''\
    from fastmcp import Context, FastMCP

    mcp = FastMCP("Greenhouse")
    PREFIX = "Water"
    SEEN: list[str] = []


    @mcp.tool
    async def water(bed: str, litres: int, ctx: Context) -> str:
        label = bed.strip()
        ok = await _check(ctx, f"{PREFIX} {label} with {litres} l?", label, litres + 1)
        return f"{label}: {'wet' if ok else 'dry'}"


    @mcp.tool
    async def prune(bed: str, ctx: Context) -> str:
        if await _check(ctx, bed.upper(), bed, 0):
            return f"pruned {bed}"
        return "overgrown"


    @mcp.tool
    async def harvest(ctx: Context) -> str | bool:
        return await _check(ctx, PREFIX, where="field", weight=2)


    async def _check(ctx: Context, text: str, where: str, weight: int) -> str | bool:
        asked = await ctx.elicit(text + f" ({weight})", response_type=bool)
        if asked.action != "accept":
            return False if weight else f"{where}: skipped"
        return asked.data
''')


def _rewrite(text: str):
    return transform_text(text, "m.py", Options(target="elicit_lint.runtime"), isolate=False)


def _reasons(text: str) -> list[str]:
    new, plan = _rewrite(text)
    assert new == text  # none of the tools is rewritten
    return [s.reason for s in plan.skips]


def test_every_tool_declares_its_own_question_and_the_site_counts_once(tmp_path):
    new, plan = _rewrite(MODULE)
    assert not plan.skips and plan.rewritten_sites == 1
    assert "ctx.elicit" not in new and "Context" not in new
    assert "async def _check(asked, where: str, weight: int) -> str | bool:\n" in new
    assert "    ok = await _check(asked, where=label, weight=litres + 1)\n" in new
    assert "    if await _check(asked, where=bed, weight=0):\n" in new
    assert '    return await _check(asked, where="field", weight=2)\n' in new
    assert 'Elicit(PREFIX + f" ({2})")]' in new  # a fixed text: a marker
    # each question quotes its own call's arguments, computed again in a resolver
    assert 'return Elicit(f"{PREFIX} {label} with {litres} l?" + f" ({(litres + 1)})")' in new
    assert 'return Elicit(bed.upper() + f" ({0})")' in new
    source = tmp_path / "m.py"
    source.write_text(MODULE)
    (tmp_path / "copy").mkdir()
    _agree(source, tmp_path / "copy")


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: "-".join(s))
@pytest.mark.parametrize(
    ("tool", "args"),
    [("water", {"bed": " herbs ", "litres": 3}), ("prune", {"bed": "roses"}), ("harvest", {})],
)
async def test_same_questions_and_results_on_both_eras(tool, args, script, tmp_path):
    text = MODULE
    before, after = tmp_path / "before.py", tmp_path / "after.py"
    before.write_text(text)
    new, plan = _rewrite(text)
    assert plan.rewritten_sites == 1 and not plan.skips
    after.write_text(new)
    original, rewritten = load(str(before)), load(str(after))
    expected = await call(original, tool, "legacy", script, args)
    assert expected.prompts  # the original asks
    assert await call(rewritten, tool, "legacy", script, args) == expected
    assert await call(rewritten, tool, "auto", script, args) == expected.as_carried("auto")


HARVEST = ("weight=2)", 'weight=len("ab"))')


@pytest.mark.parametrize(
    ("change", "detail"),
    [
        # an argument with quotes, quoted inside the helper's f-string
        (HARVEST, ("its caller `harvest` (line 24) cannot pass it the answer: `weight` "
         "is quoted inside an f-string and gets `len('ab')`")),
        # an argument with a call: it may give another value when evaluated again
        (("bed.upper(), bed, 0", "str(len(bed)), bed, 0"),
         ("its caller `prune` (line 17) cannot pass it the answer: the call passes "
         "`str(len(bed))` to `text`")),
        (("ctx, bed.upper(), bed, 0", "ctx, bed.upper(), bed, _weight()"),
         ("its caller `prune` (line 17) cannot pass it the answer: the call passes "
         "`_weight()` to `weight`")),
        # a tool calling it twice
        (("        return f\"pruned {bed}\"\n",
          "        return await _check(ctx, bed, bed, 1)\n"),
         "its caller `prune` calls it 2 times (lines 17, 18), not once"),
        # a use outside a tool
        (("@mcp.tool\nasync def harvest", "async def harvest"),
         "its use on line 23, in `harvest`, is not in a tool of this module"),
        # one tool the planner cannot rewrite with its question: none is
        (("    label = bed.strip()\n", "    label = bed.strip()\n    SEEN.append(label)\n"),
         "`water` cannot be rewritten with its question: after a statement with side effects"),
    ],
)
def test_one_caller_that_does_not_fit_keeps_every_tool_and_says_which(change, detail, tmp_path):
    text = MODULE.replace(*change) + (
        "\n\ndef _weight() -> int:\n    return 1\n" if "_weight" in change[1] else ""
    )
    reasons = _reasons(text)
    assert len(reasons) == 1 and reasons[0].startswith(
        "asked in the helper `_check`, which elicit-migrate does not inline: "
    ), reasons
    assert detail in reasons[0], reasons
    source = tmp_path / "m.py"
    source.write_text(text)
    (tmp_path / "copy").mkdir()
    _agree(source, tmp_path / "copy")


def test_a_public_helper_with_several_tools_says_it_is_public():
    reasons = _reasons(MODULE.replace("_check", "check"))
    assert [r.split(":")[0] for r in reasons] == ["the helper `check` is public"]
