"""``elicit-lint rule``: a rule's page at the command line, in ``ruff rule``'s layout.

Rendered at run time from the rule's docstring (the same text ``rules/<CODE>.md``
is generated from by :mod:`elicit_lint.rules.docs`), so an installed package
prints it without the repository. Layout checked against ``ruff rule F401`` and
``ruff rule --all [--output-format json]`` (ruff 0.17.6):

- text: ``# name (CODE)``, ``Derived from the **elicit-lint** linter.``, the fix
  line (``Fix is sometimes available.``; omitted when no fix is available, as
  ruff omits it), then the explanation; ``--all`` prints each rule followed by
  a blank line;
- JSON: one object (a list for ``--all``) with ruff's keys in ruff's order,
  indented by two spaces, without a trailing newline, as ruff writes it.
"""

from __future__ import annotations

import inspect
import json
import os
from typing import Any

from .base import Rule

LINTER = "elicit-lint"
_FIX_TEXT = {
    "Always": "Fix is always available.",
    "Sometimes": "Fix is sometimes available.",
    "None": "Fix is not available.",
}


def explanation(rule: Rule) -> str:
    """The rule's documentation (its docstring) with a final newline, ruff's ``explanation``."""
    return rule.doc.rstrip("\n") + "\n"


def text(rule: Rule) -> str:
    """``ruff rule CODE``'s text for ``rule``."""
    head = f"# {rule.name} ({rule.code})\n\nDerived from the **{LINTER}** linter.\n\n"
    if rule.fix_availability != "None":
        head += _FIX_TEXT[rule.fix_availability] + "\n\n"
    return head + explanation(rule)


def _source_location(rule: Rule) -> dict[str, Any]:
    cls = type(rule)
    file = inspect.getsourcefile(cls) or ""
    package = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(file))))
    return {"file": os.path.relpath(file, package).replace(os.sep, "/"),
            "line": inspect.getsourcelines(cls)[1]}


def as_dict(rule: Rule) -> dict[str, Any]:
    """``ruff rule CODE --output-format json``'s object for ``rule``.

    ``summary`` is the first paragraph of ``## What it does`` (ruff's is the
    message format, which our rules build at run time); ``message_formats`` is
    therefore empty; ``status`` is ``Stable`` since this package's first version.
    """
    return {
        "name": rule.name,
        "code": rule.code,
        "linter": LINTER,
        "summary": rule.summary,
        "message_formats": [],
        "fix": _FIX_TEXT[rule.fix_availability],
        "fix_availability": rule.fix_availability,
        "explanation": explanation(rule),
        "preview": False,
        "status": {"Stable": {"since": "0.1.0"}},
        "source_location": _source_location(rule),
    }


def render(rules: list[Rule], output_format: str, many: bool) -> str:
    """The output of ``elicit-lint rule`` for ``rules`` (``many``: ``--all``)."""
    if output_format == "json":
        value: Any = [as_dict(r) for r in rules] if many else as_dict(rules[0])
        return json.dumps(value, indent=2, ensure_ascii=False)
    return "".join(text(r) + ("\n" if many else "") for r in rules)
