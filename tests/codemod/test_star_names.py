"""A name the codemod adds at module level never rebinds one a star import may
bind (analysis/star_names.py): generated resolvers avoid the star module's
exports when it is in the run, and names the module reads when it is not; an
import a star import may bind skips with a reason. Behaviour through a real
``fastmcp.Client`` and the SDK's own client on both eras, the untouched tool
that calls the star-imported helper included."""

from __future__ import annotations

import asyncio
import importlib
import itertools
import os
import re
import shutil
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from elicit_lint.codemod.cli import main as migrate_main
from elicit_lint.codemod.engine import Options, migrate_file

from .behaviour import SCRIPTS, call, call_sdk

CASES = Path(__file__).resolve().parents[2] / "fixtures" / "cross_module"
_unique = itertools.count()


def _files(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): p.read_text()
        for p in sorted(root.rglob("*.py"))
        if "__pycache__" not in p.parts
    }


@pytest.mark.parametrize("case", ["star_import", "sdk_star_import"])
def test_before_after(case, tmp_path, monkeypatch):
    root = tmp_path / "p"
    shutil.copytree(CASES / case / "before", root)
    monkeypatch.chdir(root)
    assert migrate_main(["."]) == 0
    assert _files(root) == _files(CASES / case / "after")


def test_a_file_alone_with_an_unread_star_import_skips(tmp_path, monkeypatch):
    """The star module is not in the run: a new name nothing in the module reads
    may still be one the star module binds and another module imports from this
    one (`from stall.server import ask_colour`), so the file is left as it is."""
    root = tmp_path / "p"
    shutil.copytree(CASES / "star_import" / "before", root)
    before = (root / "stall" / "server.py").read_bytes()
    monkeypatch.chdir(root)
    outcome = migrate_file("stall/server.py", Options())
    assert outcome.status == "unchanged"
    assert {s.reason for s in outcome.skips} == {
        (
            "the module star-imports `.helpers`, which elicit-migrate cannot read (outside the run, or its "
            "exports are computed): a name the rewrite adds may rebind one that module binds and another "
            "module imports from this one; import the names it uses explicitly (or run elicit-migrate on "
            "the project holding that module), then run again"
        )
    }
    assert (root / "stall" / "server.py").read_bytes() == before


def test_an_import_a_star_module_binds_skips(tmp_path, monkeypatch):
    root = tmp_path / "p"
    shutil.copytree(CASES / "star_import" / "before", root)
    helpers = root / "stall" / "helpers.py"
    helpers.write_text(helpers.read_text().replace('"Colour"]', '"Colour", "Elicit"]') + "\n\nElicit = object()\n")
    before = (root / "stall" / "server.py").read_bytes()
    monkeypatch.chdir(root)
    outcome = migrate_file("stall/server.py", Options(project=_project(root)))
    assert outcome.status == "unchanged"
    assert {s.reason for s in outcome.skips} == {
        (
            "the rewrite imports `Elicit`, but a star-imported module of the run binds it: the new import "
            "would change what the module reads; import the names it uses from that module explicitly, then "
            "run again"
        )
    }
    assert (root / "stall" / "server.py").read_bytes() == before


def test_names_read_by_text_with_an_unread_star_import_skip(tmp_path, monkeypatch):
    root = tmp_path / "p"
    shutil.copytree(CASES / "star_import" / "before", root)
    server = root / "stall" / "server.py"
    server.write_text(server.read_text() + "\n\n@mcp.tool\nasync def names() -> str:\n    return str(sorted(globals()))\n")
    before = server.read_bytes()
    monkeypatch.chdir(root)
    outcome = migrate_file("stall/server.py", Options())
    assert outcome.status == "unchanged"
    assert {s.reason for s in outcome.skips} == {
        (
            "the module star-imports `.helpers`, which elicit-migrate cannot read, and reads names through "
            "`globals`: a name the rewrite adds may rebind one it reads; import the names it uses "
            "explicitly, then run again"
        )
    }
    assert server.read_bytes() == before


def _project(root: Path):
    from elicit_lint.workspace.tool_index import ToolIndex

    return ToolIndex([str(p) for p in sorted(root.rglob("*.py"))])


