"""A helper of another module inlined whole into the tools that call it
(analysis/inline_cross.py): the tool module's equivalent text, planned and
rewritten as any module, asks the same questions and returns the same results
as the original pair of modules, through the real client on both eras; the
helper's module is not touched."""

from __future__ import annotations

import ast
import textwrap

import pytest

from elicit_lint.analysis.inline_cross import caller_text, helper_shape
from elicit_lint.analysis.inline_text import NotInlined
from elicit_lint.codemod.engine import Options, transform_text
from elicit_lint.model import build_model

from .behaviour import SCRIPTS, call, load

HELPERS = textwrap.dedent('''\
    from fastmcp import Context


    async def confirm_delete(ctx: Context, item: str, loud: bool = False) -> bool:
        """Ask before deleting."""
        reply = await ctx.elicit(f"Delete {item}?", response_type=bool)
        return reply.action == "accept" and reply.data is True


    async def pick_size(ctx: Context, prompt: str) -> str:
        answer = await ctx.elicit(prompt, response_type=["small", "large"])
        return answer.data if answer.action == "accept" else "medium"
''')

SERVER = textwrap.dedent('''\
    from fastmcp import Context, FastMCP

    from {helpers} import confirm_delete, pick_size

    mcp = FastMCP("Shop")


    @mcp.tool
    async def delete(item: str, ctx: Context) -> str:
        if not await confirm_delete(ctx, item):
            return "kept"
        return f"deleted {{item}}"


    @mcp.tool
    async def order(ctx: Context, kind: str = "tea") -> str:
        size = await pick_size(ctx, f"Size of {{kind}}?")
        return f"{{size}} {{kind}}"
''')


def _inlined(server: str, helpers: str = HELPERS, names=("confirm_delete", "pick_size")) -> str:
    text = server
    for name in names:
        shape = helper_shape(ast.parse(helpers), helpers, name)
        text = caller_text(build_model(ast.parse(text), text, "server.py"), name, shape).text
    return text


def test_the_tools_ask_and_compute_the_helpers_result_in_place():
    text = _inlined(SERVER.format(helpers="shop_helpers"))
    assert "    reply = await ctx.elicit(f\"Delete {item}?\", response_type=bool)\n" in text
    assert '    if not (reply.action == "accept" and reply.data is True):\n' in text
    assert '    size = (answer.data if answer.action == "accept" else "medium")\n' in text
    new, plan = transform_text(text, "server.py", Options(), isolate=False)
    assert plan.rewritten_sites == 2 and not plan.skips
    assert "ctx.elicit" not in new


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: "-".join(s))
@pytest.mark.parametrize(("tool", "args"), [("delete", {"item": "cart"}), ("order", {"kind": "milk"})])
async def test_same_questions_and_results_on_both_eras(tool, args, script, tmp_path, monkeypatch):
    helpers = f"shop_helpers_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{helpers}.py").write_text(HELPERS)
    server = SERVER.format(helpers=helpers)
    (tmp_path / "before.py").write_text(server)
    new, plan = transform_text(_inlined(server), "server.py", Options(), isolate=False)
    assert plan.rewritten_sites == 2
    (tmp_path / "after.py").write_text(new)
    monkeypatch.syspath_prepend(str(tmp_path))
    original, rewritten = load(str(tmp_path / "before.py")), load(str(tmp_path / "after.py"))
    expected = await call(original, tool, "legacy", script, args)
    assert expected.prompts  # the original asks
    assert await call(rewritten, tool, "legacy", script, args) == expected
    assert await call(rewritten, tool, "auto", script, args) == expected
    assert (tmp_path / f"{helpers}.py").read_text() == HELPERS


@pytest.mark.parametrize(
    ("name", "change", "detail"),
    [
        ("pick_size", ("    answer = await", "    print(prompt)\n    answer = await"), "its body is not"),
        ("pick_size", ('else "medium"', 'else DEFAULT'), "reads `DEFAULT`, a name of the helper's module"),
        ("pick_size", ('else "medium"', 'else str(answer)'), "calls or binds something"),
        ("confirm_delete", ("async def confirm_delete", "@cache\nasync def confirm_delete"), "decorated"),
    ],
)
def test_helper_shapes_not_inlined(name, change, detail):
    helpers = HELPERS.replace(*change)
    with pytest.raises(NotInlined, match=detail):
        helper_shape(ast.parse(helpers), helpers, name)


@pytest.mark.parametrize(
    ("change", "detail"),
    [
        (("await pick_size(ctx, f\"Size of {{kind}}?\")", "await pick_size(ctx, f\"{{kind:d}}\")"),
         "formatting with `:d` can raise"),
        (("size = await pick_size(", "size = 1 + await pick_size("), "not the first thing"),
        (("        return \"kept\"\n", "        return \"kept\"\n    await confirm_delete(ctx, item)\n"),
         "calls it 2 times"),
    ],
)
def test_callers_not_inlined(change, detail):
    server = SERVER.replace(*change).format(helpers="shop_helpers")
    with pytest.raises(NotInlined, match=detail):
        _inlined(server)
