"""A fresh user's report on ``elicit-migrate``: configuration and discovery shared
with the checker, symlinks, exit codes, read-only files, a path given twice."""

from __future__ import annotations

import json

import pytest

from elicit_lint.codemod.cli import main

from .cases import ROOT

BEFORE = (ROOT / "literal_accept_decline" / "before.py").read_bytes()
AFTER = (ROOT / "literal_accept_decline" / "after.py").read_bytes()


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _put(path, data: bytes = BEFORE):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def _report(capsys) -> dict:
    return json.loads(capsys.readouterr().out)


# 1. configuration: exclude / extend-exclude / runtime-module from [tool.elicit-lint]


def test_config_extend_exclude_is_honoured(project, capsys):
    (project / "pyproject.toml").write_text(
        '[tool.elicit-lint]\nextend-exclude = ["skipme.py", "legacy/"]\n'
    )
    skipme = _put(project / "skipme.py")
    old = _put(project / "legacy" / "old.py")
    kept = _put(project / "tool.py")
    assert main(["--report", "json", "."]) == 0
    assert _report(capsys)["files_rewritten"] == ["tool.py"]
    assert skipme.read_bytes() == BEFORE and old.read_bytes() == BEFORE
    assert kept.read_bytes() == AFTER


def test_config_exclude_replaces_defaults_as_in_check(project, capsys):
    (project / "pyproject.toml").write_text('[tool.elicit-lint]\nexclude = ["gen"]\n')
    _put(project / "gen" / "a.py")
    _put(project / "build" / "b.py")  # a default exclude, no longer excluded
    assert main(["--check", "--report", "json", "."]) == 1
    assert _report(capsys)["files_would_rewrite"] == ["build/b.py"]


def test_config_runtime_module_is_the_default_target(project):
    (project / "pyproject.toml").write_text(
        '[tool.elicit-lint]\nruntime-module = "fastmcp.elicitation"\n'
    )
    path = _put(project / "tool.py")
    assert main(["tool.py"]) == 0
    text = path.read_text()
    assert "from fastmcp.elicitation import Elicit" in text
    assert "declared_elicitation" not in text


def test_target_flag_overrides_config(project):
    (project / "pyproject.toml").write_text(
        '[tool.elicit-lint]\nruntime-module = "fastmcp.elicitation"\n'
    )
    path = _put(project / "tool.py")
    assert main(["--target", "elicit_lint.runtime", "tool.py"]) == 0
    assert path.read_bytes() == AFTER


def test_invalid_config_is_exit_2(project, capsys):
    (project / "pyproject.toml").write_text('[tool.elicit-lint]\nselct = ["MCP"]\n')
    path = _put(project / "tool.py")
    assert main(["."]) == 2
    assert "unknown key `selct`" in capsys.readouterr().err
    assert path.read_bytes() == BEFORE


def test_config_found_from_the_first_path(project, capsys, monkeypatch):
    sub = project / "proj"
    (sub / "pyproject.toml").parent.mkdir()
    (sub / "pyproject.toml").write_text('[tool.elicit-lint]\nextend-exclude = ["legacy/"]\n')
    _put(sub / "legacy" / "old.py")
    _put(sub / "tool.py")
    assert main(["--check", "--report", "json", "proj"]) == 1
    assert _report(capsys)["files_would_rewrite"] == ["proj/tool.py"]


# 5. the same file named twice is migrated once


def test_same_file_given_twice_is_migrated_once(project, capsys):
    path = _put(project / "a.py")
    assert main(["--report", "json", "a.py", "./a.py", str(path)]) == 0
    report = _report(capsys)
    assert report["files_rewritten"] == ["a.py"]
    assert report["sites_rewritten"] == 1
    assert report["failed"] == {}
    assert path.read_bytes() == AFTER


def test_same_file_through_a_directory_and_by_name_is_migrated_once(project, capsys):
    path = _put(project / "pkg" / "a.py")
    assert main(["--report", "json", "pkg", str(path)]) == 0
    report = _report(capsys)
    assert report["files_rewritten"] == ["pkg/a.py"] and report["failed"] == {}
    assert path.read_bytes() == AFTER


# 2. symlinks: written through to the target (as `ruff check --fix` does), once


