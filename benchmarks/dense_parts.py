"""Where one in-process check of a tree goes, as multiples of ``ast.parse``.

Usage (from the tree, e.g. the dense tree ``speed.py`` builds):
``python benchmarks/dense_parts.py [--no-project] [--warm]``

Checks every prefilter candidate with ``runner.check_source`` once (with the
run's project index unless ``--no-project``; ``--warm``: after one untimed
pass), timing each part with ``time.process_time``: the parse, the model and
its scope walk, the project index applied, each rule, ``noqa``; then parses
the same bytes with ``ast.parse`` alone. The parts overlap where one calls
another (the scope walk is part of the model). Prints one line per part of
at least 5 ms. Tests never assert timings.
"""

from __future__ import annotations

import ast
import gc
import sys
import time
from collections import defaultdict
from pathlib import Path

CPU = time.process_time
TIMES: dict[str, float] = defaultdict(float)


def timed(owner, name: str, key: str) -> None:
    """Replace ``owner.name`` by a wrapper adding its CPU time to ``TIMES[key]``."""
    original = getattr(owner, name)

    def wrapper(*args, **kwargs):
        start = CPU()
        try:
            return original(*args, **kwargs)
        finally:
            TIMES[key] += CPU() - start

    setattr(owner, name, wrapper)


def main(argv: list[str]) -> int:
    import elicit_lint.workspace.passed_calls as passed
    from elicit_lint.analysis import elsewhere
    from elicit_lint.analysis.prefilter import may_produce_diagnostics
    from elicit_lint.checker import noqa, runner
    from elicit_lint.core import source
    from elicit_lint.model import build
    from elicit_lint.rules import ALL_RULES
    from elicit_lint.workspace import run_files
    from elicit_lint.workspace.discovery import Discovery
    from elicit_lint.workspace.tool_index import ToolIndex

    files = sorted(Discovery(Path(".")).files(["."]))
    data = {f: Path(f).read_bytes() for f in files}
    project = None if "--no-project" in argv else ToolIndex(files)
    for f in files if project is not None else ():
        project.seed(f, data[f])
    timed(source, "decode", "decode")
    timed(source, "parse", "ast.parse (in the check)")
    timed(build, "build_scopes", "model: scope walk")
    from elicit_lint import model

    timed(model, "build_model", "model (all)")
    timed(passed, "apply_passed", "project: apply_passed")
    timed(elsewhere, "apply", "project: elsewhere.apply")
    timed(run_files, "bindings", "project: bindings")
    timed(noqa, "filter_suppressed", "noqa")
    for rule in ALL_RULES:
        def check(*args, _check=rule.check, _code=rule.code, **kwargs):
            start = CPU()
            found = list(_check(*args, **kwargs))
            TIMES[f"rule {_code}"] += CPU() - start
            return found

        rule.check = check
    options = runner.RunOptions(project=project)
    candidates = [f for f in files if may_produce_diagnostics(data[f])]
    gc.freeze()
    gc.set_threshold(100_000, 20, 100)  # as the runner's _few_collections
    if "--warm" in argv:
        for f in candidates:
            runner.check_source(f, data[f], options)
        TIMES.clear()
    start = CPU()
    for f in candidates:
        runner.check_source(f, data[f], options)
    total = CPU() - start
    start = CPU()
    for f in candidates:
        ast.parse(data[f])
    parse = CPU() - start
    print(f"{len(candidates)} candidates: check {total * 1e3:.0f} ms, ast.parse alone {parse * 1e3:.0f} ms, "
          f"{total / parse:.2f}x")
    TIMES["every rule"] = sum(v for k, v in TIMES.items() if k.startswith("rule "))
    for key, spent in sorted(TIMES.items(), key=lambda kv: -kv[1]):
        if spent >= 0.005:
            print(f"  {key:30} {spent * 1e3:7.0f} ms  {spent / parse:5.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
