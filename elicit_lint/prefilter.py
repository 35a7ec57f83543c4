"""The byte-level prefilter: can this file contain a finding at all?

Run on the raw bytes, before decoding or parsing (DESIGN.md §3). Every rule
needs one of the pattern's words somewhere in the file (an ``elicit`` call or
import, an ``Elicit`` marker, ``InputRequiredResult``, SDK ``Resolve``), so a
file without a match is never decoded or parsed. The pattern is owned by the
rules (``elicit_lint.rules.PREFILTER_PATTERN``) so that a new rule widens it in
the same change; the fallback below is used until the rules package exports it.

Consequence, documented in the README: a file with no match is not read further,
so a syntax error or undecodable bytes in it are not reported (ruff would report
them; they cannot hide an elicitation finding).
"""

from __future__ import annotations

import re

_FALLBACK = rb"elicit|Elicit|InputRequired|Resolve"


def _pattern() -> re.Pattern[bytes]:
    try:
        from .rules import PREFILTER_PATTERN  # type: ignore[attr-defined]
    except ImportError:
        return re.compile(_FALLBACK)
    if isinstance(PREFILTER_PATTERN, re.Pattern):
        return PREFILTER_PATTERN
    return re.compile(PREFILTER_PATTERN)


_compiled: re.Pattern[bytes] | None = None


def may_contain_findings(data: bytes) -> bool:
    """``True`` when ``data`` (a file's raw bytes) matches the prefilter pattern."""
    global _compiled
    if _compiled is None:
        _compiled = _pattern()
    return _compiled.search(data) is not None
