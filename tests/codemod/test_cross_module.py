"""Tools registered in another module of the run (analysis/elsewhere.py,
workspace/tool_index.py): rewritten exactly as if registered in place, skipped
when another module also uses the function; the checker says the same over the
same paths; a single-file run does not see the other module; the results cache
never serves a verdict that read other files. Behaviour through a real
``fastmcp.Client`` on both eras, every answer script."""

from __future__ import annotations

import importlib
import itertools
import json
import re
import shutil
import sys
from pathlib import Path

import pytest

from elicit_lint.analysis.locate import NOT_A_TOOL
from elicit_lint.checker.cli import main as check_main
from elicit_lint.codemod.cli import main as migrate_main

from .behaviour import SCRIPTS, call, call_sdk

CASES = Path(__file__).resolve().parents[2] / "fixtures" / "cross_module"
_unique = itertools.count()
_INLINED = "inlined into its callers"
_CALLER = re.compile(r"`[^`]+` \([^)]+\)")


def _files(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): p.read_text()
        for p in sorted(root.rglob("*.py"))
        if "__pycache__" not in p.parts
    }


def _copy(case: str, dest: Path) -> Path:
    shutil.copytree(CASES / case / "before", dest, ignore=shutil.ignore_patterns("__pycache__"))
    return dest


def _checker(capsys, *paths: str) -> dict[tuple[str, int], str | None]:
    """``{(path, row): reason or None}`` of MCP001 over ``paths`` (cwd-relative)."""
    capsys.readouterr()
    check_main(["check", "--no-cache", "--select", "MCP001", "--output-format", "json", *paths])
    out = {}
    for d in json.loads(capsys.readouterr().out):
        help_text = d["help"]
        reason = help_text.split("cannot rewrite it: ", 1)[1] if "cannot rewrite it: " in help_text else None
        assert reason is not None or help_text.endswith("can rewrite it")
        out[(str(Path(d["filename"]).resolve()), d["location"]["row"])] = reason
    return out


def _codemod(capsys, *paths: str) -> tuple[int, dict[tuple[str, int], str]]:
    capsys.readouterr()
    migrate_main(["--check", "--report", "json", *paths])
    report = json.loads(capsys.readouterr().out)
    skips = {}
    for reason, places in report["sites_skipped"].items():
        for place in places:
            path, row = place.rsplit(":", 1)
            skips[(str(Path(path).resolve()), int(row))] = reason
    return report["sites_would_rewrite"], skips


def _agree(capsys, *paths: str) -> dict[tuple[str, int], str | None]:
    """The checker and the codemod over ``paths``: the same verdict on every site."""
    verdicts = _checker(capsys, *paths)
    rewritten, skips = _codemod(capsys, *paths)
    assert {k: v for k, v in verdicts.items() if v is not None} == skips
    # a helper inlined into tools of other modules: each caller's new question is
    # a rewritten site of the tool module, where the checker had no site
    inlined = sum(len(_CALLER.findall(r)) for r in skips.values() if _INLINED in r)
    assert sum(v is None for v in verdicts.values()) + inlined == rewritten
    return verdicts


@pytest.mark.parametrize(
    "case", ["registered_elsewhere", "three_modules", "used_elsewhere", "sdk_registered_elsewhere"]
)
def test_before_after_and_the_checker_agrees(case, tmp_path, monkeypatch, capsys):
    root = _copy(case, tmp_path / "p")
    monkeypatch.chdir(root)
    verdicts = _agree(capsys, ".")
    assert verdicts  # every case has a site
    if case == "used_elsewhere":
        (reason,) = set(verdicts.values())
        assert reason.startswith("`park` is registered as a tool in ")
        assert "garage/server.py:6 and also used in " in reason
    else:
        assert set(verdicts.values()) == {None}
    assert migrate_main(["."]) == 0
    assert _files(root) == _files(CASES / case / "after")


