"""Shared helpers for the rule tests: run the real analysis on a snippet."""

from __future__ import annotations

import ast
import textwrap

from elicit_lint.checker.linter import analyse
from elicit_lint.core.diagnostic import Diagnostic


def run(source: str, code: str | None = None) -> list[Diagnostic]:
    """Diagnostics of ``source`` (dedented), optionally only those of ``code``."""
    source = textwrap.dedent(source)
    found = analyse(ast.parse(source), source, "example.py")
    return [d for d in found if code is None or d.code == code]


def codes(source: str) -> list[str]:
    return [d.code for d in run(source)]
