"""Fresh-user F6: what may run after a question once rewritten (or in a resolver)
must not raise. ``purity.safe_expression`` is the one test; here its verdicts on
expressions read in a tool with typed and untyped arguments, and the codemod's
verdict on whole tools (rewritten when safe, skipped with ``MAY_RAISE`` when not)."""

from __future__ import annotations

import ast

import pytest

from elicit_lint.analysis import purity
from elicit_lint.analysis.prelude import MAY_RAISE
from elicit_lint.codemod.engine import Options, migrate_file

SIGNATURE = (
    "def tool(word: str, count: int, ratio: float, flag: bool, maybe: str | None = None,"
    " opt: int = None, loose=None, fixed: str = 'x'): pass"
)


def _types() -> dict[str, str]:
    function = ast.parse(SIGNATURE).body[0]
    return purity.known_types(function, [ast.parse("total = count * 2").body[0]], set())


SAFE = [
    "word", "'a'", "f'{word} {maybe} {loose}'", "not loose", "loose and maybe or 1",
    "word if flag else fixed", "word + fixed", "count + ratio", "count * 2 - ratio",
    "total + 1", "-count", "word < fixed", "count <= ratio", "loose == maybe",
    "loose is None", "loose in ('a', 'b')", "word in fixed", "word.upper",
    "word.strip().lower()", "len(word)", "(word, count)",
]
UNSAFE = [
    "maybe.upper", "loose.attr", "word + count", "loose + 1", "maybe + 'x'",
    "opt + 1", "loose < maybe", "word < count", "count / 2", "count // 2",
    "count % 2", "f'{ratio:.2f}'", "loose[0]", "len(loose)", "~ratio",
    "word.upper(count)", "word.split()",
]


@pytest.mark.parametrize("text", SAFE)
def test_safe(text):
    assert purity.safe_expression(ast.parse(text, mode="eval").body, _types())


@pytest.mark.parametrize("text", UNSAFE)
def test_may_raise(text):
    assert not purity.safe_expression(ast.parse(text, mode="eval").body, _types())


TOOL = '''from fastmcp import Context, FastMCP

mcp = FastMCP("T")


@mcp.tool
async def tool(ctx: Context, word: str, count: int, maybe: str | None = None) -> str:
    {statement}
    r = await ctx.elicit("Go?", response_type=bool)
    if r.action != "accept":
        return "no"
    return "yes"
'''


@pytest.mark.parametrize(
    ("statement", "rewritten"),
    [
        ("label = word + ':'", True),
        ("doubled = count * 2", True),
        ("loud = word.upper", True),
        ("await ctx.info(f'{word} {count} {maybe}')", True),
        ("loud = maybe.upper", False),
        ("await ctx.info(f'{count + 1.5 - word}')", False),
        ("print(count < word)", False),
        ("total = count\n    total += word", False),
    ],
)
def test_codemod_verdict(tmp_path, statement, rewritten):
    path = tmp_path / "tool.py"
    source = TOOL.format(statement=statement)
    path.write_text(source)
    outcome = migrate_file(str(path), Options())
    assert outcome.status == ("rewritten" if rewritten else "unchanged"), outcome.error
    if not rewritten:
        assert [s.reason for s in outcome.skips] == [MAY_RAISE]
        assert path.read_text() == source


@pytest.mark.parametrize(
    ("statement", "rewritten"),
    [
        ("logger.info('asking %s', word)", True),
        ("logger.log(20, 'asking')", True),
        ("print(word, sep=' ', end='')", True),
        ("logger.warning('asking', exc_info=True)", True),
        # each of these raises TypeError (or KeyError) on the standard library
        # before the question (xinline13): the rewrite would ask first
        ("logger.info('asking', city=word)", False),
        ("logger.info('asking', extra={'message': word})", False),
        ("logger.info()", False),
        ("logging.log('INFO', 'asking')", False),
        ("print(word, sep=1)", False),
        ("print(word, **{'end': ''})", False),
    ],
)
def test_a_log_call_moves_only_when_its_arguments_bind(tmp_path, statement, rewritten):
    path = tmp_path / "tool.py"
    source = "import logging\nlogger = logging.getLogger()\n" + TOOL.format(
        statement=statement
    )
    path.write_text(source)
    outcome = migrate_file(str(path), Options())
    assert outcome.status == ("rewritten" if rewritten else "unchanged"), outcome.skips
    if not rewritten:
        assert outcome.skips and path.read_text() == source