def test_a_single_file_run_sees_that_file_only(tmp_path, monkeypatch, capsys):
    """pre-commit passes the changed files: the registering module is not in the
    run, so the function is not known as a tool (docs/checker.md)."""
    _copy("registered_elsewhere", tmp_path / "p")
    monkeypatch.chdir(tmp_path / "p")
    verdicts = _agree(capsys, "pantry/tools/shelves.py")
    assert set(verdicts.values()) == {NOT_A_TOOL}
    verdicts = _agree(capsys, "pantry/tools/shelves.py", "pantry/server.py")
    assert set(verdicts.values()) == {None}


def test_a_direct_caller_in_a_third_module_refuses(tmp_path, monkeypatch, capsys):
    root = _copy("registered_elsewhere", tmp_path / "p")
    (root / "pantry" / "chores.py").write_text(
        "from .tools.shelves import clear_shelf\n\n\nasync def tidy(ctx):\n"
        "    return await clear_shelf('A1', ctx)\n"
    )
    monkeypatch.chdir(root)
    verdicts = _agree(capsys, ".")
    reasons = sorted(v or "" for v in verdicts.values())
    assert reasons[0] == ""  # label_shelf is still rewritten
    assert reasons[1].startswith("`clear_shelf` is registered as a tool in pantry/server.py:6")
    assert "also used in pantry/chores.py:5" in reasons[1]


def test_a_re_export_refuses(tmp_path, monkeypatch, capsys):
    root = _copy("registered_elsewhere", tmp_path / "p")
    (root / "pantry" / "tools" / "__init__.py").write_text(
        "from .shelves import label_shelf\n\n__all__ = ['label_shelf']\n"
    )
    monkeypatch.chdir(root)
    verdicts = _agree(capsys, ".")
    refused = [v for v in verdicts.values() if v]
    assert len(refused) == 1 and "also used in pantry/tools/__init__.py:1" in refused[0]


def test_the_results_cache_never_serves_a_verdict_that_read_other_files(
    tmp_path, monkeypatch, capsys
):
    root = _copy("registered_elsewhere", tmp_path / "p")
    monkeypatch.chdir(root)
    monkeypatch.setenv("ELICIT_LINT_CACHE_DIR", str(tmp_path / "cache"))

    def verdicts():
        capsys.readouterr()
        check_main(["check", "--select", "MCP001", "--output-format", "json", "."])
        found = json.loads(capsys.readouterr().out)
        return sorted("cannot rewrite" in d["help"] for d in found)

    assert verdicts() == [False, False]
    assert verdicts() == [False, False]  # warm: the same
    (root / "pantry" / "server.py").write_text(
        "from fastmcp import FastMCP\n\nmcp = FastMCP('Pantry')\n"
    )  # shelves.py unchanged: its verdict must follow
    assert verdicts() == [True, True]
    shutil.copy(CASES / "registered_elsewhere" / "before" / "pantry" / "server.py", root / "pantry")
    assert verdicts() == [False, False]


def _import(root: Path, package: str, module: str, monkeypatch):
    monkeypatch.syspath_prepend(str(root))
    return importlib.import_module(f"{package}.{module}")


_TOOLS = [
    ("registered_elsewhere", "pantry", "clear_shelf", {"shelf": "B2"}),
    ("registered_elsewhere", "pantry", "label_shelf", {"shelf": "C4"}),
    ("three_modules", "atelier", "book_fitting", {"client": "Ines"}),
]


@pytest.mark.parametrize(("case", "package", "tool", "arguments"), _TOOLS, ids=[t[2] for t in _TOOLS])
async def test_behaviour_on_both_eras(case, package, tool, arguments, tmp_path, monkeypatch, capsys):
    n = next(_unique)
    original_name, rewritten_name = f"{package}_before_{n}", f"{package}_after_{n}"
    shutil.copytree(CASES / case / "before" / package, tmp_path / "a" / original_name)
    shutil.copytree(CASES / case / "before" / package, tmp_path / "b" / rewritten_name)
    monkeypatch.chdir(tmp_path / "b")
    assert migrate_main(["."]) == 0
    rewritten_text = _files(tmp_path / "b")
    assert "ctx.elicit" not in "".join(rewritten_text.values())
    original = _import(tmp_path / "a", original_name, "server", monkeypatch)
    rewritten = _import(tmp_path / "b", rewritten_name, "server", monkeypatch)
    try:
        for script in SCRIPTS:
            expected = await call(original, tool, "legacy", script, arguments)
            assert await call(rewritten, tool, "legacy", script, arguments) == expected, script
            modern = await call(rewritten, tool, "auto", script, arguments)
            assert modern == expected.as_carried("auto"), script
    finally:
        for name in [m for m in sys.modules if m.startswith((original_name, rewritten_name))]:
            del sys.modules[name]


