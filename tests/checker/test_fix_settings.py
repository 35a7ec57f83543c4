"""ruff's fix settings (``fixable``, ``extend-fixable``, ``unfixable``, ``extend-safe-fixes``,
``extend-unsafe-fixes``, ``unsafe-fixes``) and flags (``--fixable``, ``--extend-fixable``,
``--unfixable``, ``--no-unsafe-fixes``), each case run through ruff 0.17.6 and
elicit-lint on twin sources: ruff's F401 (a safe fix) is MCP019 (a safe fix), ruff's
F841 (an unsafe fix) is MCP009 (an unsafe fix)."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys

import pytest

from elicit_lint.checker.cli import main

RUFF = shutil.which("ruff") or shutil.which("ruff", path=os.path.dirname(sys.executable))

SERVER = '''from typing import Annotated

from elicit_lint.runtime import Elicit
from fastmcp import FastMCP

mcp = FastMCP("Booking")


@mcp.tool
async def book(city: Annotated[str, Elicit("City?")], seat: Annotated[str | None, Elicit("Seat?")]) -> str:
    return city
'''

RUFF_SOURCE = "import os\n\n\ndef f():\n    y = 1\n"

# ruff selector -> elicit-lint selector of the same reach and the same order of specificity
TWIN = {
    "ALL": "ALL",
    "F": "MCP0",  # both codes
    "F4": "MCP01",  # the safe one's family only
    "F8": "MCP00",  # the unsafe one's family only
    "F401": "MCP019",
    "F841": "MCP009",
}
CODES = {"F401": "MCP019", "F841": "MCP009"}

# (settings as TOML lines, command-line flags) -> (F401/MCP019, F841/MCP009): the
# applicability of each finding's fix in JSON output, None when it has none
CASES = [
    ((), (), ("safe", "unsafe")),
    (("unfixable", ["F401"]), (), (None, "unsafe")),
    (("fixable", ["F8"]), (), (None, "unsafe")),
    (("fixable", ["F841"], "unfixable", ["F"]), (), (None, "unsafe")),
    (("fixable", ["F"], "unfixable", ["F841"]), (), ("safe", None)),
    (("unfixable", ["F841"], "extend-fixable", ["F841"]), (), ("safe", None)),  # a tie: unfixable
    (("fixable", ["F401"], "extend-fixable", ["F841"]), (), ("safe", "unsafe")),
    (("unfixable", ["F841"]), ("--fixable", "F841"), (None, "unsafe")),  # the command line wins
    ((), ("--fixable", "F841", "--unfixable", "F841"), (None, None)),
    ((), ("--fixable", "F841", "--extend-fixable", "F401"), ("safe", "unsafe")),
    ((), ("--unfixable", "F4", "--extend-fixable", "F"), (None, "unsafe")),
    (("extend-safe-fixes", ["F841"]), (), ("safe", "safe")),
    (("extend-unsafe-fixes", ["F401"]), (), ("unsafe", "unsafe")),
    (("extend-safe-fixes", ["F8"], "extend-unsafe-fixes", ["F841"]), (), ("safe", "unsafe")),
    (("extend-safe-fixes", ["F841"], "extend-unsafe-fixes", ["F8"]), (), ("safe", "safe")),
    (("extend-safe-fixes", ["F841"], "extend-unsafe-fixes", ["F841"]), (), ("safe", "unsafe")),  # tie
    (("extend-safe-fixes", ["ALL"], "unfixable", ["F4"]), (), (None, "safe")),
]


def _toml(settings: tuple, twin: bool) -> str:
    lines = []
    for key, values in zip(settings[::2], settings[1::2], strict=True):
        values = [TWIN[v] if twin else v for v in values]
        lines.append(f"{key} = {json.dumps(values)}")
    return "\n".join(lines) + "\n"


def _flags(flags: tuple, twin: bool) -> list[str]:
    return [TWIN.get(f, f) if twin else f for f in flags]


def _elicit_lint(tmp_path, monkeypatch, capsys, settings: tuple, flags: tuple) -> dict:
    (tmp_path / "s.py").write_text(SERVER)
    (tmp_path / "pyproject.toml").write_text("[tool.elicit-lint]\n" + _toml(settings, True))
    monkeypatch.chdir(tmp_path)
    main(["check", "--no-cache", "--output-format", "json", *_flags(flags, True), "s.py"])
    found = json.loads(capsys.readouterr().out)
    return {d["code"]: d["fix"] and d["fix"]["applicability"] for d in found}


@pytest.mark.parametrize(("settings", "flags", "expected"), CASES)
def test_fix_settings_as_elicit_lint_applies_them(tmp_path, monkeypatch, capsys, settings, flags, expected):
    got = _elicit_lint(tmp_path, monkeypatch, capsys, settings, flags)
    assert (got["MCP019"], got["MCP009"]) == expected


@pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")
@pytest.mark.parametrize(("settings", "flags", "expected"), CASES)
def test_fix_settings_as_ruff_applies_them(tmp_path, settings, flags, expected):
    """The table above is ruff's behaviour: ruff itself gives it on its own codes."""
    (tmp_path / "a.py").write_text(RUFF_SOURCE)
    (tmp_path / "ruff.toml").write_text('[lint]\nselect = ["F401", "F841"]\n' + _toml(settings, False))
    run = subprocess.run(
        [RUFF, "check", "--no-cache", "--output-format", "json", *_flags(flags, False), "a.py"],
        cwd=tmp_path, capture_output=True, text=True, timeout=60,
    )
    found = json.loads(run.stdout)
    got = {d["code"]: d["fix"] and d["fix"]["applicability"] for d in found}
    assert (got["F401"], got["F841"]) == expected


