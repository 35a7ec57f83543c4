"""``per-file-ignores`` globs mean what they mean to ruff: a table of patterns, run
through ruff itself on a temporary project and through our matcher, must pick
the same files (ruff is a dev dependency; ``elicit_lint.workspace.globs``)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from elicit_lint.workspace.globs import compile_glob, per_file_applies

RUFF = shutil.which("ruff") or shutil.which("ruff", path=os.path.dirname(sys.executable))
pytestmark = pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")

FILES = (
    "a.py",
    "__init__.py",
    "tests/test_a.py",
    "tests/sub/conftest.py",
    "src/pkg/__init__.py",
    "src/pkg/mod.py",
    "src/pkg/cli/run.py",
    "docs/x.py",
    "examples/e/server.py",
    "examples/server.py",
)

PATTERNS = (
    "__init__.py",
    "tests/*",
    "tests/**",
    "tests/*.py",
    "tests/",
    "tests",
    "./tests/*",
    "**/conftest.py",
    "conftest.py",
    "src/**/*.py",
    "src/**.py",
    "src/pkg/cli/**.py",
    "!src/**.py",
    "!tests/*",
    "!**/__init__.py",
    "test_*.py",
    "examples/**/server.py",
    "{docs,examples}/**",
    "*/sub/*",
    "[st]*/*.py",
    "[!s]*.py",
    "src/pkg/../pkg/mod.py",
    "a.py",
    "/a.py",
    "*.py",
    "src/*/mod.py",
    "s?c/pkg/mod.py",
)


def _ruff_ignored(root, pattern: str) -> set[str]:
    (root / "pyproject.toml").write_text(
        f'[tool.ruff.lint]\nselect = ["F401"]\n[tool.ruff.lint.per-file-ignores]\n{json.dumps(pattern)} = ["F401"]\n'
    )
    done = subprocess.run([RUFF, "check", "--no-cache", "--output-format", "json", "--exit-zero", "."],
                          cwd=root, capture_output=True, text=True, check=True)
    reported = {os.path.relpath(d["filename"], root).replace(os.sep, "/") for d in json.loads(done.stdout)}
    return set(FILES) - reported


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    root = tmp_path_factory.mktemp("globs").resolve()
    for name in FILES:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("import os\n")
    return root


@pytest.mark.parametrize("pattern", PATTERNS)
def test_per_file_ignores_pick_the_files_ruff_picks(project, pattern):
    ours = {f for f in FILES if per_file_applies(pattern, str(project / f), str(project))}
    assert ours == _ruff_ignored(project, pattern)


def test_the_cli_applies_a_negated_pattern_as_ruff_does(project, tmp_path):
    # end to end: `!src/**.py` (fastmcp's own config uses this form) exempts every file outside src/
    root = tmp_path / "p"
    shutil.copytree(project, root)
    source = (
        "from fastmcp import Context\n\n"
        "async def t(ctx: Context):\n    await ctx.elicit('q', response_type=str)\n"
    )
    for name in FILES:
        (root / name).write_text(source)
    (root / "pyproject.toml").write_text('[tool.elicit-lint]\nper-file-ignores = {"!src/**.py" = ["MCP001"]}\n')
    done = subprocess.run([sys.executable, "-m", "elicit_lint", "check", "--no-cache", "--select", "MCP001",
                           "--output-format", "json", "."], cwd=root, capture_output=True, text=True)
    reported = {os.path.relpath(d["filename"], root).replace(os.sep, "/") for d in json.loads(done.stdout)}
    assert reported == {f for f in FILES if f.startswith("src/")}


def test_glob_syntax_errors_are_reported():
    with pytest.raises(ValueError):
        compile_glob("src/[ab")