LIBRARY = '''\
from fastmcp import Context, FastMCP

mcp = FastMCP("Forge")


async def approve(ctx: Context, question: str) -> bool:
    reply = await ctx.elicit(question, response_type=bool)
    return reply.action == "accept" and bool(reply.data)


async def _metal(ctx: Context) -> str:
    reply = await ctx.elicit("Which metal?", response_type=str)
    return reply.data if reply.action == "accept" else "iron"


@mcp.tool
async def cast(ctx: Context) -> str:
    metal = await _metal(ctx)
    return "cast in " + metal
'''

CALLERS = '''\
from fastmcp import Context, FastMCP

from .library import _metal, approve

mcp = FastMCP("Forge tools")


@mcp.tool
async def melt(batch: str, ctx: Context) -> str:
    if not await approve(ctx, f"Melt batch {batch}?"):
        return "kept"
    return "melted"


async def sample(ctx: Context) -> str:
    return await _metal(ctx)
'''


def test_helpers_other_modules_call(tmp_path, monkeypatch, capsys):
    """A helper that tools of other modules call and nothing else reads is
    inlined into those tools (analysis/inline_elsewhere.py; its module is left as
    it is); one another module also calls outside a tool is not (inlined into
    its own module's tool it would break that call): the reason names the use
    and what to do. A single-file run does not see the other module (documented)."""
    (tmp_path / "forge").mkdir()
    (tmp_path / "forge" / "__init__.py").write_text("")
    (tmp_path / "forge" / "library.py").write_text(LIBRARY)
    (tmp_path / "forge" / "callers.py").write_text(CALLERS)
    monkeypatch.chdir(tmp_path)
    verdicts = _agree(capsys, ".")
    reasons = {row: reason for (_, row), reason in verdicts.items()}
    assert reasons[7] == (
        "asked in the helper `approve`, inlined into its callers `melt` "
        "(forge/callers.py:10): it is no longer called by the tools of this run; "
        "delete it by hand if nothing outside the run imports it"
    )
    assert reasons[12].startswith(
        "asked in the helper `_metal`, which forge/callers.py:16 also uses: inlining it "
        "would change its parameters under that use;"
    )
    before = _files(tmp_path)
    assert migrate_main(["."]) == 0
    after = _files(tmp_path)
    assert after["forge/library.py"] == before["forge/library.py"]  # never written
    assert "await approve(" not in after["forge/callers.py"]
    assert "await _metal(ctx)" in after["forge/callers.py"]
    verdicts = _agree(capsys, "forge/library.py")  # one file: `_metal` is inlined
    assert verdicts[(str((tmp_path / "forge" / "library.py").resolve()), 12)] is None


PLAIN_REGISTRY = (
    "from fastmcp import FastMCP\n\n"
    "from .tools.shelves import clear_shelf, label_shelf\n\n\n"
    "class Hooks:\n"
    "    def __init__(self):\n        self.fns = []\n\n"
    "    def add_tool(self, fn):\n        self.fns.append(fn)\n\n\n"
    "hooks = Hooks()\nhooks.add_tool(clear_shelf)\n"
    "mcp = FastMCP(\"Pantry\")\nmcp.tool(name=\"label_shelf\")(label_shelf)\n"
)


def test_add_tool_on_an_ordinary_object_is_not_a_registration(tmp_path, monkeypatch, capsys):
    """``hooks.add_tool(fn)`` on an instance of an ordinary class stores the
    function; whoever calls it calls the written signature: not a tool, never
    rewritten. The FastMCP registration beside it still is."""
    root = _copy("registered_elsewhere", tmp_path / "p")
    (root / "pantry" / "server.py").write_text(PLAIN_REGISTRY)
    monkeypatch.chdir(root)
    verdicts = _agree(capsys, ".")
    by_row = {row: reason for (_, row), reason in verdicts.items()}
    assert by_row[8]  # clear_shelf: refused
    assert by_row[15] is None  # label_shelf: rewritten


