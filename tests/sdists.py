"""The real-input trees: the fastmcp 4.2.3 and mcp 2.3.0 source distributions.

Downloaded once with ``pip download --no-deps --no-binary :all:`` into a cache
directory and unpacked there; later runs reuse it. The directory is
``$ELICIT_LINT_SDIST_DIR`` when set, else ``~/.cache/elicit-lint/sdists``.

``python tests/sdists.py`` fetches both (``.ci/run`` does this before pytest, so a
download failure stops CI with pip's own message). In a test, use the fixtures
``fastmcp_sdist`` / ``mcp_sdist`` (``tests/conftest.py``): they fail with a clear
message under CI (``CI`` set) when the tree cannot be had, and skip elsewhere
(an offline laptop).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
from pathlib import Path

SDISTS = {"fastmcp": "4.2.3", "mcp": "2.3.0"}


def cache_dir() -> Path:
    """Where the sdists are downloaded and unpacked."""
    configured = os.environ.get("ELICIT_LINT_SDIST_DIR")
    if configured:
        return Path(configured).expanduser().resolve()
    return Path.home() / ".cache" / "elicit-lint" / "sdists"


def tree(name: str) -> Path:
    """The unpacked tree of ``name`` (a key of :data:`SDISTS`), fetched if missing.

    Raises ``RuntimeError`` with pip's output when the download fails.
    """
    version = SDISTS[name]
    root = cache_dir()
    unpacked = root / f"{name}-{version}"
    if (unpacked / "pyproject.toml").is_file():
        return unpacked
    root.mkdir(parents=True, exist_ok=True)
    archive = root / f"{name}-{version}.tar.gz"
    if not archive.is_file():
        proc = subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
             "--no-binary", ":all:", f"{name}=={version}", "-d", str(root)],
            capture_output=True, text=True,
        )
        if proc.returncode != 0 or not archive.is_file():
            raise RuntimeError(f"pip download {name}=={version} failed:\n{proc.stdout}{proc.stderr}")
    partial = root / f".{name}-{version}.partial"
    with tarfile.open(archive) as tar:
        tar.extractall(partial, filter="data")
    (partial / f"{name}-{version}").rename(unpacked)
    partial.rmdir()
    return unpacked


if __name__ == "__main__":
    for package in SDISTS:
        print(tree(package))
