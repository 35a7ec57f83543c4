"""Helpers of the packaging tests: subprocesses and fresh venvs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
GIT = ["git", "-c", "user.name=elicit-lint tests", "-c", "user.email=tests@example.invalid", "-c", "commit.gpgsign=false"]


def run(cmd: list, cwd: Path | None = None, check: bool = True, **kwargs) -> subprocess.CompletedProcess:
    """Run ``cmd``; with ``check``, fail the test with its output when it exits non-zero."""
    done = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True, check=False, **kwargs)
    if check and done.returncode != 0:
        pytest.fail(f"{' '.join(map(str, cmd))} exited {done.returncode}\n{done.stdout}\n{done.stderr}")
    return done


def fresh_venv(path: Path, *requirements: str) -> Path:
    """A new venv at ``path`` (no system site-packages) with ``requirements`` pip-installed; its bin dir."""
    run([sys.executable, "-m", "venv", "--without-pip", path])
    python = path / "bin" / "python"
    run([sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-compile", *requirements])
    return path / "bin"


def installed(bindir: Path) -> set[str]:
    """Normalised names of the distributions installed in the venv of ``bindir``."""
    code = "import importlib.metadata as m; print('\\n'.join(d.metadata['Name'] for d in m.distributions()))"
    out = run([bindir / "python", "-c", code]).stdout
    return {line.strip().lower().replace("_", "-") for line in out.splitlines() if line.strip()}
