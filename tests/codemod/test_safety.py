"""Safety (issue 4 item 4): encodings, BOM and line ends kept outside the edits;
unparsable and mixed-line-end files reported and untouched; a file changed on disk
mid-run not overwritten; permissions kept; unchanged files never written."""

from __future__ import annotations

import os
import stat

import pytest

from elicit_lint.codemod import fileio
from elicit_lint.codemod.cli import main
from elicit_lint.codemod.engine import Options, migrate_file

from .cases import ROOT
from .project import json_report, put

BEFORE = (ROOT / "literal_accept_decline" / "before.py").read_text()
AFTER = (ROOT / "literal_accept_decline" / "after.py").read_text()


def _write(tmp_path, data: bytes, name: str = "tool.py"):
    path = tmp_path / name
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("newline", ["\r\n", "\r"])
def test_line_ends_restored(tmp_path, newline):
    path = _write(tmp_path, BEFORE.replace("\n", newline).encode())
    outcome = migrate_file(str(path), Options())
    assert outcome.status == "rewritten", outcome
    assert path.read_bytes() == AFTER.replace("\n", newline).encode()


def test_bom_kept(tmp_path):
    path = _write(tmp_path, b"\xef\xbb\xbf" + BEFORE.encode())
    assert migrate_file(str(path), Options()).status == "rewritten"
    assert path.read_bytes() == b"\xef\xbb\xbf" + AFTER.encode()


def test_latin1_bytes_outside_edits_kept(tmp_path):
    head = "# -*- coding: latin-1 -*-\n# caf\u00e9 cr\u00e8me\n"
    path = _write(tmp_path, (head + BEFORE).encode("latin-1"))
    assert migrate_file(str(path), Options()).status == "rewritten"
    data = path.read_bytes()
    assert data.startswith(head.encode("latin-1"))
    assert data.decode("latin-1") == head + AFTER


def test_unparsable_file_reported_and_untouched(tmp_path):
    data = (BEFORE + "\ndef broken(:\n").encode()
    path = _write(tmp_path, data)
    outcome = migrate_file(str(path), Options())
    assert outcome.status == "failed" and "does not parse" in outcome.error
    assert path.read_bytes() == data


def test_mixed_line_ends_reported_and_untouched(tmp_path):
    data = BEFORE.replace("\n", "\r\n", 2).encode()
    path = _write(tmp_path, data)
    outcome = migrate_file(str(path), Options())
    assert outcome.status == "failed" and outcome.error == "mixed line endings"
    assert path.read_bytes() == data


def test_file_changed_since_read_is_not_written(tmp_path):
    path = _write(tmp_path, BEFORE.encode())
    stale = BEFORE.encode()
    path.write_bytes(BEFORE.encode() + b"# edited meanwhile\n")
    outcome = migrate_file(str(path), Options(), data=stale)
    assert outcome.status == "failed" and "changed on disk" in outcome.error
    assert path.read_bytes() == BEFORE.encode() + b"# edited meanwhile\n"
    assert [p.name for p in tmp_path.iterdir()] == ["tool.py"]  # no temp file left


def test_permissions_kept(tmp_path):
    path = _write(tmp_path, BEFORE.encode())
    os.chmod(path, 0o640)
    assert migrate_file(str(path), Options()).status == "rewritten"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640


@pytest.mark.parametrize("case", ["skip_loop", "skip_try"])
def test_unchanged_file_never_written(tmp_path, case):
    path = _write(tmp_path, (ROOT / case / "before.py").read_bytes())
    os.utime(path, ns=(1, 1))
    assert migrate_file(str(path), Options()).status == "unchanged"
    assert os.stat(path).st_mtime_ns == 1


def test_check_and_diff_modes_write_nothing(tmp_path):
    path = _write(tmp_path, BEFORE.encode())
    outcome = migrate_file(str(path), Options(write=False, diff=True))
    assert outcome.status == "would-rewrite" and outcome.rewritten == 1
    assert "+@declared_elicitation" in outcome.diff
    assert path.read_bytes() == BEFORE.encode()


def test_newline_style_detection():
    assert fileio.newline_style(b"a\r\nb\r\n") == "\r\n"
    assert fileio.newline_style(b"a\rb") == "\r"
    assert fileio.newline_style(b"") == "\n"
    with pytest.raises(fileio.Unsupported):
        fileio.newline_style(b"a\nb\r\n")


