"""`invalid-syntax` for syntax of a newer Python than the running one (PEP 695, 696, 701).

The unit tests build the ``SyntaxError`` each interpreter raises (message and
position as CPython 3.11 / 3.12 report them) and pass the running version
explicitly, so they test the same thing under every Python. The end-to-end tests
branch on the running version: under 3.11 (CI) the file is an `invalid-syntax`
with the hint; under 3.12+ it parses and is checked.
"""

from __future__ import annotations

import json
import sys

import pytest

from elicit_lint.core.newer_syntax import hint, needs_newer_python

PY311 = (3, 11)
PY312 = (3, 12)
PY313 = (3, 13)


def _error(msg: str, row: int, col: int) -> SyntaxError:
    exc = SyntaxError(msg)
    exc.lineno, exc.offset = row, col
    return exc


# (text, the 3.11 error's message, row, col): valid on 3.12
NEEDS_312 = [
    ("type Answer = str | None\n", "invalid syntax", 1, 6),
    ("type Pair[T] = tuple[T, T]\n", "invalid syntax", 1, 6),
    ("async def ask[T](ctx, kind: type[T]) -> T:\n    ...\n", "expected '('", 1, 14),
    ("class Box[T]:\n    item: T\n", "invalid syntax", 1, 10),
    ('label = f"{row["name"]}"\n', "f-string: unmatched '['", 1, 17),
    ("label = f'{row['name']:>8}'\n", "f-string: unmatched '['", 1, 17),
    (
        "label = f\"{'\\n'.join(parts)}\"\n",
        "f-string expression part cannot include a backslash",
        1,
        29,
    ),
    (
        "label = f'''{total  # running sum\n}'''\n",
        "f-string expression part cannot include '#'",
        2,
        1,
    ),
    (
        'message = (\n    f"Send to {\n        who}?"\n)\n',
        "unterminated string literal (detected at line 2)",
        2,
        5,
    ),
]

# (text, the 3.11 error's message, row, col): invalid on every version
INVALID_EVERYWHERE = [
    ('label = f"{name"\n', "f-string: expecting '}'", 1, 16),
    ('label = f"{}"\n', "f-string: empty expression not allowed", 1, 10),
    ('label = "open\n', "unterminated string literal (detected at line 1)", 1, 9),
    ("def ask(:\n    pass\n", "invalid syntax", 1, 9),
    (
        "try:\n    pass\nexcept A, B:\n    pass\n",
        "multiple exception types must be parenthesized",
        3,
        8,
    ),
    ("label = f'''{row['name']}'''\nx = (\n", "'(' was never closed", 2, 5),
]


@pytest.mark.parametrize(("text", "msg", "row", "col"), NEEDS_312)
def test_312_syntax_under_311_names_312(text, msg, row, col):
    assert needs_newer_python(_error(msg, row, col), text, PY311) == "3.12"


@pytest.mark.parametrize(("text", "msg", "row", "col"), NEEDS_312)
def test_312_syntax_is_no_hint_under_312(text, msg, row, col):
    # under 3.12 such a file parses; an error there has another cause
    assert needs_newer_python(_error(msg, row, col), text, PY312) is None


@pytest.mark.parametrize(("text", "msg", "row", "col"), INVALID_EVERYWHERE)
def test_genuine_errors_have_no_hint(text, msg, row, col):
    assert needs_newer_python(_error(msg, row, col), text, PY311) is None


def test_type_parameter_default_needs_313():
    text = "def pick[T = str](ctx) -> T:\n    ...\n"
    assert needs_newer_python(_error("expected '('", 1, 9), text, PY312) == "3.13"
    assert needs_newer_python(_error("expected '('", 1, 9), text, PY311) == "3.12"
    assert needs_newer_python(_error("expected '('", 1, 9), text, PY313) is None


def test_hint_wording():
    assert (
        hint("3.12")
        == "this syntax needs Python 3.12+; run elicit-lint under the project's Python"
    )


SERVER_312 = """\
from fastmcp import Context, FastMCP

mcp = FastMCP("s")

type Reply = str


@mcp.tool
async def greet(ctx: Context) -> str:
    result = await ctx.elicit("Name?", response_type=str)
    return f"{result.data["name"] if isinstance(result.data, dict) else result.data}"
"""


def _check(run_cli, tmp_path):
    (tmp_path / "server.py").write_text(SERVER_312)
    _rc, out, err = run_cli(
        ["check", "--no-cache", "--output-format", "json", "server.py"], tmp_path
    )
    assert "Traceback" not in err
    return {d["code"]: d for d in json.loads(out)}


def test_checker_names_the_python_the_file_needs(tmp_path, run_cli):
    found = _check(run_cli, tmp_path)
    if sys.version_info < PY312:
        assert set(found) == {"invalid-syntax"}
        assert found["invalid-syntax"]["message"].endswith("; " + hint("3.12"))
        assert found["invalid-syntax"]["location"]["row"] == 5
    else:
        assert "invalid-syntax" not in found and "MCP001" in found


def test_codemod_failure_names_the_python_the_file_needs(tmp_path):
    from elicit_lint.codemod.engine import FAILED, Options, migrate_file

    path = tmp_path / "server.py"
    path.write_text(SERVER_312)
    outcome = migrate_file(str(path), Options(target="elicit_lint.runtime"))
    if sys.version_info < PY312:
        assert outcome.status == FAILED
        assert outcome.error == "does not parse: invalid syntax (line 5); " + hint(
            "3.12"
        )
    else:
        assert outcome.status != FAILED


@pytest.mark.parametrize(("text", "msg", "row", "col"), NEEDS_312)
def test_table_matches_the_running_parser(text, msg, row, col):
    """The 3.11 errors above are the ones CPython 3.11 raises; 3.12+ parses the text."""
    import ast

    if sys.version_info < PY312:
        with pytest.raises(SyntaxError) as info:
            ast.parse(text)
        assert (info.value.msg, info.value.lineno) == (msg, row)
        assert needs_newer_python(info.value, text) == "3.12"
    else:
        ast.parse(text)
