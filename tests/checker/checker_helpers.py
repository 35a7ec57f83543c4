"""Shared helpers for the checker-infrastructure tests (``from .checker_helpers import ...``:
every test directory is a package, see tests/__init__.py).

``fake_rules`` replaces ``elicit_lint.checker.linter.analyse`` with two tiny stand-in
rules, so the machinery (discovery, noqa, config, formats, exit codes) is tested
independently of the real model and rules; the end-to-end tests use the real
ones through a subprocess.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

from elicit_lint.core.diagnostic import Applicability, Diagnostic, Edit, Fix, Location

REPO = Path(__file__).resolve().parents[2]


def fake_analyse(tree, source, filename, settings=None, enabled=None, mixed_line_ends=False, project=None):
    """MCP001 on every ``<name>.elicit(...)``; MCP002 when it lacks ``response_type``."""
    out = []
    lines = source.split("\n")

    def col(row, offset):  # ast offsets are UTF-8 bytes; diagnostics count characters
        return len(lines[row - 1].encode()[:offset].decode(errors="replace")) + 1

    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "elicit"
            and isinstance(node.func.value, ast.Name)
        ):
            continue
        start = Location(node.lineno, col(node.lineno, node.col_offset))
        end = Location(node.end_lineno, col(node.end_lineno, node.end_col_offset))
        if enabled is None or enabled("MCP001"):
            out.append(
                Diagnostic(
                    "MCP001", "imperative-elicitation", "Imperative `ctx.elicit(...)`",
                    filename, start, end, noqa_row=node.lineno,
                )
            )
        if not any(k.arg == "response_type" for k in node.keywords):
            if enabled is None or enabled("MCP002"):
                fix = Fix(
                    "Add `response_type=bool`",
                    (Edit(", response_type=bool", end, end),),
                    Applicability.UNSAFE,
                )
                out.append(
                    Diagnostic(
                        "MCP002", "elicit-without-response-type", "Missing `response_type`",
                        filename, start, end, fix=fix, noqa_row=node.lineno,
                    )
                )
    out.sort(key=lambda d: d.sort_key)
    return out


def run_subprocess(args, cwd, **kwargs):
    """Run ``python -m elicit_lint ARGS`` with the test interpreter."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    return subprocess.run(
        [sys.executable, "-m", "elicit_lint", *args],
        cwd=cwd, capture_output=True, text=True, env=env, timeout=120, **kwargs,
    )


def real_rules_available() -> bool:
    """True once the rules package exports ``ALL_RULES`` with MCP001 in it."""
    try:
        from elicit_lint.rules import ALL_RULES
    except ImportError:
        return False
    return any(rule.code == "MCP001" for rule in ALL_RULES)


ELICIT_FILE = """\
from fastmcp import Context, FastMCP

mcp = FastMCP("t")


@mcp.tool
async def ask(ctx: Context) -> str:
    result = await ctx.elicit("Name?", response_type=str)
    return str(result)
"""
