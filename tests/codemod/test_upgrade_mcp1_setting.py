"""``upgrade-mcp1``: the configuration key of ``elicit-migrate --upgrade-mcp1``, read per
file as ``runtime-module`` (``--target``) and ``max-rounds`` are; the command line's
``--upgrade-mcp1``/``--no-upgrade-mcp1`` win over it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from elicit_lint.codemod.cli import main as migrate

CASE = Path(__file__).resolve().parents[2] / "fixtures" / "codemod" / "mcp1_upgrade_ask"
BEFORE = (CASE / "before.py").read_text()
AFTER = (CASE / "after.py").read_text()


def project(tmp_path: Path, setting: str | None, name: str = "pyproject.toml") -> Path:
    if setting is not None:
        header = "[tool.elicit-lint]\n" if name == "pyproject.toml" else ""
        (tmp_path / name).write_text(f"{header}upgrade-mcp1 = {setting}\n")
    path = tmp_path / "server.py"
    shutil.copy(CASE / "before.py", path)
    return path


@pytest.mark.parametrize(
    ("setting", "flags", "upgraded"),
    [
        (None, [], False),
        ("true", [], True),
        ("false", [], False),
        ("true", ["--no-upgrade-mcp1"], False),
        ("false", ["--upgrade-mcp1"], True),
        (None, ["--upgrade-mcp1"], True),
    ],
)
def test_the_flag_wins_over_the_setting(tmp_path, setting, flags, upgraded):
    path = project(tmp_path, setting)
    assert migrate([*flags, str(path)]) == 0
    assert path.read_text() == (AFTER if upgraded else BEFORE)


def test_each_file_reads_its_own_configuration(tmp_path):
    (tmp_path / "on").mkdir()
    (tmp_path / "off").mkdir()
    on = project(tmp_path / "on", "true", "elicit-lint.toml")
    off = project(tmp_path / "off", None)
    assert migrate([str(tmp_path)]) == 0
    assert on.read_text() == AFTER and off.read_text() == BEFORE


def test_a_bad_value_is_a_configuration_error(tmp_path, capsys):
    path = project(tmp_path, '"yes"')
    assert migrate([str(path)]) == 2
    assert "`upgrade-mcp1`" in capsys.readouterr().err
    assert path.read_text() == BEFORE


def test_show_settings_shows_it(tmp_path, monkeypatch, capsys):
    from elicit_lint.checker.cli import main as check

    project(tmp_path, "true")
    monkeypatch.chdir(tmp_path)
    assert check(["check", "-n", "--show-settings", "server.py"]) == 0
    assert "upgrade-mcp1 = True" in capsys.readouterr().out.splitlines()


@pytest.mark.parametrize("setting", [None, "true"])
@pytest.mark.parametrize("case", ["mcp1_upgrade_ask", "mcp1_upgrade_backfill"])
def test_mcp001_states_the_verdict_the_setting_gives(tmp_path, monkeypatch, capsys, case, setting):
    """Checker and codemod agree under the same configuration: with the setting MCP001
    says `elicit-migrate` can rewrite each site, and it does; without, neither."""
    import json

    from elicit_lint.checker.cli import main as check

    fixture = CASE.parent / case
    if setting is not None:
        (tmp_path / "pyproject.toml").write_text(f"[tool.elicit-lint]\nupgrade-mcp1 = {setting}\n")
    path = tmp_path / "server.py"
    shutil.copy(fixture / "before.py", path)
    monkeypatch.chdir(tmp_path)
    check(["check", "-n", "--select", "MCP001", "--output-format", "json", "server.py"])
    helps = [d["help"] for d in json.loads(capsys.readouterr().out)]
    assert helps
    can = [h.endswith("`elicit-migrate` can rewrite it") for h in helps]
    assert migrate(["server.py"]) == 0
    rewritten = path.read_text() == (fixture / "after.py").read_text()
    assert all(can) == rewritten == (setting == "true") and (any(can) == all(can))
