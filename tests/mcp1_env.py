"""The mcp 1.x interpreter the mcp 1.x upgrade's behaviour tests run originals under.

``python tests/mcp1_env.py`` builds (once) a virtual environment with
``mcp==1.30.0``, the last 1.x release, under ``~/.cache/elicit-lint`` (or
``$ELICIT_LINT_MCP1_VENV``) and prints its interpreter; ``.ci/run`` calls it
before the tests, and the ``mcp1_python`` fixture (tests/codemod/conftest.py)
calls :func:`python` (building it when missing: a failure to build fails the
tests, it never skips them).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

VERSION = "1.30.0"
"""mcp's last 1.x release (``pip index versions mcp``)."""


def home() -> Path:
    """Where the environment lives."""
    given = os.environ.get("ELICIT_LINT_MCP1_VENV")
    if given:
        return Path(given)
    return Path.home() / ".cache" / "elicit-lint" / f"mcp-{VERSION}-py{sys.version_info[0]}{sys.version_info[1]}"


def python() -> Path:
    """The environment's interpreter, built first when missing (raises
    ``subprocess.CalledProcessError`` when it cannot be built)."""
    root = home()
    exe = root / "bin" / "python"
    done = root / ".complete"
    if exe.exists() and done.exists():
        return exe
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(root)], check=True)
    subprocess.run(
        [str(exe), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", f"mcp=={VERSION}"],
        check=True,
    )
    done.write_text(VERSION)
    return exe


if __name__ == "__main__":
    print(python())
