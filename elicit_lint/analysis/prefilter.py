"""The byte-level prefilter: can this file contain a finding at all?

Run on the raw bytes, before decoding or parsing (docs/architecture.md "Data flow: `elicit-lint check`"). Every rule
needs an attribute ``.elicit`` (MCP001/MCP002) or the ``Elicit`` marker's name
(MCP003–MCP008), or another word its rule module adds, so a file without a match
is never decoded or parsed. This module owns the pattern
(:data:`PREFILTER_PATTERN`, with :data:`PREFILTER_WORDS`: literal words every match
contains; ``elicit_lint.rules`` re-exports both), so a new rule widens it here in
the same change. The codemod's prefilter (:func:`may_need_rewrite`) and the
runner's (:func:`may_have_imperative_site`) are built from the same pieces
(:data:`ATTRIBUTE_ELICIT`, :data:`SDK_RESOLVE`): checker, flake8 plugin and
codemod never disagree on which bytes may hold a site.

Cost (fastmcp 4.2.3 tree, 1,103 files, 11.6 MB): a substring test for the words
(:func:`passes_words`) screens out 87% of the files (``bytes`` ``in`` is a fast
search; a regex without a literal prefix over every file takes 150 ms; 145 files
pass: ``mcp.server`` counts only as a whole word followed by ``.fastmcp`` or
whitespace, :data:`PREFILTER_WORD_PATTERN`). On those the pattern's
top-level alternatives are searched one by one, a leading ``\\b`` checked by
hand (each then keeps the regex engine's literal-prefix scan), and each only
when the file holds the literal strings every match of it contains
(:func:`_required`). The answer is always the pattern's.

Consequence, documented in the README: a file with no match is not read further,
so a syntax error or undecodable bytes in it are not reported (ruff would report
them; they cannot hide an elicitation finding).
"""

from __future__ import annotations

import re
from collections.abc import Callable

ATTRIBUTE_ELICIT: bytes = rb"\.(?>\s|\\|#[^\n]*)*+elicit\b"
"""An attribute ``elicit``: a ``.`` followed by the word ``elicit`` with only
whitespace, line continuations and (inside brackets) comments between them
(``await (ctx.  # c\n elicit(...))`` too). Every ``<expr>.elicit(...)`` call has it."""

SDK_RESOLVE: bytes = rb"\bResolve\b(?=(?s:.)*mcpserver)|mcpserver(?s:.)*\bResolve\b"
"""An SDK v2 ``Resolve`` marker's file: the word ``Resolve`` and, before or after
it, ``mcpserver`` (see :data:`PREFILTER_PATTERN`)."""

_WS = rb"(?>\s|\\|#[^\n]*)*+"
HANDSHAKE_CALL: bytes = (
    rb"\.%ssession%s\.%s(?:elicit_url|elicit_form|create_message|list_roots)\b" % (_WS, _WS, _WS)
    + rb"|\.%selicit_url\b|\belicit_(?:url|with_validation)\b" % _WS
)
"""The handshake-only calls other than ``.elicit`` (``Model.handshake_calls``):
``<ctx>.session.<method>(...)`` for a back-channel method (``.session.elicit`` is
already an attribute ``elicit``), ``ctx.elicit_url(...)``, and the SDK's helpers
``elicit_with_validation(...)`` / ``elicit_url(...)``."""

MCP1_IMPORT: bytes = rb"\bmcp\.server\.fastmcp\b|\bmcp\.server\s+import\b[^\n]*\bfastmcp\b"
"""An import of mcp 1.x's ``mcp.server.fastmcp`` (MCP017)."""

_BARE_CTX = rb"[(,]\s*ctx\s*[,)]"
BARE_CTX_ON_MCPSERVER: bytes = (
    rb"\bMCPServer\b(?=(?s:.)*" + _BARE_CTX + rb")|" + _BARE_CTX + rb"(?=(?s:.)*\bMCPServer\b)"
)
"""An unannotated parameter ``ctx`` in a file that names ``MCPServer`` (MCP022)."""

_EITHER_ORDER: dict[bytes, tuple[bytes, bytes]] = {
    SDK_RESOLVE: (rb"\bResolve\b", b"mcpserver"),
    BARE_CTX_ON_MCPSERVER: (rb"\bMCPServer\b", _BARE_CTX),
}
"""Pairs of alternatives ``A(?=(?s:.)*B)|B...A`` that match exactly when the file
holds a match of ``A`` and one of ``B``, in either order: no match of one can
share a byte with a match of the other (no suffix of one is a prefix of the
other, ``(``/``,``/``)`` are not in ``MCPServer``), so whichever comes first ends
before the other starts. :func:`_make_test` searches each part once instead of
the regex's ``(?s:.)*`` run from every occurrence of the first to the end of
the file (about a third of the prefilter's instructions on the fastmcp 4.2.3
tree)."""

