"""The fork split (``elicit_lint.checker.split``): candidates checked here and in
forked children taking them from one queue give exactly the sequential results,
and a child that fails costs time, never results."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys

import pytest

from elicit_lint.checker import runner, split

from .checker_helpers import ELICIT_FILE

SYNTAX_ERROR = "# ctx.elicit\nx = = 1\n"


def _files(tmp_path) -> list[str]:
    names = []
    for i in range(7):
        path = tmp_path / f"f{i}.py"
        path.write_text(ELICIT_FILE * (i + 1) if i != 3 else SYNTAX_ERROR)
        names.append(str(path))
    (tmp_path / "clean.py").write_text("x = 1\n")
    return [*names, str(tmp_path / "clean.py")]


@pytest.fixture
def forks(monkeypatch):
    if not split.can_fork():
        pytest.skip("no fork here (not Linux, or threads running)")
    monkeypatch.setattr(split, "FORK_THRESHOLD", 0)
    calls = []
    real_fork = os.fork

    def counting_fork():
        calls.append(1)
        return real_fork()

    monkeypatch.setattr(os, "fork", counting_fork)
    return calls


def test_split_gives_the_sequential_results(tmp_path, forks):
    files = _files(tmp_path)
    sequential = runner.check_files(files, runner.RunOptions(), jobs=1)
    assert forks == []
    forked = runner.check_files(files, runner.RunOptions(), jobs=2)
    assert forks == [1]
    assert forked == sequential
    assert {r.filename.rsplit("/", 1)[-1] for r in forked} == {f"f{i}.py" for i in range(7)}


def test_a_failing_child_is_checked_here(tmp_path, forks, monkeypatch):
    files = _files(tmp_path)
    sequential = runner.check_files(files, runner.RunOptions(), jobs=1)

    def broken(*args, **kwargs):
        raise RuntimeError("child cannot send")

    monkeypatch.setattr(pickle, "dumps", broken)  # only the child pickles
    assert runner.check_files(files, runner.RunOptions(), jobs=2) == sequential
    assert forks == [1]


PLANNER_BEFORE_FORK = """
import os, sys
from elicit_lint.checker import runner, split
split.FORK_THRESHOLD = 0
real_fork = os.fork
seen = []
def fork():
    seen.append("elicit_lint.analysis.plan" in sys.modules)
    return real_fork()
os.fork = fork
options = runner.RunOptions(layers=(runner.Layer(tuple(sys.argv[1].split(",")), (), ()),))
runner.check_files(sys.argv[2:], options, jobs=2)
print(seen)
"""


@pytest.mark.parametrize(("select", "loaded"), [("MCP001", True), ("MCP002", False)])
def test_the_planner_is_loaded_once_before_the_fork_when_mcp001_runs(tmp_path, select, loaded):
    """MCP001 asks the codemod's planner about each site: with a site among the
    candidates and MCP001 selected, the parent loads it before forking (so the
    child does not import it again); otherwise it is not loaded at all."""
    if not split.can_fork():
        pytest.skip("no fork here (not Linux, or threads running)")
    files = _files(tmp_path)
    proc = subprocess.run(
        [sys.executable, "-c", PLANNER_BEFORE_FORK, select, *files],
        cwd=tmp_path, capture_output=True, text=True, check=False, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"[{loaded}]"


def test_split_into_three_gives_the_sequential_results(tmp_path, forks):
    files = _files(tmp_path)
    sequential = runner.check_files(files, runner.RunOptions(), jobs=1)
    assert runner.check_files(files, runner.RunOptions(), jobs=3) == sequential
    assert forks == [1, 1]


def _numbered(name, data, options):
    """A stand-in for ``check_source``: a finding for every third file."""
    return runner.FileResult(name, [name] if int(name) % 3 == 0 else [])


def test_more_candidates_than_queue_items_are_each_checked_once(forks):
    """Above ``_MAX_ITEMS`` candidates an item is a run of files: every file is
    still checked, and its result reported, exactly once."""
    candidates = [(str(i), b"x" * (i % 7), runner.RunOptions()) for i in range(2 * split._MAX_ITEMS + 5)]
    results = split.check_split(candidates, _numbered, 2)
    with_findings = sorted(int(r.filename) for r in results if r.diagnostics)
    assert with_findings == [i for i in range(len(candidates)) if i % 3 == 0]
    assert forks == [1]


def test_items_a_dead_child_took_are_checked_here(forks):
    """A child that dies after taking items from the queue: the parent checks
    every item no process reported."""
    parent = os.getpid()

    def dies_in_child(name, data, options):
        if os.getpid() != parent:
            os._exit(3)
        return _numbered(name, data, options)

    candidates = [(str(i), b"x" * i, runner.RunOptions()) for i in range(40)]
    results = split.check_split(candidates, dies_in_child, 2)
    assert sorted(int(r.filename) for r in results) == list(range(40))


TOOLS_MODULE = '''from fastmcp import Context


async def ask_name(ctx: Context) -> str:
    result = await ctx.elicit("Your name?", response_type=str)
    if result.action == "accept":
        return result.data
    return "nobody"
'''

SERVER_MODULE = '''from fastmcp import FastMCP

from tools import ask_name

mcp = FastMCP("demo")
mcp.add_tool(ask_name)
'''


def test_the_project_index_is_built_once_before_the_fork_and_answers_alike(tmp_path, forks, monkeypatch):
    from elicit_lint.workspace.tool_index import ToolIndex

    (tmp_path / "tools.py").write_text(TOOLS_MODULE)
    (tmp_path / "server.py").write_text(SERVER_MODULE)
    monkeypatch.chdir(tmp_path)
    files = ["server.py", "tools.py", *(f for f in _files(tmp_path) if not f.endswith("clean.py"))]
    sequential = runner.check_files(files, runner.RunOptions(project=ToolIndex(files)), jobs=1)
    # read as a tool through server.py's registration (alone, it is a helper nobody registers)
    assert [d.help.endswith("`elicit-migrate` can rewrite it") for r in sequential for d in r.diagnostics
            if r.filename == "tools.py"] == [True]

    project = ToolIndex(files)
    built_at_fork = []
    fork = os.fork
    monkeypatch.setattr(os, "fork", lambda: (built_at_fork.append(project._scan is not None), fork())[1])
    forked = runner.check_files(files, runner.RunOptions(project=project), jobs=2)
    assert built_at_fork == [True]
    assert forked == sequential
