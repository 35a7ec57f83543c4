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
        ok = await _confirm(
            ctx,
            f"Ship to {city}?",
        )
        return f"{city}: {'sent' if ok else 'held'}"


    async def _confirm(ctx: Context, text: str) -> bool:
        reply = await ctx.elicit(text, response_type=bool)
        return reply.action == "accept" and reply.data


    @mcp.tool
    async def pack(ctx: Context) -> str:
        size = await _size_of(ctx)
        return f"packed {size}"


    async def _size_of(ctx: Context, default: str = "small") -> str:
        answer = await ctx.elicit(f"Which {LABEL} size?", response_type=["small", "large"])
        return answer.data if answer.action == "accept" else default
''')


def _rewrite(text: str, target: str = "elicit_lint.runtime"):
    return transform_text(text, "m.py", Options(target=target), isolate=False)


def test_helpers_after_their_tools_and_a_call_over_several_lines():
    new, plan = _rewrite(MODULE)
    assert plan.rewritten_sites == 2 and not plan.skips
    assert "    ok = await _confirm(reply)\n" in new
    assert "    size = await _size_of(answer)\n" in new  # the default still applies
    assert "async def _size_of(answer, default: str = \"small\") -> str:\n" in new
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
        (("    return f\"{city}:", "    await _confirm(ctx, city)\n    return f\"{city}:"),
         "it is used 2 times"),
        (('__all__', '__all__'), None),
    ],
)
def test_refusals_keep_the_file_and_say_why(change, detail, tmp_path):
    text = MODULE.replace(*change)
    if detail is None:  # exported: the helper may be called from elsewhere
        text = text.replace('mcp = FastMCP("Depot")', '__all__ = ["_confirm"]\nmcp = FastMCP("Depot")')
        detail = "`_confirm` is listed in `__all__`"
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


def test_a_public_helper_or_one_in_a_package_init_is_not_inlined(tmp_path):
    """Other modules may call such a helper with a context: inlining changes its
    parameters under them, so the site is skipped and says what to do."""
    public = MODULE.replace("_confirm", "confirm")
    new, plan = _rewrite(public)
    assert "async def confirm(ctx: Context, text: str) -> bool:" in new  # untouched
    assert (
        "the helper `confirm` is public: another module may call it; rename it "
        "`_confirm` if only this module uses it, then run again, or declare the "
        "question by hand"
    ) in [s.reason for s in plan.skips]
    assert plan.rewritten_sites == 1  # `_size_of` is still inlined
    source = tmp_path / "m.py"
    source.write_text(public)
    (tmp_path / "copy").mkdir()
    _agree(source, tmp_path / "copy")

    new, plan = transform_text(MODULE, "pkg/__init__.py", Options(), isolate=False)
    assert new == MODULE and plan.rewritten_sites == 0
    assert sorted(s.reason.split(" is defined")[0] for s in plan.skips) == [
        "the helper `_confirm`",
        "the helper `_size_of`",
    ]
    assert all(
        " is defined in a package `__init__` module, whose names other modules import: "
        in s.reason for s in plan.skips
    )


TOOLS_A = textwrap.dedent('''\
    from fastmcp import Context, FastMCP

    mcp = FastMCP("Kiosk")


    async def ask_name(ctx: Context) -> str:
        reply = await ctx.elicit("Helper name?", response_type=str)
        return reply.data if reply.action == "accept" else "anon"


    async def _ask_size(ctx: Context) -> str:
        reply = await ctx.elicit("Which size?", response_type=str)
        return reply.data if reply.action == "accept" else "medium"


    @mcp.tool
    async def via_helper(ctx: Context) -> str:
        return await ask_name(ctx)


    @mcp.tool
    async def order(ctx: Context) -> str:
        size = await _ask_size(ctx)
        return "size " + size
