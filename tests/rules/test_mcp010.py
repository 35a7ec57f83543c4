"""MCP010 (too-many-rounds): counting, message, and the max-rounds knobs end to end
(``--max-rounds``, config ``max-rounds``, flake8's ``--mcp-max-rounds``)."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

from elicit_lint.checker.linter import analyse
from elicit_lint.core.settings import RuleSettings

from .rule_helpers import run

REPO = Path(__file__).resolve().parents[2]

CHAIN4 = """\
from typing import Annotated
from elicit_lint.runtime import Elicit

def ask_b(a: str) -> str | Elicit[str]:
    return Elicit(f"B after {a}?", response_type=str)

def ask_c(b: str, extra: str) -> str | Elicit[str]:
    return Elicit(f"C after {b} ({extra})?", response_type=str)

def ask_d(c: str, a: str) -> str | Elicit[str]:
    return Elicit(f"D after {c} and {a}?", response_type=str)

async def plan(
    extra: str,
    a: Annotated[str, Elicit("A?")],
    b: Annotated[str, Elicit(ask_b)],
    c: Annotated[str, Elicit(ask_c)],
    d: Annotated[str, Elicit(ask_d)],
    other: Annotated[str, Elicit("Other?")],
) -> str:
    return d
"""


def found(source: str, max_rounds: int):
    return [
        d
        for d in analyse(ast.parse(source), source, "x.py", RuleSettings(max_rounds=max_rounds))
        if d.code == "MCP010"
    ]


def test_counts_the_longest_chain_not_the_parameters():
    assert found(CHAIN4, 4) == []
    [d] = found(CHAIN4, 3)
    assert d.message == "Elicited parameters of `plan` can need 4 rounds, more than the 3 a client allows"
    assert d.help == "The chain a -> b -> c -> d fails the call after round 3 (`input_required_max_rounds`)"
    assert (d.location.row, d.location.column, d.end_location.column) == (13, 11, 15)
    assert d.fix is None


def test_cycles_are_left_to_mcp003():
    src = CHAIN4.replace("def ask_b(a: str)", "def ask_b(d: str)")
    assert found(src, 1) == []
    assert [d.code for d in run(src) if d.code == "MCP003"] == ["MCP003"]


def test_imported_resolvers_have_no_known_dependencies():
    src = "from typing import Annotated\nfrom elicit_lint.runtime import Elicit\nfrom elsewhere import r\n" \
        "async def t(a: Annotated[str, Elicit('A?')], b: Annotated[str, Elicit(r)]): ...\n"
    assert found(src, 1) == []


def test_fastmcp_elicitation_marker_and_misplaced_markers():
    src = CHAIN4.replace("from elicit_lint.runtime import Elicit", "from fastmcp.elicitation import Elicit")
    assert len(found(src, 3)) == 1
    # a marker FastMCP cannot honour is MCP006's finding, not a node of the graph
    src = CHAIN4.replace("d: Annotated[str, Elicit(ask_d)]", "d: list[Annotated[str, Elicit(ask_d)]]")
    assert found(src, 3) == []


def _env():
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    return env


def _cli(args, cwd):
    return subprocess.run(
        [sys.executable, "-m", "elicit_lint", "check", *args], cwd=cwd, capture_output=True, check=False,
        text=True, env=_env(), timeout=120,
    )


def test_cli_and_config_knobs_change_the_result(tmp_path):
    (tmp_path / "tool.py").write_text(CHAIN4)
    assert _cli(["tool.py"], tmp_path).returncode == 0  # default 10
    proc = _cli(["--max-rounds", "3", "tool.py"], tmp_path)
    assert proc.returncode == 1 and "MCP010" in proc.stdout and "than the 3 a client allows" in proc.stdout
    assert _cli(["--max-rounds", "4", "tool.py"], tmp_path).returncode == 0
    (tmp_path / "pyproject.toml").write_text("[tool.elicit-lint]\nmax-rounds = 3\n")
    proc = _cli(["--output-format", "json", "tool.py"], tmp_path)
    assert proc.returncode == 1, proc.stderr
    assert [item["code"] for item in json.loads(proc.stdout)] == ["MCP010"]
    assert _cli(["--max-rounds", "4", "tool.py"], tmp_path).returncode == 0  # the flag wins


def test_flake8_option_changes_the_result(tmp_path):
    (tmp_path / "tool.py").write_text(CHAIN4)

    def flake8(*args):
        return subprocess.run(
            [sys.executable, "-m", "flake8", "--select", "MCP", *args, "tool.py"], cwd=tmp_path,
            capture_output=True, check=False, text=True, env=_env(), timeout=120,
        )

    assert flake8().stdout == ""
    proc = flake8("--mcp-max-rounds", "3")
    assert proc.returncode == 1, proc.stderr
    assert proc.stdout.startswith("tool.py:13:11: MCP010 Elicited parameters of `plan` can need 4 rounds")
    assert flake8("--mcp-max-rounds", "4").stdout == ""
