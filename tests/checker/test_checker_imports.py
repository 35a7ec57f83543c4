"""Speed by laziness: a run over files without elicitation imports no heavy library.

docs/architecture.md "Layers": the check path of a file that fails the prefilter is ``ast`` + ``re``
(+ ``pathspec`` for discovery); libcst, pydantic, fastmcp, mcp and rich must not be
imported. Measured with ``python -X importtime`` in a fresh interpreter.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

FORBIDDEN = ("libcst", "pydantic", "fastmcp", "mcp", "rich")


def imported_modules(cwd, *args) -> set[str]:
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "elicit_lint", *args],
        cwd=cwd, capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode in (0, 1), proc.stderr[-2000:]
    names = set()
    for line in proc.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            names.add(line.rsplit("|", 1)[1].strip())
    return names


@pytest.mark.parametrize("args", [["check", "clean.py"], ["check", "."]])
def test_clean_files_import_nothing_heavy(tmp_path, args):
    (tmp_path / "clean.py").write_text("import os\n\nprint(os.getcwd())\n")
    (tmp_path / "other.py").write_text("def f(x):\n    return x * 2\n")
    names = imported_modules(tmp_path, *args)
    assert "elicit_lint.checker.cli" in names
    heavy = sorted(n for n in names if n.split(".")[0] in FORBIDDEN)
    assert heavy == []


START_UP = ("dataclasses", "inspect", "typing", "shutil", "ast", "tokenize")
"""Standard-library modules a clean-file run does not need (a few ms of start-up
each, ``python -X importtime``): ``dataclasses`` pulls in ``inspect``, ``ast``,
``dis`` and ``tokenize``; argparse's width lookup pulls in ``shutil``."""


def _baseline(cwd) -> set[str]:
    proc = subprocess.run([sys.executable, "-X", "importtime", "-c", "pass"],
                          cwd=cwd, capture_output=True, text=True, timeout=60, check=True)
    return {line.rsplit("|", 1)[1].strip() for line in proc.stderr.splitlines() if "|" in line}


@pytest.mark.parametrize("warm", [False, True])
def test_a_clean_file_run_starts_lean(tmp_path, warm):
    """Issue 13's lean start: beyond what the interpreter itself loads, checking a
    file without elicitation imports none of :data:`START_UP`, whether the
    results cache has its entry (warm) or not."""
    (tmp_path / "clean.py").write_text("import os\n\nprint(os.getcwd())\n")
    if warm:
        imported_modules(tmp_path, "check", "clean.py")  # fills the cache
    names = imported_modules(tmp_path, "check", "clean.py") - _baseline(tmp_path)
    assert "elicit_lint.checker.runner" in names
    assert [n for n in START_UP if n in names] == []


def test_a_check_run_builds_only_the_check_subcommand(tmp_path):
    """Lazy sub-commands: ``check`` neither imports the ``rule`` command's module
    nor anything of the codemod (``elicit_lint.codemod``)."""
    (tmp_path / "clean.py").write_text("import os\n")
    names = imported_modules(tmp_path, "check", "clean.py")
    assert "elicit_lint.checker.cli" in names
    assert "elicit_lint.checker.rule_cmd" not in names
    assert sorted(n for n in names if n.startswith("elicit_lint.codemod")) == []


@pytest.mark.parametrize(
    "argv",
    [["check"], ["check", "a.py", "--select", "MCP001", "--no-cache", "--output-format", "json"],
     ["check", "--fix", "--unsafe-fixes", "--config", "max-rounds = 3", "-"], ["rule", "--all"],
     ["rule", "MCP001", "--output-format", "json"], ["clean"]],
)
def test_a_parser_built_for_one_command_parses_as_the_full_one(argv):
    from elicit_lint.checker.cli import build_parser

    assert vars(build_parser(argv[0]).parse_args(argv)) == vars(build_parser().parse_args(argv))


def test_the_lazy_parser_lists_every_command_with_its_help():
    from elicit_lint.checker.cli import COMMANDS, build_parser

    full = build_parser().format_help()
    assert all(build_parser(command).format_help() == full for command in COMMANDS)


def test_a_file_with_elicitation_still_avoids_libcst_and_pydantic(tmp_path):
    (tmp_path / "server.py").write_text(
        "from fastmcp import Context\n\nasync def f(ctx: Context):\n"
        "    await ctx.elicit('q', response_type=str)\n"
    )
    names = imported_modules(tmp_path, "check", "server.py")
    heavy = sorted(n for n in names if n.split(".")[0] in FORBIDDEN)
    assert heavy == []


