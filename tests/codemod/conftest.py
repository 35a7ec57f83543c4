"""Fixtures for the codemod tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def project(tmp_path, monkeypatch):
    """An empty directory that is the current directory (see ``project.put``)."""
    monkeypatch.chdir(tmp_path)
    return tmp_path
