"""``# noqa`` forms, line and file level (ruff/flake8 semantics; see elicit_lint.checker.noqa)."""

from __future__ import annotations

import pytest

from elicit_lint.checker.noqa import filter_suppressed, parse_directives
from elicit_lint.core.diagnostic import Diagnostic, Location


def diag(code: str, row: int) -> Diagnostic:
    return Diagnostic(code, "n", "m", "f.py", Location(row, 1), Location(row, 2), noqa_row=row)


def kept(text: str, *diags: Diagnostic) -> list[tuple[str, int]]:
    return [(d.code, d.row) for d in filter_suppressed(list(diags), text)]


@pytest.mark.parametrize(
    "comment, suppressed",
    [
        ("# noqa", {"MCP001", "MCP002"}),
        ("# NOQA", {"MCP001", "MCP002"}),
        ("#noqa", {"MCP001", "MCP002"}),
        ("# noqa: MCP001", {"MCP001"}),
        ("# noqa:MCP001", {"MCP001"}),
        ("# noqa:MCP001,E501", {"MCP001"}),
        ("# noqa: E501, MCP002", {"MCP002"}),
        ("# noqa: MCP001 MCP002", {"MCP001", "MCP002"}),
        ("# noqa: E501", set()),
        ("# type: ignore  # noqa: MCP002", {"MCP002"}),
        ("# noqa F401", {"MCP001", "MCP002"}),  # no colon: blanket, as in ruff and flake8
        ("# noqa: MCP00", set()),  # noqa codes are exact codes, not prefixes
    ],
)
def test_line_level_forms(comment, suppressed):
    text = f"x = 1\ny = ctx.elicit('q')  {comment}\n"
    result = kept(text, diag("MCP001", 2), diag("MCP002", 2))
    assert {code for code, _ in result} == {"MCP001", "MCP002"} - suppressed


def test_noqa_applies_to_its_row_only():
    text = "a = 1  # noqa\nb = 2\n"
    assert kept(text, diag("MCP001", 1), diag("MCP001", 2)) == [("MCP001", 2)]


def test_noqa_text_in_strings_and_docstrings_is_not_a_directive():
    text = 'x = "# noqa"\n"""\n# noqa\n# ruff: noqa\n"""\ny = 1\n'
    assert kept(text, diag("MCP001", 1), diag("MCP001", 3), diag("MCP001", 6)) == [
        ("MCP001", 1),
        ("MCP001", 3),
        ("MCP001", 6),
    ]


@pytest.mark.parametrize(
    "header, suppressed",
    [
        ("# ruff: noqa", {"MCP001", "MCP002"}),
        ("# flake8: noqa", {"MCP001", "MCP002"}),
        ("# flake8= noqa", {"MCP001", "MCP002"}),
        ("#ruff:noqa", {"MCP001", "MCP002"}),
        ("# ruff: noqa: MCP002", {"MCP002"}),
        ("# ruff: noqa: MCP001, MCP002", {"MCP001", "MCP002"}),
        ("# flake8: noqa: MCP002", {"MCP002"}),  # read as ruff reads it
    ],
)
def test_file_level_forms(header, suppressed):
    text = f"{header}\nimport x\n\ny = x.elicit()\n"
    result = kept(text, diag("MCP001", 4), diag("MCP002", 4))
    assert {code for code, _ in result} == {"MCP001", "MCP002"} - suppressed


def test_file_level_directive_must_stand_on_its_own_line():
    text = "x = 1  # ruff: noqa\ny = 2  # flake8: noqa\nz = 3\n"
    # trailing file-level comments exempt nothing (ruff warns, flake8 warns)...
    assert kept(text, diag("MCP001", 3)) == [("MCP001", 3)]
    # ...and are not line-level noqa either
    assert kept(text, diag("MCP001", 1)) == [("MCP001", 1)]


def test_syntax_and_io_errors_cannot_be_suppressed():
    text = "# ruff: noqa\nx = (  # noqa\n"
    result = kept(text, diag("invalid-syntax", 2), diag("io-error", 1))
    assert sorted(result) == [("invalid-syntax", 2), ("io-error", 1)]


def test_multiline_statement_uses_noqa_row_start():
    text = "x = ctx.elicit(\n    'q',\n)  # noqa\n"
    d = Diagnostic("MCP001", "n", "m", "f.py", Location(1, 5), Location(3, 2), noqa_row=1)
    assert kept(text, d) == [("MCP001", 1)]
    text = "x = ctx.elicit(  # noqa: MCP001\n    'q',\n)\n"
    assert kept(text, d) == []


def test_a_row_that_opens_a_multiline_string_maps_to_its_last_row():
    from elicit_lint.core.noqa import noqa_row

    text = 'x = f("""a\nb""", """c\nd""")\ny = 1\nz = """e\n\nf"""\n'
    assert [noqa_row(text, row) for row in range(1, 8)] == [3, 3, 3, 4, 7, 7, 7]
    assert noqa_row("x = 1\n", 1) == 1


def test_directives_shape():
    d = parse_directives("# ruff: noqa: MCP003\na = 1  # noqa\nb = 2  # noqa: MCP001\n")
    assert d.file_codes == {"MCP003"} and not d.file_all
    assert d.lines == {2: None, 3: frozenset({"MCP001"})}


