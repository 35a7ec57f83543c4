"""``extend-per-file-ignores``: ruff 0.17.6's ``lint.extend-per-file-ignores``, added
to the effective ``per-file-ignores`` (also across ``extend``), compared with
``ruff check --show-settings`` on the same tables."""

from __future__ import annotations

import ast
import os
import re
import subprocess
from pathlib import Path

import pytest

from elicit_lint.workspace.config import ConfigError, load_config

from .checker_helpers import ELICIT_FILE
from .test_fix_settings import RUFF

BOTH = ELICIT_FILE.replace(", response_type=str", "")  # MCP001 and MCP002 (fake rules)

# the same chain for both tools; {0}... stand for a rule code of each tool
BASE = '[{pfi}]\n"a/*.py" = ["{0}"]\n[{epfi}]\n"b/*.py" = ["{1}"]\n'
OWN = 'extend = "../base.toml"\n[{pfi}]\n"c/*.py" = ["{2}"]\n[{epfi}]\n"b/*.py" = ["{3}"]\n"d.py" = ["{4}"]\n'
RUFF_CODES = ("E501", "F401", "E402", "E701", "F841")
OUR_CODES = ("MCP001", "MCP002", "MCP003", "MCP004", "MCP005")


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def _chain(tmp_path: Path, codes, pfi: str, epfi: str, name: str) -> Path:
    write(tmp_path / "base.toml", BASE.format(*codes, pfi=pfi, epfi=epfi))
    write(tmp_path / "app" / name, OWN.format(*codes, pfi=pfi, epfi=epfi))
    return write(tmp_path / "app" / "s.py", "x = 1\n")


def _absolute(pattern: str, root: Path) -> str:
    return pattern if os.path.isabs(pattern) else os.path.normpath(os.path.join(root, pattern))


def test_extend_per_file_ignores_add_up_as_ruffs(tmp_path, run_cli):
    _chain(tmp_path, OUR_CODES, "per-file-ignores", "extend-per-file-ignores", "elicit-lint.toml")
    rc, out, _ = run_cli(["check", "-n", "--show-settings", "s.py"], tmp_path / "app")
    shown = dict(line.split(" = ", 1) for line in out.splitlines()[2:])
    table = ast.literal_eval(shown["per-file-ignores"])
    ours = [(_absolute(p, (tmp_path / "app").resolve()), OUR_CODES.index(c))
            for p, codes in table.items() for c in codes]
    d = tmp_path.resolve()
    expected = [(f"{d}/app/c/*.py", 2), (f"{d}/b/*.py", 1), (f"{d}/app/b/*.py", 3), (f"{d}/app/d.py", 4)]
    assert rc == 0 and ours == expected  # the base's per-file-ignores ("a/*.py") are replaced
    if RUFF is None:
        pytest.skip("ruff is a dev dependency")
    _chain(tmp_path, RUFF_CODES, "lint.per-file-ignores", "lint.extend-per-file-ignores", "ruff.toml")
    ruff = subprocess.run([RUFF, "check", "--no-cache", "--show-settings", "s.py"], cwd=tmp_path / "app",
                          capture_output=True, text=True, check=True)
    section = ruff.stdout.split("linter.per_file_ignores = {", 1)[1].split("\n}\n", 1)[0]
    matchers = re.findall(r'absolute_matcher = "([^"]*)"', section)
    codes = [RUFF_CODES.index(c) for c in re.findall(r"\(([A-Z]+[0-9]+)\)", section)]
    assert list(zip(matchers, codes)) == expected


def test_a_run_applies_the_extended_per_file_ignores(tmp_path, run_cli, fake_rules):
    write(tmp_path / "base.toml", '[per-file-ignores]\n"*.py" = ["MCP002"]\n[extend-per-file-ignores]\n'
                                  '"sub/b.py" = ["MCP001"]\n')
    write(tmp_path / "sub" / "pyproject.toml", '[tool.elicit-lint]\nextend = "../base.toml"\n'
                                               '[tool.elicit-lint.extend-per-file-ignores]\n"a.py" = ["MCP001"]\n')
    write(tmp_path / "sub" / "a.py", BOTH)
    write(tmp_path / "sub" / "b.py", BOTH)
    write(tmp_path / "sub" / "c.py", BOTH)
    rc, out, _ = run_cli(["check", "--no-cache", "sub"], tmp_path)
    found = sorted((line.split(":")[0], line.split(" ")[1]) for line in out.splitlines() if ": MCP" in line)
    assert rc == 1 and found == [("sub/c.py", "MCP001")]
    # --per-file-ignores replaces per-file-ignores only: the extend-per-file-ignores stay
    rc, out, _ = run_cli(["check", "--no-cache", "--per-file-ignores", "c.py:MCP001", "sub"], tmp_path)
    found = sorted((line.split(":")[0], line.split(" ")[1]) for line in out.splitlines() if ": MCP" in line)
    assert found == [("sub/a.py", "MCP002"), ("sub/b.py", "MCP002"), ("sub/c.py", "MCP002")]


def test_extend_per_file_ignores_are_validated(tmp_path):
    write(tmp_path / "elicit-lint.toml", '[extend-per-file-ignores]\n"a.py" = ["MCP9"]\n')
    with pytest.raises(ConfigError, match="extend-per-file-ignores"):
        load_config(None, tmp_path, use_cache=False)
    write(tmp_path / "elicit-lint.toml", '[extend-per-file-ignores]\n"a.py" = "MCP001"\n')
    with pytest.raises(ConfigError, match="extend-per-file-ignores"):
        load_config(None, tmp_path, use_cache=False)


def test_extend_per_file_ignores_survive_the_cache(tmp_path, monkeypatch):
    monkeypatch.delenv("ELICIT_LINT_CACHE_DIR", raising=False)
    write(tmp_path / "elicit-lint.toml", '[extend-per-file-ignores]\n"a.py" = ["MCP001"]\n')
    first = load_config(None, tmp_path)
    assert load_config(None, tmp_path) == first
    assert first.extend_per_file_ignores == {"a.py": ["MCP001"]} and first.per_file_ignores == {}