def _import(root: Path, package: str, monkeypatch):
    monkeypatch.syspath_prepend(str(root))
    return importlib.import_module(f"{package}.server")


_TOOLS = [
    ("star_import", "stall", "order", {"item": "pears"}),
    ("star_import", "stall", "paint", {"wall": "north"}),
    ("star_import", "stall", "stock", {"item": "pears"}),
    ("sdk_star_import", "counter", "void_entry", {"entry": "E3"}),
    ("sdk_star_import", "counter", "lookup", {"entry": "E3"}),
]


@pytest.mark.parametrize(("case", "package", "tool", "arguments"), _TOOLS, ids=[t[2] for t in _TOOLS])
async def test_behaviour_on_both_eras(case, package, tool, arguments, tmp_path, monkeypatch):
    n = next(_unique)
    original_name, rewritten_name = f"{package}_before_{n}", f"{package}_after_{n}"
    shutil.copytree(CASES / case / "before" / package, tmp_path / "a" / original_name)
    shutil.copytree(CASES / case / "after" / package, tmp_path / "b" / rewritten_name)
    original = _import(tmp_path / "a", original_name, monkeypatch)
    rewritten = _import(tmp_path / "b", rewritten_name, monkeypatch)
    ask = call_sdk if case.startswith("sdk_") else call
    modern = "auto"  # the 2026-07-28 era on both clients
    try:
        for script in SCRIPTS:
            expected = await ask(original, tool, "legacy", script, arguments)
            assert expected.ok, script
            assert await ask(rewritten, tool, "legacy", script, arguments) == expected, script
            assert await ask(rewritten, tool, modern, script, arguments) == expected.as_carried(modern), script
    finally:
        for name in [m for m in sys.modules if m.startswith((original_name, rewritten_name))]:
            del sys.modules[name]


_PARAMS = ("count", "colour", "size", "note")


@given(
    asked=st.sampled_from(_PARAMS),
    exported=st.sets(st.sampled_from([f"ask_{p}" for p in _PARAMS] + [f"ask_{p}_2" for p in _PARAMS]), min_size=1),
    listed=st.booleans(),
)
@settings(max_examples=6, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_generated_names_never_take_a_star_export(asked, exported, listed, tmp_path_factory):
    """Generated: a star module of the run exporting any of the names a resolver
    could take (with or without `__all__`); the rewrite's module-level names
    avoid them all, and a tool calling the star-imported helper still gets it."""
    root = tmp_path_factory.mktemp("star")
    package = f"gen_{next(_unique)}"
    (root / package).mkdir()
    (root / package / "__init__.py").write_text("")
    helpers = "".join(f"\n\ndef {name}(item):\n    return 'helper {name} ' + item\n" for name in sorted(exported))
    if listed:
        helpers = f"__all__ = {sorted(exported)!r}\n" + helpers
    (root / package / "helpers.py").write_text(helpers)
    called = min(exported)
    (root / package / "server.py").write_text(
        "from fastmcp import Context, FastMCP\n\nfrom .helpers import *  # noqa: F403\n\n"
        'mcp = FastMCP("Gen")\n\n\n@mcp.tool\nasync def order(item: str, ctx: Context) -> str:\n'
        f'    {asked} = await ctx.elicit(f"Which {asked} for {{item}}?", response_type=str)\n'
        f'    if {asked}.action != "accept":\n        return "none"\n    return {asked}.data + item\n\n\n'
        f"@mcp.tool\nasync def helper(item: str) -> str:\n    return {called}(item)  # noqa: F405\n"
    )
    cwd = os.getcwd()
    os.chdir(root)
    try:
        assert migrate_main(["."]) == 0
    finally:
        os.chdir(cwd)
    text = (root / package / "server.py").read_text()
    defined = set(re.findall(r"^def (\w+)\(", text, re.MULTILINE))
    assert defined and not defined & exported, text
    sys.path.insert(0, str(root))
    try:
        module = importlib.import_module(f"{package}.server")
        for mode in ("legacy", "auto"):
            got = asyncio.run(call(module, "helper", mode, [], {"item": "x"}))
            assert got.ok and got.text == f"helper {called} x", (mode, got)
    finally:
        sys.path.remove(str(root))
        for name in [m for m in sys.modules if m.startswith(package)]:
            del sys.modules[name]
