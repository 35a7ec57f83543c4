"""Wall time of ``elicit-migrate --check`` against parsing every file with libcst
(docs/architecture.md "Performance budget").

Usage: ``python benchmarks/bench_migrate.py TREE [--runs 3]``

Both sides run as fresh processes in ``TREE`` (interpreter start-up included on
both): ``elicit-migrate --check .`` (default ``--jobs``; and ``--jobs 1``) and a
script that discovers the same files (the checker's discovery) and calls
``libcst.parse_module`` on each. Prints the medians and the ratio; the budget
is libcst / elicit-migrate >= 20. Tests never assert timings.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from timing import median_time

PARSE_ALL = """
import libcst
from pathlib import Path
from elicit_lint.workspace.discovery import Discovery
for f in Discovery(Path(".")).files(["."]):
    if f.endswith(".py"):
        try:
            libcst.parse_module(open(f, "rb").read())
        except Exception:
            pass
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    migrate = str(Path(sys.executable).with_name("elicit-migrate"))
    check = median_time([migrate, "--check", "."], args.tree, args.runs)
    check1 = median_time([migrate, "--check", "--jobs", "1", "."], args.tree, args.runs)
    libcst = median_time([sys.executable, "-c", PARSE_ALL], args.tree, args.runs)
    print(f"elicit-migrate --check .          {check:8.3f} s")
    print(f"elicit-migrate --check --jobs 1 . {check1:8.3f} s")
    print(f"libcst.parse_module on every file {libcst:8.3f} s")
    print(
        f"ratio libcst / migrate: {libcst / check:.1f}x (jobs 1: {libcst / check1:.1f}x; budget >= 20x)"
    )


if __name__ == "__main__":
    main()
