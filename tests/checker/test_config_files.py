"""Standalone configuration files, as ruff reads ``.ruff.toml`` and ``ruff.toml``:
``.elicit-lint.toml`` > ``elicit-lint.toml`` > ``pyproject.toml`` in one directory
(ruff 0.17.6 checked by hand: an empty ``ruff.toml`` wins over a ``pyproject.toml``
with ``[tool.ruff]``; ``[tool.ruff]`` in ``ruff.toml`` is "unknown field `tool`"),
keys at the top level, the same validation as ``[tool.elicit-lint]``."""

from __future__ import annotations

from pathlib import Path

import pytest

from elicit_lint.workspace.config import ConfigError, load_config
from elicit_lint.workspace.project import Configs

from .checker_helpers import ELICIT_FILE

BOTH = ELICIT_FILE.replace(", response_type=str", "")  # MCP001 and MCP002 (fake rules)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def codes(out: str) -> set[tuple[str, str]]:
    return {
        (line.split(":")[0], line.split(" ")[1])
        for line in out.splitlines()
        if ": MCP" in line
    }


@pytest.mark.parametrize("name", [".elicit-lint.toml", "elicit-lint.toml"])
def test_a_standalone_file_is_read_at_its_top_level(tmp_path, name):
    write(
        tmp_path / name,
        'ignore = ["MCP002"]\nmax-rounds = 4\n[per-file-ignores]\n"t/*" = ["MCP001"]\n',
    )
    config = load_config(None, tmp_path / "sub")
    assert (
        config.path == (tmp_path / name).resolve() and config.root == tmp_path.resolve()
    )
    assert (config.ignore, config.max_rounds, config.per_file_ignores) == (
        ["MCP002"],
        4,
        {"t/*": ["MCP001"]},
    )


@pytest.mark.parametrize(
    ("files", "winner"),
    [
        (
            (".elicit-lint.toml", "elicit-lint.toml", "pyproject.toml"),
            ".elicit-lint.toml",
        ),
        (("elicit-lint.toml", "pyproject.toml"), "elicit-lint.toml"),
        ((".elicit-lint.toml", "pyproject.toml"), ".elicit-lint.toml"),
        ((".elicit-lint.toml", "elicit-lint.toml"), ".elicit-lint.toml"),
    ],
)
def test_precedence_in_one_directory_is_ruffs(tmp_path, files, winner):
    for name in files:
        table = "[tool.elicit-lint]\n" if name == "pyproject.toml" else ""
        write(tmp_path / name, f"{table}max-rounds = {3 + files.index(name)}\n")
    config = load_config(None, tmp_path)
    assert config.path == (tmp_path / winner).resolve()
    assert config.max_rounds == 3 + files.index(winner)


def test_an_empty_standalone_file_wins_over_a_pyproject_table(tmp_path):
    write(tmp_path / "elicit-lint.toml", "")
    write(tmp_path / "pyproject.toml", '[tool.elicit-lint]\nignore = ["MCP001"]\n')
    config = load_config(None, tmp_path)
    assert (
        config.path == (tmp_path / "elicit-lint.toml").resolve() and config.ignore == []
    )


def test_the_nearest_directory_wins_over_a_standalone_file_above(tmp_path):
    write(tmp_path / ".elicit-lint.toml", 'ignore = ["MCP002"]\n')
    write(
        tmp_path / "pkg" / "pyproject.toml", '[tool.elicit-lint]\nignore = ["MCP001"]\n'
    )
    write(
        tmp_path / "other" / "pyproject.toml", '[project]\nname = "x"\n'
    )  # no table: skipped
    assert load_config(None, tmp_path / "pkg").ignore == ["MCP001"]
    assert load_config(None, tmp_path / "other").ignore == ["MCP002"]


