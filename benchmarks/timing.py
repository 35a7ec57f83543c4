"""Wall-time helpers of the benchmark script (``speed.py``). It runs as
``python benchmarks/speed.py``, so this directory is on ``sys.path`` and it
imports this module as ``timing``."""

from __future__ import annotations

import statistics
import subprocess
import time
from pathlib import Path


class CommandFailed(RuntimeError):
    """A timed command did not run what it was meant to (exit status above 1, or
    a Python traceback / missing module on stderr): its timing would be meaningless."""


def _failed(proc: subprocess.CompletedProcess) -> bool:
    err = proc.stderr or ""
    return proc.returncode not in (0, 1) or "Traceback (most recent call last)" in err or "No module named" in err


def run_times(cmd: list[str], cwd: Path, runs: int) -> list[float]:
    """Wall times in seconds of ``cmd`` run ``runs`` times in ``cwd`` (output
    discarded; exit 1 is not an error: a linter exits 1 on findings).

    The first run's stderr is read: a command that failed to run (exit >= 2,
    a traceback, a missing module -- e.g. the wrong interpreter) raises
    :class:`CommandFailed` instead of reporting a timing for it."""
    times = []
    for i in range(runs):
        start = time.perf_counter()
        proc = subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE if i == 0 else subprocess.DEVNULL,
                              text=True, check=False)
        times.append(time.perf_counter() - start)
        if i == 0 and _failed(proc):
            tail = "\n".join((proc.stderr or "").strip().splitlines()[-3:])
            raise CommandFailed(f"{' '.join(cmd)} exited {proc.returncode}: {tail}")
    return times


def median_time(cmd: list[str], cwd: Path, runs: int) -> float:
    """The median of :func:`run_times`."""
    return statistics.median(run_times(cmd, cwd, runs))
