"""Configuration: lookup, validation errors (exit 2 naming key and file), CLI overrides."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from elicit_lint.workspace.config import Config, ConfigError, find_config, load_config

from .checker_helpers import ELICIT_FILE


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_no_configuration_gives_defaults(tmp_path):
    config = load_config(None, tmp_path)
    assert config.path is None and config.select is None and config.max_rounds == 10


def test_nearest_pyproject_with_the_table_wins(tmp_path):
    write(tmp_path / "pyproject.toml", '[tool.elicit-lint]\nignore = ["MCP002"]\n')
    write(tmp_path / "pkg" / "pyproject.toml", '[project]\nname = "x"\n')  # no table: skipped
    config = load_config(None, tmp_path / "pkg")
    assert config.path == (tmp_path / "pyproject.toml").resolve()
    assert config.root == tmp_path.resolve()
    assert config.ignore == ["MCP002"]


def test_all_keys_are_read(tmp_path):
    write(
        tmp_path / "pyproject.toml",
        """
[tool.elicit-lint]
select = ["MCP00"]
extend-select = ["MCP008"]
ignore = ["MCP002"]
exclude = ["generated"]
extend-exclude = ["legacy/*.py"]
output-format = "json"
max-rounds = 3
runtime-module = "fastmcp.elicitation"

