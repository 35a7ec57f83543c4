"""Fixtures of the packaging tests: a built sdist and wheel.

Building (``python -m build``, an isolated build that pip-installs setuptools) and
filling fresh venvs from the package index take minutes (8 on a loaded 2-core machine), so these tests
run under CI (``CI`` set, as .ci/run runs them) or with ``ELICIT_LINT_PACKAGING=1``;
elsewhere they are skipped with that reason.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

from .helpers import GIT, REPO, run


@pytest.fixture(scope="session")
def packaging_run() -> None:
    """Skip unless under CI or ``ELICIT_LINT_PACKAGING=1`` (see the module docstring)."""
    if not (os.environ.get("CI") or os.environ.get("ELICIT_LINT_PACKAGING")):
        pytest.skip("builds and installs into fresh venvs (minutes): runs under CI or with ELICIT_LINT_PACKAGING=1")


@pytest.fixture(scope="session")
def dist(hooks_repo, tmp_path_factory) -> Path:
    """The directory holding the sdist and the wheel that ``python -m build`` made (the wheel built
    from the sdist), built from the snapshot of this tree so the build writes nothing here."""
    out = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "build", "--outdir", out, hooks_repo[0]])
    return out


@pytest.fixture(scope="session")
def hooks_repo(packaging_run, tmp_path_factory) -> tuple[Path, str]:
    """``(path, sha)``: a git repository holding one commit of this tree, as a hook repository."""
    snapshot = tmp_path_factory.mktemp("hooks-repo")
    listed = run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=REPO).stdout
    for name in filter(None, listed.split("\0")):
        source = REPO / name
        if source.is_file():  # a tracked file deleted in the work tree is left out
            (snapshot / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, snapshot / name)
    run([*GIT, "init", "-q"], cwd=snapshot)
    run([*GIT, "add", "-A"], cwd=snapshot)
    run([*GIT, "commit", "-q", "-m", "snapshot"], cwd=snapshot)
    return snapshot, run(["git", "rev-parse", "HEAD"], cwd=snapshot).stdout.strip()
