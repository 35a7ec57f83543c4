"""``elicit-migrate`` command line: modes, exit codes, kinds, summary and JSON report."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from elicit_lint.codemod.cli import main

from elicit_lint.analysis.locate import fallback_in_try

from .cases import ROOT
from .project import AFTER, BEFORE, json_report, put


@pytest.fixture
def tree(tmp_path, monkeypatch):
    for case in (
        "literal_accept_decline",
        "quoting_arguments",
        "skip_loop",
        "skip_try",
    ):
        shutil.copy(ROOT / case / "before.py", tmp_path / f"{case}.py")
    (tmp_path / "plain.py").write_text("x = 1\n")
    (tmp_path / "broken.py").write_text("ctx.elicit(\n")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _snapshot(root):
    return {p.name: p.read_bytes() for p in root.iterdir() if p.is_file()}


def test_check_reports_and_writes_nothing(tree, capsys):
    before = _snapshot(tree)
    assert main(["--check", "."]) == 2  # broken.py failed (wins over "would change")
    assert _snapshot(tree) == before
    err = capsys.readouterr().err
    assert (
        "2 file(s) would be rewritten, 2 site(s) would be rewritten, 2 site(s) skipped, 1 file(s) failed"
        in err
    )
    assert "skipped (1): inside a loop: ask once before the loop" in err
    assert "several answers), then run again\n  skip_loop.py:10" in err
    assert "  would rewrite: literal_accept_decline.py\n" in err
    assert "  rewritten: " not in err
    assert "failed: broken.py: does not parse" in err


def test_diff_prints_and_writes_nothing(tree, capsys):
    before = _snapshot(tree)
    assert main(["--diff", "literal_accept_decline.py"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("--- a/literal_accept_decline.py")
    assert "+@declared_elicitation" in out
    assert _snapshot(tree) == before


def test_diff_json_report_counts_what_would_be_written(tree, capsys):
    assert main(["--diff", "--report", "json", "literal_accept_decline.py"]) == 1
    out = capsys.readouterr().out
    report = json.loads(out)  # stdout is the JSON document alone: diffs are inside
    assert report["mode"] == "diff"
    assert list(report["diffs"]) == ["literal_accept_decline.py"]
    assert report["diffs"]["literal_accept_decline.py"].startswith(
        "--- a/literal_accept_decline.py"
    )
    assert "+@declared_elicitation" in report["diffs"]["literal_accept_decline.py"]
    assert (report["files_rewritten"], report["sites_rewritten"]) == ([], 0)
    assert report["files_would_rewrite"] == ["literal_accept_decline.py"]
    assert report["sites_would_rewrite"] == 1


def test_write_json_report_counts_what_was_written(tree, capsys):
    assert main(["--report", "json", "literal_accept_decline.py"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["files_rewritten"] == ["literal_accept_decline.py"]
    assert report["sites_rewritten"] == 1
    assert "diffs" not in report  # diff mode only
    assert (report["files_would_rewrite"], report["sites_would_rewrite"]) == ([], 0)


def test_write_then_check_is_clean(tree, capsys):
    assert main(["."]) == 2  # broken.py failed; the others are written
    assert (tree / "literal_accept_decline.py").read_text() == (
        ROOT / "literal_accept_decline" / "after.py"
    ).read_text()
    (tree / "broken.py").unlink()
    assert main(["--check", "."]) == 0


def test_json_report(tree, capsys):
    assert main(["--check", "--report", "json", "."]) == 2  # broken.py
    report = json.loads(capsys.readouterr().out)
    assert report["mode"] == "check"
    # --check writes nothing: "rewritten" counts stay empty, "would" counts say it
    assert report["files_rewritten"] == [] and report["sites_rewritten"] == 0
    assert report["files_would_rewrite"] == [
        "literal_accept_decline.py",
        "quoting_arguments.py",
    ]
    assert report["sites_would_rewrite"] == 2
    assert report["sites_skipped"] == {
        "inside a loop: ask once before the loop (a `list[...]` response type for several answers), then run again": ["skip_loop.py:10"],
        fallback_in_try("except Exception"): ["skip_try.py:9"],
    }
    assert list(report["failed"]) == ["broken.py"]


def test_ignore_kind_skips_with_reason(tree, capsys):
    assert main(["--check", "--report", "json", "--ignore", "quoting", "."]) == 2
    report = json.loads(capsys.readouterr().out)
    assert report["files_would_rewrite"] == ["literal_accept_decline.py"]
    assert report["sites_skipped"][
        "rewrite kind `quoting` not selected: add it to `--select` to rewrite it"
    ] == [
        "quoting_arguments.py:8"
    ]


def test_select_kind(tree, capsys):
    assert main(["--check", "--report", "json", "--select", "quoting", "."]) == 2
    report = json.loads(capsys.readouterr().out)
    assert report["files_would_rewrite"] == ["quoting_arguments.py"]


def test_unknown_kind_is_usage_error(tree, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--select", "nope"])
    assert exc.value.code == 2


def test_target_fastmcp_elicitation_has_no_decorator(tree):
    assert main(["--target", "fastmcp.elicitation", "literal_accept_decline.py"]) == 0
    text = (tree / "literal_accept_decline.py").read_text()
    assert "from fastmcp.elicitation import Elicit" in text
    assert "declared_elicitation" not in text


def test_parallel_jobs_give_the_same_result(tree, capsys, monkeypatch):
    from elicit_lint.codemod import batch

    monkeypatch.setattr(batch, "PARALLEL_MIN_BYTES", 0)  # use the process pool
    for i in range(10):
        shutil.copy(ROOT / "action_in" / "before.py", tree / f"copy{i}.py")
    assert main(["--jobs", "2", "--report", "json", "."]) == 2  # broken.py
    report = json.loads(capsys.readouterr().out)
    assert report["sites_rewritten"] == 12 and report["sites_would_rewrite"] == 0
    assert (tree / "copy7.py").read_text() == (
        ROOT / "action_in" / "after.py"
    ).read_text()


def test_console_script_installed(tree):
    exe = shutil.which("elicit-migrate", path=str(Path(sys.executable).parent))
    assert exe is not None
    done = subprocess.run(
        [exe, "--check", "plain.py"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0
    assert "0 file(s) would be rewritten" in done.stderr


def test_missing_path_is_reported_as_failed(tree, capsys):
    assert main(["--report", "json", "nope.py"]) == 2
    report = json.loads(capsys.readouterr().out)
    assert list(report["failed"]) == ["nope.py"]


def test_progress_bar_goes_to_stderr_and_leaves_results_alone(tree, capsys):
    from elicit_lint.codemod.cli import run
    from elicit_lint.codemod.engine import Options

    outcomes = run(["."], Options(write=False, diff=True), jobs=1, progress=True)
    assert sorted(o.path for o in outcomes if o.diff) == [
        "literal_accept_decline.py",
        "quoting_arguments.py",
    ]
    assert capsys.readouterr().out == ""


def test_empty_path_is_a_usage_error_and_writes_nothing(tree, capsys):
    """``elicit-migrate ''`` would otherwise migrate the current directory in
    place; like ``elicit-lint check ''`` it is a usage error (exit 2)."""
    before = _snapshot(tree)
    with pytest.raises(SystemExit) as exited:
        main([""])
    assert exited.value.code == 2
    assert "empty path" in capsys.readouterr().err
    assert _snapshot(tree) == before


# exit status: 0 nothing to do / done, 1 --check/--diff would change, 2 a file failed


def test_check_with_a_failing_file_exits_2(project, capsys):
    put(project / "mixed.py", BEFORE.replace(b"\n", b"\r\n", 2))
    put(project / "syntax.py", b"ctx.elicit(\n")
    assert main(["--check", "mixed.py", "syntax.py"]) == 2
    err = capsys.readouterr().err
    assert "failed: mixed.py: mixed line endings" in err
    assert "failed: syntax.py: does not parse" in err


def test_check_failure_wins_over_would_change(project):
    put(project / "tool.py")
    put(project / "syntax.py", b"ctx.elicit(\n")
    assert main(["--check", "."]) == 2
    assert main(["--diff", "."]) == 2


@pytest.mark.parametrize("name", ["nonexist.py", "nonexist"])
def test_missing_path_exits_2(project, capsys, name):
    assert main(["--report", "json", name]) == 2
    assert list(json_report(capsys)["failed"]) == [name]


def test_write_with_a_failing_file_exits_2_after_writing_the_rest(project):
    good = put(project / "tool.py")
    put(project / "syntax.py", b"ctx.elicit(\n")
    assert main(["."]) == 2
    assert good.read_bytes() == AFTER


@pytest.mark.parametrize(
    "args, expected",
    [(["--check", "tool.py"], 1), (["--diff", "tool.py"], 1), (["tool.py"], 0),
     (["--check", "plain.py"], 0), (["plain.py"], 0)],
)
def test_exit_status(project, args, expected, capsys):
    put(project / "tool.py")
    put(project / "plain.py", b"x = 1\n")
    assert main(args) == expected


def test_help_documents_exit_status(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "exit status: 0" in out and "2 a file failed" in out


@pytest.mark.parametrize("available", [False, True])
def test_an_unimportable_target_is_warned_once_without_changing_the_exit(
    tree, capsys, monkeypatch, available
):
    """F11: ``--target fastmcp.elicitation`` where that module cannot be imported
    (fastmcp 4.2.3 has none): one warning on stderr, the same exit code."""
    import elicit_lint.codemod.cli as cli

    monkeypatch.setattr(cli, "module_available", lambda module: available)
    assert main(["--check", "--target", "fastmcp.elicitation", "."]) == 2
    err = capsys.readouterr().err
    assert err.count("warning: `fastmcp.elicitation` is not importable") == (not available)
    assert main(["--check", "literal_accept_decline.py"]) == 1  # the runtime target:
    assert "not importable" not in capsys.readouterr().err  # always importable


def test_nothing_rewritten_no_warning(tree, capsys, monkeypatch):
    import elicit_lint.codemod.cli as cli

    monkeypatch.setattr(cli, "module_available", lambda module: False)
    assert main(["--check", "--target", "fastmcp.elicitation", "skip_loop.py"]) == 0
    assert "not importable" not in capsys.readouterr().err


def test_module_available_finds_modules_without_importing(tmp_path):
    """Run in a fresh interpreter: nothing is imported to answer (a package's
    ``__init__`` that raises would show it)."""
    pkg = tmp_path / "pkgprobe"
    (pkg / "inner").mkdir(parents=True)
    (pkg / "__init__.py").write_text("raise RuntimeError('imported')\n")
    (pkg / "sub.py").write_text("")
    (pkg / "inner" / "__init__.py").write_text("")
    code = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "from elicit_lint.codemod.cli import module_available as m\n"
        "print([m(n) for n in ('pkgprobe', 'pkgprobe.sub', 'pkgprobe.inner', "
        "'pkgprobe.nope', 'nopkgprobe.sub')])\n"
        "print('pkgprobe' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, check=True
    ).stdout.split("\n")
    assert out[:2] == ["[True, True, True, False, False]", "False"]


def test_a_reason_names_every_kind_the_site_needs(tmp_path, capsys, monkeypatch):
    """fresh6 L5: a tool needing `question` and `quoting` under `--select outcome`
    names both, not one now and the other after the user adds it."""
    shutil.copy(ROOT / "quoting_earlier_answers" / "before.py", tmp_path / "fly.py")
    monkeypatch.chdir(tmp_path)
    assert main(["--check", "--report", "json", "--select", "outcome", "."]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["sites_skipped"] == {
        "rewrite kinds `question`, `quoting` not selected: add them to `--select` "
        "to rewrite it": ["fly.py:8", "fly.py:11"]
    }


def test_a_caller_the_run_did_not_read_is_noted(tmp_path, monkeypatch, capsys):
    """fresh10 F4: with `extend-exclude = ["tests/"]`, a test calling the tool
    directly was broken by the rewrite with no word; the run now notes the file
    (MCP019's outside-the-run search), and says nothing without such a caller."""
    (tmp_path / "pyproject.toml").write_text('[tool.elicit-lint]\nextend-exclude = ["tests/"]\n')
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text("")
    (tmp_path / "app" / "server.py").write_text(
        "from fastmcp import Context, FastMCP\n\nmcp = FastMCP('Trips')\n\n\n"
        "@mcp.tool\nasync def book(city: str, ctx: Context) -> str:\n"
        "    r = await ctx.elicit(f'Book {city}?', response_type=bool)\n"
        "    if r.action == 'accept' and r.data:\n        return 'booked'\n    return 'not booked'\n"
    )
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_book.py").write_text(
        "from app.server import book\n\n\nasync def test_book():\n    await book('Paris', None)\n"
    )
    monkeypatch.chdir(tmp_path)
    assert main(["--check", "--report", "json", "."]) == 1
    report = json.loads(capsys.readouterr().out)
    [(note, where)] = report["notes"].items()
    assert "tests/test_book.py" in note and "`book`" in note and where == ["app/server.py:7"]
    (tmp_path / "tests" / "test_book.py").write_text("def test_nothing():\n    pass\n")
    assert main(["--check", "--report", "json", "."]) == 1
    assert json.loads(capsys.readouterr().out)["notes"] == {}


