"""Fast ``pattern.search(data) is not None`` for a byte regex the prefilter runs on every file.

Generic over the pattern (``analysis.prefilter`` owns the words and the pattern):
:func:`make_test` screens with literal words, then searches the pattern's
top-level alternatives one by one, a leading ``\\b`` checked by hand (each then
keeps the regex engine's literal-prefix scan), and each only when the file holds
the literal strings every match of it contains (:func:`required`); a pair of
alternatives ``A(?=(?s:.)*B)|B(?s:.)*A`` named in ``either_order`` is searched as
"both present". :func:`screen` is the word stage. The answer is always the
pattern's (tests compare them at every cut of sample texts).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

# regex sources, compiled (through ``re``'s own cache) only when a test is built:
# a run whose files all fail the words compiles nothing but the word pattern
_META = rb"[\\.^$*+?{}\[\]()]"
_WORD_BYTE = rb"\w"


def literals(pattern: re.Pattern[bytes]) -> tuple[bytes, ...] | None:
    """The alternatives of a pattern made only of literal words (``a|b|c``), else ``None``."""
    if pattern.flags & re.IGNORECASE or re.search(_META, pattern.pattern):
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
    word_byte = re.compile(_WORD_BYTE)
    if alternative.startswith(rb"\b") and word_byte.fullmatch(alternative[2:3] or b"-"):
        rest = re.compile(alternative[2:], flags)

        def search(data: bytes) -> bool:
            match = rest.search(data)
            while match is not None:
                start = match.start()
                if start == 0 or not word_byte.match(data, start - 1):
                    return True
                match = rest.search(data, start + 1)
            return False

        return search
    compiled = re.compile(alternative, flags)
    return lambda data: compiled.search(data) is not None


_QUANTIFIERS = frozenset(b"*+?{")
_PLAIN = rb"[A-Za-z0-9_ \-'\"=:;,<>@%&!~`/]"


def required(alternative: bytes) -> list[bytes]:
    r"""Byte strings every match of ``alternative`` puts in the text (runs of
    literal bytes at its top level or at the top level of a positive lookahead
    ``(?=...)``: ``\bMCPServer\b(?=(?s:.)*ctx)`` -> ``[b"MCPServer", b"ctx"]``).
    Conservative: a byte followed by a quantifier, inside any other group, a
    class or an escape other than ``\.`` ends a run and is not kept."""
    runs: list[bytes] = []
    run = bytearray()
    i = 0

    def close() -> None:
        if run:
            runs.append(bytes(run))
            run.clear()

    while i < len(alternative):
        char = alternative[i : i + 1]
        following = alternative[i + 2 : i + 3] if char == b"\\" else alternative[i + 1 : i + 2]
        literal = None
        if char == b"\\" and alternative[i + 1 : i + 2] == b".":
            literal, width = b".", 2
        elif re.fullmatch(_PLAIN, char):
            literal, width = char, 1
        if literal is not None and following and following[0] in _QUANTIFIERS:
            literal = None
        if literal is not None:
            run += literal
            i += width
            continue
        close()
        if char == b"(":
            end = _group_end(alternative, i)
            if alternative.startswith(b"(?=", i):
                inner = alternative[i + 3 : end]
                if len(_alternatives(inner)) == 1:
                    runs.extend(required(inner))
            i = end + 1
            if alternative[i : i + 1] and alternative[i] in _QUANTIFIERS:
                i += 1  # a quantified group: skip it and its quantifier
            continue
        if char == b"[":
            i = _class_end(alternative, i) + 1
        elif char == b"{":  # a ``{m,n}`` quantifier: its digits are no literal
            i = alternative.find(b"}", i) + 1 or len(alternative)
        elif char == b"\\":
            i += 2
        else:
            i += 1
    close()
    return runs


def _class_end(source: bytes, i: int) -> int:
    """The index of the ``]`` closing the class opened at ``source[i]``."""
    i += 1
    if source[i : i + 1] == b"^":
        i += 1
    if source[i : i + 1] == b"]":
        i += 1
    while source[i : i + 1] != b"]":
        i += 2 if source[i : i + 1] == b"\\" else 1
    return i


def _group_end(source: bytes, i: int) -> int:
    """The index of the ``)`` closing the group opened at ``source[i]``."""
    depth = 0
    while True:
        char = source[i : i + 1]
        if char == b"\\":
            i += 2
            continue
        if char == b"[":
            i = _class_end(source, i)
        elif char == b"(":
            depth += 1
        elif char == b")":
            depth -= 1
            if depth == 0:
                return i
        i += 1


def _guarded_test(
    alternatives: list[bytes], searchers: list[Callable[[bytes], bool]]
) -> Callable[[bytes], bool]:
    """``any(search(data) for search in searchers)``, each search run only when
    ``data`` holds every :func:`required` string of its alternative (a
    substring test is a fast scan; a regex without a literal prefix, like the
    bare ``ctx`` one, costs ten times more per file). Each string is looked for
    once per file, and not at all when a part of it was not found."""
    needs = [sorted(set(required(alt)), key=len) for alt in alternatives]
    words = sorted({w for need in needs for w in need}, key=len)
    parts = {w: [p for p in words if len(p) < len(w) and p in w] for w in words}
    plan = list(zip(needs, searchers))

    def test(data: bytes) -> bool:
        found: dict[bytes, bool] = {}
        for need, search in plan:
            for word in need:
                has = found.get(word)
                if has is None:
                    has = found[word] = all(found.get(p, True) for p in parts[word]) and word in data
                if not has:
                    break
            else:
                if search(data):
                    return True
        return False

    return test


def make_test(
    pattern: re.Pattern[bytes],
    words: tuple[bytes, ...],
    word_patterns: tuple[re.Pattern[bytes], ...] = (),
    either_order: Mapping[bytes, tuple[bytes, bytes]] | None = None,
) -> Callable[[bytes], bool]:
    """``pattern.search(data) is not None``, faster: ``words`` and ``word_patterns``
    (every match contains a word or a word pattern's match) screen first.
    ``either_order`` maps a pair of alternatives ``A(?=(?s:.)*B)|B(?s:.)*A`` (joined
    with their ``|``) to ``(A, B)``, for pairs where no match of one can share a
    byte with a match of the other: such a pair matches exactly when both parts do."""
    pairs = either_order or {}
    plain = literals(pattern)
    if plain is not None:
        return lambda data: any(word in data for word in plain)
    flags = pattern.flags & ~re.UNICODE
    if flags & (re.MULTILINE | re.VERBOSE) or pattern.pattern.startswith(b"(?"):
        searchers = [lambda data: pattern.search(data) is not None]  # keep it simple
    else:
        alternatives = _paired(_alternatives(pattern.pattern), pairs)
        searchers = [_either_searcher(alt, flags, pairs) or _searcher(alt, flags) for alt in alternatives]
        if not flags & re.IGNORECASE:
            searchers = [_guarded_test(alternatives, searchers)]
    if not words and not word_patterns:
        return lambda data: any(search(data) for search in searchers)
    has_word = screen(words, word_patterns)
    return lambda data: has_word(data) and any(search(data) for search in searchers)


def _paired(alternatives: list[bytes], pairs: Mapping[bytes, tuple[bytes, bytes]]) -> list[bytes]:
    """``alternatives`` with each pair named in ``pairs`` joined back into one
    (its two sources with their ``|``; :func:`required` of the joined source is
    both parts' strings, all needed)."""
    out: list[bytes] = []
    i = 0
    while i < len(alternatives):
        joined = b"|".join(alternatives[i : i + 2])
        if joined in pairs:
            out.append(joined)
            i += 2
        else:
            out.append(alternatives[i])
            i += 1
    return out


def _either_searcher(
    alternative: bytes, flags: int, pairs: Mapping[bytes, tuple[bytes, bytes]]
) -> Callable[[bytes], bool] | None:
    """The search of a joined pair of ``pairs`` (both parts found), else ``None``."""
    parts = pairs.get(alternative)
    if parts is None:
        return None
    first, second = (_searcher(part, flags) for part in parts)
    return lambda data: first(data) and second(data)


def screen(words: tuple[bytes, ...], word_patterns: tuple[re.Pattern[bytes], ...]) -> Callable[[bytes], bool]:
    """``True`` when ``data`` holds one of ``words`` or a match of ``word_patterns``."""
    searches = tuple(map(prefixed_search, word_patterns))
    return lambda data: any(word in data for word in words) or any(s(data) for s in searches)


def leading_literal(source: bytes) -> bytes:
    r"""The literal bytes every match of the regex ``source`` starts with (plain
    bytes and ``\.``, up to the first other construct or quantified byte; none
    for a source with top-level alternatives)."""
    if len(_alternatives(source)) > 1:
        return b""
    out = bytearray()
    i = 0
    while i < len(source):
        char = source[i : i + 1]
        literal, width = (b".", 2) if source[i : i + 2] == rb"\." else (char, 1)
        following = source[i + width : i + width + 1]
        if not (width == 2 or re.fullmatch(_PLAIN, char)) or (following and following[0] in _QUANTIFIERS):
            break
        out += literal
        i += width
    return bytes(out)


def prefixed_search(pattern: re.Pattern[bytes]) -> Callable[[bytes], bool]:
    """``pattern.search(data) is not None``; for a pattern whose matches start with
    a literal (and no flags), a match is tried only where ``bytes.find`` finds that
    literal (the regex engine's own prefix scan costs about twice as much per byte,
    and ``mcp.server`` is in every ``fastmcp.server`` import, which do not match)."""
    prefix = b"" if pattern.flags & ~re.UNICODE & ~re.ASCII else leading_literal(pattern.pattern)
    if len(prefix) < 2:
        return lambda data: pattern.search(data) is not None
    match = pattern.match

    def search(data: bytes) -> bool:
        at = data.find(prefix)
        while at >= 0:
            if match(data, at) is not None:
                return True
            at = data.find(prefix, at + 1)
        return False

    return search
