"""MCP027 on schemas the SDK reads in a resolver: an SDK resolver's returned
``Elicit(message, Schema)`` and a resolver's own ``ctx.elicit(message, schema=Schema)``
with ``Schema`` a class of another module of the run (analysis/run_classes.py), and a
schema name the asking function binds once (``s = Form``, analysis/sdk_schema_args.py).
Each reported shape is one mcp 2.3.0 refuses when it renders the schema."""

from __future__ import annotations

import sys
import textwrap
import types

import pytest
from mcp.server.elicitation import render_elicitation_schema

from elicit_lint.checker.cli import main as check_main

from .rule_helpers import run

FORMS = textwrap.dedent('''\
    from dataclasses import dataclass

    from pydantic import BaseModel


    class Dock(BaseModel):
        bay: int


    class Berth(BaseModel):
        dock: Dock


    class Mooring(BaseModel):
        bay: int


    @dataclass
    class Tide:
        height: int
''')

SERVER = textwrap.dedent('''\
    from typing import Annotated

    from mcp.server import MCPServer
    from mcp.server.mcpserver import Context, Elicit, Resolve

    from .forms import Berth, Mooring, Tide

    mcp = MCPServer("Harbour")


    def ask_berth() -> Elicit[Berth]:
        return Elicit("Which berth?", Berth)


    def ask_tide() -> Elicit[Tide]:
        return Elicit("Tide?", schema=Tide)


    def ask_mooring() -> Elicit[Mooring]:
        return Elicit("Mooring?", Mooring)


    async def ask_by_context(ctx: Context) -> str:
        reply = await ctx.elicit("Berth again?", schema=Berth)
        return reply.action


    @mcp.tool()
    async def moor(
        berth: Annotated[Berth, Resolve(ask_berth)],
        tide: Annotated[Tide, Resolve(ask_tide)],
        mooring: Annotated[Mooring, Resolve(ask_mooring)],
        again: Annotated[str, Resolve(ask_by_context)],
    ) -> str:
        return "moored"
''')


def _sdk_refuses(forms: dict, name: str) -> bool:
    try:
        render_elicitation_schema(forms[name])
    except (TypeError, AttributeError):
        return True
    return False


def test_imported_schemas_of_resolvers_are_read_in_their_module(tmp_path, monkeypatch, capsys):
    (tmp_path / "harbour").mkdir()
    (tmp_path / "harbour" / "__init__.py").write_text("")
    (tmp_path / "harbour" / "forms.py").write_text(FORMS)
    (tmp_path / "harbour" / "server.py").write_text(SERVER)
    module = types.ModuleType("harbour_forms")
    sys.modules[module.__name__] = module  # pydantic and dataclasses look their module up
    try:
        exec(compile(FORMS, "forms.py", "exec"), module.__dict__)  # noqa: S102
    finally:
        del sys.modules[module.__name__]
    forms = module.__dict__
    assert [_sdk_refuses(forms, n) for n in ("Berth", "Tide", "Mooring")] == [True, True, False]
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    assert check_main(["check", "--no-cache", "--select", "MCP027", "--output-format", "concise", "."]) == 1
    rows = {
        int(line.split(":")[1]): line.split(" MCP027 ", 1)[1]
        for line in capsys.readouterr().out.splitlines()
        if " MCP027 " in line
    }
    assert sorted(rows) == [12, 16, 24]  # `Elicit(.., Berth)`, `Elicit(.., schema=Tide)`, `ctx.elicit(.., schema=Berth)`
    assert rows[12].startswith("`Berth` has a nested model field `dock: Dock`")
    assert rows[16].startswith("the schema is `Tide`, a dataclass, not a pydantic model class")
    assert rows[24].startswith("`Berth` has a nested model field `dock: Dock`")


LOCAL = textwrap.dedent('''\
    from typing import Annotated

    from mcp.server import MCPServer
    from mcp.server.mcpserver import Context, Elicit, Resolve
    from pydantic import BaseModel


    class Dock(BaseModel):
        bay: int


    class Berth(BaseModel):
        dock: Dock


    mcp = MCPServer("Harbour")


    def ask_berth() -> Elicit[Berth]:
        form = {value}
        return Elicit("Which berth?", form)


    async def ask_by_context(ctx: Context) -> str:
        form = {value}
        reply = await ctx.elicit("Berth again?", schema=form)
        return reply.action


    @mcp.tool()
    async def moor(
        berth: Annotated[Berth, Resolve(ask_berth)],
        again: Annotated[str, Resolve(ask_by_context)],
    ) -> str:
        return "moored"
''')