@pytest.mark.parametrize(
    ("core", "read"),
    [
        ("from fastmcp import FastMCP\n\nmcp = FastMCP('Pantry')\n", True),
        ("from fastmcp import FastMCP\n\nmcp = FastMCP('Pantry')\nmcp = FastMCP('Other')\n", False),
        ("from .factory import make\n\nmcp = make()\n", False),
    ],
    ids=["built-there", "bound-twice", "a-factory"],
)
def test_a_receiver_built_elsewhere(core, read, tmp_path, monkeypatch, capsys):
    """``from .core import mcp; mcp.add_tool(fn)``: read as the server ``core``
    builds when it binds ``mcp`` once to ``FastMCP(...)`` (model/servers.py
    ``module_binding``, as a tool module's own server is read); otherwise the
    index does not see what ``mcp`` is, so the function is not read as a tool
    (the skip says why)."""
    root = _copy("registered_elsewhere", tmp_path / "p")
    (root / "pantry" / "core.py").write_text(core)
    (root / "pantry" / "server.py").write_text(
        "from .core import mcp\nfrom .tools.shelves import clear_shelf, label_shelf\n\n"
        "mcp.add_tool(clear_shelf)\nmcp.add_tool(label_shelf)\n"
    )
    monkeypatch.chdir(root)
    verdicts = _agree(capsys, ".")
    assert len(verdicts) == 2
    if read:  # rewritten as when server.py builds it (behaviour: test_behaviour_on_both_eras)
        assert set(verdicts.values()) == {None}
        assert migrate_main(["."]) == 0
        shelves = "pantry/tools/shelves.py"
        assert _files(root)[shelves] == _files(CASES / "registered_elsewhere" / "after")[shelves]
    else:  # not a tool: a helper another module reads
        assert all(v and "pantry/server.py:" in v for v in verdicts.values())


def test_add_tool_on_an_ordinary_object_in_the_same_module(tmp_path, monkeypatch, capsys):
    (tmp_path / "one.py").write_text(
        "from fastmcp import Context, FastMCP\n\n\n"
        "class Hooks:\n    def __init__(self):\n        self.fns = []\n\n"
        "    def add_tool(self, fn):\n        self.fns.append(fn)\n        return fn\n\n\n"
        "hooks = Hooks()\nmcp = FastMCP('x')\n\n\n"
        "async def create_list(name: str, ctx: Context) -> str:\n"
        "    r = await ctx.elicit(f'Make list {name} public?', response_type=bool)\n"
        "    return str(r.action)\n\n\n"
        "hooks.add_tool(create_list)\n\n\n"
        "@mcp.tool\nasync def run_all(ctx: Context) -> str:\n"
        "    return str([await f('n', ctx) for f in hooks.fns])\n"
    )
    monkeypatch.chdir(tmp_path)
    verdicts = _agree(capsys, "one.py")
    assert list(verdicts.values()) == [NOT_A_TOOL]


def test_a_star_import_hides_no_direct_caller(tmp_path, monkeypatch, capsys):
    """``from .tools.shelves import *`` then ``await clear_shelf(...)``: the
    star import binds the function, so the call is a direct use and refuses
    it; ``label_shelf``, which that module never names, is still rewritten."""
    root = _copy("registered_elsewhere", tmp_path / "p")
    (root / "pantry" / "chores.py").write_text(
        "from .tools.shelves import *\n\n\nasync def tidy(ctx):\n"
        "    return await clear_shelf('A1', ctx)\n"
    )
    monkeypatch.chdir(root)
    verdicts = _agree(capsys, ".")
    by_row = {row: reason for (_, row), reason in verdicts.items()}
    assert by_row[8].startswith("`clear_shelf` is registered as a tool in pantry/server.py:6")
    assert "also used in pantry/chores.py:5" in by_row[8]
    assert by_row[15] is None


