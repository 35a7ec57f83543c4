"""The rules, one module each (docs/architecture.md "Adding a rule").

``ALL_RULES`` is what :func:`elicit_lint.checker.linter.analyse` runs;
``PREFILTER_PATTERN`` (re-exported from :mod:`elicit_lint.analysis.prefilter`, which
owns it) is the byte regex the prefilter uses to skip files in which no rule can
fire (a test checks every rule's invalid examples pass it): a new rule widens it there.

The rule modules (and the model they import) load on first use of ``ALL_RULES``,
``RULES_BY_CODE`` or ``Rule`` (PEP 562 ``__getattr__``): the prefilter reads
``PREFILTER_PATTERN`` from here on every run, and a run in which no file passes
it never needs the rules (about 20 ms of imports saved on a clean file).
"""

from __future__ import annotations

from ..analysis.prefilter import (
    PREFILTER_PATTERN,
    PREFILTER_WORD_PATTERN,
    PREFILTER_WORDS,
)

_LAZY = ("ALL_RULES", "RULES_BY_CODE", "Rule")


def __getattr__(name: str) -> object:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from . import _registry

    for attr in _LAZY:
        globals()[attr] = getattr(_registry, attr)
    return globals()[name]


__all__ = ["ALL_RULES", "PREFILTER_PATTERN", "PREFILTER_WORDS", "PREFILTER_WORD_PATTERN", "RULES_BY_CODE", "Rule"]
