"""The rule base class: code, kebab-case name, docstring, examples, diagnostics.

A rule's documentation page is in ruff's format (``## What it does``, ``## Why
is this bad?``, ``## Example``, ``## Use instead`` and, when it has a fix, ``##
Fix safety``). The prose is the class docstring; the code of ``## Example`` and
``## Use instead`` is the rule's first ``invalid`` and first ``valid`` case
(:mod:`elicit_lint.rules.cases`), which the test suite runs: every invalid case
must produce this rule's code and only it, every valid case nothing from this
rule. A docstring may give those two sections a sentence of prose (the code is
appended under it) or leave them out. :attr:`Rule.doc` is the assembled page
body; :mod:`elicit_lint.rules.docs` renders it to ``rules/<CODE>.md``.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterable

from ..analysis.facts import Analysis
from ..core.diagnostic import Diagnostic, Fix
from ..core.messages import split_help
from ..core.noqa import noqa_row
from ..core.settings import RuleSettings
from ..model import Model
from ..model.positions import Span
from .cases import Invalid, Valid, as_invalid, as_valid


class Rule:
    """Base class; subclasses set ``code``, ``name``, ``valid``, ``invalid`` and :meth:`check`."""

    code: str = ""
    name: str = ""
    valid: tuple[str | Valid, ...] = ()
    invalid: tuple[str | Invalid, ...] = ()
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
        """The rule's page body: its class docstring with the code of ``## Example``
        (the first invalid case) and ``## Use instead`` (the first valid case)."""
        docstring = inspect.cleandoc(type(self).__doc__ or "")
        if not (self.invalid and self.valid):
            return docstring
        return with_examples(docstring, as_invalid(self.invalid[0]).code, as_valid(self.valid[0]).code)

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
        """A :class:`Diagnostic` of this rule at ``span`` (``noqa_row``: its first
        row, or the last row of a multi-line string covering it,
        :func:`elicit_lint.core.noqa.noqa_row`).

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
            noqa_row=noqa_row(model.source, span.start.row, model.tree),
            help=help,
        )

    def __repr__(self) -> str:
        return f"<{self.code} {self.name}>"


_AFTER = {"## Example": "## Why is this bad?", "## Use instead": "## Example"}
"""Where a missing example section goes: right after this section."""


def with_examples(docstring: str, example: str, use_instead: str) -> str:
    """``docstring`` (Markdown, ``## `` sections) with ``example`` appended as a
    Python code block to its ``## Example`` section and ``use_instead`` to its
    ``## Use instead`` section; a missing section is added after the one it
    follows in ruff's order (``Why is this bad?`` -> ``Example`` -> ``Use instead``)."""
    parts = re.split(r"(?m)^(## .*)$", docstring)
    preamble, sections = parts[0].strip(), [[h, b.strip()] for h, b in zip(parts[1::2], parts[2::2])]
    for heading, code in (("## Example", example), ("## Use instead", use_instead)):
        headings = [h for h, _ in sections]
        if heading not in headings:
            anchor = _AFTER[heading]
            at = headings.index(anchor) + 1 if anchor in headings else len(sections)
            sections.insert(at, [heading, ""])
            headings.insert(at, heading)
        section = sections[headings.index(heading)]
        block = f"```python\n{code}```"
        section[1] = f"{section[1]}\n{block}" if section[1] else block
    chunks = ([preamble] if preamble else []) + [f"{h}\n{b}" if b else h for h, b in sections]
    return "\n\n".join(chunks)
