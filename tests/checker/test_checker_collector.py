"""The run's garbage-collector settings (``runner._few_collections``, ``cli.console``):
a check leaves the collector as it found it, without a collection pending, and
the console entry exits with ``main``'s code after printing everything."""

from __future__ import annotations

import gc
import subprocess
import sys

from elicit_lint.checker import runner

from .checker_helpers import ELICIT_FILE


def test_a_check_restores_the_collector_with_no_collection_pending(tmp_path):
    files = []
    for i in range(6):
        path = tmp_path / f"m{i}.py"
        path.write_text(ELICIT_FILE * (i + 1))
        files.append(str(path))
    before = gc.get_threshold()
    assert gc.get_freeze_count() == 0
    results = runner.check_files(files, runner.RunOptions(), jobs=1)
    assert len(results) == 6
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_the_young_objects_of_a_run_are_not_collected_at_its_end():
    """At the end of a run its young objects (up to the raised threshold) go to
    the oldest generation: restoring the threshold does not start a young
    collection of all of them (cyclic garbage made inside the block is collected
    with the oldest generation, not by the next young collection)."""
    seen: list[tuple[int, int]] = []

    def record(phase, info):
        if phase == "stop":
            seen.append((info["generation"], info["collected"]))

    gc.collect()
    gc.callbacks.append(record)
    try:
        with runner._few_collections():
            for _ in range(5_000):
                cycle: list = []
                cycle.append(cycle)
            del cycle
        fresh = [
            [] for _ in range(3 * gc.get_threshold()[0])
        ]  # past the young threshold
    finally:
        gc.callbacks.remove(record)
    assert fresh
    assert [c for generation, c in seen if generation < 2 and c >= 5_000] == []
    assert gc.collect() >= 5_000  # the garbage was kept, not lost


def test_the_console_entry_exits_with_mains_code_and_prints_everything(tmp_path):
    (tmp_path / "server.py").write_text(ELICIT_FILE)
    (tmp_path / "clean.py").write_text("x = 1\n")
    command = [
        sys.executable,
        "-m",
        "elicit_lint",
        "check",
        "--no-cache",
        "--output-format",
        "json",
    ]
    found = subprocess.run(
        [*command, "server.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert found.returncode == 1, found.stderr
    assert found.stdout.rstrip().endswith("]") and '"code": "MCP' in found.stdout
    clean = subprocess.run(
        [*command, "clean.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert (clean.returncode, clean.stdout.strip()) == (0, "[]")
