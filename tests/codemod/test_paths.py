"""Paths given to ``elicit-migrate``: a file named twice (or by name and through its
directory) is migrated once; symlinks are written through to their target, once,
keeping the target's permissions (as ``ruff check --fix`` does)."""

from __future__ import annotations

from elicit_lint.codemod.cli import main

from .project import AFTER, json_report, put

# the same file named twice is migrated once


def test_same_file_given_twice_is_migrated_once(project, capsys):
    path = put(project / "a.py")
    assert main(["--report", "json", "a.py", "./a.py", str(path)]) == 0
    report = json_report(capsys)
    assert report["files_rewritten"] == ["a.py"]
    assert report["sites_rewritten"] == 1
    assert report["failed"] == {}
    assert path.read_bytes() == AFTER


def test_same_file_through_a_directory_and_by_name_is_migrated_once(project, capsys):
    path = put(project / "pkg" / "a.py")
    assert main(["--report", "json", "pkg", str(path)]) == 0
    report = json_report(capsys)
    assert report["files_rewritten"] == ["pkg/a.py"] and report["failed"] == {}
    assert path.read_bytes() == AFTER


# symlinks: written through to the target (as `ruff check --fix` does), once


def test_symlink_named_is_written_through(project, capsys):
    target = put(project / "real" / "tool.py")
    link = project / "link.py"
    link.symlink_to("real/tool.py")
    assert main(["--report", "json", "link.py"]) == 0
    assert json_report(capsys)["files_rewritten"] == ["link.py"]
    assert link.is_symlink() and link.readlink().as_posix() == "real/tool.py"
    assert target.read_bytes() == AFTER
    assert sorted(p.name for p in (project / "real").iterdir()) == ["tool.py"]


def test_symlink_and_target_both_discovered_are_written_once(project, capsys):
    target = put(project / "tool.py")
    link = project / "alias.py"
    link.symlink_to("tool.py")
    assert main(["--report", "json", "."]) == 0
    report = json_report(capsys)
    assert report["files_rewritten"] == ["tool.py"]
    assert report["sites_rewritten"] == 1 and report["failed"] == {}
    assert link.is_symlink() and target.read_bytes() == AFTER


def test_symlink_permissions_are_the_targets(project):
    import os
    import stat

    target = put(project / "tool.py")
    os.chmod(target, 0o640)
    (project / "link.py").symlink_to("tool.py")
    assert main(["link.py"]) == 0
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o640
    assert (project / "link.py").is_symlink()