def test_a_star_re_export_from_a_package_refuses(tmp_path, monkeypatch, capsys):
    root = _copy("registered_elsewhere", tmp_path / "p")
    (root / "pantry" / "tools" / "__init__.py").write_text("from .shelves import *\n")
    monkeypatch.chdir(root)
    verdicts = _agree(capsys, ".")
    assert all(v and "also used in pantry/tools/__init__.py:1" in v for v in verdicts.values())


def test_a_tool_registered_through_a_re_export_is_called_a_tool(tmp_path, monkeypatch, capsys):
    """``server.py`` registers ``label_shelf`` imported from the package that
    re-exports it: refused (the re-export is a use), and the reason says it is
    a tool registered in server.py, not a helper."""
    root = _copy("registered_elsewhere", tmp_path / "p")
    (root / "pantry" / "tools" / "__init__.py").write_text("from .shelves import label_shelf\n")
    (root / "pantry" / "server.py").write_text(
        "from fastmcp import FastMCP\n\nfrom .tools import label_shelf\n\n"
        "mcp = FastMCP('Pantry')\nmcp.add_tool(label_shelf)\n"
    )
    monkeypatch.chdir(root)
    verdicts = _agree(capsys, ".")
    by_row = {row: reason for (_, row), reason in verdicts.items()}
    assert by_row[15].startswith(
        "`label_shelf` is registered as a tool in pantry/server.py:6 and also used in "
        "pantry/tools/__init__.py:1"
    )
    assert by_row[8] == NOT_A_TOOL


IN_PLACE = '''\
from fastmcp import Context, FastMCP

mcp = FastMCP("Lists")


@mcp.tool
async def create_list(name: str, ctx: Context) -> str:
    reply = await ctx.elicit(f"Make list {name} public?", response_type=bool)
    return f"{name}: public={reply.action == 'accept' and reply.data}"


@mcp.tool
async def archive(ctx: Context) -> str:
    reply = await ctx.elicit("Archive everything?", response_type=bool)
    return str(reply.action)
'''

_CALLERS = {
    "from": "from .tools import create_list\n\n\nasync def wrap(ctx):\n    return await create_list('x', ctx)\n",
    "star": "from .tools import *\n\n\nasync def wrap(ctx):\n    return await create_list('x', ctx)\n",
    "alias": "import shop.tools as t\n\n\nasync def wrap(ctx):\n    return await t.create_list('x', ctx)\n",
    "dotted": "import shop.tools\n\n\nasync def wrap(ctx):\n    return await shop.tools.create_list('x', ctx)\n",
    "package": "from . import tools\n\n\nasync def wrap(ctx):\n    return await tools.create_list('x', ctx)\n",
    "continued": "from .tools \\\n    import (  # ) not the end\n            create_list)\n\n\n"
    "async def wrap(ctx):\n    return await create_list('x', ctx)\n",
}


def _shop(root: Path, caller: str | None) -> Path:
    (root / "shop").mkdir(parents=True)
    (root / "shop" / "__init__.py").write_text("")
    (root / "shop" / "tools.py").write_text(IN_PLACE)
    if caller is not None:
        (root / "shop" / "cli.py").write_text(caller)
    return root


@pytest.mark.parametrize("form", sorted(_CALLERS))
def test_a_tool_registered_in_place_that_another_module_calls_is_refused(form, tmp_path, monkeypatch, capsys):
    """fresh6 M3: ``@mcp.tool`` in its own module, called directly from another
    module of the run (every import form): the caller would break on the
    rewritten signature, so the tool is skipped with the registration and the
    use named; its sibling nobody else reads is still rewritten; checker and
    codemod agree; the file is left byte for byte."""
    root = _shop(tmp_path, _CALLERS[form])
    monkeypatch.chdir(root)
    verdicts = _agree(capsys, ".")
    by_row = {row: reason for (_, row), reason in verdicts.items()}
    row = 5 if form != "continued" else 7
    assert by_row[8] == (
        f"`create_list` is registered as a tool in shop/tools.py:6 and also used in shop/cli.py:{row} "
        "(a call or an import there would break on the rewritten signature): move the shared code "
        "into a function both call, then run again, or declare the question by hand"
    )
    assert by_row[14] is None
    before = (root / "shop" / "tools.py").read_text()
    assert migrate_main(["."]) == 0
    after = (root / "shop" / "tools.py").read_text()
    assert "async def create_list(name: str, ctx: Context) -> str:\n    reply = await ctx.elicit(" in after
    assert after != before and "Archive everything?" in after and "ctx.elicit(\"Archive" not in after


