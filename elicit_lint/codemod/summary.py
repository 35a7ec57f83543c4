"""The end-of-run summary of ``elicit-migrate``, as text or JSON.

Shape of the JSON report (``--report json``)::

    {"files_rewritten": [path...], "sites_rewritten": int,
     "sites_skipped": {reason: ["path:row", ...]}, "failed": {path: error},
     "mode": "write" | "check" | "diff"}

In ``--check``/``--diff`` modes ``files_rewritten`` lists the files that *would*
be rewritten.
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
    skipped: dict[str, list[str]] = field(default_factory=dict)
    failed: dict[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, outcomes: Iterable[FileOutcome], mode: str = "write") -> Summary:
        summary = cls(mode)
        for outcome in sorted(outcomes, key=lambda o: o.path):
            if outcome.status in (REWRITTEN, WOULD_REWRITE):
                summary.files_rewritten.append(outcome.path)
                summary.sites_rewritten += outcome.rewritten
            if outcome.status == FAILED:
                summary.failed[outcome.path] = outcome.error or "failed"
            for skip in outcome.skips:
                summary.skipped.setdefault(skip.reason, []).append(
                    f"{outcome.path}:{skip.row}"
                )
        return summary

    @property
    def sites_skipped(self) -> int:
        return sum(len(v) for v in self.skipped.values())

    def to_json(self) -> str:
        return json.dumps(
            {
                "mode": self.mode,
                "files_rewritten": self.files_rewritten,
                "sites_rewritten": self.sites_rewritten,
                "sites_skipped": self.skipped,
                "failed": self.failed,
            },
            indent=2,
        )

    def to_text(self) -> str:
        verb = "rewritten" if self.mode == "write" else "would be rewritten"
        lines = [
            (
                f"{len(self.files_rewritten)} file(s) {verb}, {self.sites_rewritten} site(s) {verb}, "
                f"{self.sites_skipped} site(s) skipped, {len(self.failed)} file(s) failed"
            )
        ]
        for path in self.files_rewritten:
            lines.append(f"  {verb}: {path}")
        for reason in sorted(self.skipped, key=lambda r: (-len(self.skipped[r]), r)):
            where = self.skipped[reason]
            lines.append(f"skipped ({len(where)}): {reason}")
            lines.extend(f"  {w}" for w in where)
        for path, error in self.failed.items():
            lines.append(f"failed: {path}: {error}")
        return "\n".join(lines)
