"""Fixtures shared by every test package: the real fastmcp / mcp sdist trees."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from . import sdists


def _sdist(name: str) -> Path:
    try:
        return sdists.tree(name)
    except Exception as exc:  # noqa: BLE001 - any failure to get the tree is reported the same way
        message = f"the {name} {sdists.SDISTS[name]} sdist could not be fetched into {sdists.cache_dir()}: {exc}"
        if os.environ.get("CI"):
            pytest.fail(message + " (CI must have the real-input trees: .ci/run fetches them)")
        pytest.skip(message)


@pytest.fixture(scope="session")
def fastmcp_sdist() -> Path:
    """The unpacked fastmcp 4.2.3 sdist (read-only: copy it before changing anything)."""
    return _sdist("fastmcp")


@pytest.fixture(scope="session")
def mcp_sdist() -> Path:
    """The unpacked mcp 2.3.0 sdist (read-only: copy it before changing anything)."""
    return _sdist("mcp")


@pytest.fixture(autouse=True)
def _private_cache_dir(tmp_path_factory, monkeypatch):
    """Every test gets its own, empty cache directory (``$ELICIT_LINT_CACHE_DIR``):
    a cache never carries results from one test to another, and a check run in a
    shared tree (the sdists) never writes into it. Tests of the default location
    ``monkeypatch.delenv`` it."""
    monkeypatch.setenv("ELICIT_LINT_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