@pytest.mark.parametrize("name", [".elicit-lint.toml", "elicit-lint.toml"])
def test_a_tool_table_in_a_standalone_file_says_what_to_do(tmp_path, name):
    write(tmp_path / name, '[tool.elicit-lint]\nignore = ["MCP001"]\n')
    with pytest.raises(ConfigError) as caught:
        load_config(None, tmp_path)
    message = str(caught.value)
    assert (
        name in message and "[tool.elicit-lint]" in message and "top level" in message
    )


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('selct = ["MCP"]\n', "unknown key `selct`"),
        ("max-rounds = 0\n", "max-rounds"),
        ("x = [\n", "invalid TOML"),
    ],
)
def test_a_standalone_file_is_validated_as_the_table(tmp_path, run_cli, text, words):
    write(tmp_path / "elicit-lint.toml", text)
    write(tmp_path / "a.py", ELICIT_FILE)
    rc, out, err = run_cli(["check", "--no-cache", "a.py"], tmp_path)
    assert rc == 2 and out == ""
    assert words in err and "elicit-lint.toml" in err


def test_checking_a_tree_reads_each_directorys_standalone_file(
    tmp_path, run_cli, fake_rules
):
    write(tmp_path / "a" / ".elicit-lint.toml", 'ignore = ["MCP001"]\n')
    write(tmp_path / "a" / "x.py", BOTH)
    write(tmp_path / "b" / "elicit-lint.toml", 'extend-exclude = ["gen"]\n')
    write(tmp_path / "b" / "gen" / "g.py", BOTH)
    write(tmp_path / "b" / "y.py", BOTH)
    rc, out, _ = run_cli(["check", "."], tmp_path)
    assert rc == 1
    found = codes(out)
    assert ("a/x.py", "MCP001") not in found and ("a/x.py", "MCP002") in found
    assert ("b/y.py", "MCP001") in found
    assert not any(f.startswith("b/gen") for f, _ in found)


def test_a_walked_directory_opens_only_the_files_its_listing_has(tmp_path, monkeypatch):
    from elicit_lint.core import raw

    write(tmp_path / "elicit-lint.toml", 'ignore = ["MCP001"]\n')
    write(
        tmp_path / "pyproject.toml", '[tool.elicit-lint]\nignore = ["MCP002"]\n'
    )  # not listed: not opened
    opened: list[str] = []
    original = raw.read_regular
    monkeypatch.setattr(
        raw,
        "read_regular",
        lambda path: opened.append(Path(path).name) or original(path),
    )
    configs = Configs(cwd=str(tmp_path))
    assert configs.for_directory(
        str(tmp_path), frozenset({"elicit-lint.toml", "m.py"})
    ).ignore == ["MCP001"]
    assert opened == ["elicit-lint.toml"]


def test_migrate_reads_a_standalone_file(tmp_path, monkeypatch, capsys):
    from elicit_lint.codemod.cli import main

    before = (
        Path(__file__).parents[2]
        / "fixtures"
        / "codemod"
        / "literal_accept_decline"
        / "before.py"
    )
    write(
        tmp_path / "a" / "elicit-lint.toml", 'runtime-module = "fastmcp.elicitation"\n'
    )
    write(tmp_path / "a" / "tool.py", before.read_text())
    monkeypatch.chdir(tmp_path)
    assert main(["--diff", "a"]) in (0, 1)
    assert "from fastmcp.elicitation import" in capsys.readouterr().out


@pytest.mark.parametrize("name", ["pyproject.toml", "elicit-lint.toml"])
def test_a_configuration_file_that_is_not_utf8_is_a_configuration_error(
    tmp_path, run_cli, name
):
    # main before: "internal error: UnicodeDecodeError" for a pyproject.toml with the table
    table = b"[tool.elicit-lint]\n" if name == "pyproject.toml" else b""
    (tmp_path / name).write_bytes(table + b'select = ["\xff"]\n')
    write(tmp_path / "a.py", ELICIT_FILE)
    rc, out, err = run_cli(["check", "--no-cache", "a.py"], tmp_path)
    assert rc == 2 and out == ""
    assert "invalid TOML" in err and "not UTF-8" in err and "internal error" not in err
