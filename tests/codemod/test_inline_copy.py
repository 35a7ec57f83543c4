"""A helper of another module with several statements, moved into the tool
module as a copy that takes the answer (analysis/inline_copy.py): a package
of two modules (helpers, tools); the tool module's new text, planned and
rewritten as any module, asks the same questions and returns the same results
through the real client on both eras, and the helper module is untouched."""

from __future__ import annotations

import ast
import importlib
import shutil
import sys
import textwrap
from pathlib import Path

import pytest

from elicit_lint.analysis.inline_copy import copy_text, helper_copy
from elicit_lint.analysis.inline_text import NotInlined
from elicit_lint.codemod.engine import Options, transform_text
from elicit_lint.model import build_model

from .behaviour import SCRIPTS, call, load

HANDLERS = textwrap.dedent('''\
    """Questions the kitchen tools ask."""

    from __future__ import annotations

    import logging

    from fastmcp import Context
    from fastmcp.server.elicitation import AcceptedElicitation

    logger = logging.getLogger(__name__)
    LIMIT = 40


    async def confirm_servings(ctx: Context, target: int) -> int | None:
        """Ask to confirm a large serving size."""
        logger.info("asking about %s", target)
        result = await ctx.elicit(
            f"You asked for {target} servings. How many do you want?",
            response_type=int,
        )
        if not isinstance(result, AcceptedElicitation):
            logger.info("declined")
            return None
        return min(result.data, LIMIT)
''')

TOOLS = textwrap.dedent('''\
    from fastmcp import Context, FastMCP

    from {package}.handlers import confirm_servings

    mcp = FastMCP("Kitchen")


    @mcp.tool
    async def scale(recipe: str, servings: int, ctx: Context) -> str:
        confirmed = await confirm_servings(ctx, servings)
        if confirmed is None:
            return "cancelled"
        return f"{{recipe}} for {{confirmed}}"


    if __name__ == "__main__":
        mcp.run()
''')


def _copied(tools: str, handlers: str = HANDLERS) -> str:
    helper = helper_copy(ast.parse(handlers), handlers, "confirm_servings")
    return copy_text(build_model(ast.parse(tools), tools, "tools.py"), "confirm_servings", helper).text


def test_the_tool_asks_and_calls_a_copy_that_takes_the_answer():
    text = _copied(TOOLS.format(package="kitchen"))
    # a name the helper imports from an absolute module comes from there (the same
    # object, and a reader of the tool module sees what it is)
    assert "from fastmcp.server.elicitation import AcceptedElicitation\n" in text
    assert "from kitchen.handlers import LIMIT, logger\n" in text
    assert "import confirm_servings" not in text  # no longer read (ruff F401)
    assert "    confirmed = await _confirm_servings_answer(result, target=servings)\n" in text
    assert "\nasync def _confirm_servings_answer(result, target):\n" in text
    assert text.index("def _confirm_servings_answer") < text.index("@mcp.tool")  # defined before serving
    new, plan = transform_text(text, "tools.py", Options(), isolate=False)
    assert plan.rewritten_sites == 1 and not plan.skips
    assert "ctx.elicit" not in new


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: "-".join(s))
@pytest.mark.parametrize("servings", [3, 60])
async def test_same_questions_and_results_on_both_eras(servings, script, tmp_path, monkeypatch):
    package = f"kitchen_{tmp_path.name.replace('-', '_')}"
    (tmp_path / package).mkdir()
    (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / package / "handlers.py").write_text(HANDLERS)
    tools = TOOLS.format(package=package)
    (tmp_path / package / "tools.py").write_text(tools)
    new, plan = transform_text(_copied(tools), "tools.py", Options(), isolate=False)
    assert plan.rewritten_sites == 1
    (tmp_path / package / "rewritten.py").write_text(new)
    monkeypatch.syspath_prepend(str(tmp_path))
    original = load(str(tmp_path / package / "tools.py"))
    rewritten = load(str(tmp_path / package / "rewritten.py"))
    args = {"recipe": "soup", "servings": servings}
    expected = await call(original, "scale", "legacy", script, args)
    assert expected.prompts  # the original asks
    assert await call(rewritten, "scale", "legacy", script, args) == expected
    assert await call(rewritten, "scale", "auto", script, args) == expected
    assert (tmp_path / package / "handlers.py").read_text() == HANDLERS


