"""README set-up: exactly two commands, a real sample output, CI doing what README says;
the checker's docs (docs/checker.md, now) quote what the checker prints."""

from __future__ import annotations

import re

from ..doc_sections import blocks, count, section
from .checker_helpers import REPO, run_subprocess

README = (REPO / "README.md").read_text()


def test_setup_has_exactly_two_commands():
    assert "<!-- section:setup" in README  # the set-up stays in the README itself
    commands = [b.strip() for b in blocks(section("setup"), "console")]
    assert commands == [
        "python3 -m venv .venv && . .venv/bin/activate && pip install -e '.[dev]' "
        "&& elicit-lint check fixtures/example_server.py",
        "python -m pytest",
    ]


def test_sample_output_is_what_the_checker_prints():
    (sample,) = blocks(section("setup"), "text")
    proc = run_subprocess(["check", "fixtures/example_server.py"], REPO)
    # positions and codes must match exactly; message wording may be refined by the rules
    def heads(lines):
        return [line.split(" ", 2)[:2] if ": MCP" in line else [line] for line in lines]

    assert heads(sample.splitlines()) == heads(proc.stdout.splitlines() + [proc.stderr.strip()])


def test_ci_installs_and_tests_as_the_readme_says():
    ci = (REPO / ".ci" / "run").read_text()
    assert "pip install --quiet -e '.[dev]'" in ci
    assert "python -m pytest" in ci
    assert "set -euo pipefail" in ci  # pytest's exit 5 (no tests ran) fails CI too


def test_pre_commit_hook_is_declared():
    hooks = (REPO / ".pre-commit-hooks.yaml").read_text()
    assert "- id: elicit-lint" in hooks
    assert "entry: elicit-lint check --force-exclude" in hooks


def test_intro_names_the_implemented_rule_codes():
    from elicit_lint.workspace.selection import implemented_codes

    codes = implemented_codes()
    numbers = sorted(int(c[3:]) for c in codes)
    ranges, start = [], numbers[0]
    for prev, cur in zip(numbers, numbers[1:] + [None]):
        if cur != prev + 1:
            ranges.append(f"`MCP{start:03d}`–`MCP{prev:03d}`")
            start = cur
    intro = " ".join(section("intro").split())
    for text in ranges:
        assert text in intro


def test_prefilter_is_described_once_and_as_implemented():
    from elicit_lint.rules import PREFILTER_PATTERN

    words = re.findall(rb"\\b(\w+)\\b", PREFILTER_PATTERN)
    checker = section("checker")
    (paragraph,) = [p for p in checker.split("\n\n") if p.startswith("**The prefilter.**")]
    for word in words:  # Elicit, _elicit_resolution, Resolve: whole words
        assert f"`{word.decode()}`" in paragraph
    assert rb"\.(?>" in PREFILTER_PATTERN and "`.elicit`" in paragraph
    assert "InputRequired" not in paragraph
    assert count("**The prefilter.**") == 1
    assert "PREFILTER_PATTERN" not in section("rules")


def test_fixable_sample_is_what_the_checker_prints():
    samples = [b for b in re.findall(r"```text\n(.*?)```", section("checker"), re.S) if "fixable.py" in b]
    (sample,) = samples
    sample = "\n".join(line.strip() for line in sample.splitlines())
    proc = run_subprocess(["check", "fixtures/fixable.py"], REPO)
    # position, code and the [*] mark must match; message wording may be refined by the rules
    def heads(lines):
        return [line.split(" ", 3)[:3] if ": MCP" in line else [line] for line in lines]

    assert heads(sample.splitlines()) == heads(proc.stdout.splitlines() + proc.stderr.splitlines())


def test_setup_says_how_long_the_suite_takes_and_names_a_quicker_subset_that_exists():
    text = " ".join(section("setup").split())
    # a duration and the machine it was measured on, whatever the figure
    assert re.search(r"takes about [\w ,.]+? minutes? on a two-core machine", text)
    (subset,) = re.findall(r"`python -m pytest -q ((?:tests/\w+ ?)+)`", text)
    paths = subset.split()
    assert paths and all((REPO / p).is_dir() for p in paths)
    assert not {"tests/codemod", "tests/runtime"} & set(paths)  # the slow part stays out
