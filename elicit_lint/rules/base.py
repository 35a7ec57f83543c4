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

from ..analysis.facts import Analysis
from ..core.diagnostic import Diagnostic, Fix
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

    def check(
        self, model: Model, analysis: Analysis, settings: RuleSettings
    ) -> Iterable[Diagnostic]:
        """Yield this rule's diagnostics for one module: a pure function of the
        ``model``, its ``analysis`` (:class:`elicit_lint.analysis.facts.Analysis`,
        the codemod's verdicts, built by the caller for the same model and
        ``settings.runtime_module``) and ``settings``."""
        raise NotImplementedError

    @property
    def doc(self) -> str:
        """The rule's documentation (its class docstring, dedented)."""
        return inspect.cleandoc(type(self).__doc__ or "")

    @property
    def summary(self) -> str:
        """First paragraph of ``## What it does``."""
        doc = self.doc
        body = doc.split("## What it does", 1)[-1].strip()
        return body.split("\n\n", 1)[0].replace("\n", " ").strip()

    def diagnostic(self, model: Model, span: Span, message: str, fix: Fix | None = None) -> Diagnostic:
        """A :class:`Diagnostic` of this rule at ``span`` (``noqa_row`` = its first row)."""
        return Diagnostic(
            code=self.code,
            name=self.name,
            message=message,
            filename=model.filename,
            location=span.start,
            end_location=span.end,
            fix=fix,
            noqa_row=span.start.row,
        )

    def __repr__(self) -> str:
        return f"<{self.code} {self.name}>"
