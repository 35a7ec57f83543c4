"""Every speed ratio of elicit-lint in one run, each pair timed side by side.

Usage: ``python benchmarks/speed.py [--runs 7] [--slow-runs 3] [--only NAME ...] [--markdown]``

The trees are built here, in a temporary directory: ``sparse`` is a copy of the
fastmcp 4.2.3 sdist (fetched by ``tests/sdists.py`` when missing; copied so
that neither tool's cache lands in the shared tree), ``dense`` is made of the
sdist's files that pass the checker's prefilter, copied into sub-directories
until it holds about 400 files. Each pair of commands runs alternately
(``--runs`` times, ``--slow-runs`` for the two slow pairs, migrate and flake8;
after one untimed warm-up run of each) so that load from
other processes on the machine hits both alike; a row gives the medians and
the median of the per-run ratios:

=============  ==========================================================  =======
name           ours vs theirs                                              target
=============  ==========================================================  =======
sparse         ``check --no-cache .`` vs ``ruff check --no-cache             <= 0.8
               --select E,F,W .`` (wall)
warm           ``check .`` vs ``ruff check --select E,F,W .``, both caches   <= 0.5
               warm (wall)
dense          ``check --no-cache .`` vs ``ast.parse`` of every file        <= 1.25
               (CPU time, children included; both are processes)
clean          ``check clean.py`` vs ``python -c pass`` (wall)              <= 2.5
migrate        ``libcst.parse_module`` of every file vs                     >= 20
               ``elicit-migrate --check .`` (wall; note: theirs / ours)
flake8         flake8 ``--select E,F,W,MCP`` with the plugin vs             <= 1.03
               ``--select E,F,W`` without it (wall)
=============  ==========================================================  =======

A command that fails to run (exit >= 2, a traceback) stops the script
(``timing.CommandFailed``) rather than giving a timing. Tests never assert
timings (``tests/test_benchmarks.py`` is a smoke test of the helpers).
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from timing import CommandFailed, run_times

ROOT = Path(__file__).resolve().parent.parent
DENSE_FILES = 400

PARSE_ALL = """
import ast, os, sys
for d, dirs, files in os.walk("."):
    dirs[:] = [x for x in dirs if not x.startswith(".")]
    for f in files:
        if f.endswith(".py"):
            with open(os.path.join(d, f), "rb") as fh:
                ast.parse(fh.read())
"""

LIBCST_ALL = """
import libcst
from pathlib import Path
from elicit_lint.workspace.discovery import Discovery
for f in Discovery(Path(".")).files(["."]):
    try:
        libcst.parse_module(open(f, "rb").read())
    except Exception:
        pass
"""

FLAKE8 = """
import sys
import flake8.plugins.finder as finder
if sys.argv[1] == "without":
    found = finder._find_importlib_plugins
    finder._find_importlib_plugins = lambda: (p for p in found() if p.package != "elicit-lint")
