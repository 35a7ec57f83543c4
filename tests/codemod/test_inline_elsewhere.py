"""Asking helpers of another module inlined into their calling tools by
`elicit-migrate` itself (analysis/inline_elsewhere.py, wired in codemod/engine.py
and codemod/batch.py): multi-file before/after fixtures
(fixtures/cross_module_inline/<case>/{before,after}), the checker and the codemod
giving the same verdict on every site, the helper module never written, and the
rewritten package asking the same questions with the same results through the
real ``fastmcp.Client`` on both eras, every answer script."""

from __future__ import annotations

import importlib
import json
import re
import shutil
import sys
from pathlib import Path

import pytest

from elicit_lint.checker.cli import main as check_main
from elicit_lint.codemod.cli import main as migrate_main

from .behaviour import SCRIPTS, call

CASES = Path(__file__).resolve().parents[2] / "fixtures" / "cross_module_inline"
INLINED = "inlined into its callers"
CALLER = re.compile(r"`[^`]+` \([^)]+\)")

# (case, package, [(module, tool, arguments)])
FIXTURES = [
    ("copy_helper", "kitchen", [("tools", "scale", {"recipe": "soup", "servings": 60})]),
    ("two_callers", "garden", [
        ("server", "transplant", {"plant": "leek", "beds": 3}),
        ("server", "sow", {"plant": "kale"}),
    ]),
    ("own_and_helper", "hello", [("tools", "greet", {})]),
    # `cast(Any, Loaf)` with `Loaf` a class of the helper's module: `cast`/`Any` come
    # from `typing` (provably `typing.cast`), `Loaf` from the helper's module
    ("cast_form", "bakery", [("orders", "order", {"shop": "Mill"})]),
    # the helper imported with a noqa comment for F401 (a re-export): the name and its
    # comment stay, the helper's constant joins that import as ruff's isort merges it
    # (tidy15; was a second import line, I001)
    ("noqa_import", "pantry", [("tools", "take", {"jar": "honey"})]),
]


def _files(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*.py")) if "__pycache__" not in p.parts
    }


def _verdicts(capsys, *paths: str) -> tuple[dict, int, dict]:
    """``(checker {(path, row): reason or None}, codemod rewritten, codemod skips)``."""
    capsys.readouterr()
    check_main(["check", "--no-cache", "--select", "MCP001", "--output-format", "json", *paths])
    checker = {}
    for d in json.loads(capsys.readouterr().out):
        text = d["help"]
        reason = text.split("cannot rewrite it: ", 1)[1] if "cannot rewrite it: " in text else None
        checker[(str(Path(d["filename"]).resolve()), d["location"]["row"])] = reason
    migrate_main(["--check", "--report", "json", *paths])
    report = json.loads(capsys.readouterr().out)
    skips = {
        (str(Path(place.rsplit(":", 1)[0]).resolve()), int(place.rsplit(":", 1)[1])): reason
        for reason, places in report["sites_skipped"].items() for place in places
    }
    return checker, report["sites_would_rewrite"], skips


def _agree(capsys, *paths: str) -> dict:
    checker, rewritten, skips = _verdicts(capsys, *paths)
    assert {k: v for k, v in checker.items() if v is not None} == skips
    inlined = sum(len(CALLER.findall(r)) for r in skips.values() if INLINED in r)
    assert sum(v is None for v in checker.values()) + inlined == rewritten
    return skips


@pytest.mark.parametrize(("case", "package", "tools"), FIXTURES, ids=[f[0] for f in FIXTURES])
def test_the_run_rewrites_the_tool_modules_as_the_after_tree(case, package, tools, tmp_path, monkeypatch, capsys):
    root = tmp_path / "run"
    shutil.copytree(CASES / case / "before", root)
    monkeypatch.chdir(root)
    skips = _agree(capsys, ".")
    (reason,) = set(skips.values())  # the helper's one question, inlined
    assert reason.startswith("asked in the helper ") and INLINED in reason
    assert migrate_main(["."]) == 0
    assert _files(root) == _files(CASES / case / "after")
    helpers = {Path(path).relative_to(root) for path, _ in skips}  # the helper modules
    assert helpers and all(
        (CASES / case / "after" / p).read_bytes() == (CASES / case / "before" / p).read_bytes()
        for p in helpers
    )  # the same in both trees (never written)
    assert migrate_main(["."]) == 0 and _files(root) == _files(CASES / case / "after")  # idempotent


