"""The prefilter's quick word stage (``analysis.prefilter.passes_words``) lets through
only files that can hold elicitation or SDK code, and the prefilter as a whole never
drops a file the rules would report on."""

from __future__ import annotations

from pathlib import Path

import pytest

from elicit_lint.analysis.prefilter import (
    PREFILTER_WORDS,
    may_produce_diagnostics,
    passes_words,
)
from elicit_lint.checker.runner import RunOptions, check_source
from elicit_lint.workspace.selection import Layer

REPO = Path(__file__).resolve().parents[2]

FASTMCP_ONLY = (
    b"from fastmcp.server import FastMCP\n"
    b"from fastmcp.server.context import Context\n"
    b"import fastmcp.server.dependencies as deps\n\n"
    b"mcp = FastMCP('x')  # built on mcp.servers elsewhere\n\n\n"
    b"@mcp.tool\nasync def tool(ctx: Context) -> str:\n    return 'fastmcp.server'\n"
)


def test_a_fastmcp_server_import_is_not_an_mcp_server_word():
    """``mcp.server`` was a plain word: every ``fastmcp.server`` import passed it and
    was then searched by the whole pattern (half of the fastmcp 4.2.3 tree)."""
    assert not passes_words(FASTMCP_ONLY)
    assert not may_produce_diagnostics(FASTMCP_ONLY)
    assert not passes_words(b"from mcp.server.lowlevel import Server\nfrom mcp.server.auth import x\n")


@pytest.mark.parametrize(
    "source",
    [
        b"from mcp.server.fastmcp import FastMCP\n",
        b"import mcp.server.fastmcp\n",
        b"from mcp.server import fastmcp\n",
        b"from mcp.server\timport (FastMCP, fastmcp)\n",
        b"x = pkg.mcp.server.fastmcp\n",  # '.' is a word boundary, as in the pattern
        b"mcp.server.fastmcp",
    ],
)
def test_every_mcp1_import_passes_the_words(source):
    assert passes_words(source)
    assert may_produce_diagnostics(source)


def _python_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.py") if p.is_file())


def test_words_are_implied_by_the_pattern_on_real_files(fastmcp_sdist, mcp_sdist):
    """Every file the pattern matches passes the words (the words are a necessary
    condition), on both sdists and the fixtures."""
    from elicit_lint.analysis.prefilter import _pattern

    pattern = _pattern()
    passed = matched = 0
    for path in _python_files(fastmcp_sdist) + _python_files(mcp_sdist) + _python_files(REPO / "fixtures"):
        data = path.read_bytes()
        words = passes_words(data)
        match = pattern.search(data) is not None
        assert not match or words, path
        assert may_produce_diagnostics(data) == match, path
        passed += words
        matched += match
    assert matched and passed < 2 * matched + 400  # 530 of fastmcp's 1,103 alone passed the old words


def test_no_rejected_file_has_a_finding(fastmcp_sdist, mcp_sdist):
    """The full model and every rule on each file the prefilter rejects although it
    names one of the rules' words (``mcp.server`` as a plain word included, the
    files the whole-word test now turns away): nothing to report but what a
    rejected file cannot show (its syntax error, its bytes)."""
    options = RunOptions(layers=(Layer(("ALL",)),))
    words = (*PREFILTER_WORDS, b"mcp.server", b"ctx", b"session")
    rejected = 0
    for path in _python_files(fastmcp_sdist) + _python_files(mcp_sdist) + _python_files(REPO / "fixtures"):
        data = path.read_bytes()
        if may_produce_diagnostics(data) or not any(w in data for w in words):
            continue
        rejected += 1
        result = check_source(str(path), data, options)
        assert result.error is None, (path, result.error)
        codes = {d.code for d in result.diagnostics} - {"invalid-syntax", "io-error"}
        assert not codes, (path, codes)
    assert rejected > 500
