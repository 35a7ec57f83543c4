"""Output formats, checked on hand-built diagnostics and through the CLI."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from elicit_lint.checker.runner import FileResult
from elicit_lint.core.diagnostic import Applicability, Diagnostic, Edit, Fix, Location
from elicit_lint.report import FORMATS, writer
from elicit_lint.report.full import caret_line
from elicit_lint.report.github import escape_data, escape_property, line

from .checker_helpers import ELICIT_FILE

RUFF_KEYS = {
    "cell", "code", "end_location", "filename", "fix", "location",
    "message", "name", "noqa_row", "severity", "url",
}  # fmt: skip


def sample() -> list[FileResult]:
    fix = Fix(
        "Add `= None`",
        (Edit(" = None", Location(3, 40), Location(3, 40)),),
        Applicability.SAFE,
    )
    d1 = Diagnostic(
        "MCP001", "imperative-elicitation", "Imperative `ctx.elicit(...)`", "pkg/a.py",
        Location(2, 11), Location(2, 28), noqa_row=2,
    )
    d2 = Diagnostic(
        "MCP009", "optional-without-default", "100% sure: a, b", "pkg/a.py",
        Location(3, 5), Location(3, 40), fix=fix, noqa_row=3,
    )
    syntax = Diagnostic(
        "invalid-syntax", "invalid-syntax", "unexpected EOF", "pkg/b.py",
        Location(1, 5), Location(1, 5),
    )
    lines = ["async def f(ctx):", "    await ctx.elicit('Name?')", "\tx: Annotated[int | None, Elicit('n')]", ""]
    return [
        FileResult("pkg/a.py", [d1, d2], lines),
        FileResult("pkg/b.py", [syntax], ["x = (", ""]),
    ]


def render(name: str, results=None) -> str:
    stream = io.StringIO()
    writer(name)(sample() if results is None else results, stream)
    return stream.getvalue()


def test_concise():
    assert render("concise").splitlines() == [
        "pkg/a.py:2:11: MCP001 Imperative `ctx.elicit(...)`",
        "pkg/a.py:3:5: MCP009 100% sure: a, b",
        "pkg/b.py:1:5: invalid-syntax: unexpected EOF",
    ]


def test_full_has_source_line_and_caret_under_span():
    out = render("full").splitlines()
    i = out.index("pkg/a.py:2:11: MCP001 Imperative `ctx.elicit(...)`")
    assert out[i + 2] == "2 |     await ctx.elicit('Name?')"
    assert out[i + 3] == "  |           ^^^^^^^^^^^^^^^^^ MCP001"
    caret = out[i + 3][4:]
    assert caret.index("^") == out[i + 2][4:].index("ctx.elicit")
    # a tab is printed as four spaces, and the caret counts it as four columns
    j = out.index("pkg/a.py:3:5: MCP009 100% sure: a, b")
    assert out[j + 3].startswith("  |        ^")
    assert "= help: Add `= None`" in out[j + 4]


def test_caret_line_shapes():
    assert caret_line("abc", 2, 3) == " ^"
    assert caret_line("abc", 2, None) == " ^^"
    assert caret_line("", 1, 1) == "^"
    assert caret_line("ab", 5, 5) == "    ^"


def test_json_matches_ruff_field_by_field():
    items = json.loads(render("json"))
    assert len(items) == 3
    for item in items:
        assert set(item) == RUFF_KEYS | {"help"}  # ``help``: ours, the how of a finding
    a, b, syntax = items
    assert a == {
        "cell": None,
        "code": "MCP001",
        "end_location": {"column": 28, "row": 2},
        "filename": os.path.abspath("pkg/a.py"),
        "fix": None,
        "help": None,
        "location": {"column": 11, "row": 2},
        "message": "Imperative `ctx.elicit(...)`",
        "name": "imperative-elicitation",
        "noqa_row": 2,
        "severity": "error",
        "url": "https://github.com/elicit-lint/elicit-lint/blob/main/rules/MCP001.md",
    }
    assert b["fix"] == {
        "applicability": "safe",
        "edits": [
            {
                "content": " = None",
                "end_location": {"column": 40, "row": 3},
                "location": {"column": 40, "row": 3},
            }
        ],
        "message": "Add `= None`",
    }
    assert syntax["code"] == "invalid-syntax" and syntax["name"] == "invalid-syntax"
    assert syntax["noqa_row"] is None and syntax["url"] is None
    assert os.path.isabs(syntax["filename"])


def test_json_empty_is_an_empty_list():
    assert json.loads(render("json", [])) == []


def test_github_escaping():
    assert escape_data("100%\r\nnext") == "100%25%0D%0Anext"
    assert escape_property("a:b,c%\n") == "a%3Ab%2Cc%25%0A"
    d = Diagnostic(
        "MCP001", "n", "line one\nline: two, 50%", "dir,x/a:b.py", Location(2, 3), Location(4, 5)
    )
    absolute = escape_property(os.path.abspath("dir,x/a:b.py"))
    assert line(d) == (
        f"::error title=elicit-lint (MCP001),file={absolute},line=2,col=3,endLine=4,"
        "endColumn=5::dir,x/a:b.py:2:3: MCP001 line one%0Aline: two, 50%25"
    )


def test_github_format_lines():
    out = render("github").splitlines()
    # ruff's layout: an absolute ``file``, the relative path in the message
    a = escape_property(os.path.abspath("pkg/a.py"))
    assert out[0] == (
        f"::error title=elicit-lint (MCP001),file={a},line=2,col=11,endLine=2,endColumn=28"
        "::pkg/a.py:2:11: MCP001 Imperative `ctx.elicit(...)`"
    )
    b = escape_property(os.path.abspath("pkg/b.py"))
    assert out[1].endswith("::pkg/a.py:3:5: MCP009 100% sure: a, b%0A  help: Add `= None`".replace("%", "%25", 1))
    assert out[2].startswith(f"::error title=elicit-lint (invalid-syntax),file={b},line=1,col=5")


def test_sarif_minimal_valid_shape():
    log = json.loads(render("sarif"))
    assert log["version"] == "2.1.0" and "sarif-2.1.0" in log["$schema"]
    (run,) = log["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "elicit-lint"
    ids = [r["id"] for r in driver["rules"]]
    assert ids == ["MCP001", "MCP009", "invalid-syntax"]
    first = run["results"][0]
    assert first["ruleId"] == "MCP001" and ids[first["ruleIndex"]] == "MCP001"
    assert first["level"] == "error" and first["message"]["text"].startswith("Imperative")
    loc = first["locations"][0]["physicalLocation"]
    # relative to %SRCROOT%, the checkout the test runs in
    assert loc["artifactLocation"] == {"uri": "pkg/a.py", "uriBaseId": "%SRCROOT%"}
    root = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
    assert (Path(root.removeprefix("file://")) / "pkg/a.py").resolve() == Path("pkg/a.py").resolve()
    assert loc["region"] == {"startLine": 2, "startColumn": 11, "endLine": 2, "endColumn": 28}


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_through_the_cli(tmp_path, run_cli, fake_rules, fmt):
    (tmp_path / "a.py").write_text(ELICIT_FILE)
    rc, out, err = run_cli(["check", "--output-format", fmt, "a.py"], tmp_path)
    assert rc == 1 and "Traceback" not in err
    assert "MCP001" in out
    if fmt == "json":
        assert json.loads(out)[0]["location"] == {"row": 8, "column": 20}
    if fmt in ("concise", "full", "grouped"):
        assert err.strip() == "Found 1 error."
    else:
        assert err == ""


def test_summary_lines(tmp_path, run_cli, fake_rules):
    (tmp_path / "a.py").write_text(ELICIT_FILE.replace('"Name?", response_type=str', '"A?"')
                                   + "\n\nasync def b(ctx):\n    await ctx.elicit('B?')\n")
    rc, out, err = run_cli(["check", "a.py"], tmp_path)
    assert rc == 1 and err.splitlines() == [
        "Found 4 errors.",  # the two MCP002 findings have unsafe fixes (fake rules)
        "2 unsafe fixes available with `--fix --unsafe-fixes`.",
    ]
    (tmp_path / "a.py").write_text("x = 1\n")
    rc, out, err = run_cli(["check", "a.py"], tmp_path)
    assert (rc, out, err.strip()) == (0, "", "All checks passed!")


def test_statistics(tmp_path, run_cli, fake_rules):
    (tmp_path / "a.py").write_text("async def b(ctx):\n    await ctx.elicit('B?')\n    await ctx.elicit('C?')\n")
    rc, out, _ = run_cli(["check", "--statistics", "a.py"], tmp_path)
    assert rc == 1
    # ruff's table: counts right-aligned to the widest, no marks when nothing is fixable
    assert out.splitlines() == [
        "2\tMCP001\timperative-elicitation",
        "2\tMCP002\telicit-without-response-type",
    ]
    rc, out, err = run_cli(["check", "--statistics", "--unsafe-fixes", "a.py"], tmp_path)
    assert out.splitlines() == [
        "2\tMCP001\t[ ] imperative-elicitation",
        "2\tMCP002\t[*] elicit-without-response-type",
    ]
    assert err.splitlines() == ["Found 4 errors.", "[*] 2 fixable with `--fix`."]


def _diag(code, applicability=None, row=1):
    from elicit_lint.core.diagnostic import Diagnostic, Edit, Fix, Location

    fix = None
    if applicability is not None:
        fix = Fix("fix it", (Edit("", Location(row, 1), Location(row, 1)),), applicability)
    return Diagnostic(code, f"name-{code}", "message", "a.py", Location(row, 1), Location(row, 2), fix=fix)


@pytest.mark.parametrize(
    "kinds, unsafe, expected",
    [
        # wording of ruff 0.17.6 (`ruff check --select F401,E711`, safe F401, unsafe E711)
        (["safe", "safe", "unsafe"], False,
         "[*] 2 fixable with `--fix` (1 unsafe fix available with `--fix --unsafe-fixes`)."),
        (["safe", "unsafe", "unsafe"], False,
         "[*] 1 fixable with `--fix` (2 unsafe fixes available with `--fix --unsafe-fixes`)."),
        (["safe", "safe", "unsafe"], True, "[*] 3 fixable with `--fix`."),
        (["safe", None], False, "[*] 1 fixable with `--fix`."),
        (["unsafe"], False, "1 unsafe fix available with `--fix --unsafe-fixes`."),
        (["unsafe", "unsafe"], False, "2 unsafe fixes available with `--fix --unsafe-fixes`."),
        (["display", None], False, None),
    ],
)
def test_fixable_line_is_ruffs(kinds, unsafe, expected):
    from elicit_lint.checker.runner import FileResult
    from elicit_lint.core.diagnostic import Applicability
    from elicit_lint.report.summary import fixable_line

    by_name = {"safe": Applicability.SAFE, "unsafe": Applicability.UNSAFE,
               "display": Applicability.DISPLAY_ONLY, None: None}
    diags = [_diag("MCP009", by_name[k], row=i + 1) for i, k in enumerate(kinds)]
    assert fixable_line([FileResult("a.py", diags)], unsafe) == expected


def test_statistics_widths_and_marks_are_ruffs():
    import io

    from elicit_lint.checker.runner import FileResult
    from elicit_lint.core.diagnostic import Applicability
    from elicit_lint.report.summary import write_statistics

    diags = [_diag("MCP009", Applicability.SAFE, row=i + 1) for i in range(11)]
    diags += [_diag("MCP001", None), _diag("MCP001", None), _diag("io-error", None)]
    out = io.StringIO()
    write_statistics([FileResult("a.py", diags)], "concise", out)
    assert out.getvalue().splitlines() == [
        "11\tMCP009  \t[*] name-MCP009",
        " 2\tMCP001  \t[ ] name-MCP001",
        " 1\tio-error\t[ ] name-io-error",
    ]


@pytest.mark.parametrize("fmt", ["concise", "full"])
def test_fixable_findings_are_marked(tmp_path, run_cli, fake_rules, fmt):
    (tmp_path / "a.py").write_text("async def b(ctx):\n    await ctx.elicit('B?')\n")
    rc, out, err = run_cli(["check", "--output-format", fmt, "a.py"], tmp_path)
    heads = [line for line in out.splitlines() if line.startswith("a.py:")]
    assert heads == ["a.py:2:11: MCP001 Imperative `ctx.elicit(...)`",
                     "a.py:2:11: MCP002 Missing `response_type`"]  # an unsafe fix: no mark
    rc, out, err = run_cli(["check", "--output-format", fmt, "--unsafe-fixes", "a.py"], tmp_path)
    heads = [line for line in out.splitlines() if line.startswith("a.py:")]
    assert heads == ["a.py:2:11: MCP001 Imperative `ctx.elicit(...)`",
                     "a.py:2:11: MCP002 [*] Missing `response_type`"]
    assert err.splitlines()[-1] == "[*] 1 fixable with `--fix`."


@pytest.mark.parametrize("fmt", ["json", "github", "sarif"])
def test_machine_formats_carry_no_mark(tmp_path, run_cli, fake_rules, fmt):
    (tmp_path / "a.py").write_text("async def b(ctx):\n    await ctx.elicit('B?')\n")
    rc, out, err = run_cli(["check", "--output-format", fmt, "--unsafe-fixes", "a.py"], tmp_path)
    assert "[*]" not in out and err == ""


# the full format's caret counts display columns (wide characters, tabs)


def test_caret_after_wide_characters_and_tabs():
    from elicit_lint.report.full import caret_line, display_width, expand_tabs

    line = 'x = "日本語"; ctx.elicit("q")'
    start = line.index("ctx") + 1
    caret = caret_line(line, start, start + 3)
    assert caret == " " * display_width(line[: start - 1]) + "^^^"
    assert caret.index("^") == len(line[: start - 1]) + 3  # three wide characters
    wide = caret_line('x = "日本語"', 6, 9)
    assert wide == " " * 5 + "^" * 6
    tabbed = "\tctx.elicit()"
    assert expand_tabs(tabbed).index("ctx") == caret_line(tabbed, 2, 5).index("^")


def test_full_output_prints_tabs_as_the_caret_counts_them(tmp_path, run_cli, fake_rules):
    (tmp_path / "a.py").write_text("async def f(ctx):\n\tawait ctx.elicit('q', response_type=str)  # 日本\n")
    rc, out, _ = run_cli(["check", "--output-format", "full", "a.py"], tmp_path)
    lines = out.splitlines()
    i = next(n for n, text in enumerate(lines) if text.startswith("2 | "))
    assert "\t" not in lines[i]
    assert lines[i + 1].index("^") == lines[i].index("ctx.elicit")


# --statistics --output-format json prints JSON (ruff's shape)


def test_statistics_json(tmp_path, run_cli, fake_rules):
    (tmp_path / "a.py").write_text("async def b(ctx):\n    await ctx.elicit('B?')\n    await ctx.elicit('C?')\n")
    rc, out, err = run_cli(["check", "--statistics", "--output-format", "json", "a.py"], tmp_path)
    assert rc == 1 and err == ""
    assert json.loads(out) == [
        {"code": "MCP001", "name": "imperative-elicitation", "count": 2,
         "fixable": False, "fixable_count": 0},
        {"code": "MCP002", "name": "elicit-without-response-type", "count": 2,
         "fixable": False, "fixable_count": 0},
    ]  # fmt: skip
