"""A response class defined in another module of the run (analysis/run_classes.py,
through the run's index ``ToolIndex.class_in``): imported by name into the tool
module, it is a known type for the planner, and the field readings FastMCP 4
(MCP002, the codemod's refusal) and the SDK (MCP027) refuse apply to it, read in
its own module. The rewritten package asks the same questions with the same
results through the real ``fastmcp.Client`` on both eras, every answer script."""

from __future__ import annotations

import importlib
import json
import sys
import textwrap
from pathlib import Path

import pytest

from elicit_lint.analysis.response_kind import not_a_known_type
from elicit_lint.checker.cli import main as check_main
from elicit_lint.codemod.cli import main as migrate_main

from .behaviour import SCRIPTS, call

FORMS = textwrap.dedent('''\
    from enum import Enum

    from pydantic import BaseModel


    class Basket(BaseModel):
        apples: int
        variety: str = "gala"


    class Ripeness(str, Enum):
        GREEN = "green"
        RIPE = "ripe"


    class Crate(BaseModel):
        apples: int
        label: str | None = None
''')

SERVER = textwrap.dedent('''\
    from fastmcp import Context, FastMCP

    from .forms import Basket, Crate, Ripeness

    mcp = FastMCP("Orchard")


    @mcp.tool
    async def pick(row: str, ctx: Context) -> str:
        r = await ctx.elicit(f"How many apples from {row}?", response_type=Basket)
        if r.action != "accept":
            return f"{row}: {r.action}"
        return f"{row}: {r.data.apples} {r.data.variety}"


    @mcp.tool
    async def judge(ctx: Context) -> str:
        r = await ctx.elicit("How ripe?", response_type=Ripeness)
        if r.action == "accept":
            return f"ripeness {r.data.value}"
        return "unjudged"


    @mcp.tool
    async def pack(ctx: Context) -> str:
        r = await ctx.elicit("Crate?", response_type=Crate)
        if r.action != "accept":
            return "unpacked"
        return str(r.data.apples)
''')


def _package(root: Path, name: str, forms: str = FORMS, server: str = SERVER) -> Path:
    (root / name).mkdir(parents=True)
    (root / name / "__init__.py").write_text("")
    (root / name / "forms.py").write_text(forms)
    (root / name / "server.py").write_text(server)
    return root


def _verdicts(capsys) -> tuple[dict, dict, dict]:
    """``(checker MCP001 {row: reason or None}, other findings {row: codes}, codemod skips {row: reason})``
    for ``server.py`` in the current directory."""
    capsys.readouterr()
    check_main(["check", "--no-cache", "--output-format", "json", "."])
    mcp001, others = {}, {}
    for d in json.loads(capsys.readouterr().out):
        if not d["filename"].endswith("server.py"):
            continue
        row = d["location"]["row"]
        if d["code"] == "MCP001":
            text = d["help"]
            mcp001[row] = text.split("cannot rewrite it: ", 1)[1] if "cannot rewrite it: " in text else None
        else:
            others.setdefault(row, set()).add(d["code"])
    migrate_main(["--check", "--report", "json", "."])
    report = json.loads(capsys.readouterr().out)
    skips = {
        int(place.rsplit(":", 1)[1]): reason
        for reason, places in report["sites_skipped"].items() for place in places
        if place.rsplit(":", 1)[0].endswith("server.py")
    }
    return mcp001, others, skips


def test_a_class_of_another_run_module_is_a_known_response_type(tmp_path, monkeypatch, capsys):
    _package(tmp_path, "orchard")
    monkeypatch.chdir(tmp_path)
    mcp001, others, skips = _verdicts(capsys)
    assert {k: v for k, v in mcp001.items() if v is not None} == skips  # checker and codemod agree
    assert set(mcp001) == {10, 18, 26}
    assert mcp001[10] is None and mcp001[18] is None  # `Basket`, `Ripeness`: rewritten
    # `Crate.label: str | None`, read in forms.py: FastMCP 4 refuses it, so does the codemod
    assert "`Crate` has a field `label: str | None`" in skips[26]
    assert others == {26: {"MCP002"}}