@pytest.mark.parametrize(("case", "package", "tools"), FIXTURES, ids=[f[0] for f in FIXTURES])
async def test_the_after_tree_behaves_as_the_before_tree(case, package, tools, tmp_path, monkeypatch):
    name = f"{package}_{tmp_path.name.replace('-', '_')}"
    for side in ("before", "after"):
        shutil.copytree(CASES / case / side / package, tmp_path / side / name)

    def imported(side: str) -> dict:
        for loaded in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            monkeypatch.delitem(sys.modules, loaded)
        monkeypatch.syspath_prepend(str(tmp_path / side))
        out = {module: importlib.import_module(f"{name}.{module}") for module, _, _ in tools}
        assert all(side in m.__file__ for m in out.values())
        return out

    original = imported("before")
    expected = {}
    for module, tool, args in tools:
        for script in SCRIPTS:
            outcome = await call(original[module], tool, "legacy", script, args)
            assert outcome.prompts  # the original asks
            expected[(tool, tuple(script))] = outcome
    rewritten = imported("after")
    for module, tool, args in tools:
        for script in SCRIPTS:
            for mode in ("legacy", "auto"):
                got = await call(rewritten[module], tool, mode, script, args)
                # as a client of `mode` receives the original's questions (a class's
                # top-level title is not carried on 2026-07-28: docs/runtime.md)
                assert got == expected[(tool, tuple(script))].as_carried(mode), (tool, mode, script)


def _garden(root: Path, extra: dict[str, str] | None = None) -> Path:
    shutil.copytree(CASES / "two_callers" / "before", root)
    for name, text in (extra or {}).items():
        (root / "garden" / name).write_text(text)
    return root


@pytest.mark.parametrize(
    ("extra", "reason"),
    [
        # a call outside a tool: the helper keeps its context there, so no caller takes it
        ({"chores.py": "from .prompts import pick_bed\n\n\nasync def weekly(ctx):\n"
                       "    return await pick_bed(ctx, 'mint', 2)\n"}, "which tools in other modules call"),
        # a caller the copy refuses (two calls in one tool): no caller takes it (never a part)
        ({"sowing.py": (CASES / "two_callers" / "before" / "garden" / "sowing.py").read_text().replace(
            "    if not bed:\n", "    bed = bed or await pick_bed(ctx, plant, SEED_BEDS)\n    if not bed:\n")},
         "cannot inline it into them (garden/sowing.py: its caller `sow` calls it 2 times, not once)"),
        # its own module calls it too
        ({"prompts.py": (CASES / "two_callers" / "before" / "garden" / "prompts.py").read_text()
          + "\n\nasync def twice(ctx):\n    return await pick_bed(ctx, 'fig', 1)\n"},
         "cannot inline it into them (its own module reads it too (line 18))"),
        # fresh15 LOW-1: a re-export in the package `__init__` is a read outside a function
        ({"__init__.py": "from .prompts import pick_bed\n\n__all__ = ['pick_bed']\n"},
         "cannot inline it into them (garden/__init__.py:1 also reads it outside a function"),
        # fresh15 LOW-1: a caller served by a server its module imports (its own
        # questions are rewritten; the helper is not inlined into it)
        ({"weeding.py": "from fastmcp import Context\n\nfrom .prompts import pick_bed\n"
                        "from .server import mcp\n\n\n@mcp.tool\nasync def weed(plant: str, ctx: Context) -> str:\n"
                        "    return str(await pick_bed(ctx, plant, 2))\n"},
         "garden/weeding.py: its caller `weed` (line 9) is served by `mcp`, which its module imports"),
    ],
    ids=["a-call-outside-a-tool", "a-caller-refused", "called-in-its-module", "a-re-export", "an-imported-server"],
)
def test_no_caller_takes_the_question_unless_every_one_does(extra, reason, tmp_path, monkeypatch, capsys):
    root = _garden(tmp_path / "run", extra)
    monkeypatch.chdir(root)
    before = _files(root)
    skips = _agree(capsys, ".")
    assert not any(INLINED in r for r in skips.values())
    if reason is not None:
        assert any(reason in r for r in skips.values())
    migrate_main(["."])
    after = _files(root)
    for name in ("server.py", "sowing.py", "prompts.py"):
        assert after[f"garden/{name}"] == before[f"garden/{name}"], name


