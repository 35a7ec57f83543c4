from __future__ import annotations

import ast
import textwrap

from elicit_lint.model import Model, build_model


def model_of(source: str) -> Model:
    source = textwrap.dedent(source)
    return build_model(ast.parse(source), source, "example.py")


def site_rows(source: str) -> list[int]:
    return [s.span.start.row for s in model_of(source).sites]


def run(source: str, code: str | None = None):
    """Diagnostics of ``source`` through the real analysis, optionally of one code."""
    from elicit_lint.checker.linter import analyse

    source = textwrap.dedent(source)
    found = analyse(ast.parse(source), source, "example.py")
    return [d for d in found if code is None or d.code == code]
