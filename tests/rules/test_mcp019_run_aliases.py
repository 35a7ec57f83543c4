"""MCP019 on a parameter annotated with a marker alias imported from another module
of the run (``AskName = Annotated[str, Elicit("Name?")]`` there; analysis/run_classes.py
``marker_alias``): the runtime honours the marker through the alias, so a tool
without ``@declared_elicitation`` fails every call, as with the marker written in place.
The tools module is a checker candidate only when its text spells ``Elicit`` or an
``.elicit`` call (analysis/prefilter.py)."""

from __future__ import annotations

import textwrap

from elicit_lint.checker.cli import main as check_main

QUESTIONS = textwrap.dedent('''\
    from typing import Annotated

    from elicit_lint.runtime import Elicit

    AskName = Annotated[str, Elicit("Name?")]
    Plain = Annotated[str, "a name"]
''')

TOOLS = textwrap.dedent('''\
    from typing import Annotated

    from elicit_lint.runtime import Elicit, declared_elicitation
    from fastmcp import FastMCP

    from .questions import AskName, Plain

    mcp = FastMCP("Desk")


    @mcp.tool
    @declared_elicitation
    async def greet(n: AskName, tone: Annotated[str, Elicit("Tone?")]) -> str:
        return n + tone


    @mcp.tool
    async def forgot(n: AskName) -> str:
        return n


    @mcp.tool
    async def plain(n: Plain) -> str:
        return n


    async def not_a_tool(n: AskName) -> str:
        return n
''')


def _found(tmp_path, monkeypatch, capsys, questions: str) -> list[str]:
    (tmp_path / "desk").mkdir()
    (tmp_path / "desk" / "__init__.py").write_text("")
    (tmp_path / "desk" / "questions.py").write_text(questions)
    (tmp_path / "desk" / "tools.py").write_text(TOOLS)
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    check_main(["check", "--no-cache", "--isolated", "--select", "MCP019", "--output-format", "concise", "."])
    return [line.split(" MCP019 ", 1)[1] for line in capsys.readouterr().out.splitlines() if " MCP019 " in line]


def test_a_forgotten_decorator_behind_an_imported_marker_alias_is_reported(tmp_path, monkeypatch, capsys):
    found = _found(tmp_path, monkeypatch, capsys, QUESTIONS)
    assert len(found) == 1  # `greet` has the decorator, `plain` no marker, `not_a_tool` no registration
    assert found[0].startswith(
        "Parameter `n` of `forgot` is marked `Elicit(...)` but the tool lacks `@declared_elicitation`"
    )


def test_an_alias_that_is_no_marker_is_not_reported(tmp_path, monkeypatch, capsys):
    questions = QUESTIONS.replace('Elicit("Name?")', '"asked by hand"')
    assert _found(tmp_path, monkeypatch, capsys, questions) == []
