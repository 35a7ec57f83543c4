"""The codemod plans against the round limit the checker's MCP010 reads
(config ``max-rounds``, ``--max-rounds``), so the two never disagree on a chain
of questions: with a higher limit a long chain is rewritten, with a lower one a
chain the default allows is skipped with the MCP010 reason (closing6 "Left")."""

from __future__ import annotations

import ast

import pytest

from elicit_lint.analysis.locate import too_many_rounds
from elicit_lint.checker.linter import analyse
from elicit_lint.codemod.cli import main
from elicit_lint.core.settings import RuleSettings

from .cases import ROOT
from .project import json_report, put

ELEVEN = (ROOT / "skip_gated_form_rounds" / "before.py").read_bytes()
# four questions, each stopping the tool on a refusal: a chain of 4 rounds
FOUR = b'''from fastmcp import Context, FastMCP

mcp = FastMCP("trip")


@mcp.tool
async def trip(ctx: Context) -> str:
    """Ask for a trip leg by leg; a refusal stops it."""
    a = await ctx.elicit("From?", response_type=str)
    if a.action != "accept":
        return "no origin"
    b = await ctx.elicit("To?", response_type=str)
    if b.action != "accept":
        return "no destination"
    c = await ctx.elicit("When?", response_type=str)
    if c.action != "accept":
        return "no date"
    d = await ctx.elicit("Seat?", response_type=str)
    if d.action != "accept":
        return "no seat"
    return f"{a.data} -> {b.data} on {c.data}, seat {d.data}"
'''


def _mcp001(text: bytes, max_rounds: int) -> list[str]:
    source = text.decode()
    found = analyse(ast.parse(source), source, "t.py", RuleSettings(max_rounds=max_rounds))
    return [d.help for d in found if d.code == "MCP001"]  # the verdict ends the help


def _mcp010(text: bytes, max_rounds: int) -> list[str]:
    source = text.decode()
    found = analyse(ast.parse(source), source, "t.py", RuleSettings(max_rounds=max_rounds))
    return [d.message for d in found if d.code == "MCP010"]


def test_config_max_rounds_lets_a_longer_chain_be_rewritten(project, capsys):
    (project / "pyproject.toml").write_text("[tool.elicit-lint]\nmax-rounds = 11\n")
    path = put(project / "form.py", ELEVEN)
    assert all("can rewrite it" in m for m in _mcp001(ELEVEN, 11))  # the checker agrees
    assert main(["--report", "json", "."]) == 0
    assert json_report(capsys)["files_rewritten"] == ["form.py"]
    after = path.read_bytes()
    assert b"ctx.elicit(" not in after
    assert _mcp010(after, 11) == []  # the rewrite fits the configured limit ...
    assert len(_mcp010(after, 10)) == 1  # ... and only it


def test_default_limit_still_skips_the_longer_chain(project, capsys):
    path = put(project / "form.py", ELEVEN)
    assert main(["--report", "json", "."]) == 0
    report = json_report(capsys)
    assert report["files_rewritten"] == []
    assert too_many_rounds(11, 10) in str(report)
    assert path.read_bytes() == ELEVEN
    assert any(too_many_rounds(11, 10) in m for m in _mcp001(ELEVEN, 10))


def test_lower_config_limit_skips_a_chain_the_default_allows(project, capsys):
    (project / "pyproject.toml").write_text("[tool.elicit-lint]\nmax-rounds = 3\n")
    path = put(project / "trip.py", FOUR)
    assert main(["--report", "json", "."]) == 0
    report = json_report(capsys)
    assert report["files_rewritten"] == []
    assert too_many_rounds(4, 3) in str(report)
    assert path.read_bytes() == FOUR
    assert any(too_many_rounds(4, 3) in m for m in _mcp001(FOUR, 3))
    assert all("can rewrite it" in m for m in _mcp001(FOUR, 10))


@pytest.mark.parametrize(("flag", "rewritten"), [("3", []), ("4", ["trip.py"])])
def test_max_rounds_flag_wins_over_config(project, capsys, flag, rewritten):
    (project / "pyproject.toml").write_text("[tool.elicit-lint]\nmax-rounds = 3\n")
    put(project / "trip.py", FOUR)
    assert main(["--max-rounds", flag, "--report", "json", "."]) == 0
    assert json_report(capsys)["files_rewritten"] == rewritten


def test_check_mode_predicts_with_the_configured_limit(project):
    (project / "pyproject.toml").write_text("[tool.elicit-lint]\nmax-rounds = 11\n")
    put(project / "form.py", ELEVEN)
    assert main(["--check", "."]) == 1  # would rewrite: the plan alone, same limit