def test_a_tool_registered_in_place_nobody_else_reads_is_rewritten(tmp_path, monkeypatch, capsys):
    """No other module reads it (a file that only spells the name, or imports
    another module, is no use): rewritten as before."""
    root = _shop(tmp_path, "from .other import create_list\n\nprint('create_list')\n")
    (root / "shop" / "other.py").write_text("def create_list(n, ctx):\n    return n\n")
    monkeypatch.chdir(root)
    verdicts = _agree(capsys, ".")
    assert set(verdicts.values()) == {None} and len(verdicts) == 2


def test_a_helper_inlined_into_a_tool_another_module_calls_is_refused(tmp_path, monkeypatch, capsys):
    """The helper's question would be inlined into ``create_list``, whose
    parameters then change: its direct caller in another module refuses it."""
    root = _shop(tmp_path, _CALLERS["from"])
    (root / "shop" / "tools.py").write_text(
        "from fastmcp import Context, FastMCP\n\nmcp = FastMCP('Lists')\n\n\n"
        "async def _public(ctx: Context, name: str) -> bool:\n"
        "    reply = await ctx.elicit(f'Make list {name} public?', response_type=bool)\n"
        "    return reply.action == 'accept' and bool(reply.data)\n\n\n"
        "@mcp.tool\nasync def create_list(name: str, ctx: Context) -> str:\n"
        "    public = await _public(ctx, name)\n"
        "    return f'{name}: public={public}'\n"
    )
    monkeypatch.chdir(root)
    before = _files(root)
    verdicts = _agree(capsys, ".")
    (reason,) = verdicts.values()
    assert reason and "create_list" in reason and "shop/cli.py:5" in reason
    assert migrate_main(["."]) == 0 and _files(root) == before


@pytest.mark.parametrize("script", SCRIPTS, ids=["-".join(s) for s in SCRIPTS])
async def test_sdk_behaviour_on_both_eras(script, tmp_path, monkeypatch):
    """fresh6 L1: an ``MCPServer`` registering a function of another module
    (``mcp.add_tool(void_entry)``): rewritten as in place, and the SDK's own
    client gets the same questions and results; the original cannot ask on
    the sessionless era."""
    n = next(_unique)
    original_name, rewritten_name = f"ledger_before_{n}", f"ledger_after_{n}"
    case = CASES / "sdk_registered_elsewhere"
    shutil.copytree(case / "before" / "ledger", tmp_path / "a" / original_name)
    shutil.copytree(case / "after" / "ledger", tmp_path / "b" / rewritten_name)
    original = _import(tmp_path / "a", original_name, "server", monkeypatch)
    rewritten = _import(tmp_path / "b", rewritten_name, "server", monkeypatch)
    args = {"entry": "E7"}
    try:
        expected = await call_sdk(original, "void_entry", "legacy", script, args)
        assert expected.prompts == ("Void entry E7?",)
        assert await call_sdk(rewritten, "void_entry", "legacy", script, args) == expected
        assert await call_sdk(rewritten, "void_entry", "auto", script, args) == expected.as_carried("auto")
        assert (await call_sdk(original, "void_entry", "auto", script, args)).ok is False
    finally:
        for name in [m for m in sys.modules if m.startswith((original_name, rewritten_name))]:
            del sys.modules[name]


def test_sdk_tool_registered_elsewhere_with_a_direct_caller(tmp_path, monkeypatch, capsys):
    root = _copy("sdk_registered_elsewhere", tmp_path / "p")
    (root / "ledger" / "audit.py").write_text(
        "from .entries import void_entry\n\n\nasync def audit(ctx):\n    return await void_entry('E1', ctx)\n"
    )
    monkeypatch.chdir(root)
    (reason,) = _agree(capsys, ".").values()
    assert reason.startswith("`void_entry` is registered as a tool in ledger/server.py:6 and also used in ledger/audit.py:5")


