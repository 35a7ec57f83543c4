"""MCP001 on a helper whose unannotated parameter only the calls of other modules
of the run fill with a context (workspace/passed_calls.py, model/passed.py): the
real shapes are a handler ``(message, context)`` the tools of other modules call
with ``context=get_context()``, ``helper(ctx, m)`` and ``_remove(name, ctx)``
called with a tool's typed ``ctx``. The codemod skips each such ask with what to
do by hand (locate.PASSED_ELSEWHERE_CONTEXT) and leaves the files byte-for-byte,
so checker and codemod agree. A run over the helper's file alone does not see
the callers (documented, as for the index)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from elicit_lint.analysis.locate import PASSED_ELSEWHERE_CONTEXT
from elicit_lint.checker.cli import main
from elicit_lint.codemod.cli import main as migrate

HANDLERS = '''\
async def confirm_change(message, context):
    answer = await context.elicit(f"{message}", response_type=bool)
    return answer.action == "accept" and answer.data


async def ask_twice(ctx, prompt):
    first = await ctx.elicit(prompt, response_type=str)
    return first.action


async def _drop(label, ctx):
    reply = await ctx.elicit(f"Drop {label}?", response_type=bool)
    return reply.action == "accept"
'''

TOOLS = '''\
from fastmcp import Context, FastMCP
from fastmcp.server.dependencies import get_context

from .handlers import _drop, ask_twice, confirm_change

shop = FastMCP("shop")


@shop.tool
async def rename_shelf(shelf: str) -> str:
    ok = await confirm_change(message=f"Rename {shelf}?", context=get_context())
    return "renamed" if ok else "kept"


@shop.tool
async def greet(ctx: Context) -> str:
    return await ask_twice(ctx, "Your name?")


@shop.tool
async def drop_shelf(shelf: str, ctx: Context) -> str:
    return "dropped" if await _drop(shelf, ctx) else "kept"
'''


def _package(root: Path, tools: str = TOOLS, handlers: str = HANDLERS, extra: str | None = None) -> Path:
    (root / "shop").mkdir(parents=True)
    (root / "shop" / "__init__.py").write_text("")
    (root / "shop" / "handlers.py").write_text(handlers)
    (root / "shop" / "tools.py").write_text(tools)
    if extra is not None:
        (root / "shop" / "extra.py").write_text(extra)
    return root


def _rows(capsys, *paths: str) -> list[tuple[str, int]]:
    capsys.readouterr()
    main(["check", "--no-cache", "--select", "MCP001", "--output-format", "json", *paths])
    return [
        (Path(d["filename"]).name, d["location"]["row"])
        for d in json.loads(capsys.readouterr().out)
    ]


def _skips(capsys) -> dict[str, list[str]]:
    capsys.readouterr()
    migrate(["--check", "--report", "json", "."])
    return json.loads(capsys.readouterr().out)["sites_skipped"]


def test_every_real_shape_is_reported(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(_package(tmp_path))
    assert _rows(capsys, ".") == [("handlers.py", 2), ("handlers.py", 7), ("handlers.py", 12)]


def test_the_helpers_file_alone_does_not_see_its_callers(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(_package(tmp_path))
    assert _rows(capsys, "shop/handlers.py") == []


def test_the_codemod_skips_them_with_what_to_do_and_writes_nothing(tmp_path, monkeypatch, capsys):
    root = _package(tmp_path)
    monkeypatch.chdir(root)
    before = {p: p.read_bytes() for p in (root / "shop").iterdir()}
    skips = _skips(capsys)
    assert skips == {PASSED_ELSEWHERE_CONTEXT: ["shop/handlers.py:2", "shop/handlers.py:7", "shop/handlers.py:12"]}
    assert "ctx: Context" in PASSED_ELSEWHERE_CONTEXT
    migrate(["."])
    assert {p: p.read_bytes() for p in (root / "shop").iterdir()} == before


NOT_A_CONTEXT = TOOLS.replace('context=get_context()', 'context=None')
ALIASED = TOOLS + "\nnamed = confirm_change\n"
ANOTHER_FILE_PASSES_SOMETHING_ELSE = "from .handlers import ask_twice\n\n\nasync def batch(client):\n    return await ask_twice(client, 'q')\n"
ANOTHER_FILE_SPREADS = "from .handlers import _drop\n\n\nasync def batch(args):\n    return await _drop(*args)\n"
REEXPORT = "from .handlers import confirm_change\n\n__all__ = ['confirm_change']\n"


@pytest.mark.parametrize(
    ("tools", "extra", "silent"),
    [
        (NOT_A_CONTEXT, None, 2),
        (ALIASED, None, 2),
        (TOOLS, ANOTHER_FILE_SPREADS, 12),
        (TOOLS, REEXPORT, 2),
    ],
    ids=["argument-not-a-context", "helper-aliased", "star-arguments", "re-exported"],
)
def test_a_read_elsewhere_that_does_not_pass_a_context_refuses(tools, extra, silent, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(_package(tmp_path, tools, extra=extra))
    rows = _rows(capsys, ".")
    assert ("handlers.py", silent) not in rows
    assert len(rows) == 2
    assert _skips(capsys) == {PASSED_ELSEWHERE_CONTEXT: [f"shop/handlers.py:{r}" for _, r in rows]}


def test_another_caller_passing_something_else_does_not_hide_the_tools_call(tmp_path, monkeypatch, capsys):
    """fresh10 F1: a batch job passing its own unannotated value to the helper hid
    the tools' calls, which pass a proven context: the helper's ask raises for
    those calls whatever the batch job passes."""
    monkeypatch.chdir(_package(tmp_path, extra=ANOTHER_FILE_PASSES_SOMETHING_ELSE))
    rows = _rows(capsys, ".")
    assert ("handlers.py", 7) in rows
    assert f"shop/handlers.py:7" in _skips(capsys)[PASSED_ELSEWHERE_CONTEXT]


def test_an_annotated_or_defaulted_parameter_is_not_this_question(tmp_path, monkeypatch, capsys):
    handlers = HANDLERS.replace("async def ask_twice(ctx, prompt)", "async def ask_twice(ctx=1, prompt='')")
    monkeypatch.chdir(_package(tmp_path, handlers=handlers))
    assert ("handlers.py", 7) not in _rows(capsys, ".")


def test_an_in_module_call_passing_something_else_does_not_hide_the_tools_calls(tmp_path, monkeypatch, capsys):
    """fresh10 F1: an in-module call passing `None` (or a demo's fake under
    `__main__`) hid the tools' calls, which pass contexts and raise on 2026-07-28."""
    handlers = HANDLERS + "\n\nasync def nightly():\n    return await _drop('all', None)\n"
    monkeypatch.chdir(_package(tmp_path, handlers=handlers))
    assert _rows(capsys, ".") == [("handlers.py", 2), ("handlers.py", 7), ("handlers.py", 12)]