def test_symlink_named_is_written_through(project, capsys):
    target = _put(project / "real" / "tool.py")
    link = project / "link.py"
    link.symlink_to("real/tool.py")
    assert main(["--report", "json", "link.py"]) == 0
    assert _report(capsys)["files_rewritten"] == ["link.py"]
    assert link.is_symlink() and link.readlink().as_posix() == "real/tool.py"
    assert target.read_bytes() == AFTER
    assert sorted(p.name for p in (project / "real").iterdir()) == ["tool.py"]


def test_symlink_and_target_both_discovered_are_written_once(project, capsys):
    target = _put(project / "tool.py")
    link = project / "alias.py"
    link.symlink_to("tool.py")
    assert main(["--report", "json", "."]) == 0
    report = _report(capsys)
    assert report["files_rewritten"] == ["tool.py"]
    assert report["sites_rewritten"] == 1 and report["failed"] == {}
    assert link.is_symlink() and target.read_bytes() == AFTER


def test_symlink_permissions_are_the_targets(project):
    import os
    import stat

    target = _put(project / "tool.py")
    os.chmod(target, 0o640)
    (project / "link.py").symlink_to("tool.py")
    assert main(["link.py"]) == 0
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o640
    assert (project / "link.py").is_symlink()


# 3. exit status: 0 nothing to do / done, 1 --check/--diff would change, 2 a file failed


def test_check_with_a_failing_file_exits_2(project, capsys):
    _put(project / "mixed.py", BEFORE.replace(b"\n", b"\r\n", 2))
    _put(project / "syntax.py", b"ctx.elicit(\n")
    assert main(["--check", "mixed.py", "syntax.py"]) == 2
    err = capsys.readouterr().err
    assert "failed: mixed.py: mixed line endings" in err
    assert "failed: syntax.py: does not parse" in err


def test_check_failure_wins_over_would_change(project):
    _put(project / "tool.py")
    _put(project / "syntax.py", b"ctx.elicit(\n")
    assert main(["--check", "."]) == 2
    assert main(["--diff", "."]) == 2


@pytest.mark.parametrize("name", ["nonexist.py", "nonexist"])
def test_missing_path_exits_2(project, capsys, name):
    assert main(["--report", "json", name]) == 2
    assert list(_report(capsys)["failed"]) == [name]


def test_write_with_a_failing_file_exits_2_after_writing_the_rest(project):
    good = _put(project / "tool.py")
    _put(project / "syntax.py", b"ctx.elicit(\n")
    assert main(["."]) == 2
    assert good.read_bytes() == AFTER


@pytest.mark.parametrize(
    "args, expected",
    [(["--check", "tool.py"], 1), (["--diff", "tool.py"], 1), (["tool.py"], 0),
     (["--check", "plain.py"], 0), (["plain.py"], 0)],
)
def test_exit_status(project, args, expected, capsys):
    _put(project / "tool.py")
    _put(project / "plain.py", b"x = 1\n")
    assert main(args) == expected


def test_help_documents_exit_status(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "exit status: 0" in out and "2 a file failed" in out


# 4. read-only files are reported, never replaced (root's DAC override notwithstanding)


def test_read_only_file_is_reported_and_untouched(project, capsys):
    import os
    import stat

    path = _put(project / "tool.py")
    os.chmod(path, 0o444)
    inode = os.stat(path).st_ino
    assert main(["--report", "json", "tool.py"]) == 2
    report = _report(capsys)
    assert report["files_rewritten"] == []
    assert "read-only" in report["failed"]["tool.py"]
    assert path.read_bytes() == BEFORE
    assert os.stat(path).st_ino == inode
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o444
    assert [p.name for p in project.iterdir()] == ["tool.py"]  # no temp file left


def test_read_only_target_of_a_symlink_is_reported(project, capsys):
    import os

    target = _put(project / "tool.py")
    os.chmod(target, 0o444)
    (project / "link.py").symlink_to("tool.py")
    assert main(["--report", "json", "link.py"]) == 2
    assert "read-only" in _report(capsys)["failed"]["link.py"]
    assert target.read_bytes() == BEFORE


def test_read_only_file_still_counts_in_check_mode(project):
    import os

    path = _put(project / "tool.py")
    os.chmod(path, 0o444)
    assert main(["--check", "tool.py"]) == 1  # --check asks what would change
    assert path.read_bytes() == BEFORE
