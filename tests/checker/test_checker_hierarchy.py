"""Each file is checked with its nearest configuration (ruff's hierarchical
configuration), ``--config`` for all; excludes apply under their file's directory."""

from __future__ import annotations

from pathlib import Path

import pytest

from elicit_lint.workspace.project import Configs

from .checker_helpers import ELICIT_FILE

IGNORE_MCP001 = '[tool.elicit-lint]\nignore = ["MCP001"]\n'
BOTH = ELICIT_FILE.replace(", response_type=str", "")  # MCP001 and MCP002 (fake rules)


def write(path: Path, text: str = BOTH) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def codes_by_file(out: str) -> set[tuple[str, str]]:
    return {(line.split(":")[0], line.split(" ")[1]) for line in out.splitlines()}


@pytest.fixture
def mono(tmp_path):
    write(tmp_path / "a" / "pyproject.toml", IGNORE_MCP001)
    write(tmp_path / "a" / "x.py")
    write(tmp_path / "b" / "y.py")
    return tmp_path


@pytest.mark.parametrize("order", [["a/x.py", "b/y.py"], ["b/y.py", "a/x.py"], ["."], ["a", "b"]])
def test_each_file_uses_its_nearest_configuration(mono, run_cli, fake_rules, order):
    rc, out, _ = run_cli(["check", *order], mono)
    assert rc == 1
    assert ("b/y.py", "MCP001") in codes_by_file(out)
    assert not any(f.endswith("x.py") and code == "MCP001" for f, code in codes_by_file(out))
    assert any(f.endswith("x.py") and code == "MCP002" for f, code in codes_by_file(out))


def test_explicit_config_applies_to_every_file(mono, run_cli, fake_rules):
    write(mono / "conf.toml", 'ignore = ["MCP002"]\n')
    rc, out, _ = run_cli(["check", "--config", "conf.toml", "a/x.py", "b/y.py"], mono)
    assert codes_by_file(out) == {("a/x.py", "MCP001"), ("b/y.py", "MCP001")}  # no MCP002


def test_excludes_apply_under_their_configuration_only(tmp_path, run_cli, fake_rules):
    write(tmp_path / "a" / "pyproject.toml", '[tool.elicit-lint]\nextend-exclude = ["gen", "./top.py"]\n')
    write(tmp_path / "a" / "gen" / "g.py")
    write(tmp_path / "a" / "top.py")
    write(tmp_path / "a" / "sub" / "top.py")  # "./top.py" is anchored at a/ (ruff's spelling)
    write(tmp_path / "b" / "gen" / "g.py")
    write(tmp_path / "top.py")
    rc, out, _ = run_cli(["check", "--select", "MCP001", "."], tmp_path)
    assert {f for f, _ in codes_by_file(out)} == {"a/sub/top.py", "b/gen/g.py", "top.py"}


def test_per_file_ignores_are_relative_to_their_file(tmp_path, run_cli, fake_rules):
    write(tmp_path / "pkg" / "pyproject.toml", '[tool.elicit-lint.per-file-ignores]\n"tests/*" = ["MCP"]\n')
    write(tmp_path / "pkg" / "tests" / "t.py")
    write(tmp_path / "tests" / "t.py")
    rc, out, _ = run_cli(["check", "--select", "MCP001", "tests", "pkg"], tmp_path)
    assert {f for f, _ in codes_by_file(out)} == {"tests/t.py"}


def test_a_path_outside_every_configuration_uses_the_current_directorys(tmp_path, run_cli, fake_rules):
    write(tmp_path / "proj" / "pyproject.toml", IGNORE_MCP001 + 'output-format = "json"\n')
    write(tmp_path / "elsewhere" / "z.py")
    write(tmp_path / "other" / "pyproject.toml", '[tool.elicit-lint]\noutput-format = "full"\n')
    write(tmp_path / "other" / "w.py")
    rc, out, _ = run_cli(["check", "../elsewhere/z.py", "../other/w.py"], tmp_path / "proj")
    # JSON (the current directory's output-format, run-wide as in ruff); z.py has
    # no configuration above it: the current directory's ignore applies to it
    import json

    found = {(Path(d["filename"]).name, d["code"]) for d in json.loads(out)}
    assert ("z.py", "MCP001") not in found and ("z.py", "MCP002") in found
    assert ("w.py", "MCP001") in found