@pytest.mark.parametrize(
    ("value", "rows"),
    [("Berth", [21, 26]), ("Dock", []), ("{'type': 'object'}", [21, 26])],
)
def test_a_schema_bound_inside_the_resolver_is_read(value, rows):
    found = run(LOCAL.replace("{value}", value), "MCP027")
    assert [d.location.row for d in found] == rows
    if rows and value == "Berth":
        assert found[0].message.startswith("`Berth` has a nested model field `dock: Dock`")
    if rows and value != "Berth":
        assert found[0].message.startswith("the schema is `form`, a name bound to a dict (line 20)")


def test_a_name_bound_twice_in_the_resolver_is_not_read():
    source = LOCAL.replace("{value}", "Berth").replace(
        "    form = Berth\n    return Elicit(", "    form = Berth\n    form = Dock\n    return Elicit("
    )
    assert [d.location.row for d in run(source, "MCP027")] == [27]  # the `ctx.elicit` one only


RENAMED = textwrap.dedent('''\
    from mcp.server import MCPServer
    from mcp.server.mcpserver import Context

    from .forms import Berth as B
    from .forms import Mooring as M

    mcp = MCPServer("Harbour")


    @mcp.tool()
    async def moor(ctx: Context) -> str:
        reply = await ctx.elicit("Berth?", B)
        return reply.action


    @mcp.tool()
    async def tie(ctx: Context) -> str:
        reply = await ctx.elicit("Mooring?", M)
        return reply.action
''')


def test_a_class_imported_under_another_name_is_read_in_its_module(tmp_path, monkeypatch, capsys):
    (tmp_path / "harbour").mkdir()
    (tmp_path / "harbour" / "__init__.py").write_text("")
    (tmp_path / "harbour" / "forms.py").write_text(FORMS)
    (tmp_path / "harbour" / "server.py").write_text(RENAMED)
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    assert check_main(["check", "--no-cache", "--select", "MCP027", "--output-format", "concise", "."]) == 1
    rows = [line for line in capsys.readouterr().out.splitlines() if " MCP027 " in line]
    assert [int(r.split(":")[1]) for r in rows] == [12]  # `B`; `M` (Mooring) is a flat model
    assert rows[0].split(" MCP027 ", 1)[1].startswith("`Berth` has a nested model field `dock: Dock`")


def test_an_alias_of_a_class_in_another_module_is_read_there(tmp_path, monkeypatch, capsys):
    (tmp_path / "harbour").mkdir()
    (tmp_path / "harbour" / "__init__.py").write_text("")
    (tmp_path / "harbour" / "forms.py").write_text(FORMS + "\n\nSlip = Berth\nPost = Mooring\n")
    (tmp_path / "harbour" / "server.py").write_text(
        RENAMED.replace("import Berth as B", "import Slip as B").replace("import Mooring as M", "import Post as M")
    )
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    assert check_main(["check", "--no-cache", "--select", "MCP027", "--output-format", "concise", "."]) == 1
    rows = [line for line in capsys.readouterr().out.splitlines() if " MCP027 " in line]
    assert [int(r.split(":")[1]) for r in rows] == [12]  # `Slip` is `Berth`; `Post` (Mooring) is flat
    assert rows[0].split(" MCP027 ", 1)[1].startswith("`Berth` has a nested model field `dock: Dock`")


def test_a_class_read_as_an_attribute_of_a_run_module_is_read_there(tmp_path, monkeypatch, capsys):
    (tmp_path / "harbour").mkdir()
    (tmp_path / "harbour" / "__init__.py").write_text("")
    (tmp_path / "harbour" / "forms.py").write_text(FORMS)
    server = RENAMED.replace("from .forms import Berth as B\nfrom .forms import Mooring as M", "from . import forms")
    (tmp_path / "harbour" / "server.py").write_text(
        server.replace('"Berth?", B)', '"Berth?", forms.Berth)').replace('"Mooring?", M)', '"Mooring?", forms.Mooring)')
    )
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    assert check_main(["check", "--no-cache", "--select", "MCP027", "--output-format", "concise", "."]) == 1
    rows = [line for line in capsys.readouterr().out.splitlines() if " MCP027 " in line]
    assert [int(r.split(":")[1]) for r in rows] == [11]  # `forms.Berth`; `forms.Mooring` is flat
    assert rows[0].split(" MCP027 ", 1)[1].startswith("`Berth` has a nested model field `dock: Dock`")
