"""Shared by the fault and scale tests (issue 15, issue 14 item 5)."""

from __future__ import annotations

import os
import subprocess
import sys

ELICIT_TOOL = '''\
from fastmcp import Context, FastMCP

mcp = FastMCP("t")


@mcp.tool
async def ask(ctx: Context) -> str:
    name = await ctx.elicit("Name?", response_type=str)
    if name.action == "accept":
        return f"Hello {name.data}"
    return "Cancelled"
'''


def run_cli(args, cwd, timeout=60, **kwargs):
    """``python -m elicit_lint ARGS`` (or ``-m elicit_lint.codemod.cli`` when ``args[0]``
    is ``"migrate"``) in a fresh interpreter; a hang fails the test by ``timeout``."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    module = ["-m", "elicit_lint"]
    if args and args[0] == "migrate":
        module, args = ["-m", "elicit_lint.codemod.cli"], args[1:]
    return subprocess.run(
        [sys.executable, *module, *args],
        cwd=cwd, capture_output=True, text=True, env=env, timeout=timeout, check=False, **kwargs,
    )
