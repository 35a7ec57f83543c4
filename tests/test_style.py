"""The package and the benchmark scripts pass ``ruff check`` with the project's
configuration (``[tool.ruff]`` in ``pyproject.toml``; ruff is a dev dependency)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _ruff() -> str | None:
    local = Path(sys.executable).with_name("ruff")
    return str(local) if local.exists() else shutil.which("ruff")


@pytest.mark.skipif(_ruff() is None, reason="ruff is not installed")
def test_ruff_check_is_clean():
    proc = subprocess.run(
        [_ruff(), "check", "--no-cache", "--output-format", "concise", "elicit_lint", "benchmarks"],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