def test_a_changed_caller_changes_the_cached_verdict(tmp_path, monkeypatch, capsys):
    root = _package(tmp_path)
    monkeypatch.chdir(root)
    capsys.readouterr()
    main(["check", "--select", "MCP001", "--output-format", "json", "."])
    assert len(json.loads(capsys.readouterr().out)) == 3
    (root / "shop" / "tools.py").write_text(NOT_A_CONTEXT)
    main(["check", "--select", "MCP001", "--output-format", "json", "."])
    assert len(json.loads(capsys.readouterr().out)) == 2


BESIDE_AN_INLINED_HELPER = "from fastmcp import Context, FastMCP\n\ncounter = FastMCP('c')\n\n\n" + HANDLERS + '''

async def _really(ctx: Context, what: str) -> bool:
    r = await ctx.elicit(f"Really {what}?", response_type=bool)
    return r.action == "accept" and r.data


@counter.tool
async def wipe(ctx: Context, disk: str) -> str:
    if not await _really(ctx, disk):
        return "kept"
    return f"wiped {disk}"
'''


def test_still_skipped_when_the_module_inlines_another_helper(tmp_path, monkeypatch, capsys):
    """The planner re-reads the module after inlining ``_really`` into ``wipe``: the
    calls of other modules still prove ``context`` (analysis.elsewhere.carry)."""
    root = _package(tmp_path, handlers=BESIDE_AN_INLINED_HELPER)
    monkeypatch.chdir(root)
    rows = [r for _, r in _rows(capsys, ".")]
    assert rows[:3] == [7, 12, 17] and len(rows) == 4
    assert _skips(capsys) == {PASSED_ELSEWHERE_CONTEXT: [f"shop/handlers.py:{r}" for r in rows[:3]]}
    migrate(["."])
    text = (root / "shop" / "handlers.py").read_text()
    assert "async def wipe(ctx" not in text  # the other helper was inlined
    assert HANDLERS.split("\n\n\n")[0] in text  # the asks other modules fill stay as they are


@pytest.mark.parametrize(
    "spelling",
    [
        ("from shop.handlers import _drop, ask_twice, confirm_change", ""),
        ("from . import handlers", "handlers."),
        ("import shop.handlers as handlers", "handlers."),
    ],
    ids=["absolute-import", "module-attribute", "module-alias"],
)
def test_the_callers_import_it_any_way_the_index_reads(spelling, tmp_path, monkeypatch, capsys):
    line, prefix = spelling
    tools = TOOLS.replace("from .handlers import _drop, ask_twice, confirm_change", line)
    for name in ("confirm_change(", "ask_twice(", "_drop("):
        tools = tools.replace(f"await {name}", f"await {prefix}{name}")
    monkeypatch.chdir(_package(tmp_path, tools))
    assert _rows(capsys, ".") == [("handlers.py", 2), ("handlers.py", 7), ("handlers.py", 12)]
