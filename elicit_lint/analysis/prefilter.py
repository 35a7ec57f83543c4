"""The byte-level prefilter: can this file contain a finding at all?

Run on the raw bytes, before decoding or parsing (docs/architecture.md "Data flow: `elicit-lint check`"). Every rule
needs an attribute ``.elicit`` (MCP001/MCP002) or the ``Elicit`` marker's name
(MCP003–MCP008), or another word its rule module adds, so a file without a match
is never decoded or parsed. The pattern is owned by the rules
(``elicit_lint.rules.PREFILTER_PATTERN``, with ``PREFILTER_WORDS``: literal words
every match contains) so that a new rule widens it in the same change; the
fallback below is used until the rules package exports one.

Cost (fastmcp 4.2.3 tree, 1,103 files, 11.6 MB): a substring test for the words
screens out all but 54 files in about 12 ms (``bytes`` ``in`` is a fast search;
a regex without a literal prefix over every file takes 150 ms). On those 54
files the pattern's top-level alternatives are searched one by one, a leading
``\\b`` checked by hand: each then keeps the regex engine's literal-prefix scan
(1.4 ms instead of 15 ms for the whole pattern); the answer is the pattern's.

Consequence, documented in the README: a file with no match is not read further,
so a syntax error or undecodable bytes in it are not reported (ruff would report
them; they cannot hide an elicitation finding).
"""

from __future__ import annotations

import re
from collections.abc import Callable

_FALLBACK = rb"elicit|Elicit|InputRequired|Resolve"


def _pattern() -> re.Pattern[bytes]:
    try:
        from ..rules import PREFILTER_PATTERN  # type: ignore[attr-defined]
    except ImportError:
        return re.compile(_FALLBACK)
    if isinstance(PREFILTER_PATTERN, re.Pattern):
        return PREFILTER_PATTERN
    return re.compile(PREFILTER_PATTERN)


def _words() -> tuple[bytes, ...]:
    try:
        from ..rules import PREFILTER_WORDS  # type: ignore[attr-defined]
    except ImportError:
        return ()
    return tuple(PREFILTER_WORDS)


_META = re.compile(rb"[\\.^$*+?{}\[\]()]")
_WORD_BYTE = re.compile(rb"\w")


def _literals(pattern: re.Pattern[bytes]) -> tuple[bytes, ...] | None:
    """The alternatives of a pattern made only of literal words (``a|b|c``), else ``None``."""
    if pattern.flags & re.IGNORECASE or _META.search(pattern.pattern):
        return None
    parts = tuple(pattern.pattern.split(b"|"))
    return parts if all(parts) else None


def _alternatives(source: bytes) -> list[bytes]:
    """The top-level ``|`` alternatives of a regex source (groups, classes and
    escapes respected); the whole source when it has none."""
    parts, depth, start, i, in_class = [], 0, 0, 0, False
    while i < len(source):
        char = source[i : i + 1]
        if char == b"\\":
            i += 2
            continue
        if in_class:
            in_class = char != b"]"
        elif char == b"[":
            in_class = True
            if source[i + 1 : i + 2] == b"^":
                i += 1
            if source[i + 1 : i + 2] == b"]":  # a leading ']' is literal
                i += 1
        elif char == b"(":
            depth += 1
        elif char == b")":
            depth -= 1
        elif char == b"|" and depth == 0:
            parts.append(source[start:i])
            start = i + 1
        i += 1
    parts.append(source[start:])
    return parts


def _searcher(alternative: bytes, flags: int) -> Callable[[bytes], bool]:
    r"""``search(alternative)``; ``\bword...`` as ``word...`` found after a non-word byte."""
    if alternative.startswith(rb"\b") and _WORD_BYTE.fullmatch(alternative[2:3] or b"-"):
        rest = re.compile(alternative[2:], flags)

        def search(data: bytes) -> bool:
            match = rest.search(data)
            while match is not None:
                start = match.start()
                if start == 0 or not _WORD_BYTE.match(data, start - 1):
                    return True
                match = rest.search(data, start + 1)
            return False

        return search
    compiled = re.compile(alternative, flags)
    return lambda data: compiled.search(data) is not None


def _make_test(pattern: re.Pattern[bytes], words: tuple[bytes, ...]) -> Callable[[bytes], bool]:
    literals = _literals(pattern)
    if literals is not None:
        return lambda data: any(word in data for word in literals)
    flags = pattern.flags & ~re.UNICODE
    if flags & (re.MULTILINE | re.VERBOSE) or pattern.pattern.startswith(b"(?"):
        searchers = [lambda data: pattern.search(data) is not None]  # keep it simple
    else:
        searchers = [_searcher(alt, flags) for alt in _alternatives(pattern.pattern)]
    if not words:
        return lambda data: any(search(data) for search in searchers)
    return lambda data: any(word in data for word in words) and any(search(data) for search in searchers)


_test: Callable[[bytes], bool] | None = None


def may_produce_diagnostics(data: bytes) -> bool:
    """``True`` when ``data`` (a file's raw bytes) matches the rules' prefilter pattern."""
    global _test
    if _test is None:
        _test = _make_test(_pattern(), _words())
    return _test(data)


IMPERATIVE_SITE = re.compile(rb"\.[ \t\\\r\n]*elicit\b")
"""Bytes every imperative elicitation ``<context>.elicit(...)`` contains: an
attribute ``.elicit`` (spaces, line ends or a backslash continuation may sit
after the dot). Shared by the codemod's prefilter (``codemod.engine``) and the
runner, which loads MCP001's planner before forking only when a file may need it."""


def may_have_imperative_site(data: bytes) -> bool:
    """``True`` when ``data`` may hold an imperative elicitation (MCP001's sites)."""
    return b"elicit" in data and IMPERATIVE_SITE.search(data) is not None