@pytest.mark.parametrize(
    "forms",
    [
        FORMS + "\n\nBasket = Crate\n",  # bound twice
        FORMS + "\n\nif True:\n    class Basket(BaseModel):\n        apples: int\n",  # again under an `if`
        FORMS.replace("class Basket(BaseModel):", "from .kinds import Basket\n\n\nclass Unused(BaseModel):"),
    ],
    ids=["bound-twice", "under-if", "re-export"],
)
def test_a_class_not_defined_once_there_stays_unknown(forms, tmp_path, monkeypatch, capsys):
    _package(tmp_path, "orchard", forms=forms)
    (tmp_path / "orchard" / "kinds.py").write_text(
        "from pydantic import BaseModel\n\n\nclass Basket(BaseModel):\n    apples: int\n"
    )
    monkeypatch.chdir(tmp_path)
    mcp001, _, skips = _verdicts(capsys)
    assert skips[10] == mcp001[10] == not_a_known_type("Basket")


def test_a_single_file_run_does_not_know_the_class(tmp_path, monkeypatch, capsys):
    _package(tmp_path, "orchard")
    monkeypatch.chdir(tmp_path / "orchard")
    capsys.readouterr()
    migrate_main(["--check", "--report", "json", "server.py"])
    report = json.loads(capsys.readouterr().out)
    assert report["sites_would_rewrite"] == 0
    assert not_a_known_type("Basket") in report["sites_skipped"]


def test_an_sdk_schema_class_of_another_run_module_is_read_by_mcp027(tmp_path, monkeypatch, capsys):
    (tmp_path / "depot").mkdir()
    (tmp_path / "depot" / "__init__.py").write_text("")
    (tmp_path / "depot" / "forms.py").write_text(FORMS)
    (tmp_path / "depot" / "server.py").write_text(textwrap.dedent('''\
        from mcp.server.mcpserver import Context, MCPServer

        from .forms import Basket
        from .forms import Ripeness as Kind

        mcp = MCPServer("Depot")


        @mcp.tool()
        async def load(ctx: Context) -> str:
            r = await ctx.elicit("Basket?", Basket)
            return r.action
    '''))
    monkeypatch.chdir(tmp_path)
    assert check_main(["check", "--no-cache", "--select", "MCP027", "."]) == 0  # flat fields
    text = (tmp_path / "depot" / "forms.py").read_text().replace('variety: str = "gala"', "kind: Ripeness")
    (tmp_path / "depot" / "forms.py").write_text(text)
    capsys.readouterr()
    assert check_main(["check", "--no-cache", "--select", "MCP027", "."]) == 1
    assert "`Basket` has a field the SDK refuses, `kind: Ripeness`" in capsys.readouterr().out


@pytest.mark.parametrize(("tool", "args"), [("pick", {"row": "north"}), ("judge", {})])
async def test_the_rewrite_behaves_as_the_original(tool, args, tmp_path, monkeypatch, capsys):
    name = f"orchard_{tmp_path.name.replace('-', '_')}"
    for side in ("before", "after"):
        _package(tmp_path / side, name)
    monkeypatch.chdir(tmp_path / "after")
    assert migrate_main(["."]) == 0
    new = (tmp_path / "after" / name / "server.py").read_text()
    assert "ctx.elicit" in new  # `pack` is left
    assert new.count("ctx.elicit") == 1

    def imported(side: str):
        for loaded in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            monkeypatch.delitem(sys.modules, loaded)
        monkeypatch.syspath_prepend(str(tmp_path / side))
        module = importlib.import_module(f"{name}.server")
        assert side in module.__file__
        return module

    original = imported("before")
    expected = {}
    for script in SCRIPTS:
        outcome = await call(original, tool, "legacy", script, args)
        assert outcome.prompts
        expected[tuple(script)] = outcome
    rewritten = imported("after")
    for script in SCRIPTS:
        for mode in ("legacy", "auto"):
            got = await call(rewritten, tool, mode, script, args)
            assert got == expected[tuple(script)].as_carried(mode), (mode, script)
