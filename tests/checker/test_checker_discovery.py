"""Discovery: suffixes, default excludes, exclude/extend-exclude, .gitignore, explicit files."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from elicit_lint.workspace.discovery import DEFAULT_EXCLUDE, Discovery

from .checker_helpers import ELICIT_FILE


def tree(root: Path, *names: str) -> None:
    for name in names:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x = 1\n")


def found(root: Path, paths=(".",), **kwargs) -> list[str]:
    import os

    cwd = os.getcwd()
    os.chdir(root)
    try:
        return Discovery(root, **kwargs).files(list(paths))
    finally:
        os.chdir(cwd)


def git_init(root: Path) -> None:
    subprocess.run(["git", "init", "-q", str(root)], check=True)


def test_python_suffixes_only(tmp_path):
    tree(tmp_path, "a.py", "b.pyi", "c.txt", "d.pyc", "pkg/e.py")
    assert found(tmp_path) == ["a.py", "b.pyi", "pkg/e.py"]


@pytest.mark.parametrize("name", [".git", ".venv", "venv", "build", "dist", "node_modules",
                                  "__pycache__", ".tox", "site-packages", ".mypy_cache"])
def test_default_excludes(tmp_path, name):
    assert name in DEFAULT_EXCLUDE
    tree(tmp_path, "keep.py", f"{name}/skip.py", f"sub/{name}/skip.py")
    assert found(tmp_path) == ["keep.py"]


def test_exclude_replaces_defaults_and_extend_exclude_adds(tmp_path):
    tree(tmp_path, "keep.py", "build/b.py", "gen/g.py", "legacy/old.py", "legacy/sub/deep.py")
    assert found(tmp_path, exclude=["gen"]) == ["build/b.py", "keep.py", "legacy/old.py",
                                                "legacy/sub/deep.py"]
    # ruff's globs: ``*`` also matches ``/``, so ``legacy/*.py`` reaches legacy/sub/
    assert found(tmp_path, extend_exclude=["gen", "legacy/*.py"]) == ["keep.py"]
    assert found(tmp_path, extend_exclude=["./legacy"]) == ["gen/g.py", "keep.py"]
    # a leading / is an absolute path to ruff, not an anchor
    assert found(tmp_path, extend_exclude=["/legacy"]) == ["gen/g.py", "keep.py", "legacy/old.py",
                                                           "legacy/sub/deep.py"]


@pytest.mark.parametrize(
    "patterns",
    [
        ["gen", "legacy"],
        ["gen", "legacy/*.py", "/build"],
        ["gen", "!gen", "legacy"],
        ["gen/", "*.pyi", "leg?cy", "[b]uild", " gen", "gen "],
        ["tests/unit", "**/deep", "sub/deep/**"],
    ],
)
def test_bare_names_and_globs_agree_with_ruff(tmp_path, patterns):
    """Bare names are matched by name without globs; every result equals what
    ``ruff check --show-files`` picks with the same ``exclude`` (ruff is a dev
    dependency), from the root and from a subdirectory."""
    import json
    import os
    import shutil
    import sys

    names = ["a.py", "b.pyi", "gen/g.py", "gen", "sub/gen/g.py", "legacy/old.py", "legacy.py",
             "legacy/sub/deep/d.py", "build/b.py", "sub/build/b.py", "tests/unit/t.py",
             "sub/deep/x.py", " gen/s.py"]
    tree(tmp_path, *[n for n in names if n != "gen"])
    ruff = shutil.which("ruff") or shutil.which("ruff", path=os.path.dirname(sys.executable))
    (tmp_path / "pyproject.toml").write_text(f"[tool.ruff]\nexclude = {json.dumps(patterns)}\n")
    shown = subprocess.run([ruff, "check", "--no-cache", "--show-files", "."], cwd=tmp_path,
                           capture_output=True, text=True, check=True).stdout.split("\n")
    (tmp_path / "pyproject.toml").unlink()
    expected = sorted(os.path.relpath(p, tmp_path) for p in shown if p.endswith((".py", ".pyi")))
    assert found(tmp_path, exclude=patterns) == expected
    inside = found(tmp_path, paths=["sub"], exclude=patterns)
    assert inside == [f for f in expected if f.startswith("sub/")]


def test_gitignore_in_a_git_work_tree(tmp_path):
    git_init(tmp_path)
    tree(tmp_path, "a.py", "gen/g.py", "sub/b.py", "sub/c.py", "sub/deeper/d.py", "logs.py")
    (tmp_path / ".gitignore").write_text("gen/\n*.py\n!a.py\n!sub/**\n")
    (tmp_path / "sub" / ".gitignore").write_text("b.py\n")  # nested file, deeper wins
    (tmp_path / "sub" / "deeper" / ".gitignore").write_text("!b.py\nd.py\n")
    assert found(tmp_path) == ["a.py", "sub/c.py"]


def test_gitignore_applies_from_the_repository_root_when_checking_a_subdirectory(tmp_path):
    git_init(tmp_path)
    tree(tmp_path, "src/a.py", "src/generated_pb2.py")
    (tmp_path / ".gitignore").write_text("*_pb2.py\n")
    assert found(tmp_path, paths=["src"]) == ["src/a.py"]


def test_git_info_exclude(tmp_path):
    git_init(tmp_path)
    tree(tmp_path, "a.py", "scratch.py")
    (tmp_path / ".git" / "info").mkdir(exist_ok=True)
    (tmp_path / ".git" / "info" / "exclude").write_text("scratch.py\n")
    assert found(tmp_path) == ["a.py"]


def test_gitignore_outside_a_git_work_tree_is_not_read(tmp_path):
    # like git and ruff: without a repository .gitignore means nothing
    tree(tmp_path, "a.py", "b.py")
    (tmp_path / ".gitignore").write_text("b.py\n")
    if any((p / ".git").exists() for p in tmp_path.parents):
        pytest.skip("tmp_path is inside a git work tree")
    assert found(tmp_path) == ["a.py", "b.py"]


def test_explicit_file_is_checked_unless_force_exclude(tmp_path):
    tree(tmp_path, "build/gen.py", "legacy/x.py", "notes.txt")
    assert found(tmp_path, paths=["build/gen.py"]) == ["build/gen.py"]
    assert found(tmp_path, paths=["build/gen.py"], force_exclude=True) == []
    assert found(tmp_path, paths=["legacy/x.py"], extend_exclude=["legacy"], force_exclude=True) == []
    assert found(tmp_path, paths=["notes.txt"]) == ["notes.txt"]  # named: checked whatever its suffix
    assert found(tmp_path, paths=["build"]) == ["build/gen.py"]  # named directory: walked
    assert found(tmp_path, paths=["build"], force_exclude=True) == []


def test_explicit_gitignored_file_is_checked(tmp_path):
    git_init(tmp_path)
    tree(tmp_path, "ignored.py")
    (tmp_path / ".gitignore").write_text("ignored.py\n")
    assert found(tmp_path) == []
    assert found(tmp_path, paths=["ignored.py"]) == ["ignored.py"]


def test_duplicates_and_missing_paths(tmp_path):
    tree(tmp_path, "a.py")
    assert found(tmp_path, paths=["a.py", ".", "./a.py"]) == ["a.py"]
    assert found(tmp_path, paths=["missing.py"]) == ["missing.py"]


def test_relative_and_absolute_spellings_of_one_file_are_checked_once(tmp_path):
    tree(tmp_path, "a.py", "pkg/b.py")
    assert found(tmp_path, paths=["a.py", str(tmp_path / "a.py")]) == ["a.py"]
    assert found(tmp_path, paths=["pkg", str(tmp_path / "pkg" / "b.py")]) == ["pkg/b.py"]


def test_cli_missing_path_is_an_io_error(tmp_path, run_cli):
    rc, out, err = run_cli(["check", "missing.py"], tmp_path)
    assert rc == 1 and "missing.py:1:1: io-error: No such file or directory" in out


def test_cli_exclusions(tmp_path, run_cli, fake_rules):
    for name in ("a.py", "build/b.py", "gen/c.py"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(ELICIT_FILE)
    rc, out, _ = run_cli(["check", "--extend-exclude", "gen", "."], tmp_path)
    assert [line.split(":")[0] for line in out.splitlines()] == ["a.py"]
    rc, out, _ = run_cli(["check", "--exclude", "gen", "."], tmp_path)
    assert [line.split(":")[0] for line in out.splitlines()] == ["a.py", "build/b.py"]
    rc, out, _ = run_cli(["check", "--force-exclude", "build/b.py"], tmp_path)
    assert (rc, out) == (0, "")


def test_unlistable_directory_is_an_io_error(tmp_path, run_cli, fake_rules, monkeypatch):
    import os

    (tmp_path / "locked").mkdir()
    (tmp_path / "locked" / "a.py").write_text(ELICIT_FILE)
    (tmp_path / "ok.py").write_text(ELICIT_FILE)
    real_scandir = os.scandir

    def scandir(path="."):
        if os.path.basename(os.fspath(path)) == "locked":
            raise PermissionError(13, "Permission denied")
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    rc, out, err = run_cli(["check", "."], tmp_path)
    assert rc == 1 and "Traceback" not in err
    assert out.splitlines()[0] == "locked:1:1: io-error: Permission denied"
    assert out.splitlines()[1].startswith("ok.py:8:20: MCP001")


def test_one_per_real_file_merges_symlinks_and_absolute_spellings(tmp_path, monkeypatch):
    """For a writer (``elicit-migrate``): a file reached directly, by an absolute
    path and through a symlink is one file; a path that is not a link is kept."""
    from elicit_lint.workspace.discovery import Discovery

    (tmp_path / "a.py").write_text("x = 1\n")
    (tmp_path / "b.py").write_text("y = 1\n")
    (tmp_path / "link.py").symlink_to("a.py")
    monkeypatch.chdir(tmp_path)
    discovery = Discovery(tmp_path)
    paths = [str(tmp_path / "a.py"), ".", "link.py"]
    assert discovery.files(paths) == sorted([str(tmp_path / "a.py"), "b.py", "link.py"])
    # ``./a.py`` merged into the absolute spelling met first (as ruff does); the
    # link then goes too: it is the same file on disk, and not the preferred path
    assert discovery.files(paths, one_per_real_file=True) == [str(tmp_path / "a.py"), "b.py"]
    assert discovery.files(["link.py", "a.py"], one_per_real_file=True) == ["a.py"]


# a gitignored directory named on the command line is checked (ruff 0.17)


@pytest.mark.parametrize(
    "pattern, target, expected",
    [
        ("ign/", "ign", ["ign/a.py", "ign/sub/b.py"]),
        ("ign/", "ign/sub", ["ign/sub/b.py"]),
        ("ign", "ign", ["ign/a.py", "ign/sub/b.py"]),
        ("/ign/", "ign", ["ign/a.py", "ign/sub/b.py"]),
        ("ign/*.py", "ign", ["ign/sub/b.py"]),  # the pattern matches a.py itself
        ("ign/**", "ign", []),  # git's "everything inside ign"
        ("ign/", ".", []),  # not named: skipped as before
    ],
)
def test_named_gitignored_directory_is_checked_like_ruff(tmp_path, pattern, target, expected):
    from elicit_lint.workspace.discovery import Discovery

    (tmp_path / ".git").mkdir()
    (tmp_path / ".gitignore").write_text(pattern + "\n")
    (tmp_path / "ign" / "sub").mkdir(parents=True)
    (tmp_path / "ign" / "a.py").write_text("x = 1\n")
    (tmp_path / "ign" / "sub" / "b.py").write_text("x = 1\n")
    found = Discovery(tmp_path).files([str(tmp_path / target)])
    rel = sorted(str(__import__("pathlib").Path(f).relative_to(tmp_path)) for f in found)
    assert rel == expected


def test_named_gitignored_directory_end_to_end(tmp_path, run_cli, fake_rules):
    (tmp_path / ".git").mkdir()
    (tmp_path / ".gitignore").write_text("ign/\n")
    (tmp_path / "ign").mkdir()
    (tmp_path / "ign" / "a.py").write_text(ELICIT_FILE)
    rc, out, _ = run_cli(["check", "ign"], tmp_path)
    assert rc == 1 and "ign/a.py" in out
    rc, out, err = run_cli(["check", "."], tmp_path)
    assert rc == 0 and "All checks passed!" in err