[tool.elicit-lint.per-file-ignores]
"tests/*" = ["MCP001"]
""",
    )
    c = load_config(None, tmp_path)
    assert (c.select, c.extend_select, c.ignore) == (["MCP00"], ["MCP008"], ["MCP002"])
    assert (c.exclude, c.extend_exclude) == (["generated"], ["legacy/*.py"])
    assert (c.output_format, c.max_rounds, c.runtime_module) == ("json", 3, "fastmcp.elicitation")
    assert c.per_file_ignores == {"tests/*": ["MCP001"]}


@pytest.mark.parametrize(
    "body, key",
    [
        ("selct = ['MCP001']", "selct"),
        ("select = ['E501']", "select"),
        ("select = 'MCP001'", "select"),
        ("max-rounds = 0", "max-rounds"),
        ("max-rounds = '3'", "max-rounds"),
        ("output-format = 'rdjson'", "output-format"),
        ("runtime-module = 'not a module'", "runtime-module"),
        ("[tool.elicit-lint.per-file-ignores]\n'x.py' = ['W1']", "per-file-ignores"),
    ],
)
def test_invalid_configuration_names_key_and_file(tmp_path, body, key, run_cli):
    pyproject = write(tmp_path / "pyproject.toml", f"[tool.elicit-lint]\n{body}\n")
    write(tmp_path / "a.py", ELICIT_FILE)
    with pytest.raises(ConfigError) as info:
        load_config(None, tmp_path)
    message = str(info.value)
    assert f"`{key}" in message and str(pyproject.resolve()) in message
    rc, out, err = run_cli(["check", "."], tmp_path)
    assert rc == 2 and out == ""
    assert key in err and "pyproject.toml" in err
    assert len(err.strip().splitlines()) == 1  # one clear error, no traceback


def test_invalid_toml_is_exit_2(tmp_path, run_cli):
    write(tmp_path / "pyproject.toml", "[tool.elicit-lint\nselect = [")
    rc, _, err = run_cli(["check", "."], tmp_path)
    assert rc == 2 and "pyproject.toml" in err and "Traceback" not in err


def test_explicit_config_path(tmp_path, run_cli, fake_rules):
    write(tmp_path / "a.py", ELICIT_FILE)
    other = write(tmp_path / "conf" / "lint.toml", 'ignore = ["MCP001"]\n')
    rc, out, _ = run_cli(["check", "--config", str(other), "a.py"], tmp_path)
    assert rc == 0 and out == ""
    rc, _, err = run_cli(["check", "--config", "missing.toml", "a.py"], tmp_path)
    assert rc == 2 and "missing.toml" in err


def test_cli_flags_override_configuration(tmp_path, run_cli, fake_rules):
    write(tmp_path / "pyproject.toml", '[tool.elicit-lint]\nignore = ["MCP001"]\noutput-format = "json"\n')
    write(tmp_path / "a.py", ELICIT_FILE)
    rc, out, _ = run_cli(["check", "."], tmp_path)
    assert (rc, out.strip()) == (0, "[]")
    rc, out, _ = run_cli(["check", "--select", "MCP001", "--output-format", "concise", "."], tmp_path)
    assert rc == 1 and "MCP001" in out


def test_per_file_ignores(tmp_path, run_cli, fake_rules):
    write(tmp_path / "pyproject.toml", '[tool.elicit-lint.per-file-ignores]\n"tests/*" = ["MCP"]\n')
    write(tmp_path / "tests" / "t.py", ELICIT_FILE)
    write(tmp_path / "src" / "s.py", ELICIT_FILE)
    rc, out, _ = run_cli(["check", "."], tmp_path)
    assert rc == 1
    assert "src/s.py" in out and "tests/t.py" not in out


def test_pydantic_is_imported_only_when_a_table_exists(tmp_path):
    write(tmp_path / "clean.py", "x = 1\n")
    code = (
        "import sys; from elicit_lint.checker.cli import main; main(['check', '.']);"
        "print('pydantic' in sys.modules)"
    )
    import subprocess

    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True)
    assert out.stdout.strip() == "False"
    write(tmp_path / "pyproject.toml", "[tool.elicit-lint]\nmax-rounds = 4\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True)
    assert out.stdout.strip() == "True"


def test_find_config_ignores_unrelated_pyproject(tmp_path):
    write(tmp_path / "pyproject.toml", "[tool.ruff]\nline-length = 100\n")
    found = find_config(tmp_path)
    assert found is None or found[0] != tmp_path / "pyproject.toml"
    assert isinstance(load_config(None, tmp_path), Config)


def test_explicit_config_with_a_tool_table_says_what_to_do(tmp_path, run_cli):
    write(tmp_path / "a.py", ELICIT_FILE)
    write(tmp_path / "x.toml", '[tool.elicit-lint]\nignore = ["MCP001"]\n')
    rc, out, err = run_cli(["check", "--config", "x.toml", "a.py"], tmp_path)
    assert rc == 2 and out == ""
    assert "unknown key" not in err
    assert "[tool.elicit-lint]" in err and "top level" in err and "pyproject.toml" in err
    assert len(err.strip().splitlines()) == 1
    # the same table in a file named pyproject.toml is read
    write(tmp_path / "conf" / "pyproject.toml", '[tool.elicit-lint]\nignore = ["MCP001"]\n')
    rc, out, err = run_cli(["check", "--config", "conf/pyproject.toml", "a.py"], tmp_path)
    assert rc in (0, 1) and "MCP001" not in out, err


# --config DIR names the problem


def test_config_pointing_at_a_directory(tmp_path, run_cli):
    (tmp_path / "conf").mkdir()
    (tmp_path / "a.py").write_text("x = 1\n")
    rc, _, err = run_cli(["check", "--config", "conf", "a.py"], tmp_path)
    assert rc == 2 and "is a directory" in err and "does not exist" not in err


# runtime-module takes the two targets of elicit-migrate --target, nothing else


@pytest.mark.parametrize("value, ok", [
    ("elicit_lint.runtime", True), ("fastmcp.elicitation", True),
    ("my.pkg", False), ("fastmcp", False),
])  # fmt: skip
def test_runtime_module_values(tmp_path, value, ok):
    from elicit_lint.workspace.config import ConfigError, load_config

    (tmp_path / "pyproject.toml").write_text(f'[tool.elicit-lint]\nruntime-module = "{value}"\n')
    if ok:
        assert load_config(None, tmp_path, use_cache=False).runtime_module == value
    else:
        with pytest.raises(ConfigError, match="runtime-module"):
            load_config(None, tmp_path, use_cache=False)