def test_directives_are_tokenized_once_per_checked_file(monkeypatch):
    """MCP001's planner and the runner's noqa filter both read the file's
    directives: the comments are tokenized once, and both still apply them."""
    from elicit_lint.core import noqa
    from elicit_lint.checker.runner import RunOptions, check_source

    calls = []
    real = noqa._comments

    def counting(text):
        calls.append(text)
        return real(text)

    monkeypatch.setattr(noqa, "_comments", counting)
    source = (
        "from fastmcp import Context, FastMCP\n"
        "mcp = FastMCP('x')\n"
        "@mcp.tool\n"
        "async def book(ctx: Context) -> str:\n"
        "    r = await ctx.elicit('Where?', response_type=str)  # noqa: MCP001\n"
        "    s = await ctx.elicit('When?', response_type=str)\n"
        "    if r.action == 'accept' and s.action == 'accept':\n"
        "        return r.data + s.data\n"
        "    return ''\n"
        "# unique: test_directives_are_tokenized_once\n"
    )
    result = check_source("once.py", source.encode(), RunOptions())
    assert [(d.code, d.row) for d in result.diagnostics] == [("MCP001", 6)]
    # the planner read the noqa too: the unsuppressed sibling cannot be rewritten alone
    assert "suppressed with `# noqa`" in result.diagnostics[0].help
    assert len(calls) == 1


# malformed `# noqa:` suppresses nothing and warns (ruff 0.17)


@pytest.mark.parametrize(
    "comment, suppressed, warns",
    [
        ("# noqa: MCP", set(), True),  # ruff: expected a comma-separated list of codes
        ("# noqa:", set(), True),
        ("# noqa: MCP001x", set(), True),  # ruff: expected code ... letters followed by digits
        ("# noqa:MCP00", set(), False),  # a well-formed code that is no code: exact match
        ("# noqa: MCP001 explained here", {"MCP001"}, False),
        ("# noqa: MCP001, MCP002 # more", {"MCP001", "MCP002"}, False),
        # ruff 0.17.6 (`import os  # noqa: f401`): a code is upper-case, so a lower-case
        # first word is no code at all; after a code, a lower-case word ends the list
        ("# noqa: mcp001", set(), True),
        ("# NOQA: mcp001", set(), True),
        ("# noqa: MCP002, mcp001", {"MCP002"}, False),
    ],
)
def test_malformed_noqa(comment, suppressed, warns, capsys):
    from elicit_lint.checker.noqa import filter_suppressed
    from elicit_lint.core.diagnostic import Diagnostic, Location

    text = f"x = 1\ny = ctx.elicit('q')  {comment}\n"
    diags = [
        Diagnostic(c, "n", "m", "f.py", Location(2, 5), Location(2, 6), noqa_row=2)
        for c in ("MCP001", "MCP002")
    ]
    kept = {d.code for d in filter_suppressed(diags, text)}
    assert kept == {"MCP001", "MCP002"} - suppressed
    err = capsys.readouterr().err
    assert ("Invalid `# noqa` directive on f.py:2" in err) == warns


def test_malformed_file_level_noqa_exempts_nothing(capsys):
    from elicit_lint.checker.noqa import filter_suppressed
    from elicit_lint.core.diagnostic import Diagnostic, Location

    d = Diagnostic("MCP001", "n", "m", "f.py", Location(3, 1), Location(3, 2), noqa_row=3)
    assert filter_suppressed([d], "# ruff: noqa: MCP\nx = 1\ny = 2\n") == [d]
    assert "Invalid `# noqa` directive on f.py:1" in capsys.readouterr().err


TRICKY_STRINGS = [
    'x = f("""a\nb""", """c\nd""")\ny = 1\nz = """e\n\nf"""\n',
    'a = 1; b = """x\ny"""\nc = 2\n',
    'if a: b = """x\ny"""\nelse:\n    c = """p\n\nq"""; d = 1\n',
    'class K:\n    def f(self):\n        x = ctx.elicit("""q\nr""")\n    def g(self):\n        pass\n',
    '@dec(\n    """d\ne"""\n)\ndef f():\n    """doc\n    string"""\n    return "a\\\nb"\n',
    'x = (1,\n     2); y = f"""{a}\n{b}"""\n# comment """\n\n',
    'try:\n    import x\nexcept ImportError:\n    """m\nn"""\nfinally:\n    z = \'\'\'o\np\'\'\'\n',
    'match v:\n    case 1:\n        w = """s\nt""" + """u\nv"""\n',
    'def f():\n    if x:\n        return ("a"\n                "b")\n    y = """\nz"""\n',
]


def test_noqa_row_from_the_statement_agrees_with_the_whole_file():
    """The fast path (``tree`` given: only the statement holding the row is
    tokenized) gives every row the answer the whole file's tokens give."""
    import ast

    from elicit_lint.core.noqa import noqa_row

    for text in TRICKY_STRINGS:
        tree = ast.parse(text)
        rows = range(1, text.count("\n") + 2)
        assert [noqa_row(text, r, tree) for r in rows] == [noqa_row(text, r) for r in rows], text


def test_noqa_row_tokenizes_only_the_statement_holding_the_row(monkeypatch):
    """A diagnostic near the top of a long file does not tokenize the whole file."""
    import ast

    from elicit_lint.core import noqa

    text = 'x = ctx.elicit("""q\nr""")\n' + "".join(f'def f{i}():\n    """d\n    """\n' for i in range(200))
    monkeypatch.setattr(noqa, "_string_ends", lambda text: pytest.fail("tokenized the whole file"))
    assert noqa.noqa_row(text, 1, ast.parse(text)) == 2
