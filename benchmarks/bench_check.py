"""Wall-time ratios of ``elicit-lint check`` against ruff and flake8
(docs/architecture.md "Performance budget").

Usage: ``python benchmarks/bench_check.py TREE [--runs 5] [--python PY] [--skip-flake8]``

Runs each command ``--runs`` times in ``TREE`` (no caches: ``ruff --no-cache``;
flake8 has none), compared commands alternately so that load from other
processes hits both alike, and prints for each the median wall time with its
spread (min-max and interquartile range) and, for each pair, the median of the
per-run ratios (more robust on a busy machine than the ratio of the medians):

- ``elicit-lint check .`` vs ``ruff check --no-cache --select E,F,W .``
  (budget: ratio <= 1);
- flake8 with the elicit-lint plugin (``--select E,F,W,MCP``) vs flake8 without it
  (``--select E,F,W`` with the plugin removed from flake8's plugin list: flake8
  runs every installed plugin whatever ``--select`` says, so selection alone
  would not take it out); budget: under 3% slower;
- ``flake8 --select MCP`` alone (the plugin's own cost plus flake8's parse);
- one clean file (the pre-commit case; budget: under 100 ms).

``--python`` runs elicit-lint with another interpreter, e.g. a venv with a
regular (non-editable) install: an editable install's import hook adds 10-15 ms
to every start of Python (``site`` imports ``pathlib`` and more for it), which a
user's install does not pay. Commands that are not installed are skipped. Tests
never assert timings.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from timing import run_times


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


def paired_times(a: list[str], b: list[str], cwd: Path, runs: int) -> tuple[list[float], list[float]]:
    """Wall times of ``a`` and ``b``, run alternately so that load from other
    processes on the machine hits both alike."""
    times_a, times_b = [], []
    for _ in range(runs):
        times_a += run_times(a, cwd, 1)
        times_b += run_times(b, cwd, 1)
    return times_a, times_b


def spread(times: list[float]) -> str:
    """``median (min-max, IQR)`` in milliseconds."""
    ms = sorted(t * 1000 for t in times)
    q = statistics.quantiles(ms, n=4) if len(ms) >= 2 else [ms[0], ms[0], ms[0]]
    return f"{statistics.median(ms):7.0f} ms  ({ms[0]:.0f}-{ms[-1]:.0f}, IQR {q[2] - q[0]:.0f})"


def paired_ratio(times_a: list[float], times_b: list[float]) -> float:
    """Median of the per-run ratios ``a / b``."""
    return statistics.median(x / y for x, y in zip(times_a, times_b))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", type=Path)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--python", default=sys.executable,
                        help="interpreter that runs elicit-lint (default: this one)")
    parser.add_argument("--skip-flake8", action="store_true", help="only elicit-lint and ruff")
    args = parser.parse_args(argv)
    tree = args.tree.resolve()
    elicit = [args.python, "-m", "elicit_lint", "check", "."]
    ruff = _exe("ruff")
    try:
        import flake8  # noqa: F401

        have_flake8 = True
    except ImportError:
        have_flake8 = False

    rows: dict[str, list[float]] = {}
    ratios: list[tuple[str, float, str]] = []
    if ruff:
        ours, theirs = paired_times(
            elicit, [ruff, "check", "--no-cache", "--select", "E,F,W", "."], tree, args.runs
        )
        rows["elicit-lint check ."] = ours
        rows["ruff check --no-cache --select E,F,W ."] = theirs
        ratios.append(("elicit-lint / ruff", paired_ratio(ours, theirs), "budget <= 1.00"))
    else:
        rows["elicit-lint check ."] = run_times(elicit, tree, args.runs)
    if have_flake8 and not args.skip_flake8:
        without, with_ = paired_times(
            flake8_cmd(False, "--select", "E,F,W", "."),
            flake8_cmd(True, "--select", "E,F,W,MCP", "."),
            tree,
            args.runs,
        )
        rows["flake8 --select E,F,W . (plugin not loaded)"] = without
        rows["flake8 --select E,F,W,MCP . (plugin loaded)"] = with_
        ratios.append(("flake8 with plugin / without", paired_ratio(with_, without), "budget < 1.03"))
        rows["flake8 --select MCP ."] = run_times(flake8_cmd(True, "--select", "MCP", "."), tree, args.runs)
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "clean.py").write_text("import os\n\nprint(os.getcwd())\n")
        rows["elicit-lint check clean.py (one clean file)"] = run_times(
            [args.python, "-m", "elicit_lint", "check", "clean.py"], Path(tmp), args.runs
        )
        rows["python -c pass (start-up alone)"] = run_times([args.python, "-c", "pass"], Path(tmp), args.runs)

    width = max(map(len, rows))
    print(f"tree: {tree}  ({args.runs} runs; median (min-max, IQR))")
    for name, times in rows.items():
        print(f"  {name:<{width}}  {spread(times)}")
    for name, ratio, budget in ratios:
        print(f"{name}: {ratio:.3f}x  (median of per-run ratios; {budget})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