def test_verification_failure_leaves_file_untouched(tmp_path, monkeypatch):
    from elicit_lint.codemod.render import transform

    path = _write(tmp_path, BEFORE.encode())
    monkeypatch.setattr(
        transform, "rewrite", lambda model, plan, target: model.source + "\ndef (:\n"
    )
    outcome = migrate_file(str(path), Options())
    assert outcome.status == "failed" and "does not parse" in outcome.error
    assert path.read_bytes() == BEFORE.encode()


def test_verification_rejects_a_rewrite_that_leaves_sites(tmp_path, monkeypatch):
    from elicit_lint.codemod.render import transform

    path = _write(tmp_path, BEFORE.encode())
    monkeypatch.setattr(
        transform, "rewrite", lambda model, plan, target: model.source + "\n# touched\n"
    )
    outcome = migrate_file(str(path), Options())
    assert outcome.status == "failed" and "still has rewritable sites" in outcome.error
    assert path.read_bytes() == BEFORE.encode()


def test_too_deeply_nested_file_does_not_parse(tmp_path):
    """CPython's parser gives up on ``1 + 1 + ...`` ten thousand times deep with a
    ``RecursionError``; the interpreter cannot compile the file either, so it is a
    file that does not parse (as the checker's ``invalid-syntax``), left untouched."""
    data = (BEFORE + "\nx = 1" + " + 1" * 10_000 + "\n").encode()
    path = _write(tmp_path, data)
    outcome = migrate_file(str(path), Options())
    assert outcome.status == "failed", outcome
    assert outcome.error.startswith("does not parse: too many nested expressions"), outcome.error
    assert path.read_bytes() == data


# read-only files are reported, never replaced (root's DAC override notwithstanding)


def test_read_only_file_is_reported_and_untouched(project, capsys):
    import os
    import stat

    path = put(project / "tool.py")
    os.chmod(path, 0o444)
    inode = os.stat(path).st_ino
    assert main(["--report", "json", "tool.py"]) == 2
    report = json_report(capsys)
    assert report["files_rewritten"] == []
    assert "read-only" in report["failed"]["tool.py"]
    # reported once, as a failure, not also as skipped sites (F9)
    assert not any("read-only" in reason for reason in report["sites_skipped"]), report
    assert path.read_bytes() == BEFORE.encode()
    assert os.stat(path).st_ino == inode
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o444
    assert [p.name for p in project.iterdir()] == ["tool.py"]  # no temp file left


def test_read_only_target_of_a_symlink_is_reported(project, capsys):
    import os

    target = put(project / "tool.py")
    os.chmod(target, 0o444)
    (project / "link.py").symlink_to("tool.py")
    assert main(["--report", "json", "link.py"]) == 2
    assert "read-only" in json_report(capsys)["failed"]["link.py"]
    assert target.read_bytes() == BEFORE.encode()


def test_read_only_file_fails_in_check_mode_too(project, capsys):
    """Issue 14 item 4: the checker's verdict on a read-only file is "cannot rewrite
    it: the file is read-only"; ``--check`` says what the real run does (fails it)."""
    import os

    path = put(project / "tool.py")
    os.chmod(path, 0o444)
    assert main(["--check", "tool.py"]) == 2
    err = capsys.readouterr().err
    assert "read-only (mode 0444)" in err
    assert err.count("read-only") == 1, err  # one line per problem (F9)
    assert path.read_bytes() == BEFORE.encode()


def test_mixed_line_ends_with_every_site_suppressed_is_left_alone(tmp_path):
    """The checker reports nothing on such a file (every MCP001 is ``# noqa``'d), so
    the codemod neither fails nor touches it (the long fuzz run's one disagreement)."""
    from elicit_lint.codemod.engine import Options, migrate_file

    data = (
        b'from fastmcp import Context, FastMCP\r\nmcp = FastMCP("x")\n@mcp.tool\n'
        b"async def t(ctx: Context) -> str:\n"
        b'    r = await ctx.elicit("q?", response_type=str)  # noqa: MCP001\n    return "n"\n'
    )
    path = tmp_path / "mixed.py"
    path.write_bytes(data)
    outcome = migrate_file(str(path), Options())
    assert outcome.status != "failed" and outcome.rewritten == 0
    assert path.read_bytes() == data
    unsuppressed = tmp_path / "loud.py"
    unsuppressed.write_bytes(data.replace(b"  # noqa: MCP001", b""))
    assert migrate_file(str(unsuppressed), Options()).status == "failed"  # the refusal stands