def test_a_fastmcp_question_registered_on_an_mcpserver_is_not_read_as_a_tool(tmp_path, monkeypatch, capsys):
    """The question's framework and the server's differ: not treated as a tool."""
    root = _copy("registered_elsewhere", tmp_path / "p")
    (root / "pantry" / "server.py").write_text(
        "from mcp.server.mcpserver import MCPServer\n\nfrom .tools.shelves import clear_shelf, label_shelf\n\n"
        "mcp = MCPServer('Pantry')\nmcp.add_tool(clear_shelf)\nmcp.add_tool(label_shelf)\n"
    )
    monkeypatch.chdir(root)
    assert set(_agree(capsys, ".").values()) == {NOT_A_TOOL}


def test_a_function_registered_on_fastmcp_and_on_an_mcpserver_is_skipped(tmp_path, monkeypatch, capsys):
    """fresh10 F6: another module also registering the function on an
    ``MCPServer`` (``sdk.add_tool(clear_shelf)``) was ignored and the function
    rewritten for FastMCP, changing the SDK's tool with no word: now skipped with
    both registrations named; checker and codemod agree; files left byte for byte."""
    from elicit_lint.analysis.locate import served_by_both

    root = _copy("registered_elsewhere", tmp_path / "p")
    (root / "pantry" / "sdk_server.py").write_text(
        "from mcp.server.mcpserver import MCPServer\n\nfrom .tools.shelves import clear_shelf\n\n"
        "sdk = MCPServer('Pantry SDK')\nsdk.add_tool(clear_shelf)\n"
    )
    monkeypatch.chdir(root)
    before = _files(root)
    verdicts = _agree(capsys, ".")
    reasons = set(verdicts.values())
    assert served_by_both("clear_shelf", "pantry/server.py:6", "pantry/sdk_server.py:6") in reasons
    assert None in reasons  # `label_shelf`, served by FastMCP only, is still rewritten
    assert migrate_main(["."]) == 0
    after = _files(root)
    assert after["pantry/tools/shelves.py"] != before["pantry/tools/shelves.py"]
    assert "async def clear_shelf" in after["pantry/tools/shelves.py"]
    original = before["pantry/tools/shelves.py"]
    clear = original[original.index("async def clear_shelf"):].split("\n\n\n")[0]
    assert clear in after["pantry/tools/shelves.py"]  # its text unchanged


@pytest.mark.parametrize("alias", ["reg = mcp.add_tool\nreg", "t = mcp.tool\nt"])
def test_a_registration_through_an_assigned_alias_is_not_read(alias, tmp_path, monkeypatch, capsys):
    """Documented limit (docs/codemod.md): ``reg = mcp.add_tool; reg(fn)`` is
    not read as a registration, in the function's own module or another: the
    question is never rewritten ("not in a tool body" in its own module; in
    another, the call is a use of the function: "asked in the helper ...,
    which path:row also uses")."""
    (tmp_path / "one.py").write_text(
        "from fastmcp import Context, FastMCP\n\nmcp = FastMCP('x')\n\n\n"
        "async def create_list(name: str, ctx: Context) -> str:\n"
        "    r = await ctx.elicit(f'Make list {name} public?', response_type=bool)\n"
        f"    return str(r.action)\n\n\n{alias}(create_list)\n"
    )
    root = _copy("registered_elsewhere", tmp_path / "p")
    (root / "pantry" / "server.py").write_text(
        "from fastmcp import FastMCP\n\nfrom .tools.shelves import clear_shelf, label_shelf\n\n"
        f"mcp = FastMCP('Pantry')\n{alias}(clear_shelf)\n{alias.split(chr(10))[1]}(label_shelf)\n"
    )
    monkeypatch.chdir(tmp_path)
    verdicts = _agree(capsys, "one.py", "p")
    assert len(verdicts) == 3 and all(verdicts.values())
    assert verdicts[(str((tmp_path / "one.py").resolve()), 7)] == NOT_A_TOOL
    before = _files(tmp_path)
    assert migrate_main(["one.py", "p"]) == 0 and _files(tmp_path) == before
