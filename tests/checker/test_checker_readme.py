"""README set-up: exactly two commands, a real sample output, CI doing what README says."""

from __future__ import annotations

import re

from checker_helpers import REPO, run_subprocess

README = (REPO / "README.md").read_text()


def section(name: str) -> str:
    match = re.search(rf"<!-- section:{name} [^>]*-->\n(.*?)<!-- /section:{name} -->", README, re.S)
    assert match, f"README section {name} missing"
    return match.group(1)


def blocks(text: str, lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", text, re.S)


def test_setup_has_exactly_two_commands():
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
