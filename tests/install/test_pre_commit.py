"""The hooks of .pre-commit-hooks.yaml, run for real by ``pre-commit try-repo`` in a
temporary git repository (issue 12, item 5): each finds what it should in a bad file
and passes a good one.

The hooks are taken from a snapshot commit of this tree (tracked and untracked,
unignored files), so one ``(repo, rev)`` serves every call and pre-commit builds
its hook environments once per session: one for ``elicit-lint`` and
``elicit-lint-fix``, one for ``elicit-migrate`` (its ``additional_dependencies``).
"""

from __future__ import annotations

import os
import shutil
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

from ..doc_sections import section

from .helpers import GIT, REPO, run


BAD = '''from fastmcp import Context, FastMCP

mcp = FastMCP("Flights")


@mcp.tool
async def fly(ctx: Context) -> str:
    destination = await ctx.elicit("Where would you like to fly?", response_type=str)
    if destination.action != "accept":
        return "Staying"
    return f"Flying to {destination.data}"
'''

GOOD = '''from fastmcp import FastMCP

mcp = FastMCP("Flights")


@mcp.tool
def fly(destination: str) -> str:
    return f"Flying to {destination}"
'''


def test_hooks_are_declared_as_ruff_pre_commit_lays_them_out():
    hooks = {h["id"]: h for h in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())}
    assert list(hooks) == ["elicit-lint", "elicit-lint-fix", "elicit-migrate"]
    assert hooks["elicit-lint"]["entry"] == "elicit-lint check --force-exclude"
    assert hooks["elicit-lint-fix"]["entry"] == "elicit-lint check --force-exclude --fix"
    migrate = hooks["elicit-migrate"]
    assert migrate["stages"] == ["manual"] and migrate["pass_filenames"] is False
    extras = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert migrate["additional_dependencies"] == extras["migrate"]  # the hook env is the [migrate] install


@pytest.fixture(scope="session")
def pre_commit_home(packaging_run, tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("pre-commit-home")


@pytest.fixture
def project(tmp_path) -> Path:
    """A git repository with a bad, a good and a fixable file, staged."""
    (tmp_path / "bad.py").write_text(BAD)
    (tmp_path / "good.py").write_text(GOOD)
    shutil.copy(REPO / "fixtures" / "fixable.py", tmp_path / "fixable.py")
    run([*GIT, "init", "-q"], cwd=tmp_path)
    run([*GIT, "add", "-A"], cwd=tmp_path)
    return tmp_path


@pytest.fixture
def try_repo(hooks_repo, pre_commit_home, project):
    path, sha = hooks_repo

    def go(hook: str, *args: str):
        env = {**os.environ, "PRE_COMMIT_HOME": str(pre_commit_home), "PRE_COMMIT_COLOR": "never"}
        cmd = [sys.executable, "-m", "pre_commit", "try-repo", path, hook, "--ref", sha, *args]
        return run(cmd, cwd=project, check=False, env=env)

    return go


def test_lint_hook_finds_a_finding_and_passes_a_good_file(try_repo, project):
    bad = try_repo("elicit-lint", "--files", "bad.py")
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "bad.py:8:25: MCP001 " in bad.stdout
    good = try_repo("elicit-lint", "--files", "good.py")
    assert good.returncode == 0, good.stdout + good.stderr
    assert "Passed" in good.stdout


TOOLS = '''from typing import Annotated

from elicit_lint.runtime import Elicit
from fastmcp import Context


async def book(seat: Annotated[str, Elicit("Window or aisle?")] = "any seat") -> str:
    return seat
'''

SERVER = '''from fastmcp import FastMCP

from tools import book

mcp = FastMCP("Travel")
mcp.add_tool(book)
'''


def test_lint_hook_sees_the_whole_project_however_many_files(try_repo, project):
    """fresh11 HIGH-2: with ``require_serial: false`` pre-commit splits the files into
    one batch per CPU, and MCP019 (a tool registered in another module) came and went
    with how ``tools.py`` and ``server.py`` fell into the batches."""
    hooks = {h["id"]: h for h in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())}
    assert hooks["elicit-lint"]["require_serial"] is True
    (project / "tools.py").write_text(TOOLS)
    (project / "server.py").write_text(SERVER)
    for n in range(60):  # enough for pre-commit to split on any machine with 2+ CPUs
        (project / f"filler_{n:02d}.py").write_text(f"VALUE_{n} = {n}\n")
    run([*GIT, "add", "-A"], cwd=project)
    result = try_repo("elicit-lint", "--all-files")
    assert "tools.py:7:11: MCP019 " in result.stdout, result.stdout + result.stderr


def test_fix_hook_applies_the_safe_fix(try_repo, project):
    before = (project / "fixable.py").read_text()
    fixed = try_repo("elicit-lint-fix", "--files", "fixable.py", "good.py")
    assert fixed.returncode == 1, fixed.stdout + fixed.stderr  # pre-commit fails a hook that changed files
    after = (project / "fixable.py").read_text()
    assert "@mcp.tool\n@declared_elicitation\nasync def book(" in after and after != before
    assert (project / "good.py").read_text() == GOOD
    again = try_repo("elicit-lint-fix", "--files", "fixable.py")
    assert again.returncode == 0, again.stdout + again.stderr


def test_migrate_hook_runs_on_the_manual_stage_only(try_repo, project):
    skipped = try_repo("elicit-migrate", "--all-files")  # the default stage: not run
    assert "No hook with id `elicit-migrate` in stage `pre-commit`" in skipped.stdout, skipped.stdout
    assert (project / "bad.py").read_text() == BAD
    migrated = try_repo("elicit-migrate", "--hook-stage", "manual", "--all-files")
    assert migrated.returncode == 1, migrated.stdout + migrated.stderr  # files were modified
    after = (project / "bad.py").read_text()
    assert "ctx.elicit" not in after and "@declared_elicitation" in after
    assert (project / "good.py").read_text() == GOOD


def test_getting_started_config_runs(hooks_repo, pre_commit_home, project):
    """The .pre-commit-config.yaml of docs/getting-started.md, with this tree as the hook repository."""
    path, sha = hooks_repo
    config = section("pre-commit").split("```yaml\n", 1)[1].split("```", 1)[0]
    assert "https://github.com/OWNER/elicit-lint" in config and "rev: v0.1.0" in config
    config = config.replace("https://github.com/OWNER/elicit-lint", str(path)).replace("v0.1.0", sha)
    (project / ".pre-commit-config.yaml").write_text(config)
    run([*GIT, "add", "-A"], cwd=project)
    env = {**os.environ, "PRE_COMMIT_HOME": str(pre_commit_home), "PRE_COMMIT_COLOR": "never"}
    lint = run([sys.executable, "-m", "pre_commit", "run", "--all-files"], cwd=project, check=False, env=env)
    assert lint.returncode == 1 and "bad.py:8:25: MCP001 " in lint.stdout, lint.stdout
    assert (project / "bad.py").read_text() == BAD  # elicit-migrate waits for the manual stage
    manual = ["run", "--hook-stage", "manual", "elicit-migrate", "--all-files"]
    migrate = run([sys.executable, "-m", "pre_commit", *manual], cwd=project, check=False, env=env)
    assert migrate.returncode == 1, migrate.stdout  # files were modified
    assert "@declared_elicitation" in (project / "bad.py").read_text()
