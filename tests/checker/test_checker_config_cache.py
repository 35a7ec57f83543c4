"""The validated-configuration cache (``.elicit_lint_cache/``): pydantic is not
imported again for an unchanged table; an unwritable, corrupt or stale entry is only
a miss; ``--no-cache`` neither reads nor writes it."""

from __future__ import annotations

import sys

import pytest

from .checker_helpers import run_subprocess

# a validated configuration is cached: pydantic is not imported again


PROBE = (
    "import sys\n"
    "from elicit_lint.checker.cli import main\n"
    "rc = main(sys.argv[1:])\n"
    "print('pydantic' in sys.modules, rc)\n"
)


def _probe(tmp_path, *args):
    import os
    import subprocess

    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    env.pop("ELICIT_LINT_CACHE_DIR", None)  # the default location, next to the configuration
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, "check", *args, "clean.py"],
        cwd=tmp_path, capture_output=True, text=True, env=env, timeout=60,
    )
    return proc.stdout.split(), proc.stderr


def test_validated_configuration_is_cached(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.elicit-lint]\nignore = ["MCP002"]\n')
    (tmp_path / "clean.py").write_text("x = 1\n")
    assert _probe(tmp_path)[0] == ["True", "0"]  # first run validates with pydantic
    assert (tmp_path / ".elicit_lint_cache" / ".gitignore").read_text().strip().endswith("*")
    assert _probe(tmp_path)[0] == ["False", "0"]  # then the cached verdict is reused
    assert _probe(tmp_path, "--no-cache")[0] == ["True", "0"]
    # a changed file is validated again: the cache never hides an error
    (tmp_path / "pyproject.toml").write_text('[tool.elicit-lint]\nignroe = ["MCP002"]\n')
    out, err = _probe(tmp_path)
    assert out == ["True", "2"] and "unknown key `ignroe`" in err


def test_unwritable_cache_is_only_a_miss(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.elicit-lint]\nignore = ["MCP002"]\n')
    (tmp_path / "clean.py").write_text("x = 1\n")
    (tmp_path / ".elicit_lint_cache").write_text("not a directory")
    assert _probe(tmp_path)[0] == ["True", "0"]
    assert _probe(tmp_path)[0] == ["True", "0"]


def test_cli_has_no_cache_flag(tmp_path):
    proc = run_subprocess(["check", "--help"], tmp_path)
    assert "--no-cache" in proc.stdout


@pytest.mark.parametrize(
    "entry",
    [
        '{"ok": true}',  # a dict of the wrong keys: was a TypeError in Config(**values)
        "[1, 2]",
        "null",
    ],
)
def test_corrupt_cache_entry_is_validated_again(tmp_path, entry):
    (tmp_path / "pyproject.toml").write_text('[tool.elicit-lint]\nignore = ["MCP002"]\n')
    (tmp_path / "clean.py").write_text("x = 1\n")
    assert _probe(tmp_path)[0] == ["True", "0"]
    (cached,) = (tmp_path / ".elicit_lint_cache").rglob("config-*.json")
    cached.write_text(entry)
    out, err = _probe(tmp_path)
    assert out == ["True", "0"] and "internal error" not in err  # pydantic ran again
    assert _probe(tmp_path)[0] == ["False", "0"]  # and rewrote a usable entry


@pytest.mark.parametrize(
    "key, value",
    [
        ("output_format", "rdjson"),  # an enum value validation never returns
        ("runtime_module", "elsewhere"),
        ("max_rounds", 0),
        ("max_rounds", True),
        ("select", ["E501"]),
        ("per_file_ignores", {"a.py": "MCP001"}),
        ("exclude", "build"),
    ],
)
def test_cache_entry_with_a_bad_value_is_validated_again(tmp_path, key, value):
    import json

    (tmp_path / "pyproject.toml").write_text('[tool.elicit-lint]\noutput-format = "concise"\n')
    (tmp_path / "clean.py").write_text("x = 1\n")
    assert _probe(tmp_path)[0] == ["True", "0"]
    (cached,) = (tmp_path / ".elicit_lint_cache").rglob("config-*.json")
    values = json.loads(cached.read_text())
    values[key] = value
    cached.write_text(json.dumps(values))
    out, err = _probe(tmp_path)
    assert out == ["True", "0"] and "internal error" not in err


def test_cache_usable_accepts_what_validation_returns(tmp_path):
    from elicit_lint.workspace import config_cache
    from elicit_lint.workspace.config_schema import validate

    values = validate(tmp_path / "pyproject.toml", {"select": ["MCP"], "max-rounds": 3})
    assert config_cache.usable(values)
    assert not config_cache.usable({**values, "extra": 1})