from flake8.main.cli import main
sys.exit(main(sys.argv[2:]))
"""


def exe(name: str) -> str | None:
    """``name`` next to this interpreter (a venv's script), else on ``PATH``."""
    local = Path(sys.executable).with_name(name)
    return str(local) if local.exists() else shutil.which(name)


def cpu_times(cmd: list[str], cwd: Path, runs: int) -> list[float]:
    """CPU seconds (user + system, the process and every child it waited for) of
    ``cmd`` run ``runs`` times; fails as :func:`timing.run_times` does."""
    out = []
    for i in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        proc = subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if i == 0 and (proc.returncode not in (0, 1) or "Traceback" in proc.stderr):
            raise CommandFailed(f"{' '.join(cmd)} exited {proc.returncode}: {proc.stderr[-300:]}")
        out.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return out


def paired(a: list[str], b: list[str], cwd: Path, runs: int,
           measure: Callable[[list[str], Path, int], list[float]] = run_times) -> tuple[list[float], list[float]]:
    """Times of ``a`` and ``b`` run alternately (one untimed run of each first)."""
    measure(a, cwd, 1)
    measure(b, cwd, 1)
    times_a, times_b = [], []
    for _ in range(runs):
        times_a += measure(a, cwd, 1)
        times_b += measure(b, cwd, 1)
    return times_a, times_b


def ratio(times_a: list[float], times_b: list[float]) -> float:
    """Median of the per-run ratios ``a / b``."""
    return statistics.median(x / y for x, y in zip(times_a, times_b))


def sparse_tree(work: Path) -> Path:
    """A private copy of the fastmcp 4.2.3 sdist (``tests/sdists.py`` fetches it)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from sdists import tree

    target = work / "sparse"
    if not target.exists():
        shutil.copytree(tree("fastmcp"), target, symlinks=True)
    return target


def dense_tree(sparse: Path, work: Path, count: int = DENSE_FILES) -> Path:
    """``count`` files: the files of ``sparse`` that pass the prefilter, copied
    round-robin into ``copy<N>/`` sub-directories (their relative paths kept)."""
    from elicit_lint.analysis.prefilter import may_produce_diagnostics

    sources = []
    for path in sorted(sparse.rglob("*.py")):
        if any(part.startswith(".") for part in path.relative_to(sparse).parts):
            continue
        data = path.read_bytes()
        if may_produce_diagnostics(data):
            sources.append((path.relative_to(sparse), data))
    if not sources:
        raise RuntimeError(f"no file of {sparse} passes the prefilter")
    target = work / "dense"
    shutil.rmtree(target, ignore_errors=True)
    for n in range(count):
        rel, data = sources[n % len(sources)]
        dest = target / f"copy{n // len(sources)}" / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(data)
    return target


SLOW = ("migrate", "flake8")


def benchmarks(work: Path, python: str) -> dict[str, Callable[[int], tuple]]:
    """``name -> measure(runs) -> (ours label, ours, theirs label, theirs, ratio, target, kind)``."""
    elicit = [python, "-m", "elicit_lint", "check"]
    ruff = exe("ruff")

    def sparse(runs):
        tree = sparse_tree(work)
        ours, theirs = paired([*elicit, "--no-cache", "."],
                              [ruff, "check", "--no-cache", "--select", "E,F,W", "."], tree, runs)
        return ("check --no-cache", ours, "ruff --no-cache", theirs, ratio(ours, theirs), "<= 0.8", "wall")

    def warm(runs):
        tree = sparse_tree(work)
        ours, theirs = paired([*elicit, "."], [ruff, "check", "--select", "E,F,W", "."], tree, runs)
        return ("check (warm)", ours, "ruff (warm)", theirs, ratio(ours, theirs), "<= 0.5", "wall")

    def dense(runs):
        tree = dense_tree(sparse_tree(work), work)
        ours, theirs = paired([*elicit, "--no-cache", "."], [python, "-c", PARSE_ALL], tree, runs,
                              measure=cpu_times)
        return ("check --no-cache", ours, "ast.parse", theirs, ratio(ours, theirs), "<= 1.25", "cpu")

    def clean(runs):
        tree = work / "clean"
        tree.mkdir(exist_ok=True)
        (tree / "clean.py").write_text("import os\n\nprint(os.getcwd())\n")
        ours, theirs = paired([*elicit, "clean.py"], [python, "-c", "pass"], tree, runs)
        return ("check clean.py", ours, "python -c pass", theirs, ratio(ours, theirs), "<= 2.5", "wall")

    def migrate(runs):
        tree = sparse_tree(work)
        ours, theirs = paired([python, "-m", "elicit_lint.codemod.cli", "--check", "."],
                              [python, "-c", LIBCST_ALL], tree, runs)
        return ("migrate --check", ours, "libcst parse", theirs, ratio(theirs, ours), ">= 20 (theirs/ours)", "wall")

    def flake8(runs):
        tree = sparse_tree(work)
        cmd = [python, "-c", FLAKE8]
        ours, theirs = paired([*cmd, "with", "--select", "E,F,W,MCP", "."],
                              [*cmd, "without", "--select", "E,F,W", "."], tree, runs)
        return ("flake8 + plugin", ours, "flake8", theirs, ratio(ours, theirs), "<= 1.03", "wall")

    return {"sparse": sparse, "warm": warm, "dense": dense, "clean": clean, "migrate": migrate, "flake8": flake8}


def machine() -> str:
    """One line: CPU model, cores, Python, date (UTC)."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}, "
            f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")


def met(r: float, target: str) -> str:
    """``"yes"`` / ``"no"``: whether the ratio ``r`` meets ``target``
    (``"<= 0.8"``, ``">= 20 (theirs/ours)"``)."""
    op, bound = target.split()[:2]
    return "yes" if (r <= float(bound) if op == "<=" else r >= float(bound)) else "no"


def conditions() -> str:
    """The code timed (``git describe``) and the load average now."""
    try:
        commit = subprocess.run(["git", "-C", str(ROOT), "describe", "--always", "--dirty"],
                                capture_output=True, text=True, check=False).stdout.strip() or "?"
    except OSError:
        commit = "?"
    load = " ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return f"code {commit}, load average {load}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--slow-runs", type=int, default=3, help="runs of the slow pairs (migrate, flake8)")
    parser.add_argument("--only", nargs="+", default=None, metavar="NAME",
                        help="run only these (sparse warm dense clean migrate flake8)")
    parser.add_argument("--python", default=sys.executable, help="interpreter that runs elicit-lint")
    parser.add_argument("--markdown", action="store_true", help="print the table as markdown")
    args = parser.parse_args(argv)
    # as in any installed package (pip compiles bytecode at install time): the
    # warm-up runs write the ``.pyc`` files the timed runs read, even where the
    # environment turns that off (otherwise every run compiles elicit-lint's
    # modules from source, about half of a one-file check's instructions)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    if not exe("ruff"):
        parser.error("ruff is not installed (pip install ruff)")
    started, before = time.monotonic(), conditions()
    with tempfile.TemporaryDirectory(prefix="elicit-speed-") as tmp:
        table = benchmarks(Path(tmp), args.python)
        names = args.only or list(table)
        rows = []
        for name in names:
            runs = args.slow_runs if name in SLOW else args.runs
            ours_name, ours, theirs_name, theirs, r, target, kind = table[name](runs)
            rows.append((name, ours_name, statistics.median(ours), theirs_name,
                         statistics.median(theirs), r, target, kind))
            print(f"{name:8} {ours_name:18} {statistics.median(ours) * 1000:7.0f} ms  "
                  f"{theirs_name:16} {statistics.median(theirs) * 1000:7.0f} ms  "
                  f"{r:6.2f}x  target {target} ({kind})", file=sys.stderr, flush=True)
    print(f"{machine()}; {args.runs} runs each ({args.slow_runs} for {', '.join(SLOW)}), medians; "
          "ratio = median of per-run ratios")
    print(f"start: {before}; end: {conditions()}; {time.monotonic() - started:.0f} s in all")
    if args.markdown:
        print("\n| case | ours | median | reference | median | ratio | target | met | time |")
        print("|---|---|---:|---|---:|---:|---|---|---|")
        for name, on, o, tn, t, r, target, kind in rows:
            print(f"| {name} | {on} | {o * 1000:.0f} ms | {tn} | {t * 1000:.0f} ms | {r:.2f}x | {target} "
                  f"| {met(r, target)} | {kind} |")
    else:
        for name, on, o, tn, t, r, target, kind in rows:
            print(f"{name:8} {on:18} {o * 1000:7.0f} ms  {tn:16} {t * 1000:7.0f} ms  {r:6.2f}x  {target} "
                  f"met: {met(r, target):3} ({kind})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
