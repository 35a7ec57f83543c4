"""Every rule's cases (:mod:`elicit_lint.rules.cases`): invalid ones produce exactly
that rule's code (pinned ones the pinned message and span), valid ones nothing
from it; all invalid cases pass the prefilter; the first of each is on the page."""

from __future__ import annotations

import ast
import re

import pytest

from elicit_lint.checker.linter import analyse
from elicit_lint.core.settings import RuleSettings
from elicit_lint.rules import ALL_RULES, PREFILTER_PATTERN
from elicit_lint.rules.base import with_examples
from elicit_lint.rules.cases import Invalid, as_invalid, as_valid

INVALID = [(rule, i, as_invalid(case)) for rule in ALL_RULES for i, case in enumerate(rule.invalid)]
VALID = [(rule, i, as_valid(case)) for rule in ALL_RULES for i, case in enumerate(rule.valid)]


def _id(case) -> str:
    rule, i, _ = case
    return f"{rule.code}-{i}"


def _run(code: str, settings: dict[str, object] | None = None):
    return analyse(ast.parse(code), code, "example.py", RuleSettings(**(settings or {})))


def test_every_rule_has_examples():
    for rule in ALL_RULES:
        assert rule.invalid and rule.valid, rule.code


def test_every_rule_pins_its_main_case():
    for rule in ALL_RULES:
        main = rule.invalid[0]
        assert isinstance(main, Invalid) and main.pinned, rule.code


@pytest.mark.parametrize("case", INVALID, ids=_id)
def test_invalid_example_fires(case):
    rule, _, invalid = case
    found = _run(invalid.code, invalid.settings)
    assert found, f"{rule.code} invalid example produced nothing"
    assert rule.code in {d.code for d in found}
    assert {d.code for d in found} <= {rule.code} | rule.implies, [(d.code, d.message) for d in found]
    if invalid.message is not None or invalid.span is not None:
        mine = sorted((d for d in found if d.code == rule.code), key=lambda d: (d.location, d.end_location))
        assert len(mine) == invalid.diagnostics, [(d.location, d.message) for d in mine]
        first = mine[0]
        if invalid.message is not None:
            assert (first.message, first.help) == (invalid.message, invalid.help)
        if invalid.span is not None:
            start, end = invalid.span
            assert ((first.location.row, first.location.column), (first.end_location.row, first.end_location.column)) == (start, end)


@pytest.mark.parametrize("case", VALID, ids=_id)
def test_valid_example_is_clean(case):
    rule, _, valid = case
    assert [d for d in _run(valid.code) if d.code == rule.code] == []


@pytest.mark.parametrize("case", INVALID, ids=_id)
def test_invalid_example_passes_prefilter(case):
    _, _, invalid = case
    from elicit_lint.analysis.prefilter import may_produce_diagnostics

    assert re.search(PREFILTER_PATTERN, invalid.code.encode())
    assert may_produce_diagnostics(invalid.code.encode())  # the prefilter the checker runs


def test_page_examples_are_the_first_cases():
    for rule in ALL_RULES:
        example = f"## Example\n```python\n{as_invalid(rule.invalid[0]).code}```"
        use_instead = f"```python\n{as_valid(rule.valid[0]).code}```"
        assert example in rule.doc, rule.code
        assert use_instead in rule.doc.split("## Use instead", 1)[1], rule.code
        # the docstring holds prose only: the code comes from the cases
        assert "```" not in (type(rule).__doc__ or ""), rule.code


def test_with_examples_orders_sections_and_keeps_prose():
    doc = "## What it does\nX.\n\n## Why is this bad?\nY.\n\n## Use instead\nAsk once:\n\n## Fix safety\nZ."
    out = with_examples(doc, "a = 1\n", "b = 2\n")
    assert out == (
        "## What it does\nX.\n\n## Why is this bad?\nY.\n\n## Example\n```python\na = 1\n```\n\n"
        "## Use instead\nAsk once:\n```python\nb = 2\n```\n\n## Fix safety\nZ."
    )


def test_codes_and_names_are_unique_and_well_formed():
    codes = [r.code for r in ALL_RULES]
    assert len(set(codes)) == len(codes)
    for rule in ALL_RULES:
        assert re.fullmatch(r"MCP\d{3}", rule.code)
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", rule.name)
        for heading in ("## What it does", "## Why is this bad?", "## Example", "## Use instead"):
            assert heading in rule.doc, (rule.code, heading)