def test_an_invalid_nested_configuration_is_exit_2(tmp_path, run_cli, fake_rules):
    write(tmp_path / "ok.py")
    write(tmp_path / "deep" / "pkg" / "pyproject.toml", '[tool.elicit-lint]\nselct = ["MCP"]\n')
    write(tmp_path / "deep" / "pkg" / "m.py")
    rc, out, err = run_cli(["check", "."], tmp_path)
    assert rc == 2 and out == ""
    assert "unknown key `selct`" in err and "deep" in err


def test_one_configuration_lookup_per_directory(tmp_path, monkeypatch):
    import elicit_lint.workspace.project as project

    write(tmp_path / "root" / "pyproject.toml", IGNORE_MCP001)
    for name in ("p/q/r", "p/s", "t"):
        write(tmp_path / "root" / name / "m.py")
    looked: list[str] = []
    real = project.config_in
    monkeypatch.setattr(project, "config_in", lambda d, names=None: looked.append(str(d)) or real(d, names))
    configs = Configs(cwd=str(tmp_path))
    for name in ("p/q/r", "p/s", "t", "p/q/r", "p", ""):
        config = configs.for_directory(str(tmp_path / "root" / name))
        assert config.path == tmp_path / "root" / "pyproject.toml"
    assert len(looked) == len(set(looked))  # never the same directory twice
    assert str(tmp_path) not in looked  # the walk up stopped at the configuration
    assert configs.for_directory(str(tmp_path)).path is None  # no configuration above


def test_migrate_uses_each_files_runtime_module(tmp_path, monkeypatch, capsys):
    from elicit_lint.codemod.cli import main

    before = (Path(__file__).parents[2] / "fixtures" / "codemod" / "literal_accept_decline" / "before.py")
    write(tmp_path / "a" / "pyproject.toml", '[tool.elicit-lint]\nruntime-module = "fastmcp.elicitation"\n')
    a = write(tmp_path / "a" / "tool.py", before.read_text())
    b = write(tmp_path / "b" / "tool.py", before.read_text())
    monkeypatch.chdir(tmp_path)
    assert main(["b", "a"]) == 0
    assert "from fastmcp.elicitation import Elicit" in a.read_text()
    assert "from elicit_lint.runtime import" in b.read_text()


def test_migrate_excludes_apply_under_their_configuration(tmp_path, monkeypatch, capsys):
    import json

    from elicit_lint.codemod.cli import main

    before = (Path(__file__).parents[2] / "fixtures" / "codemod" / "literal_accept_decline" / "before.py")
    write(tmp_path / "a" / "pyproject.toml", '[tool.elicit-lint]\nextend-exclude = ["legacy"]\n')
    write(tmp_path / "a" / "legacy" / "t.py", before.read_text())
    write(tmp_path / "b" / "legacy" / "t.py", before.read_text())
    monkeypatch.chdir(tmp_path)
    assert main(["--check", "--report", "json", "."]) == 1
    assert json.loads(capsys.readouterr().out)["files_would_rewrite"] == ["b/legacy/t.py"]


def test_force_exclude_uses_the_named_files_configuration(tmp_path, run_cli, fake_rules):
    write(tmp_path / "a" / "pyproject.toml", '[tool.elicit-lint]\nextend-exclude = ["gen"]\n')
    write(tmp_path / "a" / "gen" / "x.py")
    write(tmp_path / "b" / "gen" / "y.py")
    rc, out, _ = run_cli(["check", "--force-exclude", "a/gen/x.py", "b/gen/y.py"], tmp_path)
    assert {f for f, _ in codes_by_file(out)} == {"b/gen/y.py"}
