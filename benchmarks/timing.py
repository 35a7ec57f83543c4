"""Wall-time helpers shared by the benchmark scripts (``bench_check.py``,
``bench_migrate.py``). Scripts run as ``python benchmarks/<script>.py``, so this
directory is on ``sys.path`` and they import it as ``timing``."""

from __future__ import annotations

import statistics
import subprocess
import time
from pathlib import Path


def run_times(cmd: list[str], cwd: Path, runs: int) -> list[float]:
    """Wall times in seconds of ``cmd`` run ``runs`` times in ``cwd`` (output
    discarded; a non-zero exit is not an error: a linter exits 1 on findings)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
    return times


def median_time(cmd: list[str], cwd: Path, runs: int) -> float:
    """The median of :func:`run_times`."""
    return statistics.median(run_times(cmd, cwd, runs))
