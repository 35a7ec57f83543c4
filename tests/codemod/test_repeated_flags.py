"""elicit-migrate's list flags repeated are the union, as ruff's repeated ``--select``
and ``--exclude`` are (``ruff check --show-files --exclude a.py --exclude b.py`` leaves
both out): before, the last one silently won."""

from __future__ import annotations

from elicit_lint.codemod.cli import main

from .project import AFTER, BEFORE, json_report, put


def test_a_repeated_extend_exclude_excludes_every_pattern(tmp_path, monkeypatch, capsys):
    a, b, c = (put(tmp_path / name) for name in ("a.py", "b.py", "c.py"))
    monkeypatch.chdir(tmp_path)
    assert main(["--isolated", "--extend-exclude", "a.py", "--extend-exclude", "b.py", "."]) == 0
    assert (a.read_bytes(), b.read_bytes(), c.read_bytes()) == (BEFORE, BEFORE, AFTER)


def test_a_repeated_ignore_ignores_every_kind(tmp_path, monkeypatch, capsys):
    put(tmp_path / "a.py")  # one `question` rewrite
    monkeypatch.chdir(tmp_path)
    assert main(["--isolated", "--report", "json", "--check", "--ignore", "hoist", "a.py"]) == 1
    assert json_report(capsys)["files_would_rewrite"] == ["a.py"]
    flags = ["--ignore", "question", "--ignore", "hoist"]  # the last alone would rewrite
    assert main(["--isolated", "--report", "json", "--check", *flags, "a.py"]) == 0
    assert json_report(capsys)["files_would_rewrite"] == []


def test_a_repeated_select_is_the_union(tmp_path, monkeypatch, capsys):
    put(tmp_path / "a.py")
    monkeypatch.chdir(tmp_path)
    assert main(["--isolated", "--report", "json", "--check", "--select", "hoist", "a.py"]) == 0
    assert json_report(capsys)["files_would_rewrite"] == []
    flags = ["--select", "question", "--select", "hoist"]  # the last alone would not rewrite
    assert main(["--isolated", "--report", "json", "--check", *flags, "a.py"]) == 1
    assert json_report(capsys)["files_would_rewrite"] == ["a.py"]
