"""Every rule's embedded examples: invalid ones produce exactly that rule's code,
valid ones produce nothing from it; all invalid examples pass the prefilter."""

from __future__ import annotations

import re

import pytest
from rule_helpers import run

from elicit_lint.rules import ALL_RULES, PREFILTER_PATTERN

INVALID = [(rule, i, src) for rule in ALL_RULES for i, src in enumerate(rule.invalid)]
VALID = [(rule, i, src) for rule in ALL_RULES for i, src in enumerate(rule.valid)]


def _id(case) -> str:
    rule, i, _ = case
    return f"{rule.code}-{i}"


def test_every_rule_has_examples():
    for rule in ALL_RULES:
        assert rule.invalid and rule.valid, rule.code


@pytest.mark.parametrize("case", INVALID, ids=_id)
def test_invalid_example_fires(case):
    rule, _, source = case
    found = run(source)
    assert found, f"{rule.code} invalid example produced nothing"
    assert rule.code in {d.code for d in found}
    assert {d.code for d in found} <= {rule.code} | rule.implies, [(d.code, d.message) for d in found]


@pytest.mark.parametrize("case", VALID, ids=_id)
def test_valid_example_is_clean(case):
    rule, _, source = case
    assert [d for d in run(source) if d.code == rule.code] == []


@pytest.mark.parametrize("case", INVALID, ids=_id)
def test_invalid_example_passes_prefilter(case):
    _, _, source = case
    from elicit_lint.analysis.prefilter import may_produce_diagnostics

    assert re.search(PREFILTER_PATTERN, source.encode())
    assert may_produce_diagnostics(source.encode())  # the prefilter the checker runs


def test_codes_and_names_are_unique_and_well_formed():
    codes = [r.code for r in ALL_RULES]
    assert len(set(codes)) == len(codes)
    for rule in ALL_RULES:
        assert re.fullmatch(r"MCP\d{3}", rule.code)
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", rule.name)
        for heading in ("## What it does", "## Why is this bad?", "## Example", "## Use instead"):
            assert heading in rule.doc, (rule.code, heading)