def test_a_single_file_run_does_not_see_the_helper_module(tmp_path, monkeypatch, capsys):
    """pre-commit passes the changed files: a tool module alone has no question,
    and the helper module alone has no caller (docs/checker.md)."""
    root = _garden(tmp_path / "run")
    monkeypatch.chdir(root)
    before = _files(root)
    checker, rewritten, skips = _verdicts(capsys, "garden/server.py")
    assert (checker, rewritten, skips) == ({}, 0, {})
    _, rewritten, skips = _verdicts(capsys, "garden/prompts.py")
    assert rewritten == 0 and not any(INLINED in r for r in skips.values())
    migrate_main(["garden/server.py"])
    assert _files(root) == before


TWO_HELPERS = '''\
from fastmcp import Context


async def ask_name(ctx: Context) -> str:
    reply = await ctx.elicit("Name?", response_type=str)
    if reply.action != "accept":
        return "anon"
    return reply.data


async def ask_age(ctx: Context) -> int:
    reply = await ctx.elicit("Age?", response_type=int)
    if reply.action != "accept":
        return 0
    return reply.data
'''

GREET = '''\
from fastmcp import Context, FastMCP

from .asks import ask_age, ask_name

mcp = FastMCP("Greeter")


@mcp.tool
async def greet(ctx: Context) -> str:
    name = await ask_name(ctx)
    age = await ask_age(ctx)
    return f"{name} {age}"
'''


def test_a_tool_asking_through_two_helpers_takes_both_or_neither(tmp_path, monkeypatch, capsys):
    """A tool is rewritten with all its questions or none (analysis/through.py):
    the first helper's question cannot be declared while the second still asks
    in the body (the second cannot be inlined: the first call has effects
    before it), so neither is."""
    (tmp_path / "hello").mkdir()
    for name, text in {"__init__.py": "", "asks.py": TWO_HELPERS, "tools.py": GREET}.items():
        (tmp_path / "hello" / name).write_text(text)
    monkeypatch.chdir(tmp_path)
    before = _files(tmp_path)
    skips = _agree(capsys, ".")
    assert not any(INLINED in r for r in skips.values())
    assert any("`greet` also asks through `ask_age` of another module" in r for r in skips.values())
    migrate_main(["."])
    assert _files(tmp_path) == before


AGE = '''\
from fastmcp import Context


async def ask_age(ctx: Context) -> int:
    reply = await ctx.elicit("Age?", response_type=int)
    return reply.data if reply.action == "accept" else 0
'''

OWN_AND_HELPER = '''\
from fastmcp import Context, FastMCP

from .asks import ask_age

mcp = FastMCP("Greeter")


@mcp.tool
async def greet(ctx: Context) -> str:
    name = await ctx.elicit("Name?", response_type=str)
    age = await ask_age(ctx)
    return f"{name.data if name.action == 'accept' else 'anon'} {age}"
'''


def _hello(root: Path, asks: str, tools: str) -> Path:
    (root / "hello").mkdir(parents=True)
    for name, text in {"__init__.py": "", "asks.py": asks, "tools.py": tools}.items():
        (root / "hello" / name).write_text(text)
    return root


