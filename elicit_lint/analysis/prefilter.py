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
(``regex_search.required``; the search machinery is :mod:`.regex_search`). The
answer is always the pattern's.

Consequence, documented in the README: a file with no match is not read further,
so a syntax error or undecodable bytes in it are not reported (ruff would report
them; they cannot hide an elicitation finding).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .regex_search import make_test, screen

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
    + rb"|\.%s(?:sample(?:_step)?|list_roots)\b" % _WS
)
"""The handshake-only calls other than ``.elicit`` (``Model.handshake_calls``),
and the methods FastMCP 4's ``Context`` no longer has (``ctx.sample(...)``,
``ctx.list_roots()``: ``Model.removed_calls``, MCP029):
``<ctx>.session.<method>(...)`` for a back-channel method (``.session.elicit`` is
already an attribute ``elicit``), ``ctx.elicit_url(...)``, and the SDK's helpers
``elicit_with_validation(...)`` / ``elicit_url(...)``."""

_DOT = rb"(?>\s|\\)*+\.(?>\s|\\)*+"
MCP1_IMPORT: bytes = (
    rb"\bmcp%sserver%sfastmcp\b|\bmcp%sserver(?>\s|\\)+import\b" % (_DOT, _DOT, _DOT)
    + rb"(?:\s*\([^)]*|(?:[^\n\\]|\\(?s:.))*)\bfastmcp\b"
)
"""An import of mcp 1.x's ``mcp.server.fastmcp`` (MCP017): the dotted name with
whitespace or line continuations around its dots (``mcp . server . fastmcp``), or
``from mcp.server import`` naming ``fastmcp`` on the same logical line or inside
its parentheses. The word stage (:data:`PREFILTER_WORD_PATTERN`) still needs
``mcp.server`` unspaced: a file whose only finding is a spaced import is not read."""

_BARE_CTX = rb"[(,]\s*(?:ctx|context)\s*[,)]"
BARE_CTX_ON_MCPSERVER: bytes = (
    rb"\bMCPServer\b(?=(?s:.)*" + _BARE_CTX + rb")|" + _BARE_CTX + rb"(?=(?s:.)*\bMCPServer\b)"
)
"""An unannotated parameter ``ctx`` or ``context`` in a file that names ``MCPServer`` (MCP022)."""

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


def _make_test(
    pattern: re.Pattern[bytes], words: tuple[bytes, ...], word_patterns: tuple[re.Pattern[bytes], ...] = ()
) -> Callable[[bytes], bool]:
    """:func:`regex_search.make_test` with this module's :data:`_EITHER_ORDER` pairs."""
    return make_test(pattern, words, word_patterns, _EITHER_ORDER)

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
    b"elicit", b"Elicit", b"Resolve", b"create_message", b"list_roots", b"MCPServer", b"sample"
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


_screen_test: Callable[[bytes], bool] | None = None


def passes_words(data: bytes) -> bool:
    """The prefilter's first, quick stage: does ``data`` hold one of
    :data:`PREFILTER_WORDS` or a match of :data:`PREFILTER_WORD_PATTERN`? A file
    that does not is not searched further (:func:`may_produce_diagnostics`)."""
    global _screen_test
    if _screen_test is None:
        _screen_test = screen(_words(), _word_patterns())
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


REWRITE_PATTERN: bytes = ATTRIBUTE_ELICIT + b"|" + SDK_RESOLVE + b"|" + HANDSHAKE_CALL
"""The codemod's byte-level prefilter: every site it rewrites or reports is an
attribute ``.elicit`` call (:data:`ATTRIBUTE_ELICIT`, as MCP001 sees it), an SDK
``Resolve(fn)`` marker (:data:`SDK_RESOLVE`, as MCP013/MCP014 see it) or another
handshake-only call it lists as skipped (:data:`HANDSHAKE_CALL`, as MCP001 sees it)."""

_rewrite_test: Callable[[bytes], bool] | None = None


def may_need_rewrite(data: bytes) -> bool:
    """``True`` when a file's raw bytes may hold a site ``elicit-migrate`` acts on
    (:data:`REWRITE_PATTERN`); files without a match are never decoded or parsed."""
    global _rewrite_test
    if _rewrite_test is None:
        # sampling and roots calls (fix13) hold neither `elicit` nor `Resolve`
        words = (b"elicit", b"Resolve", b"create_message", b"list_roots")
        _rewrite_test = _make_test(re.compile(REWRITE_PATTERN), words)
    return _rewrite_test(data)
