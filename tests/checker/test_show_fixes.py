"""``--show-fixes`` / ``--no-show-fixes`` and the ``show-fixes`` setting, as ruff 0.17.6 has
them (fresh5 F6), and a ``check`` argument error in ``check``'s usage."""

from __future__ import annotations

import pytest

from elicit_lint.checker.cli import main

SERVER = '''from typing import Annotated

from elicit_lint.runtime import Elicit
from fastmcp import FastMCP

mcp = FastMCP("Booking")


@mcp.tool
async def book(destination: Annotated[str, Elicit("Where to?")]) -> str:
    return f"Booked {destination}"
'''

ENUMERATION = (
    "\nFixed 1 error:\n- s.py:\n    1 × MCP019 (missing-declared-elicitation)\n\n"
    "Found 1 error (1 fixed, 0 remaining).\n"
)


def _run(tmp_path, monkeypatch, capsys, *args, config: str = ""):
    (tmp_path / "s.py").write_text(SERVER)
    if config:
        (tmp_path / "pyproject.toml").write_text(f"[tool.elicit-lint]\n{config}\n")
    monkeypatch.chdir(tmp_path)
    code = main(["check", "--no-cache", *args, "s.py"])
    out, err = capsys.readouterr()
    return code, out, err


def test_show_fixes_lists_the_fixes_applied_before_the_summary(tmp_path, monkeypatch, capsys):
    code, out, err = _run(tmp_path, monkeypatch, capsys, "--fix", "--show-fixes")
    assert (code, out, err) == (0, "", ENUMERATION)
    assert "from elicit_lint.runtime import Elicit, declared_elicitation\n" in (tmp_path / "s.py").read_text()


@pytest.mark.parametrize(
    ("args", "config", "shown"),
    [
        (("--fix",), "", False),
        (("--fix",), "show-fixes = true", True),
        (("--fix", "--no-show-fixes"), "show-fixes = true", False),
        (("--fix", "--show-fixes"), "show-fixes = false", True),
        (("--fix", "--show-fixes", "-q"), "", False),
        (("--fix", "--show-fixes", "--output-format", "json"), "", False),
        (("--show-fixes",), "", False),  # nothing fixed without --fix
    ],
)
def test_flag_setting_and_quiet_modes(tmp_path, monkeypatch, capsys, args, config, shown):
    _, _, err = _run(tmp_path, monkeypatch, capsys, *args, config=config)
    assert ("Fixed 1 error:" in err) is shown


def test_show_fixes_cannot_be_used_with_diff(tmp_path, monkeypatch, capsys):
    code, out, err = _run(tmp_path, monkeypatch, capsys, "--diff", "--show-fixes")
    assert code == 2
    assert err == "elicit-lint: error: the argument '--show-fixes' cannot be used with '--diff'\n"
    assert (tmp_path / "s.py").read_text() == SERVER


def test_an_unknown_check_argument_shows_checks_usage(tmp_path, monkeypatch, capsys):
    with pytest.raises(SystemExit) as exit_:
        _run(tmp_path, monkeypatch, capsys, "--bogus")
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: elicit-lint check [-h]")
    assert err.endswith("elicit-lint check: error: unrecognized arguments: --bogus\n")


@pytest.mark.parametrize(("args", "shown_as"), [(["-"], "-"), (["--stdin-filename", "app/s.py"], "app/s.py")])
def test_show_fixes_on_stdin_names_the_stdin_name(tmp_path, monkeypatch, capsys, args, shown_as):
    """ruff 0.17.6 (`ruff check --fix --show-fixes -`, run here): the fixed source on
    stdout, the enumeration under `-` or the `--stdin-filename` on stderr, before
    the summary."""
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(SERVER.encode())))
    monkeypatch.chdir(tmp_path)
    code = main(["check", "--no-cache", "--fix", "--show-fixes", *args])
    out, err = capsys.readouterr()
    assert code == 0
    assert "from elicit_lint.runtime import Elicit, declared_elicitation\n" in out
    assert err == ENUMERATION.replace("- s.py:", f"- {shown_as}:")
