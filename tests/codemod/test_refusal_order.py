"""Where a refusal stops the call, and what the rewrite asks before failing (fresh7
HIGH-2, HIGH-3), through real clients on both eras.

FastMCP ``ctx.elicit``: the fixture ``refusal_ends_call`` (test_behaviour) holds
the exact cases. Here: the SDK ``Resolve`` tool served by FastMCP (kind
``sdk-resolve``), whose documented difference (docs/codemod.md, "A plain
``Annotated[T, Resolve(fn)]`` stays required") is pinned: mcp 2.3.0 stops at a
declined required ``Resolve`` on the handshake era only; on 2026-07-28 it asks
the independent questions together, as the rewrite does on both eras.
"""

from __future__ import annotations

from elicit_lint.codemod.engine import Options, transform_text

from .behaviour import call, call_sdk, load, load_sdk_original

# an SDK tool with two independent required `Resolve` questions, step 1 of the
# migration done (the server swapped to FastMCP)
SOURCE = """\
from typing import Annotated

from fastmcp import FastMCP
from pydantic import BaseModel

from mcp.server.mcpserver import Elicit, Resolve

mcp = FastMCP("Ferry")


class Berth(BaseModel):
    deck: int


class Meal(BaseModel):
    dish: str


async def ask_berth(route: str) -> Elicit[Berth]:
    return Elicit(f"Which deck on {route}?", Berth)


async def ask_meal(route: str) -> Elicit[Meal]:
    return Elicit(f"Which dish on {route}?", Meal)


@mcp.tool()
async def sail(
    route: str,
    berth: Annotated[Berth, Resolve(ask_berth)],
    meal: Annotated[Meal, Resolve(ask_meal)],
) -> str:
    return f"{route}: deck {berth.deck}, {meal.dish}"
"""
QUESTIONS = ("Which deck on Oban?", "Which dish on Oban?")


async def test_a_declined_required_resolve_and_the_next_question(tmp_path):
    before = tmp_path / "before.py"
    before.write_text(SOURCE)
    rewritten_text, plan = transform_text(SOURCE, "before.py", Options())
    assert rewritten_text != SOURCE and not plan.skips
    after = tmp_path / "after.py"
    after.write_text(rewritten_text)
    original, rewritten = (
        load_sdk_original(str(before), str(tmp_path)),
        load(str(after)),
    )
    args = {"route": "Oban"}
    for refusal in ("decline", "cancel"):
        # accepted: both asked, same result, on both eras and both servers
        sdk = await call_sdk(original, "sail", "legacy", ["accept", "accept"], args)
        assert sdk.prompts == QUESTIONS and sdk.ok
        for mode in ("legacy", "auto"):
            assert (
                await call(rewritten, "sail", mode, ["accept"] * 2, args)
            ).text == sdk.text
        # the first refused: the SDK stops at once on the handshake era ...
        sdk_legacy = await call_sdk(original, "sail", "legacy", [refusal], args)
        assert (sdk_legacy.prompts, sdk_legacy.ok) == (QUESTIONS[:1], False)
        # ... asks both on 2026-07-28, as the rewrite does on both eras
        sdk_modern = await call_sdk(original, "sail", "auto", [refusal], args)
        assert (sdk_modern.prompts, sdk_modern.ok) == (QUESTIONS, False)
        for mode in ("legacy", "auto"):
            outcome = await call(rewritten, "sail", mode, [refusal], args)
            assert (outcome.prompts, outcome.ok) == (QUESTIONS, False)


def test_the_run_tells_the_difference_for_the_tool(tmp_path):
    """fresh9 #5: the difference pinned above is documented, and the run says it for
    each tool it applies to (text and JSON summaries), not only the docs."""
    from elicit_lint.codemod.engine import migrate_file
    from elicit_lint.codemod.summary import Summary

    path = tmp_path / "ferry.py"
    path.write_text(SOURCE)
    outcome = migrate_file(str(path), Options(write=False))
    summary = Summary.of([outcome], mode="check")
    ((note, where),) = summary.notes.items()
    assert "`berth`, `meal`" in note and "no longer stops" in note
    row = SOURCE.splitlines().index("async def sail(") + 1
    assert where == [f"{path}:{row}"]
    assert f"note (1): {note}" in summary.to_text()
    # a tool with a single asking resolver has nothing to tell
    single = SOURCE.replace(
        "    meal: Annotated[Meal, Resolve(ask_meal)],\n", ""
    ).replace(", {meal.dish}", "")
    path.write_text(single)
    assert migrate_file(str(path), Options(write=False)).notes == []
