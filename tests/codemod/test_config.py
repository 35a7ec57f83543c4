"""``elicit-migrate`` reads the checker's configuration: ``exclude`` /
``extend-exclude`` / ``runtime-module`` from ``[tool.elicit-lint]``, found from the
first path; ``--target`` wins; an invalid table is exit 2."""

from __future__ import annotations

from elicit_lint.codemod.cli import main

from .project import AFTER, BEFORE, json_report, put

# configuration: exclude / extend-exclude / runtime-module from [tool.elicit-lint]


def test_config_extend_exclude_is_honoured(project, capsys):
    (project / "pyproject.toml").write_text(
        '[tool.elicit-lint]\nextend-exclude = ["skipme.py", "legacy/"]\n'
    )
    skipme = put(project / "skipme.py")
    old = put(project / "legacy" / "old.py")
    kept = put(project / "tool.py")
    assert main(["--report", "json", "."]) == 0
    assert json_report(capsys)["files_rewritten"] == ["tool.py"]
    assert skipme.read_bytes() == BEFORE and old.read_bytes() == BEFORE
    assert kept.read_bytes() == AFTER


def test_config_exclude_replaces_defaults_as_in_check(project, capsys):
    (project / "pyproject.toml").write_text('[tool.elicit-lint]\nexclude = ["gen"]\n')
    put(project / "gen" / "a.py")
    put(project / "build" / "b.py")  # a default exclude, no longer excluded
    assert main(["--check", "--report", "json", "."]) == 1
    assert json_report(capsys)["files_would_rewrite"] == ["build/b.py"]


def test_config_runtime_module_is_the_default_target(project):
    (project / "pyproject.toml").write_text(
        '[tool.elicit-lint]\nruntime-module = "fastmcp.elicitation"\n'
    )
    path = put(project / "tool.py")
    assert main(["tool.py"]) == 0
    text = path.read_text()
    assert "from fastmcp.elicitation import Elicit" in text
    assert "declared_elicitation" not in text


def test_target_flag_overrides_config(project):
    (project / "pyproject.toml").write_text(
        '[tool.elicit-lint]\nruntime-module = "fastmcp.elicitation"\n'
    )
    path = put(project / "tool.py")
    assert main(["--target", "elicit_lint.runtime", "tool.py"]) == 0
    assert path.read_bytes() == AFTER


def test_invalid_config_is_exit_2(project, capsys):
    (project / "pyproject.toml").write_text('[tool.elicit-lint]\nselct = ["MCP"]\n')
    path = put(project / "tool.py")
    assert main(["."]) == 2
    assert "unknown key `selct`" in capsys.readouterr().err
    assert path.read_bytes() == BEFORE


def test_config_found_from_the_first_path(project, capsys, monkeypatch):
    sub = project / "proj"
    (sub / "pyproject.toml").parent.mkdir()
    (sub / "pyproject.toml").write_text('[tool.elicit-lint]\nextend-exclude = ["legacy/"]\n')
    put(sub / "legacy" / "old.py")
    put(sub / "tool.py")
    assert main(["--check", "--report", "json", "proj"]) == 1
    assert json_report(capsys)["files_would_rewrite"] == ["proj/tool.py"]
