"""The benchmark script (``benchmarks/speed.py``) and its timing helper
(``benchmarks/timing.py``). Tests never assert timings: only that the helpers
run what they are given and that the trees are built as described."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


@pytest.fixture
def bench(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCHMARKS))  # as ``python benchmarks/x.py`` has it
    yield importlib.import_module
    for name in ("timing", "speed"):
        sys.modules.pop(name, None)


def test_the_script_uses_the_shared_helper(bench):
    timing = bench("timing")
    assert bench("speed").run_times is timing.run_times


def test_run_times_runs_the_command_each_time_and_tolerates_failure(bench, tmp_path):
    timing = bench("timing")
    script = "import pathlib; p = pathlib.Path('n'); p.write_text(p.read_text() + 'x' if p.exists() else 'x'); raise SystemExit(1)"
    times = timing.run_times([sys.executable, "-c", script], tmp_path, 3)
    assert len(times) == 3 and all(isinstance(t, float) for t in times)
    assert (tmp_path / "n").read_text() == "xxx"
    assert isinstance(timing.median_time([sys.executable, "-c", script], tmp_path, 1), float)
    assert (tmp_path / "n").read_text() == "xxxx"


def test_run_times_refuses_a_command_that_did_not_run(bench, tmp_path):
    """A wrong interpreter (``No module named elicit_lint``) or a crash gives no timing."""
    timing = bench("timing")
    with pytest.raises(timing.CommandFailed, match="No module named"):
        timing.run_times([sys.executable, "-m", "no_such_module_for_bench"], tmp_path, 2)
    with pytest.raises(timing.CommandFailed, match="exited 2"):
        timing.run_times([sys.executable, "-c", "raise SystemExit(2)"], tmp_path, 2)


def test_cpu_times_counts_the_children_and_refuses_a_crash(bench, tmp_path):
    speed = bench("speed")
    busy = "import subprocess, sys; subprocess.run([sys.executable, '-c', 'sum(range(3_000_000))'])"
    (cpu,) = speed.cpu_times([sys.executable, "-c", busy], tmp_path, 1)
    (idle,) = speed.cpu_times([sys.executable, "-c", "pass"], tmp_path, 1)
    assert cpu > idle > 0  # the grandchild's work is counted
    with pytest.raises(speed.CommandFailed):
        speed.cpu_times([sys.executable, "-c", "raise SystemExit(3)"], tmp_path, 1)


def test_paired_alternates_and_warms_up(bench, tmp_path):
    speed = bench("speed")
    log = tmp_path / "log"
    a = [sys.executable, "-c", f"open({str(log)!r}, 'a').write('a')"]
    b = [sys.executable, "-c", f"open({str(log)!r}, 'a').write('b')"]
    times_a, times_b = speed.paired(a, b, tmp_path, 2)
    assert log.read_text() == "ab" + "abab" and len(times_a) == len(times_b) == 2
    assert speed.ratio([2.0, 4.0, 9.0], [1.0, 1.0, 3.0]) == 3.0


def test_dense_tree_repeats_the_prefilter_candidates(bench, tmp_path):
    speed = bench("speed")
    sparse = tmp_path / "sparse"
    (sparse / "pkg").mkdir(parents=True)
    (sparse / "pkg" / "tool.py").write_text("async def f(ctx):\n    await ctx.elicit('q')\n")
    (sparse / "pkg" / "other.py").write_text("x = 1\n")
    (sparse / ".hidden").mkdir()
    (sparse / ".hidden" / "h.py").write_text("ctx.elicit('q')\n")
    dense = speed.dense_tree(sparse, tmp_path, count=5)
    files = sorted(p.relative_to(dense).as_posix() for p in dense.rglob("*.py"))
    assert files == [f"copy{n}/pkg/tool.py" for n in range(5)]


def test_the_clean_case_runs_end_to_end(bench, tmp_path, capsys):
    speed = bench("speed")
    if speed.exe("ruff") is None:
        pytest.fail("ruff is a dev dependency and must be installed")
    assert speed.main(["--only", "clean", "--runs", "1", "--markdown"]) == 0
    out = capsys.readouterr().out
    assert "| clean | check clean.py |" in out and "cores" in out and "load average" in out


def test_met_reads_both_directions_of_a_target(bench):
    speed = bench("speed")
    assert speed.met(0.79, "<= 0.8") == "yes" and speed.met(0.81, "<= 0.8") == "no"
    assert speed.met(44.3, ">= 20 (theirs/ours)") == "yes" and speed.met(19.0, ">= 20 (theirs/ours)") == "no"