''')

TOOLS_B = textwrap.dedent('''\
    from fastmcp import Context

    from {a} import ask_name, mcp


    @mcp.tool
    async def greet(ctx: Context) -> str:
        return "hello " + await ask_name(ctx)
''')


@pytest.mark.parametrize("script", [["accept"], ["decline"], ["cancel"]], ids="-".join)
async def test_a_module_calling_the_helper_keeps_working_after_a_run(script, tmp_path, monkeypatch):
    """Another module imports the public helper and calls it with its own
    context; after `elicit-migrate` on the directory its tool behaves as before
    (the public helper is skipped), and the private one is still inlined."""
    from elicit_lint.codemod.cli import main

    a = f"kiosk_tools_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{a}.py").write_text(TOOLS_A)
    (tmp_path / "greeting.py").write_text(TOOLS_B.format(a=a))
    monkeypatch.syspath_prepend(str(tmp_path))
    original = load(str(tmp_path / "greeting.py"))
    expected = await call(original, "greet", "legacy", script)
    expected_order = await call(original, "order", "legacy", script)
    monkeypatch.delitem(__import__("sys").modules, a)

    monkeypatch.chdir(tmp_path)
    assert main(["--report", "json", "."]) == 0
    rewritten_a = (tmp_path / f"{a}.py").read_text()
    assert "async def ask_name(ctx: Context) -> str:" in rewritten_a
    assert "async def _ask_size(reply) -> str:" in rewritten_a
    rewritten = load(str(tmp_path / "greeting.py"))
    assert await call(rewritten, "greet", "legacy", script) == expected
    assert await call(rewritten, "order", "legacy", script) == expected_order
    assert await call(rewritten, "order", "auto", script) == expected_order


SPEC = MODULE.replace(
    'async def _confirm(ctx: Context, text: str) -> bool:',
    'async def _confirm(ctx: Context, text: str, note: str = "") -> bool:',
)


@pytest.mark.parametrize(
    ("note", "refused"),
    [('f"{city:d}"', True), ('f"{city:>{width}}"', True), ('f"{city!r}"', False), ('f"{city}"', False)],
)
def test_an_argument_the_helper_never_reads_is_still_evaluated(note, refused, tmp_path):
    """`f"{city:d}"` raises ValueError on a string: passed to a parameter the
    helper never reads, the rewrite would drop it (and the exception), so the
    helper is not inlined; an f-string without a format spec cannot raise."""
    text = SPEC.replace('f"Ship to {city}?",', f'f"Ship to {{city}}?", {note},').replace(
        "async def ship(city: str, ctx: Context)", "async def ship(city: str, ctx: Context, width: int = 3)"
    )
    new, plan = _rewrite(text)
    reasons = [s.reason for s in plan.skips]
    if refused:
        assert any("which the helper never reads" in r and "can raise" in r for r in reasons), reasons
        assert "await ctx.elicit(text, response_type=bool)" in new
    else:
        assert not any("never reads" in r for r in reasons), reasons
        assert "ok = await _confirm(reply)\n" in new
    source = tmp_path / "m.py"
    source.write_text(text)
    (tmp_path / "copy").mkdir()
    _agree(source, tmp_path / "copy")


@pytest.mark.parametrize("script", [["accept"], ["decline"]], ids="-".join)
async def test_a_raising_unread_argument_still_raises(script, tmp_path):
    text = SPEC.replace('f"Ship to {city}?",', 'f"Ship to {city}?", f"{city:d}",')
    source = tmp_path / "spec.py"
    source.write_text(_rewrite(text)[0])
    original = tmp_path / "orig.py"
    original.write_text(text)
    expected = await call(load(str(original)), "ship", "legacy", script, {"city": "Lima"})
    assert not expected.ok and expected.prompts == ()  # the original fails before asking
    rewritten = load(str(source))
    assert await call(rewritten, "ship", "legacy", script, {"city": "Lima"}) == expected
    assert await call(rewritten, "ship", "auto", script, {"city": "Lima"}) == expected
