"""``exclude`` patterns are anchored at the configuration's directory, as ruff 0.17.6's
``FilePattern::User``: a pattern with ``/`` is matched only joined to that directory
(``*/sub/*`` never matches through the folders above it), one without ``/`` also
against each name. Each case runs ruff's ``--show-files`` on the same tree and key."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from .test_fix_settings import RUFF

FILES = ("a.py", "sub/b.py", "x/sub/c.py", "x/sub/deep/d.py", "gen/e.py", "x/gen/f.py", "g.py")
"""Below ``outer/sub/proj`` (the project root sits in a folder named ``sub`` itself)."""

PATTERNS = ["*/sub/*", "**/sub/**", "**/sub", "sub/*", "*/gen/*.py", "gen", "x/**/d.py", "*.py",
            "./sub", "../proj/gen/*", "x/*"]


def _ruff_files(project: Path, key: str) -> list[str]:
    (project / "ruff.toml").write_text(key)
    try:
        ruff = subprocess.run([RUFF, "check", "--no-cache", "--show-files", "."], cwd=project,
                              capture_output=True, text=True, check=False)
    finally:
        os.remove(project / "ruff.toml")
    return sorted(line for line in ruff.stdout.splitlines() if line.endswith(".py"))


@pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")
@pytest.mark.parametrize("pattern", PATTERNS)
@pytest.mark.parametrize("key", ["exclude", "extend-exclude"])
def test_exclude_patterns_match_what_ruff_excludes(tmp_path, run_cli, pattern, key):
    project = tmp_path / "outer" / "sub" / "proj"
    for relative in FILES:
        (project / relative).parent.mkdir(parents=True, exist_ok=True)
        (project / relative).write_text("x = 1\n")
    toml = f'{key} = ["{pattern}"]\n'
    ruffs = _ruff_files(project, toml)
    (project / "elicit-lint.toml").write_text(toml)
    rc, out, _ = run_cli(["check", "--no-cache", "--show-files", "."], project)
    assert sorted(out.splitlines()) == ruffs
    assert rc == 0 or not ruffs


@pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")
def test_an_absolute_exclude_pattern_is_kept_as_written(tmp_path, run_cli):
    project = tmp_path / "proj"
    for relative in FILES:
        (project / relative).parent.mkdir(parents=True, exist_ok=True)
        (project / relative).write_text("x = 1\n")
    toml = f'extend-exclude = ["{project.resolve()}/x/*"]\n'
    ruffs = _ruff_files(project, toml)
    (project / "elicit-lint.toml").write_text(toml)
    assert sorted(run_cli(["check", "--no-cache", "--show-files", "."], project)[1].splitlines()) == ruffs
    assert not any("/x/" in f for f in ruffs) and ruffs


@pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")
def test_a_config_override_adds_to_the_files_extend_exclude(tmp_path, run_cli):
    """``--config "extend-exclude = [...]"`` adds to the file's, as ruff's does."""
    project = tmp_path / "proj"
    for relative in ("g/a.py", "h/b.py", "c.py"):
        (project / relative).parent.mkdir(parents=True, exist_ok=True)
        (project / relative).write_text("x = 1\n")
    toml = 'extend-exclude = ["g"]\n'
    args = ["--no-cache", "--show-files", "--config", 'extend-exclude = ["h"]', "."]
    (project / "ruff.toml").write_text(toml)
    ruff = subprocess.run([RUFF, "check", *args], cwd=project, capture_output=True, text=True, check=False)
    os.remove(project / "ruff.toml")
    ruffs = sorted(line for line in ruff.stdout.splitlines() if line.endswith(".py"))
    (project / "elicit-lint.toml").write_text(toml)
    assert sorted(run_cli(["check", *args], project)[1].splitlines()) == ruffs == [str((project / "c.py").resolve())]


def test_a_config_override_adds_to_the_files_extend_per_file_ignores(tmp_path, run_cli):
    (tmp_path / "elicit-lint.toml").write_text('[extend-per-file-ignores]\n"a.py" = ["MCP001"]\n')
    (tmp_path / "s.py").write_text("x = 1\n")
    rc, out, _ = run_cli(["check", "-n", "--show-settings", "--config",
                          'extend-per-file-ignores = {"a.py" = ["MCP002"], "b.py" = ["MCP003"]}', "s.py"], tmp_path)
    shown = dict(line.split(" = ", 1) for line in out.splitlines()[2:])
    assert rc == 0 and shown["per-file-ignores"] == repr({"a.py": ["MCP001", "MCP002"], "b.py": ["MCP003"]})


@pytest.mark.parametrize(("override", "enabled"), [
    ('extend-select = ["MCP003"]', ["MCP001", "MCP002", "MCP003"]),
    ('select = ["MCP003"]', ["MCP003"]),
    ('ignore = ["MCP001"]', ["MCP002"]),
])
def test_a_config_override_of_the_selection_is_one_more_layer(tmp_path, run_cli, override, enabled):
    """ruff chains an override's selection after the file's: the file's
    ``extend-select`` survives ``--config "extend-select = [...]"``."""
    (tmp_path / "elicit-lint.toml").write_text('select = ["MCP001"]\nextend-select = ["MCP002"]\n')
    (tmp_path / "s.py").write_text("x = 1\n")
    rc, out, _ = run_cli(["check", "-n", "--show-settings", "--config", override, "s.py"], tmp_path)
    shown = dict(line.split(" = ", 1) for line in out.splitlines()[2:])
    assert rc == 0 and shown["rules.enabled"] == repr(enabled)
    if RUFF is None:
        return
    ruff_toml = 'select = ["E4"]\nextend-select = ["F401"]\n'
    (tmp_path / "ruff.toml").write_text(ruff_toml)
    ruff_override = {"MCP003": "E7", "MCP001": "E4"}
    key, value = override.split(" = ")
    value = value.replace("MCP003", ruff_override["MCP003"]).replace("MCP001", ruff_override["MCP001"])
    ruff = subprocess.run([RUFF, "check", "--no-cache", "--show-settings", "--config", f"lint.{key} = {value}",
                           "s.py"], cwd=tmp_path, capture_output=True, text=True, check=True)
    rules = ruff.stdout.split("linter.rules.enabled = [", 1)[1].split("]", 1)[0]
    assert ("(F401)" in rules) == ("MCP002" in enabled)
