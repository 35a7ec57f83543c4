"""Bad and unusual input: syntax errors, BOM, CRLF, CR-only, coding cookies, bad bytes."""

from __future__ import annotations

import json
import os
import sys

import pytest

from elicit_lint.core.source import SourceError, decode

from .checker_helpers import ELICIT_FILE


def check_json(run_cli, cwd, *paths):
    rc, out, err = run_cli(["check", "--output-format", "json", *paths], cwd)
    assert "Traceback" not in err
    return rc, [(d["code"], d["location"]["row"], d["location"]["column"]) for d in json.loads(out)]


def test_syntax_error_is_a_diagnostic_and_the_run_continues(tmp_path, run_cli, fake_rules):
    (tmp_path / "a_bad.py").write_text("async def f(ctx):\n    await ctx.elicit('q'\n")
    (tmp_path / "b_good.py").write_text(ELICIT_FILE)
    rc, found = check_json(run_cli, tmp_path, ".")
    assert rc == 1
    assert found[0][0] == "invalid-syntax" and found[0][1] == 2
    assert ("MCP001", 8, 20) in found


def test_syntax_error_position(tmp_path, run_cli, fake_rules):
    (tmp_path / "a.py").write_text("# ctx.elicit\nx = 1\ny = = 2\n")
    rc, out, _ = run_cli(["check", "a.py"], tmp_path)
    assert rc == 1 and out.startswith("a.py:3:5: invalid-syntax: invalid syntax")


def test_null_byte_is_a_syntax_error(tmp_path, run_cli, fake_rules):
    (tmp_path / "a.py").write_bytes(b"# ctx.elicit\nx = 1\x00\n")
    rc, found = check_json(run_cli, tmp_path, "a.py")
    assert rc == 1 and found[0][0] == "invalid-syntax"


def body(newline: str) -> str:
    return newline.join(
        ["# header", "", "async def f(ctx):", '    """doc', "    more", '    """',
         "    await ctx.elicit('q', response_type=str)", ""]
    )


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_newline_styles_keep_exact_rows(tmp_path, run_cli, fake_rules, newline):
    (tmp_path / "a.py").write_bytes(body(newline).encode())
    rc, found = check_json(run_cli, tmp_path, "a.py")
    assert found == [("MCP001", 7, 11)]


def test_bom(tmp_path, run_cli, fake_rules):
    (tmp_path / "a.py").write_bytes(b"\xef\xbb\xbf" + body("\r\n").encode())
    rc, found = check_json(run_cli, tmp_path, "a.py")
    assert found == [("MCP001", 7, 11)]


def test_latin1_cookie_rows_and_columns(tmp_path, run_cli, fake_rules):
    text = (
        "# -*- coding: latin-1 -*-\n"
        "greeting = 'Grüße'\n"
        "async def f(ctx):\n"
        "    x = 'é'; await ctx.elicit('Café?', response_type=str)\n"
    )
    (tmp_path / "a.py").write_bytes(text.encode("latin-1"))
    rc, found = check_json(run_cli, tmp_path, "a.py")
    # column counts characters: `    x = 'é'; await ` is 19 characters
    assert found == [("MCP001", 4, 20)]
    rc, out, _ = run_cli(["check", "--output-format", "full", "a.py"], tmp_path)
    assert "4 |     x = 'é'; await ctx.elicit('Café?', response_type=str)" in out


def test_undecodable_file_is_an_io_error(tmp_path, run_cli, fake_rules):
    (tmp_path / "a.py").write_bytes(b"x = 1\nctx.elicit('\xff\xfe')\n")
    rc, out, err = run_cli(["check", "a.py"], tmp_path)
    assert rc == 1 and "Traceback" not in err
    assert out.startswith("a.py:1:1: io-error: stream did not contain valid UTF-8")


def test_unknown_coding_cookie_is_an_io_error(tmp_path, run_cli, fake_rules):
    (tmp_path / "a.py").write_bytes(b"# coding: klingon\nctx.elicit('q')\n")
    rc, out, _ = run_cli(["check", "a.py"], tmp_path)
    assert rc == 1 and "io-error" in out


def test_decode_shapes():
    assert decode(b"a\r\nb\rc\n").text == "a\nb\nc\n"
    assert decode(b"\xef\xbb\xbfx = 1\n").encoding == "utf-8-sig"
    assert decode("# coding: latin-1\nx = 'é'\n".encode("latin-1")).text.endswith("'é'\n")
    # a form feed is not a line end for Python: it must stay inside its row
    assert decode(b"x = 1\x0c\ny = 2\n").lines == ["x = 1\x0c", "y = 2", ""]
    with pytest.raises(SourceError):
        decode(b"\xff\n")


def test_dangling_symlink_is_an_io_error(tmp_path, run_cli, fake_rules):
    (tmp_path / "gone.py").symlink_to(tmp_path / "nowhere.py")
    rc, out, err = run_cli(["check", "gone.py"], tmp_path)
    assert rc == 1 and "Traceback" not in err
    assert out.startswith("gone.py:1:1: io-error: No such file or directory")


