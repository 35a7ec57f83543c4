"""The end-of-run summary of ``elicit-migrate``, as text or JSON.

Shape of the JSON report (``--report json``)::

    {"mode": "write" | "check" | "diff",
     "files_rewritten": [path...], "sites_rewritten": int,
     "files_would_rewrite": [path...], "sites_would_rewrite": int,
     "sites_skipped": {reason: ["path:row", ...]}, "failed": {path: error},
     "notes": {note: ["path:row", ...]},  # documented differences of rewritten tools
     "diffs": {path: unified diff}}   # with --diff only

With ``--diff --report json`` the diffs travel inside the JSON (``diffs``), so
stdout stays one parseable document; with a text report they go to stdout and
the summary to stderr, as ``ruff --diff`` does.

``files_rewritten``/``sites_rewritten`` count what was written to disk, so they
are empty/0 in ``--check``/``--diff`` modes, which write nothing; there
``files_would_rewrite``/``sites_would_rewrite`` count what a write run would
rewrite (and they are empty/0 in write mode). The text summary says the same
way round, as ``ruff format --check`` does ("Would reformat: path"): "rewritten:
path" in write mode, "would rewrite: path" with ``--check``/``--diff``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field

from .engine import FAILED, REWRITTEN, WOULD_REWRITE, FileOutcome


@dataclass
class Summary:
    """Totals over a run, built from :class:`.engine.FileOutcome` values."""

    mode: str = "write"
    files_rewritten: list[str] = field(default_factory=list)
    sites_rewritten: int = 0
    files_would_rewrite: list[str] = field(default_factory=list)
    sites_would_rewrite: int = 0
    skipped: dict[str, list[str]] = field(default_factory=dict)
    failed: dict[str, str] = field(default_factory=dict)
    diffs: dict[str, str] = field(default_factory=dict)
    notes: dict[str, list[str]] = field(default_factory=dict)
    """``{note: ["path:row", ...]}``: what rewritten tools change in a documented
    way (docs/codemod.md), told so nobody has to find it there."""

    @classmethod
    def of(cls, outcomes: Iterable[FileOutcome], mode: str = "write") -> Summary:
        summary = cls(mode)
        for outcome in sorted(outcomes, key=lambda o: o.path):
            if outcome.status == REWRITTEN:
                summary.files_rewritten.append(outcome.path)
                summary.sites_rewritten += outcome.rewritten
            if outcome.status == WOULD_REWRITE:
                summary.files_would_rewrite.append(outcome.path)
                summary.sites_would_rewrite += outcome.rewritten
            if outcome.status == FAILED:
                summary.failed[outcome.path] = outcome.error or "failed"
            if mode == "diff" and outcome.diff:
                summary.diffs[outcome.path] = outcome.diff
            if outcome.status in (REWRITTEN, WOULD_REWRITE):
                for row, note in outcome.notes:
                    summary.notes.setdefault(note, []).append(f"{outcome.path}:{row}")
            for skip in outcome.skips:
                summary.skipped.setdefault(skip.reason, []).append(
                    f"{outcome.path}:{skip.row}"
                )
        return summary

    @property
    def sites_skipped(self) -> int:
        return sum(len(v) for v in self.skipped.values())

    def to_json(self) -> str:
        """The JSON report (shape in the module docstring); ``diffs`` only in diff mode."""
        extra = {"diffs": self.diffs} if self.mode == "diff" else {}
        return json.dumps(
            {
                "mode": self.mode,
                "files_rewritten": self.files_rewritten,
                "sites_rewritten": self.sites_rewritten,
                "files_would_rewrite": self.files_would_rewrite,
                "sites_would_rewrite": self.sites_would_rewrite,
                "sites_skipped": self.skipped,
                "failed": self.failed,
                "notes": self.notes,
                **extra,
            },
            indent=2,
        )

    def to_text(self) -> str:
        if self.mode == "write":
            verb, each = "rewritten", "rewritten"
            files, sites = self.files_rewritten, self.sites_rewritten
        else:
            verb, each = "would be rewritten", "would rewrite"
            files, sites = self.files_would_rewrite, self.sites_would_rewrite
        lines = [
            (
                f"{len(files)} file(s) {verb}, {sites} site(s) {verb}, "
                f"{self.sites_skipped} site(s) skipped, {len(self.failed)} file(s) failed"
            )
        ]
        for path in files:
            lines.append(f"  {each}: {path}")
        for reason in sorted(self.skipped, key=lambda r: (-len(self.skipped[r]), r)):
            where = self.skipped[reason]
            lines.append(f"skipped ({len(where)}): {reason}")
            lines.extend(f"  {w}" for w in where)
        for note, where in self.notes.items():
            lines.append(f"note ({len(where)}): {note}")
            lines.extend(f"  {w}" for w in where)
        for path, error in self.failed.items():
            lines.append(f"failed: {path}: {error}")
        return "\n".join(lines)