TITLED = (
    "from dataclasses import dataclass\nfrom enum import Enum\n\nfrom fastmcp import Context, FastMCP\n\n"
    "mcp = FastMCP('Trips')\n\n\n@dataclass\nclass Seats:\n    '''Your seats.'''\n    count: int\n\n\n"
    "class Colour(Enum):\n    RED = 'red'\n\n\n"
    "@mcp.tool\nasync def {name}(ctx: Context) -> str:\n"
    "    r = await ctx.elicit('Which?', response_type={type})\n"
    "    if r.action != 'accept':\n        return 'no'\n    return str(r.data)\n"
)


@pytest.mark.parametrize(("response_type", "noted"), [("Seats", True), ("Colour", False), ("int", False)])
def test_a_class_response_type_notes_the_lost_title(tmp_path, monkeypatch, capsys, response_type, noted):
    """fresh10: the 2026-07-28 era drops a class response type's top-level `title`
    and docstring (docs/runtime.md; tests/runtime/test_schema_parity.py measures it);
    a rewritten tool asking for one says so in `notes` and the `note (N):` lines.
    An `Enum`, wrapped in a `value` field, and a scalar arrive whole."""
    from elicit_lint.analysis.era_notes import TITLE_NOTE

    (tmp_path / "server.py").write_text(TITLED.format(name="book", type=response_type))
    monkeypatch.chdir(tmp_path)
    assert main(["--check", "--report", "json", "."]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["notes"] == ({TITLE_NOTE: ["server.py:20"]} if noted else {})
    assert main(["--check", "."]) == 1
    err = capsys.readouterr().err
    assert (f"note (1): {TITLE_NOTE}" in err) == noted
