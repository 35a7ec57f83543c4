"""``--show-settings`` shows what the run would use: the command line over the
configuration file, as ruff 0.17.6 does (its ``--show-settings`` with
``--unsafe-fixes --output-format json --extend-exclude foo --per-file-ignores``
shows ``unsafe_fixes = enabled``, ``output_format = json``, the extra exclude and
the extra per-file ignore; checked by hand)."""

from __future__ import annotations

import pytest

from elicit_lint.checker.cli import main

from .test_fix_settings import SERVER

CONFIG = """[tool.elicit-lint]
select = ["MCP001", "MCP009"]
extend-exclude = ["gen"]
output-format = "json"
max-rounds = 4
unsafe-fixes = true
fix = true
force-exclude = true
respect-gitignore = false
show-fixes = true

[tool.elicit-lint.per-file-ignores]
"tests/*" = ["MCP001"]
"""


def rows(tmp_path, monkeypatch, capsys, *flags) -> dict[str, str]:
    (tmp_path / "s.py").write_text(SERVER)
    (tmp_path / "pyproject.toml").write_text(CONFIG)
    monkeypatch.chdir(tmp_path)
    assert main(["check", "-n", "--show-settings", *flags, "s.py"]) == 0
    return dict(
        line.split(" = ", 1) for line in capsys.readouterr().out.splitlines()[2:]
    )


def test_without_flags_the_file_values_show(tmp_path, monkeypatch, capsys):
    shown = rows(tmp_path, monkeypatch, capsys)
    assert shown["rules.enabled"] == "['MCP001', 'MCP009']"
    assert shown["per-file-ignores"] == "{'tests/*': ['MCP001']}"
    assert shown["extend-exclude"] == "['gen']" and shown["output-format"] == "'json'"
    assert shown["max-rounds"] == "4"
    assert (shown["unsafe-fixes"], shown["fix"], shown["show-fixes"]) == (
        "True",
        "True",
        "True",
    )
    assert (shown["force-exclude"], shown["respect-gitignore"]) == ("True", "False")


@pytest.mark.parametrize(
    ("flags", "key", "value"),
    [
        (["--select", "MCP009"], "rules.enabled", "['MCP009']"),
        (["--ignore", "MCP001"], "rules.enabled", "['MCP009']"),
        (
            ["--extend-select", "MCP002"],
            "rules.enabled",
            "['MCP001', 'MCP002', 'MCP009']",
        ),
        (
            ["--per-file-ignores", "a/*:MCP009"],
            "per-file-ignores",
            "{'a/*': ['MCP009']}",
        ),
        (
            ["--extend-per-file-ignores", "a/*:MCP009"],
            "per-file-ignores",
            "{'tests/*': ['MCP001'], 'a/*': ['MCP009']}",
        ),
        (["--exclude", "old"], "exclude", "['old']"),
        (["--extend-exclude", "old"], "extend-exclude", "['gen', 'old']"),
        (["--output-format", "concise"], "output-format", "'concise'"),
        (["--max-rounds", "2"], "max-rounds", "2"),
        (["--no-unsafe-fixes"], "unsafe-fixes", "False"),
        (["--no-fix"], "fix", "False"),
        (["--no-show-fixes"], "show-fixes", "False"),
        (["--no-force-exclude"], "force-exclude", "False"),
        (["--respect-gitignore"], "respect-gitignore", "True"),
        (["--config", "max-rounds = 6"], "max-rounds", "6"),
        (["--isolated"], "output-format", "'concise'"),
    ],
)
def test_a_flag_shows_over_the_file(tmp_path, monkeypatch, capsys, flags, key, value):
    assert rows(tmp_path, monkeypatch, capsys, *flags)[key] == value


def test_the_defaults_show_when_nothing_is_set(tmp_path, monkeypatch, capsys):
    (tmp_path / "s.py").write_text(SERVER)
    monkeypatch.chdir(tmp_path)
    assert main(["check", "-n", "--show-settings", "s.py"]) == 0
    out = capsys.readouterr().out
    assert "Settings path: (defaults)" in out
    shown = dict(line.split(" = ", 1) for line in out.splitlines()[2:])
    assert (shown["output-format"], shown["unsafe-fixes"], shown["fix"]) == (
        "'concise'",
        "False",
        "False",
    )
    assert shown["respect-gitignore"] == "True"


def test_computed_defaults_show_their_effective_values(tmp_path, monkeypatch, capsys):
    """ruff 0.17.6 prints ``file_resolver.exclude`` as its default list and
    ``cache_dir`` as a path, also under ``-n`` (checked by hand)."""
    from elicit_lint.report import DEFAULT_DOCS_URL, DOCS_URL_ENV
    from elicit_lint.workspace.discovery import DEFAULT_EXCLUDE

    monkeypatch.delenv(DOCS_URL_ENV, raising=False)
    monkeypatch.delenv("ELICIT_LINT_CACHE_DIR", raising=False)
    (tmp_path / "s.py").write_text(SERVER)
    monkeypatch.chdir(tmp_path)
    assert main(["check", "-n", "--show-settings", "s.py"]) == 0
    shown = dict(line.split(" = ", 1) for line in capsys.readouterr().out.splitlines()[2:])
    assert shown["exclude"] == repr(list(DEFAULT_EXCLUDE)) and "'.venv'" in shown["exclude"]
    assert shown["docs-url"] == repr(DEFAULT_DOCS_URL)
    assert shown["cache-dir"] == repr(str(tmp_path / ".elicit_lint_cache"))
    monkeypatch.setenv(DOCS_URL_ENV, "https://example.test/rules/")
    assert main(["check", "-n", "--show-settings", "--cache-dir", "c", "s.py"]) == 0
    shown = dict(line.split(" = ", 1) for line in capsys.readouterr().out.splitlines()[2:])
    assert shown["docs-url"] == "'https://example.test/rules'"
    assert shown["cache-dir"] == repr(str(tmp_path / "c"))
