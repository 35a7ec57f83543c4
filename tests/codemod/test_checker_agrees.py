"""Issue 4 item 5: MCP001 states the codemod's verdict on each site, and the two
tools never disagree. For every fixture (before and after), and for fastmcp
4.2.3's ``examples/elicitation.py`` and ``tests/client/test_elicitation.py``,
``elicit-lint check``'s verdicts are compared with what ``elicit-migrate``
actually does to a copy of the file (a real write, libcst included)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from elicit_lint.analysis.response_kind import not_a_known_type
from elicit_lint.analysis.prefilter import may_need_rewrite, may_produce_diagnostics
from elicit_lint.analysis.locate import REQUEST_ONLY
from elicit_lint.analysis.plan import NOQA
from elicit_lint.analysis.sdk import SAMPLE, strip_unsafe
from elicit_lint.codemod.engine import Options, migrate_file

from .cases import ROOT

REAL_FILES = ["examples/elicitation.py", "tests/client/test_elicitation.py"]
CAN = "; `elicit-migrate` can rewrite it"
SDK_CODES = ("MCP013", "MCP014")
# mcp 2.3.0's docs_src/ and examples/ files that use ``Resolve(`` (parametrized by name,
# so collection needs no sdist; test_sdk_resolver_files_are_all_listed keeps it complete)
SDK_RESOLVER_FILES = [
    "docs_src/dependencies/tutorial001.py",
    "docs_src/dependencies/tutorial002.py",
    "docs_src/dependencies/tutorial003.py",
    "docs_src/dependencies/tutorial004.py",
    "docs_src/elicitation/tutorial004.py",
    "docs_src/legacy_clients/tutorial001.py",
    "docs_src/legacy_clients/tutorial002.py",
    "docs_src/sampling_and_roots/tutorial001.py",
    "docs_src/sampling_and_roots/tutorial002.py",
    "docs_src/troubleshooting/tutorial007.py",
    "examples/servers/everything-server/mcp_everything_server/server.py",
    "examples/stories/refund_desk/server.py",
]
CANNOT = re.compile(r"; `elicit-migrate` cannot rewrite it: (.*)$")


def _verdicts(
    path: Path, codes=("MCP001",), target: str = "elicit_lint.runtime"
) -> list[tuple[int, str | None]]:
    """``(row, None)`` for "can rewrite", ``(row, reason)`` for "cannot", per MCP001
    (or per the SDK rules MCP013/MCP014: MCP014's verdict is the Sample reason),
    with the checker configured ``runtime-module = target``."""
    from elicit_lint.checker.linter import analyse
    from elicit_lint.checker.noqa import parse_directives
    from elicit_lint.core.settings import RuleSettings
    from elicit_lint.core.source import decode

    decoded = decode(path.read_bytes())
    text = decoded.text
    import ast

    directives = parse_directives(text)
    out = []
    found = analyse(
        ast.parse(text),
        text,
        str(path),
        RuleSettings(runtime_module=target),
        mixed_line_ends=decoded.mixed_line_ends,
    )
    from elicit_lint.model import build_model

    # the other handshake-only calls (ctx.session.*, ctx.elicit_url, ...) are
    # reported only: the planner has no site for them
    report_only = {
        (c.span.start.row, c.span.start.column)
        for c in build_model(ast.parse(text), text, str(path)).handshake_calls
    }
    for d in found:
        if d.code not in codes or directives.suppresses(d):
            continue
        if d.code == "MCP001" and (d.location.row, d.location.column) in report_only:
            assert d.help.endswith(
                "it rewrites `ctx.elicit(...)` calls only; declare the value by hand"
            ) or d.help.endswith(REQUEST_ONLY)  # sampling and roots (fix13)
            continue
        if d.code == "MCP014":
            out.append((d.location.row, SAMPLE))
        elif d.help.endswith(CAN):  # the verdict is the help line's end
            out.append((d.location.row, None))
        else:
            match = CANNOT.search(d.help)
            assert match, f"MCP001 without a codemod verdict: {d.help}"
            out.append((d.location.row, match.group(1)))
    return sorted(out, key=lambda v: (v[0], v[1] or ""))


def _agree(source: Path, tmp_path: Path, target: str = "elicit_lint.runtime") -> None:
    verdicts = _verdicts(source, target=target)
    sdk = _verdicts(source, SDK_CODES, target)
    if verdicts or sdk:  # elicit-migrate reads the file at all (its byte prefilter)
        assert may_need_rewrite(source.read_bytes()), source
    copy = tmp_path / source.name
    shutil.copy(source, copy)
    outcome = migrate_file(str(copy), Options(target=target))
    assert outcome.status != "failed", outcome.error
    fastmcp_rows = _fastmcp_marker_rows(source)
    for family, found in (("site", verdicts), ("resolve", sdk)):
        # SDK ``Resolve(fn)`` skips and rewrites sit on markers: MCP013/MCP014's
        # the codemod's UNSAFE prefix is said by MCP013/MCP014's own head; they
        # speak only where FastMCP serves the tool (on MCPServer the marker works
        # as written: the codemod's report-only skips there have no finding)
        skipped = sorted(
            (s.row, strip_unsafe(s.reason))
            for s in outcome.skips
            if s.reason != NOQA
            and (s.family in ("site", "sdk-site") if family == "site" else s.family == family)
            and (family == "site" or s.row in fastmcp_rows)
        )
        assert [(row, reason) for row, reason in found if reason is not None] == skipped
    can = [row for row, reason in [*verdicts, *sdk] if reason is None]
    # SDK `ctx.elicit` sites (kind sdk-ask): MCP001 reports them with
    # Analysis.site_verdict, the same verdict this adds (counted once)
    can += [row for row in _sdk_ask_rows(source) if row not in can]
    assert len(can) == outcome.rewritten
    assert (outcome.status == "rewritten") == bool(can)
    if can:  # the rewritten file has no site the checker still calls rewritable
        assert all(
            reason is not None
            for _, reason in _verdicts(copy, ("MCP001", *SDK_CODES), target)
        )


def _sdk_ask_rows(path: Path) -> list[int]:
    """Rows of the SDK ``ctx.elicit`` calls ``elicit-migrate`` rewrites in ``path``."""
    import ast

    from elicit_lint.analysis.facts import Analysis
    from elicit_lint.model import build_model

    text = path.read_text(encoding="utf-8")
    analysis = Analysis(build_model(ast.parse(text), text, str(path)))
    return [a.span.start.row for a in analysis.sdk_asks() if analysis.site_verdict(a).rewritable]


def _fastmcp_marker_rows(path: Path) -> set[int]:
    """Rows of the SDK ``Resolve`` markers on tools a ``FastMCP(...)`` server serves."""
    import ast

    from elicit_lint.model import build_model

    text = path.read_text(encoding="utf-8")
    model = build_model(ast.parse(text), text, str(path))
    return {
        m.span.start.row
        for p in model.elicited_parameters
        for m in p.markers
        if m.family == "resolve" and p.function.server("tool")[0] == "fastmcp"
    }


FIXTURES = sorted(p for p in ROOT.glob("*/*.py"))


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_checker_verdict_agrees_with_the_codemod_on_fixtures(path, tmp_path):
    target = (
        "fastmcp.elicitation" if path.parent.name.startswith("target_fastmcp_") else
        "elicit_lint.runtime"
    )
    _agree(path, tmp_path, target)


@pytest.mark.parametrize("name", REAL_FILES)
def test_checker_verdict_agrees_with_the_codemod_on_fastmcp(name, tmp_path, fastmcp_sdist):
    _agree(fastmcp_sdist / name, tmp_path)


def test_sdk_resolver_files_are_all_listed(mcp_sdist):
    found = sorted(
        str(p.relative_to(mcp_sdist))
        for part in ("docs_src", "examples")
        for p in (mcp_sdist / part).rglob("*.py")
        if "Resolve(" in p.read_text(encoding="utf-8")
    )
    assert found == SDK_RESOLVER_FILES


@pytest.mark.parametrize("name", SDK_RESOLVER_FILES)
@pytest.mark.parametrize("swapped", [False, True], ids=["as-is", "fastmcp"])
def test_checker_verdict_agrees_with_the_codemod_on_mcp_resolvers(name, swapped, tmp_path, mcp_sdist):
    """MCP013/MCP014 against elicit-migrate on mcp 2.3.0's resolver tutorials and
    examples, untouched (served by MCPServer) and with the server swapped for
    FastMCP (step 1 of the documented migration)."""
    path = source = mcp_sdist / name
    if swapped:
        text = path.read_text(encoding="utf-8")
        text = text.replace("from mcp.server import MCPServer\n", "from fastmcp import FastMCP\n")
        source = tmp_path / "src" / path.name
        source.parent.mkdir()
        source.write_text(text.replace("MCPServer(", "FastMCP("), encoding="utf-8")
    _agree(source, tmp_path)


def test_real_files_have_both_verdicts(fastmcp_sdist):
    verdicts = [v for name in REAL_FILES for v in _verdicts(fastmcp_sdist / name)]
    reasons = Counter(reason for _, reason in verdicts)
    assert reasons[None] == 22  # 17 by value, 5 kept whole (outcome-typed)
    # a parametrized test's tool reads `response_type=structured_type`, a parameter
    # of the enclosing test: not known to be a class (it could be a union), fresh6 H4
    assert reasons[not_a_known_type("structured_type")] == 1
    # `response_type=None` raises on FastMCP 4: left alone, by hand (MCP002)
    assert reasons[
        "`ctx.elicit(...)` without a `response_type` raises `TypeError` on FastMCP 4 "
        "(MCP002): the original never asks; pass `response_type=bool` and check the "
        "answer, then run again"
    ] == 1
    assert reasons["inside a `try` block: its handlers would no longer see the question's errors; move the question out of the `try`, then run again"] == 1


def test_every_mcp001_message_has_a_verdict_in_the_cli(tmp_path):
    shutil.copy(ROOT / "skip_loop" / "before.py", tmp_path / "loop.py")
    shutil.copy(ROOT / "literal_accept_decline" / "before.py", tmp_path / "ok.py")
    done = subprocess.run(
        [sys.executable, "-m", "elicit_lint", "check", "--output-format", "json",
         "--select", "MCP001", "."],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )
    found = {Path(d["filename"]).name: d for d in json.loads(done.stdout)}
    assert found["ok.py"]["help"].endswith(CAN)
    assert found["loop.py"]["help"].endswith(
        "; `elicit-migrate` cannot rewrite it: inside a loop: ask once before the loop "
        "(a `list[...]` response type for several answers), then run again"
    )
    assert "elicit-migrate" not in found["loop.py"]["message"]  # one line, the what
    assert found["ok.py"]["fix"] is None  # the rewrite needs libcst: no checker fix


def test_planner_is_imported_only_for_files_with_a_site(tmp_path):
    (tmp_path / "plain.py").write_text(
        "from typing import Annotated\nfrom elicit_lint.runtime import Elicit\n\n"
        "def f(x: Annotated[int, Elicit('q')]):\n    return x\n"
    )
    (tmp_path / "site.py").write_text(
        "from fastmcp import Context\n\nasync def f(ctx: Context):\n"
        "    await ctx.elicit('q', response_type=str)\n"
    )

    def modules(name: str) -> set[str]:
        proc = subprocess.run(
            [sys.executable, "-X", "importtime", "-m", "elicit_lint", "check", name],
            cwd=tmp_path, capture_output=True, text=True, check=False,
        )
        return {
            line.rsplit("|", 1)[1].strip()
            for line in proc.stderr.splitlines()
            if line.startswith("import time:") and "|" in line
        }

    plain, site = modules("plain.py"), modules("site.py")
    assert "elicit_lint.analysis.plan" not in plain
    assert "elicit_lint.analysis.plan" in site
    heavy = {"libcst", "pydantic", "fastmcp", "mcp", "rich"}
    assert not {m.split(".")[0] for m in site} & heavy


TWO_ASKS = (
    "from fastmcp import Context, FastMCP\n\nmcp = FastMCP('Kept')\n\n\n@mcp.tool\n"
    "async def trip(ctx: Context) -> str:\n"
    "    where = await ctx.elicit('Where to?', response_type=str)\n"
    "    when = await ctx.elicit('When?', response_type=str)  # noqa: MCP001\n"
    "    if where.action == 'accept' and when.action == 'accept':\n"
    "        return f'{where.data} {when.data}'\n"
    "    return 'nowhere'\n"
)
SIBLING = (
    "another question of this tool (line 9) is suppressed with `# noqa` (MCP001); "
    "tools are rewritten whole: remove that `# noqa` or migrate the tool by hand"
)


def test_a_question_without_noqa_names_its_suppressed_sibling(tmp_path):
    """Only the second ask carries ``# noqa``: the first is skipped because tools are
    rewritten whole, not because it is suppressed itself; both tools say so."""
    path = tmp_path / "two.py"
    path.write_text(TWO_ASKS)
    assert _verdicts(path) == [(8, SIBLING)]
    copy = tmp_path / "copy"
    copy.mkdir()
    _agree(path, copy)
    outcome = migrate_file(str(path), Options(target="elicit_lint.runtime"))
    assert [(s.row, s.reason) for s in outcome.skips] == [(8, SIBLING), (9, NOQA)]
    assert path.read_text() == TWO_ASKS
    check = subprocess.run(
        [sys.executable, "-m", "elicit_lint", "check", "--select", "MCP001",
         "--output-format", "json", "two.py"],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )
    [item] = json.loads(check.stdout)  # line 9's finding is suppressed
    assert (item["code"], item["location"]["row"], item["location"]["column"]) == ("MCP001", 8, 19)
    assert item["help"].endswith(f"; `elicit-migrate` cannot rewrite it: {SIBLING}")
    exe = shutil.which("elicit-migrate", path=str(Path(sys.executable).parent))
    migrate = subprocess.run(
        [exe, "--check", "two.py"], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    out = migrate.stdout + migrate.stderr
    assert f"skipped (1): {SIBLING}\n  two.py:8\n" in out
    assert f"skipped (1): {NOQA}\n  two.py:9\n" in out


MIXED = (
    b"from fastmcp import Context, FastMCP\r\n\nmcp = FastMCP('M')\n\n\n@mcp.tool\n"
    b"async def greet(ctx: Context) -> str:\n"
    b"    r = await ctx.elicit('Name?', response_type=str)\n"
    b"    return r.data\n"
)


def test_mixed_line_endings_the_checker_says_what_the_codemod_does(tmp_path):
    """The codemod refuses a file mixing line-end styles; MCP001 (both front ends)
    says it cannot rewrite the site, with that file-level reason."""
    from elicit_lint.analysis.plan import MIXED_LINE_ENDS
    from elicit_lint.checker.flake8_plugin import Plugin

    path = tmp_path / "mixed.py"
    path.write_bytes(MIXED)
    assert _verdicts(path) == [(8, MIXED_LINE_ENDS)]
    outcome = migrate_file(str(path), Options())
    assert (outcome.status, outcome.error) == ("failed", "mixed line endings")
    assert path.read_bytes() == MIXED
    # flake8 hands plugins universal-newline lines: the plugin looks at the bytes
    lines = MIXED.decode().replace("\r\n", "\n").splitlines(keepends=True)
    tree = __import__("ast").parse("".join(lines))
    # flake8 shows the message only (no help line): the verdict is the checker's help
    [found] = [m for _, _, m, _ in Plugin(tree, lines, str(path)).run() if m.startswith("MCP001")]
    assert found == "MCP001 `ctx.elicit()` raises on modern (2026-07-28) connections"
    path.write_bytes(MIXED.replace(b"\r\n", b"\n"))
    assert _verdicts(path) == [(8, None)]


LITERAL_BOUND = (
    "from fastmcp import Context, FastMCP\n\nmcp = FastMCP('M')\nLiteral = 'unrelated'\n\n\n"
    "@mcp.tool\nasync def drink(ctx: Context) -> str:\n"
    "    choice = await ctx.elicit('Which drink?', response_type=['tea', 'coffee'])\n"
    "    if choice.action == 'accept':\n        return choice.data\n    return 'none'\n\n\n"
    "@mcp.tool\nasync def greet(ctx: Context) -> str:\n"
    "    name = await ctx.elicit('Name?', response_type=str)\n"
    "    if name.action == 'accept':\n        return name.data\n    return 'nobody'\n"
)


def test_a_clash_on_literal_blocks_only_the_tools_that_need_literal(tmp_path):
    path = tmp_path / "literal.py"
    path.write_text(LITERAL_BOUND)
    reason = "`Literal` already names something else in this module: rename it (or import it under another name), then run again"
    assert _verdicts(path) == [(9, reason), (17, None)]
    (tmp_path / "copy").mkdir()
    _agree(path, tmp_path / "copy")
    outcome = migrate_file(str(path), Options())
    assert outcome.rewritten == 1 and [(s.row, s.reason) for s in outcome.skips] == [
        (9, reason)
    ]
    text = path.read_text()
    assert "Literal = 'unrelated'" in text and "import Annotated\n" in text
    assert "Literal[" not in text


def test_the_docs_say_what_the_checker_verdict_does_not_cover():
    from ..doc_sections import section

    text = " ".join(section("codemod").split())
    assert "read-only" in text and "verification" in text
    assert "the checker cannot know" in text


def test_the_configured_runtime_module_decides_the_verdict(tmp_path):
    """A module-level ``declared_elicitation`` blocks only the runtime target: the
    checker's verdict follows ``runtime-module`` as the codemod follows ``--target``
    (and both disagree with the other target, as they should)."""
    source = ROOT / "target_fastmcp_declared_bound" / "before.py"
    assert _verdicts(source, target="fastmcp.elicitation") == [(12, None)]
    assert _verdicts(source) == [
        (12, "`declared_elicitation` already names something else in this module: rename it (or import it under another name), then run again")
    ]
    _agree(source, tmp_path)  # the runtime target: both skip


def test_the_cli_reads_runtime_module_for_the_verdict(tmp_path):
    source = ROOT / "target_fastmcp_declared_bound" / "before.py"
    shutil.copy(source, tmp_path / "server.py")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.elicit-lint]\nruntime-module = "fastmcp.elicitation"\n'
    )
    out = subprocess.run(
        [sys.executable, "-m", "elicit_lint", "check", "--output-format", "full", "server.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    [help_line] = [line for line in out.splitlines() if "= help: " in line]
    assert help_line.endswith(CAN), out


def test_flake8_reads_runtime_module_for_the_verdict(tmp_path):
    shutil.copy(ROOT / "target_fastmcp_declared_bound" / "before.py", tmp_path / "s.py")

    def flake8(*args):
        return subprocess.run(
            [sys.executable, "-m", "flake8", "--select", "MCP001", *args, "s.py"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            check=False,
            timeout=120,
        ).stdout

    # flake8 prints no help line, so the verdict (the help's end) is not in its
    # output; the option is still read and the finding is the same either way
    plain, other = flake8(), flake8("--mcp-runtime-module", "fastmcp.elicitation")
    assert plain == other and plain.rstrip().endswith(
        "MCP001 `ctx.elicit()` raises on modern (2026-07-28) connections"
    )
    assert "elicit-migrate" not in plain


COMMENT_AFTER_DOT = """\
from fastmcp import Context, FastMCP

mcp = FastMCP("demo")


@mcp.tool
async def ask(ctx: Context) -> str:
    result = await (ctx.  # comment
        elicit("q", response_type=str))
    if result.action == "accept":
        return result.data
    return "no"
"""


def test_a_comment_after_the_dot_the_cli_rewrites_what_the_checker_says(tmp_path):
    """``await (ctx.  # c\\n elicit(...))``: the checker said "can rewrite" while
    ``elicit-migrate`` never read the file (its byte prefilter had no comment
    after the dot). One prefilter now: both read it, and they agree."""
    path = tmp_path / "src" / "tool.py"
    path.parent.mkdir()
    path.write_text(COMMENT_AFTER_DOT, encoding="utf-8")
    data = path.read_bytes()
    assert may_produce_diagnostics(data) and may_need_rewrite(data)
    assert _verdicts(path) == [(8, None)]
    _agree(path, tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "elicit_lint.codemod.cli", str(path)],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0, done.stderr
    text = path.read_text(encoding="utf-8")
    assert 'Annotated[str | None, Elicit("q")]' in text and ".elicit(" not in text
    assert _verdicts(path) == []
