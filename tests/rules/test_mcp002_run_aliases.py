"""MCP002 on a ``response_type`` naming a type alias imported from another module of
the run (analysis/run_classes.py ``run_alias``): the alias is read through its value
in its own module, as FastMCP reads it when asking; fastmcp's own schema builder
(``parse_elicit_response_type`` + ``get_elicitation_schema``) is the measure."""

from __future__ import annotations

import textwrap

import pytest
from fastmcp.server.elicitation import get_elicitation_schema, parse_elicit_response_type

from elicit_lint.checker.cli import main as check_main

KINDS = textwrap.dedent('''\
    from typing import Literal, Optional, Union

    from pydantic import BaseModel


    class Crate(BaseModel):
        label: str
        weight: int | None = None


    class Box(BaseModel):
        label: str


    Either = Union[int, str]
    Names = list[str]
    MaybeInt = Optional[int]
    Count = int
    Pick = Literal["a", "b"]
    Parcel = Crate
    Carton = Box
''')

TOOL = textwrap.dedent('''\
    from fastmcp import Context, FastMCP

    from .kinds import {name}
    from .kinds import {name} as Renamed

    mcp = FastMCP("Depot")


    @mcp.tool
    async def ask(ctx: Context) -> str:
        reply = await ctx.elicit("What?", response_type={name})
        return str(reply)


    @mcp.tool
    async def ask_again(ctx: Context) -> str:
        reply = await ctx.elicit("What?", Renamed)
        return str(reply)
''')


def _fastmcp_refuses(name: str) -> bool:
    namespace: dict = {"__name__": "kinds_module"}
    exec(compile(KINDS, "kinds.py", "exec", dont_inherit=True), namespace)  # noqa: S102
    try:
        config = parse_elicit_response_type(namespace[name])
        get_elicitation_schema(config.response_type)
    except TypeError:
        return True
    return False


@pytest.mark.parametrize(
    ("name", "refused"),
    [
        ("Either", True), ("Names", True), ("MaybeInt", True), ("Parcel", True),
        ("Count", False), ("Pick", False), ("Carton", False),
    ],
)
def test_an_imported_alias_is_read_through_its_value(tmp_path, monkeypatch, capsys, name, refused):
    assert _fastmcp_refuses(name) is refused
    (tmp_path / "depot").mkdir()
    (tmp_path / "depot" / "__init__.py").write_text("")
    (tmp_path / "depot" / "kinds.py").write_text(KINDS)
    (tmp_path / "depot" / "tools.py").write_text(TOOL.replace("{name}", name))
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    check_main(["check", "--no-cache", "--isolated", "--select", "MCP002", "--output-format", "concise", "."])
    rows = [int(line.split(":")[1]) for line in capsys.readouterr().out.splitlines() if " MCP002 " in line]
    assert rows == ([11, 17] if refused else [])


def test_an_alias_bound_twice_in_its_module_is_not_read(tmp_path, monkeypatch, capsys):
    (tmp_path / "depot").mkdir()
    (tmp_path / "depot" / "__init__.py").write_text("")
    (tmp_path / "depot" / "kinds.py").write_text(KINDS + "Either = int\n")
    (tmp_path / "depot" / "tools.py").write_text(TOOL.replace("{name}", "Either"))
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    check_main(["check", "--no-cache", "--isolated", "--select", "MCP002", "--output-format", "concise", "."])
    assert " MCP002 " not in capsys.readouterr().out
