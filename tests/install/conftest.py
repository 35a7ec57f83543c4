"""Fixtures of the packaging tests: a built sdist and wheel.

Building (``python -m build``, an isolated build that pip-installs setuptools) and
filling fresh venvs from the package index take about a minute, so these tests
run under CI (``CI`` set, as .ci/run runs them) or with ``ELICIT_LINT_PACKAGING=1``;
elsewhere they are skipped with that reason.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from .helpers import REPO, run


@pytest.fixture(scope="session")
def packaging_run() -> None:
    """Skip unless under CI or ``ELICIT_LINT_PACKAGING=1`` (see the module docstring)."""
    if not (os.environ.get("CI") or os.environ.get("ELICIT_LINT_PACKAGING")):
        pytest.skip("builds and installs into fresh venvs (~1 min): runs under CI or with ELICIT_LINT_PACKAGING=1")


@pytest.fixture(scope="session")
def dist(packaging_run, tmp_path_factory) -> Path:
    """The directory holding the sdist and the wheel that ``python -m build`` made (the wheel built from the sdist)."""
    out = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "build", "--outdir", out, REPO])
    return out
