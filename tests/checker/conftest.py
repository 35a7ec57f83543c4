"""Fixtures for the checker-infrastructure tests; helpers live in ``checker_helpers``.

``fake_rules`` replaces ``elicit_lint.checker.linter.analyse`` with two tiny stand-in
rules, so the machinery (discovery, noqa, config, formats, exit codes) is tested
independently of the real model and rules; the end-to-end tests use the real
ones through a subprocess.
"""

from __future__ import annotations

import pytest

from .checker_helpers import fake_analyse


@pytest.fixture
def fake_rules(monkeypatch):
    """Route the checker through :func:`fake_analyse` (in-process runs only)."""
    import elicit_lint.checker.linter

    monkeypatch.setattr(elicit_lint.checker.linter, "analyse", fake_analyse)
    return fake_analyse


@pytest.fixture
def run_cli(monkeypatch, capsys):
    """Run ``elicit-lint`` in-process in a directory: ``run_cli(args, cwd) -> (rc, out, err)``."""

    def run(args, cwd):
        from elicit_lint.checker.cli import main

        monkeypatch.chdir(cwd)
        rc = main(list(args))
        captured = capsys.readouterr()
        return rc, captured.out, captured.err

    return run
