"""MCP002 on runtime ``Elicit`` markers asking a class of another module of the
run (analysis/run_classes.py ``marker_asked``): a field FastMCP 4 refuses is
reported where the marker is, as when the class is in the tool's module; the
runtime's own verdict (importing the module) is the measure."""

from __future__ import annotations

import importlib
import sys
import textwrap

from elicit_lint.checker.cli import main as check_main

FORMS = textwrap.dedent('''\
    from pydantic import BaseModel


    class Crate(BaseModel):
        label: str
        weight: int | None = None


    class Box(BaseModel):
        label: str
''')

TOOLS = textwrap.dedent('''\
    from typing import Annotated

    from elicit_lint.runtime import Elicit, declared_elicitation
    from fastmcp import FastMCP

    from .forms import {name}

    mcp = FastMCP("Depot")


    @mcp.tool
    @declared_elicitation
    async def store(spot: str, item: Annotated[{name} | None, Elicit("What goes in?")] = None) -> str:
        return str(item)


    @mcp.tool
    @declared_elicitation
    async def ship(item: Annotated[{name}, Elicit("What ships?", response_type={name})]) -> str:
        return str(item)
''')


def _rows(tmp_path, monkeypatch, capsys, name: str, package: str) -> list[int]:
    (tmp_path / package).mkdir()
    (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / package / "forms.py").write_text(FORMS)
    (tmp_path / package / "tools.py").write_text(TOOLS.replace("{name}", name))
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    check_main(["check", "--no-cache", "--isolated", "--select", "MCP002", "--output-format", "concise", "."])
    return [int(line.split(":")[1]) for line in capsys.readouterr().out.splitlines() if " MCP002 " in line]


def _imports(tmp_path, monkeypatch, package: str) -> bool:
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        importlib.import_module(f"{package}.tools")
    except TypeError as error:
        assert "cannot be asked" in str(error)
        return False
    finally:
        for module in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
            del sys.modules[module]
    return True


def test_a_refused_field_of_another_module_is_reported_at_each_marker(tmp_path, monkeypatch, capsys):
    assert _rows(tmp_path, monkeypatch, capsys, "Crate", "depot_bad") == [13, 19]
    assert not _imports(tmp_path, monkeypatch, "depot_bad")


def test_a_class_the_runtime_asks_is_not_reported(tmp_path, monkeypatch, capsys):
    assert _rows(tmp_path, monkeypatch, capsys, "Box", "depot_good") == []
    assert _imports(tmp_path, monkeypatch, "depot_good")
