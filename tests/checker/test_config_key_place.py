"""An unknown key is named where its file holds it: ``[tool.elicit-lint]`` in a
``pyproject.toml``, the top level of a standalone file (ruff 0.17.6: in ``ruff.toml``
the keys are top-level and its error says only "unknown field `selct`"), the
top level of a ``--config KEY=VALUE`` override."""

from __future__ import annotations

import pytest

from elicit_lint.workspace.config import ConfigError, load_config, overrides

CASES = [
    ("pyproject.toml", "[tool.elicit-lint]\nselct = []\n", "pyproject.toml [tool.elicit-lint]: unknown key `selct`"),
    ("elicit-lint.toml", "selct = []\n", "elicit-lint.toml: unknown key `selct`"),
    (".elicit-lint.toml", "selct = []\n", ".elicit-lint.toml: unknown key `selct`"),
    ("custom.toml", "selct = []\n", "custom.toml: unknown key `selct`"),
]


@pytest.mark.parametrize(("name", "text", "expected"), CASES)
def test_an_unknown_key_is_named_as_its_file_spells_it(tmp_path, name, text, expected):
    (tmp_path / name).write_text(text)
    explicit = str(tmp_path / name) if name == "custom.toml" else None
    with pytest.raises(ConfigError) as caught:
        load_config(explicit, tmp_path, use_cache=False)
    message = str(caught.value)
    assert expected in message
    assert ("[tool.elicit-lint]" in message) == (name == "pyproject.toml")


@pytest.mark.parametrize(("name", "place"), [
    ("pyproject.toml", "directly in [tool.elicit-lint]"),
    ("elicit-lint.toml", "at the top level of the file"),
])
def test_the_lint_hint_says_where_the_keys_go(tmp_path, name, place):
    header = "[tool.elicit-lint.lint]\n" if name == "pyproject.toml" else "[lint]\n"
    (tmp_path / name).write_text(header + 'select = ["MCP001"]\n')
    with pytest.raises(ConfigError) as caught:
        load_config(None, tmp_path, use_cache=False)
    assert "unknown key `lint`" in str(caught.value) and place in str(caught.value)


def test_an_override_names_no_table():
    with pytest.raises(ConfigError) as caught:
        overrides({"selct": []})
    assert str(caught.value) == "invalid configuration in --config: unknown key `selct`"
