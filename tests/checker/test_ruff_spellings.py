"""Spellings a ruff user writes in pre-commit and CI that ruff 0.17.6 still takes
(checked with ruff itself): a repeated ``--exclude`` is the union (``ruff check
--show-files --exclude a.py --exclude b.py`` leaves neither), and the deprecated
``extend-ignore``/``extend-unfixable`` (hidden flags and configuration keys) add to
``ignore``/``unfixable``."""

from __future__ import annotations

import subprocess

import pytest

from elicit_lint.checker.cli import main
from elicit_lint.workspace.config import load_config

from .test_fix_settings import RUFF, SERVER


def _rows(capsys) -> dict[str, str]:
    return dict(line.split(" = ", 1) for line in capsys.readouterr().out.splitlines()[2:])


def test_a_repeated_exclude_is_the_union(tmp_path, monkeypatch, capsys):
    for name in ("a.py", "b.py", "c.py"):
        (tmp_path / name).write_text("x = 1\n")
    monkeypatch.chdir(tmp_path)
    flags = ["--exclude", "a.py", "--exclude", "b.py"]
    assert main(["check", "-n", "--isolated", "--show-files", *flags, "."]) == 0
    ours = capsys.readouterr().out.splitlines()
    assert ours == [str(tmp_path / "c.py")]
    if RUFF is not None:
        ruff = subprocess.run([RUFF, "check", "-n", "--isolated", "--show-files", *flags, "."],
                              cwd=tmp_path, capture_output=True, text=True, check=True)
        assert ruff.stdout.splitlines() == ours


@pytest.mark.parametrize(("flags", "key", "value"), [
    (["--extend-ignore", "MCP009"], "rules.enabled", "['MCP001']"),
    (["--extend-unfixable", "MCP009"], "fix.fixable", "['MCP001']"),
])
def test_the_deprecated_flags_mean_what_ruff_means(tmp_path, monkeypatch, capsys, flags, key, value):
    (tmp_path / "s.py").write_text(SERVER)
    monkeypatch.chdir(tmp_path)
    base = ["check", "-n", "--isolated", "--select", "MCP001,MCP009", "--show-settings"]
    assert main([*base, "s.py"]) == 0
    assert _rows(capsys)[key] == "['MCP001', 'MCP009']"
    assert main([*base, *flags, "s.py"]) == 0
    assert _rows(capsys)[key] == value


def test_the_deprecated_keys_add_to_ignore_and_unfixable(tmp_path):
    (tmp_path / "elicit-lint.toml").write_text(
        'ignore = ["MCP002"]\nextend-ignore = ["MCP009"]\nunfixable = ["MCP019"]\nextend-unfixable = ["MCP009"]\n'
    )
    config = load_config(None, tmp_path, use_cache=False)
    assert (config.ignore, config.unfixable) == (["MCP002", "MCP009"], ["MCP019", "MCP009"])


@pytest.mark.parametrize(("key", "flag"), [("extend-ignore", "--extend-ignore"),
                                           ("extend-unfixable", "--extend-unfixable")])
def test_an_override_of_a_deprecated_key_names_the_flag(tmp_path, monkeypatch, capsys, key, flag):
    (tmp_path / "s.py").write_text(SERVER)
    monkeypatch.chdir(tmp_path)
    assert main(["check", "-n", "--config", f"{key} = ['MCP001']", "s.py"]) == 2
    err = capsys.readouterr().err
    assert f"--config cannot set `{key}`" in err and flag in err and "internal error" not in err