@pytest.mark.parametrize(
    ("change", "detail"),
    [
        (('        logger.info("declined")\n', '        await ctx.info("declined")\n'), "another `await`"),
        (('    logger.info("asking about %s", target)\n', '    logger.handlers.clear()\n'), "before its question has effects"),
        (('logger.info("declined")', 'logger.info(__name__)'), "`__name__`, whose value depends on the module"),
        (('logger.info("declined")', 'logger.info(globals())'), "`globals`, whose value depends on the module"),
        (("LIMIT = 40\n", "LIMIT = 40\n\n\ndef grow():\n    global LIMIT\n    LIMIT += 1\n"),
         "`LIMIT`, which a function of its module rebinds"),
        (("servings. How", "servings ({LIMIT - 1} at most). How"), None),
        (("{target} servings", "{top} servings"), "reads `top`|neither"),
        (("asking about %s\", target)\n", "asking about %s\", target)\n    top = target\n"), None),
        (("LIMIT = 40\n", "LIMIT = 40\nLIMIT = 41\n"), "`LIMIT`, which its module binds more than once"),
        (("min(result.data, LIMIT)", "min(result.data, LIMITS)"), "neither its module nor the builtins"),
        (("    if not isinstance", "    print(1)\n    if not isinstance"), None),
    ],
)
def test_helper_shapes_not_copied(change, detail):
    handlers = HANDLERS.replace(*change)
    if detail is None:  # copied: an effect after the question stays after it; a pure local
        _copied(TOOLS.format(package="k"), handlers)  # before it moves after it
        return
    with pytest.raises(NotInlined, match=detail):
        helper_copy(ast.parse(handlers), handlers, "confirm_servings")


@pytest.mark.parametrize(
    ("change", "detail"),
    [
        (("mcp = FastMCP", "logger = None\nmcp = FastMCP"), "`logger` of its module, which the tool module binds"),
        (("confirm_servings(ctx, servings)", "confirm_servings(ctx, int(recipe))"),
         "may not evaluate again"),
        (("confirm_servings(ctx, servings)", 'confirm_servings(ctx, f"{{servings:d}}")'), "can raise"),
    ],
)
def test_callers_not_copied(change, detail):
    tools = TOOLS.replace(*change).format(package="k")
    with pytest.raises(NotInlined, match=detail):
        _copied(tools)


def test_a_left_out_default_is_passed_explicitly():
    """The copy has no defaults (nor annotations): each call passes every kept
    parameter, the left-out ones with the helper's constant default."""
    handlers = HANDLERS.replace("target: int)", "target: int, cap: int = 40)").replace(
        "min(result.data, LIMIT)", "min(result.data, cap)"
    )
    text = _copied(TOOLS.format(package="k"), handlers)
    assert "    confirmed = await _confirm_servings_answer(result, target=servings, cap=40)\n" in text
    assert "\nasync def _confirm_servings_answer(result, target, cap):\n" in text


FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "cross_module_inline" / "copy_helper"


def test_the_run_index_finds_the_helper_and_the_fixture_after_holds(tmp_path, monkeypatch):
    """Multi-file fixture (before/ and after/ trees): the run's index
    (workspace/tool_index.py) names the helper the tool module imports, and the
    tool module planned through the copy is the after tree's; the helper module
    is the same in both trees."""
    from elicit_lint.workspace.tool_index import ToolIndex

    root = tmp_path / "run"
    shutil.copytree(FIXTURE / "before", root)
    monkeypatch.chdir(root)
    files = sorted(str(p) for p in root.rglob("*.py"))
    index = ToolIndex(files)
    tools = str(root / "kitchen" / "tools.py")
    found = index.asking_helpers(tools)
    assert found == {"confirm_servings": (str(root / "kitchen" / "handlers.py"), "confirm_servings")}
    assert index.asking_helpers(str(root / "kitchen" / "handlers.py")) == {}
    text = index.text_of(tools)
    for local, (home, name) in found.items():
        source = index.text_of(home)
        helper = helper_copy(ast.parse(source), source, name)
        text = copy_text(build_model(ast.parse(text), text, tools), local, helper).text
    new, plan = transform_text(text, tools, Options(), isolate=False)
    assert plan.rewritten_sites == 1 and not plan.skips
    assert new == (FIXTURE / "after" / "kitchen" / "tools.py").read_text()
    assert (FIXTURE / "after" / "kitchen" / "handlers.py").read_text() == (
        FIXTURE / "before" / "kitchen" / "handlers.py"
    ).read_text()


