"""``extend``: a configuration file inherits another's settings, as ruff's ``extend``
(ruff 0.17.6, checked with ``ruff check --show-settings`` on ``ruff.toml`` files:
a base's ``ignore = ["E501"]`` and the inheriting ``extend-select = ["E501"]``
enable E501; ``extend-exclude`` and ``extend-safe-fixes`` add up; the base's
``per-file-ignores`` stay anchored at the base's directory; a cycle is "Circular
configuration detected: `a.toml` extends `b.toml` extends `a.toml`"; a
``pyproject.toml`` without the table extends nothing). Exclusion anchoring is
compared with ruff's own ``--show-files`` below."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from elicit_lint.workspace.config import ConfigError, load_config

from .checker_helpers import ELICIT_FILE
from .test_fix_settings import RUFF

BOTH = ELICIT_FILE.replace(", response_type=str", "")  # MCP001 and MCP002 (fake rules)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_the_inheriting_files_keys_win_and_the_rest_is_inherited(tmp_path):
    write(tmp_path / "base.toml", 'max-rounds = 3\noutput-format = "json"\nruntime-module = "fastmcp.elicitation"\n')
    write(tmp_path / "app" / "elicit-lint.toml", 'extend = "../base.toml"\nmax-rounds = 5\n')
    config = load_config(None, tmp_path / "app", use_cache=False)
    assert (config.max_rounds, config.output_format, config.runtime_module) == (5, "json", "fastmcp.elicitation")
    assert config.root == (tmp_path / "app").resolve()
    assert config.extended == ((tmp_path / "base.toml").resolve(),)


def test_a_chain_is_read_base_first(tmp_path):
    write(tmp_path / "a.toml", "max-rounds = 2\nfix = true\nshow-fixes = true\n")
    write(tmp_path / "b.toml", 'extend = "a.toml"\nmax-rounds = 3\nfix = false\n')
    write(tmp_path / "pyproject.toml", '[tool.elicit-lint]\nextend = "b.toml"\nmax-rounds = 4\n')
    config = load_config(None, tmp_path, use_cache=False)
    assert (config.max_rounds, config.fix, config.show_fixes) == (4, False, True)
    assert [p.name for p in config.extended] == ["b.toml", "a.toml"]


def test_selection_is_layered_base_first(tmp_path):
    from elicit_lint.workspace.selection import resolve

    write(tmp_path / "base.toml", 'ignore = ["MCP002", "MCP003"]\nfixable = ["MCP001"]\n')
    write(tmp_path / "elicit-lint.toml",
          'extend = "base.toml"\nextend-select = ["MCP002"]\nextend-fixable = ["MCP009"]\n')
    config = load_config(None, tmp_path, use_cache=False)
    enabled = resolve(["MCP001", "MCP002", "MCP003"], config.selection_layers())
    assert enabled == {"MCP001", "MCP002"}  # ruff: the later layer re-enables E501
    fixable = resolve(["MCP001", "MCP002", "MCP009"], config.fix_layers())
    assert fixable == {"MCP001", "MCP009"}
    write(tmp_path / "elicit-lint.toml", 'extend = "base.toml"\nselect = ["MCP003"]\n')
    config = load_config(None, tmp_path, use_cache=False)
    assert resolve(["MCP001", "MCP002", "MCP003"], config.selection_layers()) == {"MCP003"}


def test_lists_named_extend_add_up(tmp_path):
    write(tmp_path / "base.toml", 'extend-exclude = ["old"]\nextend-safe-fixes = ["MCP002"]\n')
    write(tmp_path / "elicit-lint.toml",
          'extend = "base.toml"\nextend-exclude = ["gen"]\nextend-safe-fixes = ["MCP009"]\n')
    config = load_config(None, tmp_path, use_cache=False)
    assert config.extend_exclude == ["old", "gen"]
    assert config.extend_safe_fixes == ["MCP002", "MCP009"]


def test_inherited_patterns_stay_anchored_at_their_file(tmp_path, monkeypatch):
    monkeypatch.delenv("ELICIT_LINT_CACHE_DIR", raising=False)
    base = tmp_path.resolve()
    write(tmp_path / "base.toml", 'cache-dir = "cc"\nexclude = ["gen/*.py", "old", "*/scratch/*"]\n'
                                 '[per-file-ignores]\n"tests/*" = ["MCP001"]\n"x.py" = ["MCP002"]\n'
                                 '"!keep/*" = ["MCP009"]\n')
    write(tmp_path / "sub" / "elicit-lint.toml", 'extend = "../base.toml"\n')
    config = load_config(None, tmp_path / "sub", use_cache=False)
    assert config.exclude == [f"{base}/gen/*.py", "old", f"{base}/*/scratch/*"]
    assert config.per_file_ignores == {f"{base}/tests/*": ["MCP001"], "x.py": ["MCP002"],
                                       f"!{base}/keep/*": ["MCP009"]}
    assert config.cache_directory == str(base / "cc")


def test_a_pattern_set_by_the_inheriting_file_replaces_the_base(tmp_path):
    write(tmp_path / "base.toml", '[per-file-ignores]\n"tests/*" = ["MCP001"]\n')
    write(tmp_path / "sub" / "elicit-lint.toml", 'extend = "../base.toml"\nper-file-ignores = {}\n')
    assert load_config(None, tmp_path / "sub", use_cache=False).per_file_ignores == {}


def test_a_run_applies_the_inherited_settings(tmp_path, run_cli, fake_rules):
    write(tmp_path / "shared.toml", 'ignore = ["MCP002"]\n[per-file-ignores]\n"sub/legacy/*" = ["MCP001"]\n')
    write(tmp_path / "sub" / "pyproject.toml", '[tool.elicit-lint]\nextend = "../shared.toml"\n')
    write(tmp_path / "sub" / "a.py", BOTH)
    write(tmp_path / "sub" / "legacy" / "b.py", BOTH)
    rc, out, _ = run_cli(["check", "--no-cache", "sub"], tmp_path)
    assert rc == 1
    found = [line.split(" ")[:2] for line in out.splitlines() if ": MCP" in line]
    assert [(f.split(":")[0], c) for f, c in found] == [("sub/a.py", "MCP001")]


def test_the_cache_sees_a_change_in_the_extended_file(tmp_path, run_cli, fake_rules):
    write(tmp_path / "shared.toml", 'ignore = ["MCP002"]\n')
    write(tmp_path / "app" / "elicit-lint.toml", 'extend = "../shared.toml"\n')
    write(tmp_path / "app" / "a.py", BOTH)
    assert "MCP002" not in run_cli(["check", "app"], tmp_path)[1]
    write(tmp_path / "shared.toml", 'ignore = ["MCP001"]\n')
    out = run_cli(["check", "app"], tmp_path)[1]
    assert "MCP002" in out and "MCP001" not in out


@pytest.mark.parametrize(
    ("files", "words"),
    [
        ({"a.toml": 'extend = "b.toml"\n', "b.toml": 'extend = "a.toml"\n'}, "`{d}/a.toml` extends `{d}/b.toml` extends `{d}/a.toml`"),
        ({"a.toml": 'extend = "a.toml"\n'}, "`{d}/a.toml` extends `{d}/a.toml`"),
        ({"a.toml": 'extend = "nope.toml"\n'}, "cannot extend {d}/nope.toml: it does not exist"),
        ({"a.toml": 'extend = "d"\n', "d/x": ""}, "cannot extend {d}/d: it is a directory"),
        ({"a.toml": 'extend = "b.toml"\n', "b.toml": "selct = 1\n"}, "b.toml: unknown key `selct`"),
        ({"a.toml": 'extend = "b.toml"\n', "b.toml": "[tool.elicit-lint]\n"}, "a file named by `extend`"),
        ({"a.toml": "extend = 3\n"}, "`extend`: Input should be a valid string"),
        ({"a.toml": 'extend = ""\n'}, "`extend`"),
    ],
)
def test_bad_extends_are_configuration_errors(tmp_path, files, words):
    for name, text in files.items():
        write(tmp_path / name, text)
    with pytest.raises(ConfigError) as caught:
        load_config(str(tmp_path / "a.toml"), tmp_path, use_cache=False)
    assert words.format(d=tmp_path.resolve()) in str(caught.value)


def test_a_pyproject_without_the_table_extends_nothing(tmp_path):
    write(tmp_path / "base" / "pyproject.toml", '[project]\nname = "x"\n')
    write(tmp_path / "elicit-lint.toml", 'extend = "base/pyproject.toml"\nmax-rounds = 2\n')
    config = load_config(None, tmp_path, use_cache=False)
    assert config.max_rounds == 2 and config.select is None


def test_home_and_environment_variables_are_expanded(tmp_path, monkeypatch):
    write(tmp_path / "shared" / "base.toml", "max-rounds = 7\n")
    write(tmp_path / "app" / "elicit-lint.toml", 'extend = "$SHARED_CONFIG/base.toml"\n')
    monkeypatch.setenv("SHARED_CONFIG", str(tmp_path / "shared"))
    assert load_config(None, tmp_path / "app", use_cache=False).max_rounds == 7


def test_an_override_cannot_set_extend():
    from elicit_lint.workspace.config import overrides

    with pytest.raises(ConfigError, match="cannot set `extend`"):
        overrides({"extend": "base.toml"})


@pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")
def test_inherited_excludes_match_what_ruff_excludes(tmp_path, run_cli):
    """The same ``exclude``/``extend-exclude`` keys in a base file that ruff's
    ``ruff.toml`` and our ``elicit-lint.toml`` extend: the same files are left."""
    base = 'exclude = ["gen/*.py", "old", "sub/skip/*.py"]\nextend-exclude = ["*/scratch/*"]\n'
    write(tmp_path / "base.toml", base)
    for relative in ("gen/g.py", "sub/gen/g.py", "sub/old/o.py", "sub/skip/s.py", "sub/scratch/t.py", "sub/a.py"):
        write(tmp_path / relative, "x = 1\n")
    write(tmp_path / "sub" / "ruff.toml", 'extend = "../base.toml"\n')
    ruff = subprocess.run([RUFF, "check", "--no-cache", "--show-files", "."], cwd=tmp_path / "sub",
                          capture_output=True, text=True, check=False)
    ruffs = sorted(line for line in ruff.stdout.splitlines() if line.endswith(".py"))
    os.remove(tmp_path / "sub" / "ruff.toml")
    write(tmp_path / "sub" / "elicit-lint.toml", 'extend = "../base.toml"\n')
    rc, out, _ = run_cli(["check", "--no-cache", "--show-files", "."], tmp_path / "sub")
    assert rc == 0 and ruffs == sorted(out.splitlines())
    assert ruffs == [str((tmp_path / "sub" / p).resolve()) for p in ("a.py", "gen/g.py")]


def test_show_settings_lists_the_files_inherited_from(tmp_path, run_cli):
    write(tmp_path / "a.toml", "max-rounds = 2\n")
    write(tmp_path / "b.toml", 'extend = "a.toml"\n')
    write(tmp_path / "app" / "elicit-lint.toml", 'extend = "../b.toml"\n')
    write(tmp_path / "app" / "s.py", "x = 1\n")
    rc, out, _ = run_cli(["check", "-n", "--show-settings", "s.py"], tmp_path / "app")
    shown = dict(line.split(" = ", 1) for line in out.splitlines()[2:])
    assert rc == 0 and shown["max-rounds"] == "2"
    assert shown["extend"] == repr([str((tmp_path / n).resolve()) for n in ("b.toml", "a.toml")])


def test_an_extended_file_is_cached_in_the_inheriting_files_cache(tmp_path, monkeypatch):
    """A shared file elsewhere (a home directory) gets no cache directory beside it."""
    monkeypatch.delenv("ELICIT_LINT_CACHE_DIR", raising=False)
    write(tmp_path / "shared" / "base.toml", "max-rounds = 6\n")
    write(tmp_path / "app" / "elicit-lint.toml", 'extend = "../shared/base.toml"\n')
    assert load_config(None, tmp_path / "app").max_rounds == 6
    assert not (tmp_path / "shared" / ".elicit_lint_cache").exists()
    entries = list((tmp_path / "app" / ".elicit_lint_cache").rglob("config-*.json"))
    assert len(entries) == 2  # the inheriting file's and the base's
    from elicit_lint.workspace import config_schema

    def no_validation(*_):
        raise AssertionError("validated again: the cache was not read")

    monkeypatch.setattr(config_schema, "validate", no_validation)
    assert load_config(None, tmp_path / "app").max_rounds == 6  # read back from the entries


def test_an_inherited_cache_dir_holds_every_cache_entry(tmp_path, run_cli, monkeypatch):
    """ruff creates only the effective cache directory: with a base's ``cache-dir``,
    no ``.elicit_lint_cache`` appears beside the inheriting file (nor the base)."""
    monkeypatch.delenv("ELICIT_LINT_CACHE_DIR", raising=False)
    write(tmp_path / "base.toml", 'cache-dir = "shared_cache"\n')
    write(tmp_path / "mid.toml", 'extend = "base.toml"\n')
    write(tmp_path / "proj" / "pyproject.toml", '[tool.elicit-lint]\nextend = "../mid.toml"\n')
    write(tmp_path / "proj" / "s.py", "x = 1\n")
    rc, _, _ = run_cli(["check", "proj"], tmp_path)
    assert rc == 0
    assert not (tmp_path / "proj" / ".elicit_lint_cache").exists()
    assert not (tmp_path / ".elicit_lint_cache").exists()
    entries = list((tmp_path / "shared_cache").rglob("config-*.json"))
    assert len(entries) == 3  # the inheriting file's, mid's and base's
    assert load_config(None, tmp_path / "proj").cache_directory == str(tmp_path / "shared_cache")


def test_an_inherited_home_cache_dir_is_one_directory(tmp_path, monkeypatch):
    """``cache-dir = "~/..."`` in a base: the results and the configuration entries
    share the one directory under the home directory."""
    monkeypatch.delenv("ELICIT_LINT_CACHE_DIR", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    write(tmp_path / "base.toml", 'cache-dir = "~/cc"\n')
    write(tmp_path / "app" / "elicit-lint.toml", 'extend = "../base.toml"\n')
    config = load_config(None, tmp_path / "app")
    assert config.cache_directory == str(tmp_path / "home" / "cc")
    assert len(list((tmp_path / "home" / "cc").rglob("config-*.json"))) == 2