def _text_run(tmp_path, monkeypatch, capsys, config: str, *args):
    (tmp_path / "s.py").write_text(SERVER)
    (tmp_path / "pyproject.toml").write_text("[tool.elicit-lint]\n" + config)
    monkeypatch.chdir(tmp_path)
    code = main(["check", "--no-cache", *args, "s.py"])
    out, err = capsys.readouterr()
    return code, out, err


def test_an_unfixable_rule_is_left_by_fix_and_unmarked(tmp_path, monkeypatch, capsys):
    code, out, err = _text_run(tmp_path, monkeypatch, capsys, 'unfixable = ["MCP019"]\n')
    assert "[*]" not in out and "fixable with `--fix`" not in err.replace("unsafe fix", "")
    code, _, err = _text_run(tmp_path, monkeypatch, capsys, 'unfixable = ["MCP019"]\n', "--fix")
    assert (tmp_path / "s.py").read_text() == SERVER  # MCP019's fix was the only safe one
    assert "Found 2 errors (0 fixed, 2 remaining)." in err and code == 1


def test_extend_safe_fixes_makes_fix_apply_an_unsafe_fix(tmp_path, monkeypatch, capsys):
    config = 'extend-safe-fixes = ["MCP009"]\nunfixable = ["MCP019"]\n'
    code, _, err = _text_run(tmp_path, monkeypatch, capsys, config, "--fix")
    text = (tmp_path / "s.py").read_text()
    assert 'Elicit("Seat?")] = None' in text and "declared_elicitation" not in text
    assert "1 fixed, 1 remaining" in err and code == 1


def test_extend_unsafe_fixes_holds_a_safe_fix_back_and_the_summary_says_so(tmp_path, monkeypatch, capsys):
    config = 'extend-unsafe-fixes = ["MCP019"]\n'
    _, out, err = _text_run(tmp_path, monkeypatch, capsys, config)
    assert "[*]" not in out
    assert "2 unsafe fixes available with `--fix --unsafe-fixes`." in err
    _, out, _ = _text_run(tmp_path, monkeypatch, capsys, config, "--diff")
    assert out == "No errors would be fixed (2 fixes available with `--unsafe-fixes`).\n"


