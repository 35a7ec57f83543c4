"""A rule's examples: :class:`Invalid` and :class:`Valid` cases.

The cases are the single source of a rule's examples. The test suite runs every
case (an invalid one must produce the rule's code, and only it plus the rule's
``implies``; a valid one nothing from the rule), and
:mod:`elicit_lint.rules.docs` renders the rule's *first* invalid case as the
page's ``## Example`` and its *first* valid case as ``## Use instead``, so a
page never shows code the tests did not run.

An :class:`Invalid` case may pin the diagnostic it produces, like fixit's
``Invalid(range=...)`` or a ruff snapshot: ``message`` (the exact text) and
``help`` (its help line), ``span`` (``((row, column), (end_row, end_column))``, 1-based, end exclusive,
columns in characters as in the JSON report; rows counted in :attr:`code`, whose
first row is the first non-blank line of the literal). Every rule pins at least
its first invalid case.

A plain string in ``Rule.invalid`` / ``Rule.valid`` is an unpinned case.
"""

from __future__ import annotations

import textwrap

Position = tuple[int, int]
"""``(row, column)``, both 1-based."""


def _normalise(source: str) -> str:
    """``source`` dedented, leading blank lines dropped, ending in one newline."""
    return textwrap.dedent(source).lstrip("\n").rstrip() + "\n"


class Valid:
    """A complete module on which the rule reports nothing.

    A plain class (compared by identity), like :class:`Invalid`: every rule module
    is imported before the checker forks, and a dataclass generates and compiles
    its methods at import (docs/performance.md, "A lean start")."""

    __slots__ = ("source",)
    source: str

    def __init__(self, source: str) -> None:
        self.source = source

    @property
    def code(self) -> str:
        """The module text as it is run and shown (see :func:`_normalise`)."""
        return _normalise(self.source)


class Invalid:
    """A complete module on which the rule reports, optionally pinned.

    ``message`` is the exact message of the rule's first diagnostic (in source
    order) and ``span`` its ``(start, end)`` positions; when either is set the
    rule must report exactly ``diagnostics`` diagnostics on the case.
    ``settings`` are :class:`~elicit_lint.core.settings.RuleSettings` keyword
    arguments the case runs with (the page should say so in a comment).
    """

    __slots__ = ("diagnostics", "help", "message", "settings", "source", "span")
    source: str
    message: str | None
    span: tuple[Position, Position] | None
    help: str | None
    """The first diagnostic's help line (checked with ``message``; ``None``: none)."""
    diagnostics: int
    settings: dict[str, object] | None

    def __init__(
        self,
        source: str,
        message: str | None = None,
        span: tuple[Position, Position] | None = None,
        help: str | None = None,
        diagnostics: int = 1,
        settings: dict[str, object] | None = None,
    ) -> None:
        self.source = source
        self.message = message
        self.span = span
        self.help = help
        self.diagnostics = diagnostics
        self.settings = settings

    @property
    def code(self) -> str:
        """The module text as it is run and shown (see :func:`_normalise`)."""
        return _normalise(self.source)

    @property
    def pinned(self) -> bool:
        """Whether the case pins its diagnostic's message and span."""
        return self.message is not None and self.span is not None


def as_invalid(case: str | Invalid) -> Invalid:
    """``case`` as an :class:`Invalid` (a plain string is an unpinned case)."""
    return case if isinstance(case, Invalid) else Invalid(case)


def as_valid(case: str | Valid) -> Valid:
    """``case`` as a :class:`Valid`."""
    return case if isinstance(case, Valid) else Valid(case)