def test_prefilter_fast_paths_agree_with_the_regex():
    """Words screen, top-level alternatives searched one by one, a leading ``\\b``
    checked by hand: the answer is always ``pattern.search``'s."""
    import re

    from elicit_lint.analysis.prefilter import _make_test, _pattern, may_produce_diagnostics
    from elicit_lint.analysis.regex_search import literals as _literals
    from elicit_lint.analysis.regex_search import required as _required

    pattern = _pattern()
    samples = [b"x = 1\n", b"await ctx.elicit(", b"Annotated[int, Elicit('q')]",
               b"mcp_types.InputRequiredResult", b"Resolve(fn)", b"ELICIT", b"",
               b"# elicitation", b"ElicitResult", b"self.elicitor", b"(ctx.  # c\n elicit)",
               b"ctx.\\\n    elicit(", b"fe.Elicit", b"import elicit", b"xElicit Elicit",
               b"Elicit", b"_Elicit", b"\xc3\xa9Elicit", b"a.b._elicit_resolution",
               b"from fastmcp.server import _elicit_resolution as r"]
    for data in samples:
        assert may_produce_diagnostics(data) == (pattern.search(data) is not None), data
    others = [rb"\bab?a|x[|]y|(a|b)c", rb"\b_x\b|\.(?:y|z)\b|[]|]q", rb"\b\.|\Bq"]
    texts = [b"aa aba xaa _x a_x .y .z ]q |q x|y xy ac bc .q q Bq", b"xaaa", b"abaa", b"x._x"]
    for source in others:
        regex = re.compile(source)
        test = _make_test(regex, ())
        for text in texts:
            for cut in range(len(text) + 1):
                assert test(text[cut:]) == (regex.search(text[cut:]) is not None), (source, text[cut:])
    more = [rb"\bMCPServer\b(?=(?s:.)*[(,]\s*ctx\s*[,)])|(?:x)+yz|a{2}b|q(?=r|s)t|\.c\b"]
    texts += [b"MCPServer f(ctx)", b"f(ctx) MCPServer", b"MCPServer", b"xxyz yz", b"aab ab", b"qrt qt",
              b"x.c", b"xc"]
    for source in others + more:
        regex = re.compile(source)
        test = _make_test(regex, ())
        for text in texts:
            assert test(text) == (regex.search(text) is not None), (source, text)
    assert _required(rb"\bMCPServer\b(?=(?s:.)*ctx)") == [b"MCPServer", b"ctx"]
    assert _required(rb"\bab?a(x|y)z+w\.v[a.]") == [b"a", b"a", b"w.v"]
    assert _literals(re.compile(rb"a|bc")) == (b"a", b"bc")
    assert _literals(re.compile(rb"\.elicit\b|x")) is None



def test_either_order_pairs_and_prefixed_word_search_agree_with_the_regex():
    """The two ``A(?=(?s:.)*B)|B...A`` pairs searched as "both present" and the
    word pattern tried only where ``bytes.find`` finds its leading literal give the
    regex's answer, at every cut of texts that hold the parts in both orders,
    next to each other, and as parts of longer words."""
    import re

    from elicit_lint.analysis.prefilter import (
        _EITHER_ORDER,
        PREFILTER_WORD_PATTERN,
        REWRITE_PATTERN,
        _make_test,
        _pattern,
        may_need_rewrite,
    )
    from elicit_lint.analysis.regex_search import leading_literal as _leading_literal
    from elicit_lint.analysis.regex_search import prefixed_search as _prefixed_search

    texts = [b"from mcp.server.mcpserver import Resolve\n", b"Resolve mcpserver", b"mcpserverResolve",
             b"Resolvemcpserver x", b"xResolve mcpserver", b"Resolve", b"mcpserver",
             b"MCPServer(ctx)", b"f( ctx ,)MCPServer", b"MCPServerf(ctx)", b"xMCPServer (ctx)",
             b"(ctx)", b"MCPServer", b"import mcp.server.fastmcp", b"fastmcp.server import x",
             b"xmcp.server\n", b"mcp.server import fastmcp", b"a.mcp.server\tz mcp.server",
             b"mcp . server . fastmcp", b"mcp.server import (\n x,\n fastmcp)", b"mcp.server import x, \\\n fastmcp"]
    full, rewrite = _pattern(), re.compile(REWRITE_PATTERN)
    test = _make_test(full, ())
    for text in texts:
        for cut in range(len(text) + 1):
            part = text[cut:]
            assert test(part) == (full.search(part) is not None), part
            assert may_need_rewrite(part) == (rewrite.search(part) is not None), part
    for source in _EITHER_ORDER:
        regex = re.compile(source)
        pair = _make_test(regex, ())
        for text in texts:
            assert pair(text) == (regex.search(text) is not None), (source, text)
    word = re.compile(PREFILTER_WORD_PATTERN)
    assert _leading_literal(PREFILTER_WORD_PATTERN) == b"mcp.server"
    assert _leading_literal(rb"ab|cd") == b"" and _leading_literal(rb"ab*c") == b"a"
    search = _prefixed_search(word)
    for text in texts:
        for cut in range(len(text) + 1):
            assert search(text[cut:]) == (word.search(text[cut:]) is not None), text[cut:]

@pytest.mark.parametrize(
    "source, expected",
    [
        ("await ctx.elicit('q')", True),
        ("await get_context().elicit('q')", True),
        ("x = (ctx.  # comment\n    elicit)('q')", True),
        ("x = ctx. \\\n    elicit('q')", True),
        ("def f(x: Annotated[int, Elicit('q')]): ...", True),
        ("import fastmcp.elicitation as fe\nfe.Elicit", True),
        ("# elicitation is described elsewhere\n", False),
        ("from mcp.types import ElicitResult, ElicitRequestParams\n", False),
        ("from mcp_types import InputRequiredResult\n", False),
        ("from mcp.server.mcpserver import Resolve\nx: Annotated[int, Resolve(fn)]\n", True),  # MCP013/MCP014
        ("import mcp.server.mcpserver as s\nx: Annotated[int, s.Resolve(fn)]\n", True),
        ("x: Annotated[int, Resolve(fn)]  # mcpserver\n", True),  # either order
        ("x: Annotated[int, Resolve(fn)]\n", False),  # no binding can name the SDK's Resolve
        ('def f():\n    """Resolve a path."""\n', False),
        ("self.elicitation_handler = h\n", False),
    ],
)
def test_checker_prefilter_words(source, expected):
    """The checker's prefilter admits exactly the syntax the rules look at (an
    attribute ``elicit``, the name ``Elicit``, the SDK's ``Resolve``), whatever the spacing."""
    import ast

    from elicit_lint.analysis.prefilter import may_produce_diagnostics

    ast.parse(source)
    assert may_produce_diagnostics(source.encode()) is expected