@pytest.mark.parametrize(
    ("config", "flags", "unsafe_applied"),
    [
        ("", (), False),
        ("unsafe-fixes = true\n", (), True),
        ("unsafe-fixes = true\n", ("--no-unsafe-fixes",), False),
        ("unsafe-fixes = false\n", ("--unsafe-fixes",), True),
    ],
)
def test_the_unsafe_fixes_setting_and_its_flags(tmp_path, monkeypatch, capsys, config, flags, unsafe_applied):
    _text_run(tmp_path, monkeypatch, capsys, config, "--fix", *flags)
    assert ("] = None" in (tmp_path / "s.py").read_text()) is unsafe_applied


def test_stdin_fix_honours_unfixable(tmp_path, monkeypatch, capsys):
    (tmp_path / "pyproject.toml").write_text('[tool.elicit-lint]\nunfixable = ["MCP019"]\n')
    monkeypatch.chdir(tmp_path)
    stdin = io.TextIOWrapper(io.BytesIO(SERVER.encode()))
    monkeypatch.setattr(sys, "stdin", stdin)
    out = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(out))
    main(["check", "--no-cache", "--fix", "--stdin-filename", "s.py"])
    sys.stdout.flush()
    assert out.getvalue().decode() == SERVER


def test_results_cache_keeps_the_rules_own_fixes(tmp_path, monkeypatch, capsys):
    """The policy applies after the cache: a cached run with other fix settings
    still sees the fix a rule made (the cache key does not hold them)."""
    (tmp_path / "s.py").write_text(SERVER)
    (tmp_path / "pyproject.toml").write_text("[tool.elicit-lint]\n")
    monkeypatch.chdir(tmp_path)
    main(["check", "--unfixable", "MCP019", "s.py"])
    first = capsys.readouterr().out
    main(["check", "s.py"])
    second = capsys.readouterr().out
    assert "MCP019 [*]" not in first and "MCP019 [*]" in second


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ('fixable = "MCP"', "`fixable`: Input should be a valid list"),
        ('unfixable = ["E501"]', "`unfixable[0]`: invalid rule selector 'E501'"),
        ('extend-safe-fixes = ["MCP999"]', "unknown rule selector `MCP999` in `extend-safe-fixes`"),
        ('unsafe-fixes = "yes"', "`unsafe-fixes`: Input should be a valid boolean"),
        ('extend-unfixable = ["MCP999"]', "unknown rule selector `MCP999` in `extend-unfixable`"),
    ],
)
def test_bad_fix_settings_are_configuration_errors(tmp_path, monkeypatch, capsys, table, message):
    code, _, err = _text_run(tmp_path, monkeypatch, capsys, table + "\n")
    assert code == 2 and message in err


def test_show_settings_shows_the_fix_settings(tmp_path, monkeypatch, capsys):
    config = 'unfixable = ["MCP01"]\nextend-safe-fixes = ["MCP009"]\nunsafe-fixes = true\n'
    code, out, _ = _text_run(tmp_path, monkeypatch, capsys, config, "--show-settings")
    rows = dict(line.split(" = ", 1) for line in out.splitlines()[2:])
    assert code == 0
    assert "'MCP019'" not in rows["fix.fixable"] and "'MCP009'" in rows["fix.fixable"]
    assert rows["fix.extend-safe-fixes"] == "['MCP009']"
    assert rows["unsafe-fixes"] == "True"


def test_validated_fix_settings_survive_the_configuration_cache(tmp_path, monkeypatch, capsys):
    config = 'unfixable = ["MCP019"]\nextend-safe-fixes = ["MCP009"]\n'
    (tmp_path / "s.py").write_text(SERVER)
    (tmp_path / "pyproject.toml").write_text("[tool.elicit-lint]\n" + config)
    monkeypatch.chdir(tmp_path)
    runs = []
    for _ in range(2):  # the second run reads the validated table from the cache
        main(["check", "--output-format", "json", "s.py"])
        runs.append({d["code"]: d["fix"] and d["fix"]["applicability"]
                     for d in json.loads(capsys.readouterr().out)})
    assert runs[0] == runs[1] == {"MCP019": None, "MCP009": "safe"}
