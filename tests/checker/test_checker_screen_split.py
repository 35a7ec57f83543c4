"""The screen split (``elicit_lint.checker.split.screen_split``): a run without a
results cache over many files reads and prefilters them here and in a forked
helper; the candidates, their bytes and the unreadable files' errors are exactly
the sequential run's, and a helper that fails costs time, never results."""

from __future__ import annotations

import marshal
import os
from pathlib import Path

import pytest

from elicit_lint.checker import runner, split

from .checker_helpers import ELICIT_FILE


@pytest.fixture
def forks(monkeypatch):
    if not split.can_fork():
        pytest.skip("no fork here (not Linux, or threads running)")
    calls = []
    real_fork = os.fork

    def counting_fork():
        calls.append(1)
        return real_fork()

    monkeypatch.setattr(os, "fork", counting_fork)
    return calls


def _tree(tmp_path, count: int = 40) -> list[str]:
    """``count`` files, every fifth one with an elicitation, one syntax error and
    one named file that does not exist (an ``io-error``)."""
    names = []
    for i in range(count):
        path = tmp_path / f"m{i:03}.py"
        if i == 7:
            path.write_text("# ctx.elicit\nx = = 1\n")
        else:
            path.write_text(ELICIT_FILE if i % 5 == 0 else f"value_{i} = {i}\n")
        names.append(str(path))
    names.insert(11, str(tmp_path / "gone.py"))
    return names


def test_screened_in_two_gives_the_sequential_results(tmp_path, forks, monkeypatch):
    files = _tree(tmp_path)
    sequential = runner.check_files(files, runner.RunOptions(), jobs=1)
    assert forks == []
    monkeypatch.setattr(split, "SCREEN_FILES", 10)
    monkeypatch.setattr(split, "_SCREEN_RUN", 3)
    screened = runner.check_files(files, runner.RunOptions(), jobs=2)
    assert forks == [1]  # the screen's helper; 8 small candidates: no second fork
    assert screened == sequential
    names = {r.filename.rsplit("/", 1)[-1] for r in screened}
    assert {"gone.py", "m007.py", "m000.py", "m035.py"} <= names
    assert [
        d.code
        for r in screened
        if r.filename.endswith("gone.py")
        for d in r.diagnostics
    ] == ["io-error"]


def test_below_the_threshold_or_with_a_cache_nothing_forks(
    tmp_path, forks, monkeypatch
):
    files = _tree(tmp_path, 12)
    monkeypatch.setattr(split, "SCREEN_FILES", 100)
    runner.check_files(files, runner.RunOptions(), jobs=2)
    monkeypatch.setattr(split, "SCREEN_FILES", 10)
    runner.check_files(
        files, runner.RunOptions(cache_dir=str(tmp_path / "cache")), jobs=2
    )
    assert forks == []


def test_a_failing_helper_is_screened_here(tmp_path, forks, monkeypatch):
    files = _tree(tmp_path)
    sequential = runner.check_files(files, runner.RunOptions(), jobs=1)

    def broken(*args, **kwargs):
        raise RuntimeError("helper cannot send")

    monkeypatch.setattr(marshal, "dumps", broken)  # only the helper marshals
    monkeypatch.setattr(split, "SCREEN_FILES", 10)
    monkeypatch.setattr(split, "_SCREEN_RUN", 2)
    assert runner.check_files(files, runner.RunOptions(), jobs=2) == sequential
    assert forks == [1]


def test_runs_a_dead_helper_took_are_screened_here(forks, monkeypatch):
    """A helper that dies after taking runs of files from the queue: this process
    screens every run no process reported, each file once in the result."""
    parent = os.getpid()
    monkeypatch.setattr(split, "_SCREEN_RUN", 4)

    def screen(name):
        if os.getpid() != parent:
            os._exit(3)
        return name.encode() if int(name) % 3 == 0 else None

    names = [str(i) for i in range(100)]
    found = split.screen_split(names, screen)
    assert found == {i: str(i).encode() for i in range(0, 100, 3)}
    assert forks == [1]


def test_more_files_than_queue_items_are_each_screened_once(forks):
    """Above ``_MAX_ITEMS`` runs of ``_SCREEN_RUN`` files a run is longer: every
    file is still screened, and its value reported, exactly once."""
    count = split._MAX_ITEMS * split._SCREEN_RUN + 37
    names = [str(i) for i in range(count)]
    found = split.screen_split(names, lambda name: name if int(name) % 7 == 0 else None)
    assert found == {i: str(i) for i in range(0, count, 7)}
    assert forks == [1]


def test_the_project_index_is_given_every_files_bytes_in_file_order(
    tmp_path, forks, monkeypatch
):
    """The helper's files reach the project index too (a cross-module question
    then reads no file again in either process of the analysis), in the
    sequential loop's order."""
    from elicit_lint.workspace.tool_index import ToolIndex

    files = _tree(tmp_path)
    seeded: list[tuple[str, bytes]] = []
    monkeypatch.setattr(
        ToolIndex, "seed", lambda self, name, data: seeded.append((name, data))
    )
    monkeypatch.setattr(split, "SCREEN_FILES", 10)
    monkeypatch.setattr(split, "_SCREEN_RUN", 3)
    runner.check_files(files, runner.RunOptions(project=ToolIndex(files)), jobs=2)
    assert forks == [1]
    readable = [f for f in files if not f.endswith("gone.py")]
    assert seeded == [(f, Path(f).read_bytes()) for f in readable]
