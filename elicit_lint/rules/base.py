"""The rule base class: code, kebab-case name, docstring, examples, diagnostics.

A rule's class docstring is its documentation page in ruff's format (``## What
it does``, ``## Why is this bad?``, ``## Example``, ``## Use instead`` and,
when it has a fix, ``## Fix safety``); :mod:`elicit_lint.rules.docs` renders it
to ``rules/<CODE>.md``. ``valid`` and ``invalid`` are complete modules that the
test suite runs: every invalid example must produce this rule's code and only
it, every valid example nothing from this rule.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable

from ..core.diagnostic import Diagnostic, Fix
from ..core.messages import split_help
from ..core.settings import RuleSettings
from ..model import Model
from ..model.positions import Span


class Rule:
    """Base class; subclasses set ``code``, ``name``, ``valid``, ``invalid`` and :meth:`check`."""

    code: str = ""
    name: str = ""
    valid: tuple[str, ...] = ()
    invalid: tuple[str, ...] = ()
    implies: frozenset[str] = frozenset()
    """Codes that every finding of this rule necessarily comes with (MCP002 sits
    on a call MCP001 also reports); the example tests allow exactly these."""

    def check(self, model: Model, settings: RuleSettings) -> Iterable[Diagnostic]:
        """Yield this rule's diagnostics for one module."""
        raise NotImplementedError

    @property
    def doc(self) -> str:
        """The rule's documentation (its class docstring, dedented)."""
        return inspect.cleandoc(type(self).__doc__ or "")

    @property
    def fix_availability(self) -> str:
        """ruff's ``fix_availability``: ``"Sometimes"`` for a rule whose page has a
        ``## Fix safety`` section (it offers a fix where it can show one is
        right), else ``"None"``."""
        return "Sometimes" if "## Fix safety" in self.doc else "None"

    @property
    def summary(self) -> str:
        """First paragraph of ``## What it does``."""
        doc = self.doc
        body = doc.split("## What it does", 1)[-1].strip()
        return body.split("\n\n", 1)[0].replace("\n", " ").strip()

    def diagnostic(
        self, model: Model, span: Span, message: str, fix: Fix | None = None, help: str | None = None
    ) -> Diagnostic:
        """A :class:`Diagnostic` of this rule at ``span`` (``noqa_row`` = its first row).

        ``message`` is one line, the what; ``help`` the how (a separate line, see
        :class:`elicit_lint.core.diagnostic.Diagnostic`). Without ``help``, a
        ``"what; how"`` message is split at its first ``"; "``
        (:func:`elicit_lint.core.messages.split_help`): the wording the runtime
        raises whole is shown by the checker as a message and a help line."""
        if help is None:
            message, help = split_help(message)
        return Diagnostic(
            code=self.code,
            name=self.name,
            message=message,
            filename=model.filename,
            location=span.start,
            end_location=span.end,
            fix=fix,
            noqa_row=span.start.row,
            help=help,
        )

    def __repr__(self) -> str:
        return f"<{self.code} {self.name}>"
