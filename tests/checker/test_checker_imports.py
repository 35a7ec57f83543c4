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

    from elicit_lint.prefilter import _literals, _pattern, may_contain_findings

    pattern = _pattern()
    samples = [b"x = 1\n", b"await ctx.elicit(", b"Annotated[int, Elicit('q')]",
               b"mcp_types.InputRequiredResult", b"Resolve(fn)", b"ELICIT", b""]
    for data in samples:
        assert may_contain_findings(data) == (pattern.search(data) is not None)
    assert _literals(re.compile(rb"a|bc")) == (b"a", b"bc")
    assert _literals(re.compile(rb"\.elicit\b|x")) is None
