"""How much of a tree `elicit-migrate` rewrites, why it skips the rest, and
whether `elicit-lint check` says the same per site.

Usage: ``python benchmarks/migrate_coverage.py [--check] [--json] DIR [DIR ...]``

Runs ``elicit-migrate --diff --report json`` (``--check`` plans with the stdlib
only and renders nothing; ``--diff`` also renders and verifies every rewrite,
so render failures show as failed files) and ``elicit-lint check --select MCP001
--output-format json --no-cache`` on the directories, each in a child process
of this interpreter, and prints:

- sites: the codemod's rewritten plus skipped sites;
- rewritten: the report's ``sites_would_rewrite``;
- skipped by reason: ``sites_skipped``, one row per reason text, most first;
- failed files (``failed``), and checker ``internal-error`` / ``invalid-syntax`` /
  ``io-error`` diagnostics (a crash in a rule is an ``internal-error``,
  docs/architecture.md); they are not counted as handshake calls;
- disagreements (a site suppressed by ``# noqa: MCP001`` or by a configuration that
  turns MCP001 off is skipped by the codemod and silent in the checker: not one):
  an MCP001 row whose help says "`elicit-migrate` can rewrite
  it" where the codemod skipped a site on that row, one that says "cannot
  rewrite it: <reason>" where the codemod skipped nothing on that row, or a
  row both skip with different reason texts. MCP001 also reports handshake
  calls the codemod never rewrites (``ctx.session.create_message``...); those
  carry the "rewrites `ctx.elicit(...)` calls only" reason and are counted
  apart ("other handshake calls"): one the codemod does not list as skipped on
  its row is a disagreement.

``--json`` prints the same figures as one JSON document instead of a table.
The exit status is 0 when both tools ran (whatever they found), 2 when either
could not run (exit code >= 2 with no JSON, or a traceback on stderr).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from dataclasses import dataclass, field

from elicit_lint.core.source import INVALID_SYNTAX, IO_ERROR

CAN = "`elicit-migrate` can rewrite it"
CANNOT = "`elicit-migrate` cannot rewrite it: "
CALLS_ONLY = "it rewrites `ctx.elicit(...)` calls only"
CRASH_CODES = ("internal-error", INVALID_SYNTAX, IO_ERROR)


class ToolFailed(RuntimeError):
    """A tool exited without a usable JSON report (its stderr is the message)."""


@dataclass
class Coverage:
    """The figures of one run over some directories."""

    rewritten: int
    skipped: dict[str, list[str]]
    failed: dict[str, str]
    checker_sites: int = 0
    checker_errors: list[str] = field(default_factory=list)
    other_calls: int = 0
    disagreements: list[str] = field(default_factory=list)
    unseen_asks: int = 0
    """``.elicit(`` occurrences in files the checker could not read (a syntax
    error, e.g. syntax newer than the running Python): asks neither tool saw."""

    @property
    def sites(self) -> int:
        """Rewritten plus skipped sites, as the codemod counts them."""
        return self.rewritten + sum(len(rows) for rows in self.skipped.values())


def _run(module: str, args: list[str]) -> tuple[int, str]:
    """Run ``module``'s ``main`` with ``args`` in a child of this interpreter.

    Returns the exit code and stdout; raises ``ToolFailed`` on exit >= 2 with
    empty stdout or on a traceback in stderr.
    """
    code = f"import sys; from {module} import main; sys.exit(main(sys.argv[1:]))"
    proc = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, check=False
    )
    if "Traceback (most recent call last)" in proc.stderr or (
        proc.returncode >= 2 and not proc.stdout.strip()
    ):
        raise ToolFailed(
            f"{module} {' '.join(args)} exited {proc.returncode}:\n{proc.stderr}"
        )
    return proc.returncode, proc.stdout


def _row_key(path: str, row: int | str) -> str:
    return f"{path}:{row}"


def _normalise(path: str) -> str:
    """The checker prints absolute paths, the codemod the ones it was given: compare them absolute."""
    return os.path.abspath(path)


def _asks_in(path: str) -> int:
    """``.elicit(`` occurrences in the file at ``path`` (0 when unreadable)."""
    try:
        with open(path, "rb") as handle:
            return handle.read().count(b".elicit(")
    except OSError:
        return 0


def measure(dirs: list[str], *, render: bool = True) -> Coverage:
    """Run both tools on ``dirs`` and compare their verdicts site by site.

    ``render=False`` runs ``elicit-migrate --check`` (no libcst) instead of
    ``--diff``. Raises ``ToolFailed`` when a tool could not run.
    """
    _, out = _run(
        "elicit_lint.codemod.cli",
        ["--diff" if render else "--check", "--report", "json", *dirs],
    )
    report = json.loads(out)
    cov = Coverage(
        report["sites_would_rewrite"], report["sites_skipped"], report["failed"]
    )
    _, out = _run(
        "elicit_lint.checker.cli",
        ["check", "--select", "MCP001", "--output-format", "json", "--no-cache", *dirs],
    )
    skipped_at: dict[str, str] = {}
    for reason, rows in cov.skipped.items():
        for where in rows:
            path, _, row = where.rpartition(":")
            skipped_at[_row_key(_normalise(path), row)] = reason
    seen: set[str] = set()
    for diag in json.loads(out):
        where = _row_key(_normalise(diag["filename"]), diag["location"]["row"])
        if diag["code"] in CRASH_CODES:
            unseen = _asks_in(diag["filename"])
            cov.unseen_asks += unseen
            cov.checker_errors.append(
                f"{where}: {diag['code']}: {diag['message']}"
                + (f" ({unseen} `.elicit(` unseen)" if unseen else "")
            )
            continue
        help_text = diag.get("help") or ""
        handshake = CALLS_ONLY in help_text  # `ctx.elicit(...)` calls only (sampling too)
        if handshake or (CAN not in help_text and CANNOT not in help_text):
            cov.other_calls += 1
            seen.add(where)  # an elicitation call the codemod lists as skipped too
            if handshake and where not in skipped_at:  # fix13: sampling, roots
                cov.disagreements.append(
                    f"{where}: checker reports a handshake call; codemod does not list it"
                )
            continue
        cov.checker_sites += 1
        seen.add(where)
        codemod = skipped_at.get(where)
        if CAN in help_text and codemod is not None:
            cov.disagreements.append(
                f"{where}: checker says can rewrite; codemod skips: {codemod}"
            )
        elif CANNOT in help_text:
            said = help_text.split(CANNOT, 1)[1]
            if codemod is None:
                cov.disagreements.append(
                    f"{where}: checker says cannot ({said}); codemod does not skip it"
                )
            elif said != codemod:
                cov.disagreements.append(
                    f"{where}: reasons differ: checker {said!r}; codemod {codemod!r}"
                )
    cov.disagreements += [
        f"{where}: codemod skips ({reason}); checker has no verdict here"
        for where, reason in skipped_at.items()
        if where not in seen and not _suppressed(reason)
    ]
    return cov


def _suppressed(reason: str) -> bool:
    """A skip the checker is silent on by design: ``# noqa: MCP001`` or a configuration
    that turns MCP001 off for the file (both tools leave the site alone)."""
    from elicit_lint.analysis.locate import config_ignored
    from elicit_lint.analysis.suppression import NOQA

    return reason == NOQA or reason.startswith(config_ignored("", "").split("``")[0])


def render_table(cov: Coverage) -> str:
    """The text report: counts, the skip reasons table, failures and disagreements."""
    lines = [
        f"sites: {cov.sites}",
        f"rewritten: {cov.rewritten}",
        f"skipped: {cov.sites - cov.rewritten}",
        "",
    ]
    lines.append("| skipped | reason |")
    lines.append("| ---: | --- |")
    for reason, rows in sorted(
        cov.skipped.items(), key=lambda item: (-len(item[1]), item[0])
    ):
        lines.append(f"| {len(rows)} | {reason} |")
    lines.append("")
    lines.append(f"failed files: {len(cov.failed)}")
    lines += [f"  {path}: {error}" for path, error in sorted(cov.failed.items())]
    lines.append(f"checker errors (internal/syntax/io): {len(cov.checker_errors)}")
    lines += [f"  {line}" for line in cov.checker_errors]
    if cov.unseen_asks:
        lines.append(
            f"asks in files the checker could not read (not counted in sites): "
            f"{cov.unseen_asks}"
        )
    lines.append(
        f"checker MCP001 sites with a verdict: {cov.checker_sites}; other handshake calls: {cov.other_calls}"
    )
    lines.append(f"checker/codemod disagreements: {len(cov.disagreements)}")
    lines += [f"  {line}" for line in cov.disagreements]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, measure, print; 2 when a tool could not run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", nargs="+")
    parser.add_argument(
        "--check",
        action="store_true",
        help="plan only (elicit-migrate --check), render nothing",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args(argv)
    try:
        cov = measure(args.dirs, render=not args.check)
    except ToolFailed as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.json:
        doc = {
            "sites": cov.sites,
            "rewritten": cov.rewritten,
            "skipped": {reason: len(rows) for reason, rows in cov.skipped.items()},
            "failed": cov.failed,
            "checker_errors": cov.checker_errors,
            "checker_sites": cov.checker_sites,
            "other_calls": cov.other_calls,
            "disagreements": cov.disagreements,
        }
        print(json.dumps(doc, indent=2))
    else:
        print(render_table(cov))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