def test_dangling_symlink_found_by_the_walk_is_skipped_as_ruff_skips_it(tmp_path, run_cli, fake_rules):
    """Named, a dangling symlink is an error (above); found in a directory, ruff 0.17.6
    skips it without a word, and so does the walk (fresh7 LOW-2)."""
    (tmp_path / "gone.py").symlink_to(tmp_path / "nowhere.py")
    (tmp_path / "ok.py").write_text("x = 1\n")
    rc, out, err = run_cli(["check", "."], tmp_path)
    assert (rc, out) == (0, "") and "gone.py" not in err
    from elicit_lint.codemod.cli import main

    assert main(["--check", str(tmp_path)]) == 0


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_unreadable_file_is_an_io_error(tmp_path, run_cli, fake_rules, monkeypatch):
    target = tmp_path / "secret.py"
    target.write_text(ELICIT_FILE)
    if os.geteuid() == 0:
        # root reads a mode-000 file anyway (as CI does): the open fails as it would
        # for any other user
        real_open = os.open

        def denied(path, *args, **kwargs):
            if os.fspath(path).endswith("secret.py"):
                raise PermissionError(13, "Permission denied", os.fspath(path))
            return real_open(path, *args, **kwargs)

        monkeypatch.setattr(os, "open", denied)
    target.chmod(0)
    try:
        rc, out, err = run_cli(["check", "secret.py"], tmp_path)
    finally:
        target.chmod(0o644)
    assert rc == 1 and "Traceback" not in err
    assert out.startswith("secret.py:1:1: io-error: Permission denied")


def test_unreadable_directory_is_skipped_without_traceback(tmp_path, run_cli, fake_rules):
    (tmp_path / "locked").mkdir()
    (tmp_path / "locked" / "a.py").write_text(ELICIT_FILE)
    (tmp_path / "locked").chmod(0)
    try:
        rc, out, err = run_cli(["check", "."], tmp_path)
    finally:
        (tmp_path / "locked").chmod(0o755)
    assert rc in (0, 1) and "Traceback" not in err


def test_line_break_helpers_agree_with_the_parser():
    """One definition of a row (``\\r\\n``, ``\\r``, ``\\n``; not a form feed or
    U+2028) for positions, ``--fix`` and the codemod's reader."""
    import ast

    from elicit_lint.core.source import newline, newline_styles, row_starts
    from elicit_lint.model.positions import LineIndex

    text = "a = 1\r\nb = '\f\u2028'\rc = 3\nd = 4"
    starts = row_starts(text)
    assert starts == [0, 7, 16, 22]
    rows = [n.lineno for n in ast.parse(text).body]
    assert rows == [1, 2, 3, 4]
    assert [text[s:s + 1] for s in starts] == ["a", "b", "c", "d"]
    assert LineIndex(text).line(2) == "b = '\f\u2028'"
    assert newline(text) == "\r\n" and newline("x = 1") == "\n" and newline("x\ry\n") == "\r"
    assert newline_styles(text.encode()) == ["\r\n", "\r", "\n"]
    assert newline_styles(b"a\r\nb\r\n") == ["\r\n"] and newline_styles(b"one line") == []


DEEP_FILE = (  # too deep on every supported Python (3.13 parses 6,000, 3.11 not 3,000)
    "from fastmcp import Context\n\n\nasync def tool(ctx: Context):\n    x = "
    + "1 + " * 20_000
    + "(await ctx.elicit('q', response_type=str))\n"
)


# a file too deep for ast.parse, and a crash inside the rules, stay per file


def test_too_deep_file_is_invalid_syntax_and_the_run_goes_on(tmp_path, run_cli, fake_rules):
    (tmp_path / "deep.py").write_text(DEEP_FILE)
    (tmp_path / "ok.py").write_text(ELICIT_FILE)
    rc, out, err = run_cli(["check", "--output-format", "json", "."], tmp_path)
    assert rc == 1 and "internal error" not in err
    items = json.loads(out)
    by_file = {(item["filename"].rsplit("/", 1)[-1], item["code"]) for item in items}
    assert ("deep.py", "invalid-syntax") in by_file
    assert ("ok.py", "MCP001") in by_file
    [deep] = [i for i in items if i["code"] == "invalid-syntax"]
    assert "too many nested" in deep["message"] and deep["location"] == {"row": 1, "column": 1}


def test_too_deep_file_through_the_fork_split(tmp_path, monkeypatch, fake_rules):
    from elicit_lint.checker import runner, split

    monkeypatch.setattr(split, "FORK_THRESHOLD", 0)
    (tmp_path / "deep.py").write_text(DEEP_FILE)
    (tmp_path / "ok.py").write_text(ELICIT_FILE)
    files = [str(tmp_path / "deep.py"), str(tmp_path / "ok.py")]
    results = runner.check_files(files, runner.RunOptions(), jobs=2)
    codes = {(r.filename.rsplit("/", 1)[-1], d.code) for r in results for d in r.diagnostics}
    assert ("deep.py", "invalid-syntax") in codes and ("ok.py", "MCP001") in codes