def test_a_tool_with_its_own_question_and_a_helper_not_inlined_is_not_rewritten(tmp_path, monkeypatch, capsys):
    """Before this, the tool's own question was declared and the helper's stayed
    imperative in its body (a tool is rewritten with all its questions or none)."""
    asks = AGE.replace('    reply = await', '    await ctx.info("asking")\n    reply = await')
    root = _hello(tmp_path, asks, OWN_AND_HELPER)
    monkeypatch.chdir(root)
    before = _files(root)
    skips = _agree(capsys, ".")
    own = skips[(str((root / "hello" / "tools.py").resolve()), 10)]
    assert own.startswith("another question this tool asks through `ask_age` (hello/asks.py) cannot be rewritten")
    migrate_main(["."])
    assert _files(root) == before


@pytest.mark.parametrize(
    ("imported", "read"),
    [("from . import asks", "asks.ask_age"), ("import hello.asks", "hello.asks.ask_age"),
     ("from hello import asks as questions", "questions.ask_age")],
)
def test_a_tool_reading_an_asking_helper_through_its_module_is_not_rewritten(
    imported, read, tmp_path, monkeypatch, capsys
):
    """A helper read as ``m.f(ctx)`` is never inlined: before this, the tool's own
    question was declared and the helper's stayed imperative, so on 2026-07-28 the
    rewrite asked its question, then failed in the helper (xin14's report)."""
    tools = OWN_AND_HELPER.replace("from .asks import ask_age", imported).replace(
        "await ask_age(ctx)", f"await {read}(ctx)"
    )
    root = _hello(tmp_path, AGE, tools)
    monkeypatch.chdir(root)
    before = _files(root)
    skips = _agree(capsys, ".")
    own = skips[(str((root / "hello" / "tools.py").resolve()), 10)]
    assert own.startswith(f"another question this tool asks through `{read}` (hello/asks.py) cannot be rewritten")
    migrate_main(["."])
    assert _files(root) == before


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: "-".join(s))
async def test_a_tool_with_its_own_question_takes_the_helpers_too(script, tmp_path, monkeypatch, capsys):
    root = _hello(tmp_path / "before", AGE, OWN_AND_HELPER)
    shutil.copytree(root, tmp_path / "after")
    monkeypatch.chdir(tmp_path / "after")
    skips = _agree(capsys, ".")
    assert list(skips.values()) == [(
        "asked in the helper `ask_age`, inlined into its callers `greet` (hello/tools.py:11): it is no "
        "longer called by the tools of this run; delete it by hand if nothing outside the run imports it"
    )]
    assert migrate_main(["."]) == 0
    new = (tmp_path / "after" / "hello" / "tools.py").read_text()
    assert "ctx.elicit" not in new and "await ask_age(" not in new
    assert (tmp_path / "after" / "hello" / "asks.py").read_text() == AGE
    name = f"hello_{tmp_path.name.replace('-', '_')}"
    modules = {}
    for side in ("before", "after"):
        for loaded in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            monkeypatch.delitem(sys.modules, loaded)
        (tmp_path / side / "hello").rename(tmp_path / side / name)
        monkeypatch.syspath_prepend(str(tmp_path / side))
        modules[side] = importlib.import_module(f"{name}.tools")
        assert side in modules[side].__file__
    expected = await call(modules["before"], "greet", "legacy", script)
    assert expected.prompts == ("Name?", "Age?")[: len(expected.prompts)] and expected.prompts
    for mode in ("legacy", "auto"):
        assert await call(modules["after"], "greet", mode, script) == expected, mode