async def test_the_fixture_after_tree_behaves_as_the_before_tree(tmp_path, monkeypatch):
    package = f"kitchen_{tmp_path.name.replace('-', '_')}"
    for side in ("before", "after"):
        shutil.copytree(FIXTURE / side / "kitchen", tmp_path / side / package)
    monkeypatch.syspath_prepend(str(tmp_path / "before"))
    original = importlib.import_module(f"{package}.tools")
    outcomes = {
        tuple(script): await call(original, "scale", "legacy", script, {"recipe": "soup", "servings": 60})
        for script in SCRIPTS
    }
    for name in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.syspath_prepend(str(tmp_path / "after"))
    monkeypatch.syspath_prepend(str(tmp_path / "after"))
    rewritten = importlib.import_module(f"{package}.tools")
    assert "after" in rewritten.__file__
    for script in SCRIPTS:
        for mode in ("legacy", "auto"):
            args = {"recipe": "soup", "servings": 60}
            assert await call(rewritten, "scale", mode, script, args) == outcomes[tuple(script)]


def test_a_name_both_modules_import_from_the_same_place_is_not_imported_again():
    tools = TOOLS.format(package="k").replace(
        "from fastmcp import Context, FastMCP\n",
        "from fastmcp import Context, FastMCP\nfrom fastmcp.server.elicitation import AcceptedElicitation\n",
    )
    text = _copied(tools)
    assert "from k.handlers import LIMIT, logger\n" in text
    clash = TOOLS.format(package="k").replace("mcp = FastMCP", "AcceptedElicitation = object\nmcp = FastMCP")
    with pytest.raises(NotInlined, match="`AcceptedElicitation` of its module, which the tool module binds"):
        _copied(clash)


def _import_block(text: str) -> str:
    return text.split("\nmcp = FastMCP", 1)[0]


def test_the_copy_imports_a_name_from_where_the_helper_imports_it():
    """fresh12: `cast`/`Any` from the helper's module could not be read as
    `typing.cast`; from `typing` they can. Into the tool module's own `from`
    import of that module when it has one, else after its absolute imports."""
    handlers = HANDLERS.replace("import logging\n", "import logging\nimport typing\nfrom typing import Any, cast\n")
    handlers = handlers.replace("response_type=int,", "response_type=typing.cast(Any, cast(Any, int)),")
    tools = TOOLS.format(package="k").replace(
        "from fastmcp import Context, FastMCP\n", "from typing import Literal\n\nfrom fastmcp import Context, FastMCP\n"
    )
    block = _import_block(_copied(tools, handlers))
    assert block == (
        "import typing\nfrom typing import Any, Literal, cast\n\nfrom fastmcp import Context, FastMCP\n"
        "from fastmcp.server.elicitation import AcceptedElicitation\n\nfrom k.handlers import LIMIT, logger\n"
    )


@pytest.mark.parametrize(
    ("statement", "kept"),
    [
        ("from {p}.handlers import confirm_servings", False),
        ("from {p}.handlers import confirm_servings as confirm_servings", True),  # a re-export
    ],
)
def test_the_helper_leaves_its_import_unless_a_re_export(statement, kept):
    tools = TOOLS.format(package="k").replace("from k.handlers import confirm_servings", statement.format(p="k"))
    block = _import_block(_copied(tools))
    assert ("confirm_servings" in block) == kept
    assert "import LIMIT, " in block and "logger\n" in block
    assert block.count("k.handlers") == 1


def test_a_module_all_keeps_the_helper_imported():
    tools = TOOLS.format(package="k").replace("mcp = FastMCP", '__all__ = ["confirm_servings"]\nmcp = FastMCP')
    assert "confirm_servings, " in _copied(tools) or "LIMIT, confirm_servings" in _copied(tools)


def test_an_import_left_with_nothing_else_stays():
    """The helper's module would no longer be loaded by the tool module."""
    handlers = HANDLERS.replace("    return min(result.data, LIMIT)", "    return result.data").replace(
        '        logger.info("declined")\n', ""
    ).replace('    logger.info("asking about %s", target)\n', "").replace(
        "if not isinstance(result, AcceptedElicitation):", 'if result.action != "accept":'
    )
    text = _copied(TOOLS.format(package="k"), handlers)
    assert "from k.handlers import confirm_servings\n" in text


def test_a_private_helper_copy_takes_its_name_without_the_leading_underscore():
    """fresh15 LOW-2: `_confirm_servings` gives `_confirm_servings_answer`, not
    `__confirm_servings_answer` (a name Python mangles in a class body)."""
    tools = TOOLS.format(package="kitchen").replace("confirm_servings", "_confirm_servings")
    handlers = HANDLERS.replace("confirm_servings", "_confirm_servings")
    helper = helper_copy(ast.parse(handlers), handlers, "_confirm_servings")
    text = copy_text(build_model(ast.parse(tools), tools, "tools.py"), "_confirm_servings", helper).text
    assert "\nasync def _confirm_servings_answer(result, target):\n" in text
    assert "__confirm_servings_answer" not in text