PREFILTER_PATTERN: bytes = (
    ATTRIBUTE_ELICIT + rb"|\bElicit\b|\b_elicit_resolution\b|" + SDK_RESOLVE
    + b"|" + HANDSHAKE_CALL + b"|" + MCP1_IMPORT + b"|" + BARE_CTX_ON_MCPSERVER
)
"""A file can only produce a diagnostic when it matches.

- MCP001/MCP002/MCP015/MCP016/MCP021 need a call ``<expr>.elicit(...)``: an attribute ``elicit``, i.e. a
  ``.`` followed by the word ``elicit`` with only whitespace, line continuations
  and (inside brackets) comments between them;
- MCP003–MCP012 and MCP019 need a name that resolves to the ``Elicit`` marker
  (``elicit_lint.runtime.Elicit`` / ``fastmcp.elicitation.Elicit``): every import
  that binds it, and every use after a star import, spells the word ``Elicit``.
  ``InputRequiredResult`` (MCP005) only matters in a function that also has an
  ``Elicit`` marker, so it is not needed here.
- MCP018 needs the private module's name, ``_elicit_resolution``, in an import.
- MCP013/MCP014 need an SDK ``Resolve(fn)`` marker: the word ``Resolve`` (a
  ``Sample``/``ListRoots`` resolver's file may not spell ``Elicit`` at all) and,
  before or after it, ``mcpserver``: every binding of ``mcp.server.mcpserver.Resolve``
  spells the module (``from mcp.server.mcpserver import Resolve``, ``import
  mcp.server.mcpserver as s``, ``from mcp.server import mcpserver``, a star import);
  a relative import never resolves to it. Without it, the 37 files of the fastmcp
  4.2.3 tree that say "Resolve" only in a docstring or comment were parsed and
  modelled for nothing (23 -> 60 candidates, about +120 ms).

- MCP001/MCP021 also need the other handshake-only calls (:data:`HANDSHAKE_CALL`);
  MCP017 an import of ``mcp.server.fastmcp`` (:data:`MCP1_IMPORT`); MCP022 an
  unannotated ``ctx`` in a file naming ``MCPServer`` (:data:`BARE_CTX_ON_MCPSERVER`).
  On the fastmcp 4.2.3 tree these take the candidates from 26 to 33 files (3 with
  ``ctx.session.*`` calls, 2 naming ``mcp.server.fastmcp``, 2 naming ``MCPServer``
  beside a bare ``ctx``); the other 1,070 files still skip.

Known blind spot (shared with any byte-level filter): a name spelled through a
string annotation with escape sequences (``"\\x45licit(...)"``) after a star import."""

PREFILTER_WORDS: tuple[bytes, ...] = (
    b"elicit", b"Elicit", b"Resolve", b"create_message", b"list_roots", b"MCPServer"
)
"""Every match of :data:`PREFILTER_PATTERN` contains one of these words or a match of
:data:`PREFILTER_WORD_PATTERN`; the prefilter tests for them with a fast substring
search (and that one literal-prefixed regex) before running the pattern."""

PREFILTER_WORD_PATTERN: bytes = rb"mcp\.server(?<!\wmcp\.server)(?:\.fastmcp|\s)"
"""What every :data:`MCP1_IMPORT` match contains: ``mcp.server`` as a whole word
(``\b`` before it, checked by a look-behind so the regex engine keeps its
literal-prefix scan), then ``.fastmcp`` or whitespace. The plain word
``mcp.server`` was in every ``fastmcp.server`` import (530 of the fastmcp 4.2.3
tree's 1,103 files passed the words; 145 with this)."""


def _pattern() -> re.Pattern[bytes]:
    return re.compile(PREFILTER_PATTERN)


def _words() -> tuple[bytes, ...]:
    return PREFILTER_WORDS


def _word_patterns() -> tuple[re.Pattern[bytes], ...]:
    return (re.compile(PREFILTER_WORD_PATTERN),)


# regex sources, compiled (through ``re``'s own cache) only when a test is built:
# a run whose files all fail the words compiles nothing but the word pattern
_META = rb"[\\.^$*+?{}\[\]()]"
_WORD_BYTE = rb"\w"


def _literals(pattern: re.Pattern[bytes]) -> tuple[bytes, ...] | None:
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


