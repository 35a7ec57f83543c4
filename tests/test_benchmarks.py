"""The benchmark scripts share one timing helper (``benchmarks/timing.py``).
Tests never assert timings: only that the helper runs what it is given."""

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
    for name in ("timing", "bench_check", "bench_migrate"):
        sys.modules.pop(name, None)


def test_scripts_use_the_shared_helper(bench):
    timing = bench("timing")
    assert bench("bench_check").run_times is timing.run_times
    assert bench("bench_migrate").median_time is timing.median_time


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
