"""Wall-time ratios of ``elicit-lint check`` against ruff and flake8 (DESIGN.md §7).

Usage: ``python benchmarks/bench_check.py TREE [--runs 3]``

Runs each command ``--runs`` times in ``TREE`` (no caches: ``ruff --no-cache``;
flake8 has none) and prints the median wall time and the ratios:

- ``elicit-lint check .`` vs ``ruff check --no-cache --select E,F,W .``
  (budget: ratio <= 1);
- ``flake8 --select E,F,W`` with the elicit-lint plugin installed vs the same run
  with the plugin disabled (``--disable-noqa`` is not used; the plugin is removed
  from the run by ``--enable-extensions``-free selection is not possible, so
  "without" runs flake8 with ``--select E,F,W`` and "with" adds ``MCP``; budget:
  under 3% slower);
- ``flake8 --select MCP`` alone (the plugin's own cost plus flake8's parse);
- one clean file (the pre-commit case; budget: under 100 ms).

Commands that are not installed are skipped. Tests never assert timings.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _exe(name: str) -> str | None:
    local = Path(sys.executable).with_name(name)
    return str(local) if local.exists() else shutil.which(name)


def median_time(cmd: list[str], cwd: Path, runs: int) -> float:
    """Median wall time in seconds of ``cmd`` run ``runs`` times (output discarded)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    tree = args.tree.resolve()
    py = sys.executable
    elicit = [py, "-m", "elicit_lint", "check", "."]
    ruff, flake8 = _exe("ruff"), _exe("flake8")

    rows: dict[str, float] = {}
    rows["elicit-lint check ."] = median_time(elicit, tree, args.runs)
    if ruff:
        rows["ruff check --no-cache --select E,F,W ."] = median_time(
            [ruff, "check", "--no-cache", "--select", "E,F,W", "."], tree, args.runs
        )
    if flake8:
        rows["flake8 --select E,F,W ."] = median_time(
            [flake8, "--select", "E,F,W", "."], tree, args.runs
        )
        rows["flake8 --select E,F,W,MCP ."] = median_time(
            [flake8, "--select", "E,F,W,MCP", "."], tree, args.runs
        )
        rows["flake8 --select MCP ."] = median_time([flake8, "--select", "MCP", "."], tree, args.runs)
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "clean.py").write_text("import os\n\nprint(os.getcwd())\n")
        rows["elicit-lint check clean.py (one clean file)"] = median_time(
            [py, "-m", "elicit_lint", "check", "clean.py"], Path(tmp), args.runs
        )

    width = max(map(len, rows))
    print(f"tree: {tree}  (median of {args.runs})")
    for name, seconds in rows.items():
        print(f"  {name:<{width}}  {seconds * 1000:8.0f} ms")
    base = rows["elicit-lint check ."]
    if "ruff check --no-cache --select E,F,W ." in rows:
        ratio = base / rows["ruff check --no-cache --select E,F,W ."]
        print(f"elicit-lint / ruff: {ratio:.2f}x  (budget <= 1.00)")
    if "flake8 --select E,F,W ." in rows:
        ratio = rows["flake8 --select E,F,W,MCP ."] / rows["flake8 --select E,F,W ."]
        print(f"flake8 with plugin / without: {ratio:.3f}x  (budget < 1.03)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
