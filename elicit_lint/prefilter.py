"""The byte-level prefilter: can this file contain a finding at all?

Run on the raw bytes, before decoding or parsing (DESIGN.md §3).

- :func:`may_produce_diagnostics` is the checker's test (``elicit-lint check``,
  the flake8 plugin): every rule needs an attribute ``.elicit`` (MCP001/MCP002)
  or the ``Elicit`` marker's name (MCP003–MCP008), so a file without a match is
  never decoded or parsed. The pattern is owned by the rules
  (``elicit_lint.rules.PREFILTER_PATTERN``, with ``PREFILTER_WORDS``: literal
  words every match contains) so that a new rule widens it in the same change.
- :func:`may_contain_findings` is the broader test: does the file mention any
  name the model records (``elicit``, ``Elicit``, ``InputRequired``, SDK
  ``Resolve``)? ``elicit-migrate`` uses it (it also reports SDK ``Resolve(fn)``
  markers, which no check rule needs).

Cost: a substring test for literal words screens out almost every file (``bytes``
``in`` is a fast search: the 11.6 MB of the fastmcp 4.2.3 tree in about 10 ms,
where a regex without a literal prefix takes 150 ms); the checker's regex runs
only on the files that contain a word.

Consequence, documented in the README: a file with no match is not read further,
so a syntax error or undecodable bytes in it are not reported (ruff would report
them; they cannot hide an elicitation finding).
"""

from __future__ import annotations

import re
from collections.abc import Callable

_FALLBACK = rb"elicit|Elicit|InputRequired|Resolve"
"""The broad words (:func:`may_contain_findings`; the checker's pattern until the rules export one)."""


def _pattern() -> re.Pattern[bytes]:
    try:
        from .rules import PREFILTER_PATTERN  # type: ignore[attr-defined]
    except ImportError:
        return re.compile(_FALLBACK)
    if isinstance(PREFILTER_PATTERN, re.Pattern):
        return PREFILTER_PATTERN
    return re.compile(PREFILTER_PATTERN)


def _words() -> tuple[bytes, ...]:
    try:
        from .rules import PREFILTER_WORDS  # type: ignore[attr-defined]
    except ImportError:
        return ()
    return tuple(PREFILTER_WORDS)


_META = re.compile(rb"[\\.^$*+?{}\[\]()]")


def _literals(pattern: re.Pattern[bytes]) -> tuple[bytes, ...] | None:
    """The alternatives of a pattern made only of literal words (``a|b|c``), else ``None``."""
    if pattern.flags & re.IGNORECASE or _META.search(pattern.pattern):
        return None
    parts = tuple(pattern.pattern.split(b"|"))
    return parts if all(parts) else None


def _make_test(pattern: re.Pattern[bytes], words: tuple[bytes, ...]) -> Callable[[bytes], bool]:
    literals = _literals(pattern)
    if literals is not None:
        return lambda data: any(word in data for word in literals)
    search = pattern.search
    if not words:
        return lambda data: search(data) is not None
    return lambda data: any(word in data for word in words) and search(data) is not None


_check_test: Callable[[bytes], bool] | None = None
_mention_test: Callable[[bytes], bool] | None = None


def may_produce_diagnostics(data: bytes) -> bool:
    """``True`` when ``data`` (a file's raw bytes) matches the rules' prefilter pattern."""
    global _check_test
    if _check_test is None:
        _check_test = _make_test(_pattern(), _words())
    return _check_test(data)


def may_contain_findings(data: bytes) -> bool:
    """``True`` when ``data`` mentions a name the model records (the broad test, see above)."""
    global _mention_test
    if _mention_test is None:
        _mention_test = _make_test(re.compile(_FALLBACK), ())
    return _mention_test(data)