@pytest.mark.parametrize(
    ("helper_head", "tool_gate", "reason"),
    [
        # fresh12 p10: a test in the helper that answers without asking
        ("    if not name:\n        return True\n", "",
         "it may return before its question (line 5), where it answers without asking, and its "
         "callers would ask there too; move that test out of the helper, around its call in each calling tool"),
        # a tool returning before its call: the copy takes the whole answer
        ("", "    if force:\n        return 'forced'\n",
         "cellar/tools.py: `drop` may return before its call of `confirm`, whose copy would be given "
         "the whole answer, which a declared question cannot give where the tool returns first"),
    ],
    ids=["helper-returns-first", "tool-returns-first"],
)
def test_a_return_before_the_question_is_named_as_such(helper_head, tool_gate, reason, tmp_path, monkeypatch, capsys):
    (tmp_path / "cellar").mkdir()
    (tmp_path / "cellar" / "__init__.py").write_text("")
    (tmp_path / "cellar" / "asks.py").write_text(
        "from fastmcp import Context\n\n\nasync def confirm(ctx: Context, name: str) -> bool:\n"
        + helper_head
        + "    reply = await ctx.elicit(f'Drop {name}?', response_type=bool)\n"
        "    return reply.action == 'accept' and reply.data\n"
    )
    (tmp_path / "cellar" / "tools.py").write_text(
        "from fastmcp import Context, FastMCP\n\nfrom .asks import confirm\n\nmcp = FastMCP('Cellar')\n\n\n"
        "@mcp.tool\nasync def drop(ctx: Context, name: str, force: bool = False) -> str:\n"
        + tool_gate
        + "    ok = await confirm(ctx, name)\n    return 'dropped' if ok else 'kept'\n"
    )
    monkeypatch.chdir(tmp_path)
    skips = _agree(capsys, ".")
    (found,) = skips.values()
    assert f"elicit-migrate cannot inline it into them ({reason}" in found
    # the helper advice is given once, by the outer reason (tidy15 p10)
    assert found.count("the answer instead of the context") == 1


@pytest.mark.parametrize(
    ("comment", "inlined"),
    [("  # noqa: F401", True), ("  # the asking helpers", False)],
    ids=["noqa-kept", "other-comment-blocks"],
)
def test_a_comment_after_the_helper_import_blocks_inlining_unless_a_noqa(comment, inlined, tmp_path, monkeypatch, capsys):
    (tmp_path / "shed").mkdir()
    (tmp_path / "shed" / "__init__.py").write_text("")
    (tmp_path / "shed" / "asks.py").write_text(
        "from fastmcp import Context\n\n\nasync def confirm(ctx: Context, name: str) -> bool:\n"
        "    reply = await ctx.elicit(f'Oil {name}?', response_type=bool)\n"
        "    return reply.action == 'accept' and reply.data\n"
    )
    (tmp_path / "shed" / "tools.py").write_text(
        f"from fastmcp import Context, FastMCP\n\nfrom .asks import confirm{comment}\n\nmcp = FastMCP('Shed')\n\n\n"
        "@mcp.tool\nasync def oil(ctx: Context, name: str) -> str:\n"
        "    ok = await confirm(ctx, name)\n    return 'oiled' if ok else 'dry'\n"
    )
    monkeypatch.chdir(tmp_path)
    (found,) = _agree(capsys, ".").values()
    assert (INLINED in found) is inlined
    if not inlined:
        assert "does not import `confirm` once with `from ... import`, on lines of its own" in found
    else:
        assert migrate_main(["."]) == 0
        assert f"from .asks import confirm{comment}\n" in (tmp_path / "shed" / "tools.py").read_text()


@pytest.mark.parametrize(
    ("line", "merged"),
    [
        (
            "from .stock import confirm  # noqa: F401",
            ["from .stock import (", "    SHELF,", "    confirm,  # noqa: F401", ")"],
        ),
        (
            "from .stock import confirm, weigh  # noqa: F401",
            ["from .stock import SHELF, confirm, weigh  # noqa: F401"],
        ),
    ],
)
def test_a_helper_import_kept_for_its_noqa_takes_the_new_names_as_ruffs_isort_does(line, merged):
    # tidy15: a second `from .stock import SHELF` line was ruff I001
    import ast

    from elicit_lint.analysis.inline_imports import import_edits
    from elicit_lint.model import build_model

    source = f"{line}\n\nX = 1\n"
    model = build_model(ast.parse(source), source, "tools.py")
    statement = model.tree.body[0]
    assert import_edits(model, statement, "confirm", ["SHELF"], []) == [(1, 1, merged)]
