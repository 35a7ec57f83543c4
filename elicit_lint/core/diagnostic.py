"""The checker's output types: diagnostics, fixes and their text edits.

Shapes follow ruff's JSON output (``ruff check --output-format json``): positions
are 1-based rows and columns (columns counted in characters of the decoded line
plus one), an end position is exclusive, and a fix is a list of edits with an
applicability of ``safe``, ``unsafe`` or ``display-only`` as ruff defines them
(https://docs.astral.sh/ruff/linter/#fix-safety).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Applicability(str, Enum):
    """How safe a fix is to apply automatically (ruff's three levels)."""

    SAFE = "safe"
    UNSAFE = "unsafe"
    DISPLAY_ONLY = "display-only"


@dataclass(frozen=True, order=True)
class Location:
    """A 1-based ``row`` and 1-based ``column`` in the decoded source."""

    row: int
    column: int


@dataclass(frozen=True)
class Edit:
    """Replace the text between ``location`` and ``end_location`` with ``content``.

    An insertion has ``location == end_location``; a deletion has ``content == ""``.
    A line break inside ``content`` is always ``\\n``, whatever the file uses:
    :func:`elicit_lint.checker.fixes.apply_fixes` writes it as the file's own line break
    (the one place that converts).
    """

    content: str
    location: Location
    end_location: Location


@dataclass(frozen=True)
class Fix:
    """A set of edits applied together, with a human ``message`` and an applicability."""

    message: str
    edits: tuple[Edit, ...]
    applicability: Applicability = Applicability.UNSAFE


@dataclass(frozen=True)
class Diagnostic:
    """One finding of one rule.

    ``code`` is ``MCP`` + three digits (or ``invalid-syntax`` / ``io-error`` for
    input the checker could not read), ``name`` the rule's kebab-case name,
    ``filename`` the path as given to the checker. ``noqa_row`` is the row a
    ``# noqa`` comment must sit on to suppress it (the first row of the span, as
    flake8 reports a finding on its start line). ``message`` is one line saying
    what is wrong (ruff's message); ``help`` is the how-to or the why, shown as a
    separate ``help:`` line (``full``), the ``help`` key (``json``) and the
    result's help in SARIF; ``None`` when the message says it all.
    """

    code: str
    name: str
    message: str
    filename: str
    location: Location
    end_location: Location
    fix: Fix | None = None
    noqa_row: int | None = None
    help: str | None = None
    extra: dict = field(default_factory=dict, compare=False, hash=False)

    @property
    def row(self) -> int:
        return self.location.row

    @property
    def sort_key(self) -> tuple:
        return (self.filename, self.location, self.code)
