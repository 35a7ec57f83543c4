"""Wall-time ratios of ``elicit-lint check`` against ruff and flake8 (DESIGN.md §7).

Usage: ``python benchmarks/bench_check.py TREE [--runs 3]``

Runs each command ``--runs`` times in ``TREE`` (no caches: ``ruff --no-cache``;
flake8 has none) and prints the median wall time and the ratios:

- ``elicit-lint check .`` vs ``ruff check --no-cache --select E,F,W .``
  (budget: ratio <= 1);
- flake8 with the elicit-lint plugin (``--select E,F,W,MCP``) vs flake8 without it
  (``--select E,F,W`` with the plugin removed from flake8's plugin list: flake8
  runs every installed plugin whatever ``--select`` says, so selection alone
  would not take it out); budget: under 3% slower;
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


FLAKE8 = """
import sys
import flake8.plugins.finder as finder
if sys.argv[1] == "without":
    found = finder._find_importlib_plugins
    finder._find_importlib_plugins = lambda: (p for p in found() if p.package != "elicit-lint")
from flake8.main.cli import main
sys.exit(main(sys.argv[2:]))
"""


def flake8_cmd(with_plugin: bool, *args: str) -> list[str]:
    """flake8 in this interpreter, with or without the elicit-lint plugin loaded."""
    return [sys.executable, "-c", FLAKE8, "with" if with_plugin else "without", *args]


def median_time(cmd: list[str], cwd: Path, runs: int) -> float:
    """Median wall time in seconds of ``cmd`` run ``runs`` times (output discarded)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def paired_median_times(a: list[str], b: list[str], cwd: Path, runs: int) -> tuple[float, float]:
    """Median wall times of ``a`` and ``b``, run alternately so that load from other
    processes on the machine hits both alike."""
    times_a, times_b = [], []
    for _ in range(runs):
        times_a.append(median_time(a, cwd, 1))
        times_b.append(median_time(b, cwd, 1))
    return statistics.median(times_a), statistics.median(times_b)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--skip-flake8", action="store_true", help="only elicit-lint and ruff")
    args = parser.parse_args(argv)
    tree = args.tree.resolve()
    py = sys.executable
    elicit = [py, "-m", "elicit_lint", "check", "."]
    ruff = _exe("ruff")
    try:
        import flake8  # noqa: F401

        have_flake8 = True
    except ImportError:
        have_flake8 = False

    rows: dict[str, float] = {}
    if ruff:
        ours, theirs = paired_median_times(
            elicit, [ruff, "check", "--no-cache", "--select", "E,F,W", "."], tree, args.runs
        )
        rows["elicit-lint check ."] = ours
        rows["ruff check --no-cache --select E,F,W ."] = theirs
    else:
        rows["elicit-lint check ."] = median_time(elicit, tree, args.runs)
    if have_flake8 and not args.skip_flake8:
        without, with_ = paired_median_times(
            flake8_cmd(False, "--select", "E,F,W", "."),
            flake8_cmd(True, "--select", "E,F,W,MCP", "."),
            tree,
            args.runs,
        )
        rows["flake8 --select E,F,W . (plugin not loaded)"] = without
        rows["flake8 --select E,F,W,MCP . (plugin loaded)"] = with_
        rows["flake8 --select MCP ."] = median_time(
            flake8_cmd(True, "--select", "MCP", "."), tree, args.runs
        )
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
    if have_flake8 and not args.skip_flake8:
        ratio = (
            rows["flake8 --select E,F,W,MCP . (plugin loaded)"]
            / rows["flake8 --select E,F,W . (plugin not loaded)"]
        )
        print(f"flake8 with plugin / without: {ratio:.3f}x  (budget < 1.03)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