def _required(alternative: bytes) -> list[bytes]:
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
                    runs.extend(_required(inner))
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
    ``data`` holds every :func:`_required` string of its alternative (a
    substring test is a fast scan; a regex without a literal prefix, like the
    bare ``ctx`` one, costs ten times more per file). Each string is looked for
    once per file, and not at all when a part of it was not found."""
    needs = [sorted(set(_required(alt)), key=len) for alt in alternatives]
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


def _make_test(
    pattern: re.Pattern[bytes], words: tuple[bytes, ...], word_patterns: tuple[re.Pattern[bytes], ...] = ()
) -> Callable[[bytes], bool]:
    """``pattern.search(data) is not None``, faster: ``words`` and ``word_patterns``
    (every match contains a word or a word pattern's match) screen first."""
    literals = _literals(pattern)
    if literals is not None:
        return lambda data: any(word in data for word in literals)
    flags = pattern.flags & ~re.UNICODE
    if flags & (re.MULTILINE | re.VERBOSE) or pattern.pattern.startswith(b"(?"):
        searchers = [lambda data: pattern.search(data) is not None]  # keep it simple
    else:
        alternatives = _paired(_alternatives(pattern.pattern))
        searchers = [_either_searcher(alt, flags) or _searcher(alt, flags) for alt in alternatives]
        if not flags & re.IGNORECASE:
            searchers = [_guarded_test(alternatives, searchers)]
    if not words and not word_patterns:
        return lambda data: any(search(data) for search in searchers)
    screen = _screen(words, word_patterns)
    return lambda data: screen(data) and any(search(data) for search in searchers)


def _paired(alternatives: list[bytes]) -> list[bytes]:
    """``alternatives`` with each pair of :data:`_EITHER_ORDER` joined back into one
    (its two sources with their ``|``; :func:`_required` of the joined source is
    both parts' strings, all needed)."""
    out: list[bytes] = []
    i = 0
    while i < len(alternatives):
        joined = b"|".join(alternatives[i : i + 2])
        if joined in _EITHER_ORDER:
            out.append(joined)
            i += 2
        else:
            out.append(alternatives[i])
            i += 1
    return out


def _either_searcher(alternative: bytes, flags: int) -> Callable[[bytes], bool] | None:
    """The search of a joined :data:`_EITHER_ORDER` pair (both parts found), else ``None``."""
    parts = _EITHER_ORDER.get(alternative)
    if parts is None:
        return None
    first, second = (_searcher(part, flags) for part in parts)
    return lambda data: first(data) and second(data)


def _screen(words: tuple[bytes, ...], word_patterns: tuple[re.Pattern[bytes], ...]) -> Callable[[bytes], bool]:
    """``True`` when ``data`` holds one of ``words`` or a match of ``word_patterns``."""
    searches = tuple(map(_prefixed_search, word_patterns))
    return lambda data: any(word in data for word in words) or any(s(data) for s in searches)


def _leading_literal(source: bytes) -> bytes:
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


def _prefixed_search(pattern: re.Pattern[bytes]) -> Callable[[bytes], bool]:
    """``pattern.search(data) is not None``; for a pattern whose matches start with
    a literal (and no flags), a match is tried only where ``bytes.find`` finds that
    literal (the regex engine's own prefix scan costs about twice as much per byte,
    and ``mcp.server`` is in every ``fastmcp.server`` import, which do not match)."""
    prefix = b"" if pattern.flags & ~re.UNICODE & ~re.ASCII else _leading_literal(pattern.pattern)
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


_screen_test: Callable[[bytes], bool] | None = None


def passes_words(data: bytes) -> bool:
    """The prefilter's first, quick stage: does ``data`` hold one of
    :data:`PREFILTER_WORDS` or a match of :data:`PREFILTER_WORD_PATTERN`? A file
    that does not is not searched further (:func:`may_produce_diagnostics`)."""
    global _screen_test
    if _screen_test is None:
        _screen_test = _screen(_words(), _word_patterns())
    return _screen_test(data)


_test: Callable[[bytes], bool] | None = None


def may_produce_diagnostics(data: bytes) -> bool:
    """``True`` when ``data`` (a file's raw bytes) matches the rules' prefilter pattern."""
    global _test
    if not passes_words(data):
        return False
    if _test is None:  # compiled at the first file that passes the words (a clean run needs none)
        _test = _make_test(_pattern(), ())
    return _test(data)


IMPERATIVE_SITE = ATTRIBUTE_ELICIT
"""The regex of bytes every imperative elicitation ``<context>.elicit(...)`` contains
(:data:`ATTRIBUTE_ELICIT`). The runner loads MCP001's planner before forking only
when a file may need it."""


def may_have_imperative_site(data: bytes) -> bool:
    """``True`` when ``data`` may hold an imperative elicitation (MCP001's sites)."""
    return b"elicit" in data and re.search(IMPERATIVE_SITE, data) is not None


REWRITE_PATTERN: bytes = ATTRIBUTE_ELICIT + b"|" + SDK_RESOLVE
"""The codemod's byte-level prefilter: every site it rewrites or reports is an
attribute ``.elicit`` call (:data:`ATTRIBUTE_ELICIT`, as MCP001 sees it) or an SDK
``Resolve(fn)`` marker (:data:`SDK_RESOLVE`, as MCP013/MCP014 see it)."""

_rewrite_test: Callable[[bytes], bool] | None = None


def may_need_rewrite(data: bytes) -> bool:
    """``True`` when a file's raw bytes may hold a site ``elicit-migrate`` acts on
    (:data:`REWRITE_PATTERN`); files without a match are never decoded or parsed."""
    global _rewrite_test
    if _rewrite_test is None:
        _rewrite_test = _make_test(re.compile(REWRITE_PATTERN), (b"elicit", b"Resolve"))
    return _rewrite_test(data)
