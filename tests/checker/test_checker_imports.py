"""Speed by laziness: a run over files without elicitation imports no heavy library.

DESIGN.md §3/§7: the check path of a file that fails the prefilter is ``ast`` + ``re``
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
    assert "elicit_lint.cli" in names
    heavy = sorted(n for n in names if n.split(".")[0] in FORBIDDEN)
    assert heavy == []


def test_a_file_with_elicitation_still_avoids_libcst_and_pydantic(tmp_path):
    (tmp_path / "server.py").write_text(
        "from fastmcp import Context\n\nasync def f(ctx: Context):\n"
        "    await ctx.elicit('q', response_type=str)\n"
    )
    names = imported_modules(tmp_path, "check", "server.py")
    heavy = sorted(n for n in names if n.split(".")[0] in FORBIDDEN)
    assert heavy == []


def test_prefilter_literal_fast_path_agrees_with_the_regex():
    import re

    from elicit_lint.prefilter import (
        _FALLBACK,
        _literals,
        _pattern,
        may_contain_findings,
        may_produce_diagnostics,
    )

    pattern, broad = _pattern(), re.compile(_FALLBACK)
    samples = [b"x = 1\n", b"await ctx.elicit(", b"Annotated[int, Elicit('q')]",
               b"mcp_types.InputRequiredResult", b"Resolve(fn)", b"ELICIT", b"",
               b"# elicitation", b"ElicitResult", b"self.elicitor", b"(ctx.  # c\n elicit)",
               b"ctx.\\\n    elicit(", b"fe.Elicit", b"import elicit"]
    for data in samples:
        assert may_produce_diagnostics(data) == (pattern.search(data) is not None), data
        assert may_contain_findings(data) == (broad.search(data) is not None), data
    assert _literals(re.compile(rb"a|bc")) == (b"a", b"bc")
    assert _literals(re.compile(rb"\.elicit\b|x")) is None


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
        ("x: Annotated[int, Resolve(fn)]\n", False),
        ("self.elicitation_handler = h\n", False),
    ],
)
def test_checker_prefilter_words(source, expected):
    """The checker's prefilter admits exactly the syntax the rules look at (an
    attribute ``elicit``, the name ``Elicit``), whatever the spacing."""
    import ast

    from elicit_lint.prefilter import may_produce_diagnostics

    ast.parse(source)
    assert may_produce_diagnostics(source.encode()) is expected
