"""Regression tests for a new user's bug report (deep files, gitignored named
directories, unknown selectors, MCP002 wording, malformed noqa, wide-character
carets, JSON statistics, ``--config DIR``, ``runtime-module``, config cache).

Each test failed before its fix; ruff 0.17's behaviour is the reference where
ruff has one (noted per test).
"""

from __future__ import annotations

import json
import sys
import textwrap

import pytest
from checker_helpers import ELICIT_FILE, real_rules_available, run_subprocess

DEEP_FILE = (
    "from fastmcp import Context\n\n\nasync def tool(ctx: Context):\n    x = "
    + "1 + " * 3000
    + "(await ctx.elicit('q', response_type=str))\n"
)


# 1. a file too deep for ast.parse, and a crash inside the rules, stay per file


def test_too_deep_file_is_invalid_syntax_and_the_run_goes_on(tmp_path, run_cli, fake_rules):
    (tmp_path / "deep.py").write_text(DEEP_FILE)
    (tmp_path / "ok.py").write_text(ELICIT_FILE)
    rc, out, err = run_cli(["check", "--output-format", "json", "."], tmp_path)
    assert rc == 1 and "internal error" not in err
    items = json.loads(out)
    by_file = {(item["filename"].rsplit("/", 1)[-1], item["code"]) for item in items}
    assert ("deep.py", "invalid-syntax") in by_file
    assert ("ok.py", "MCP001") in by_file
    [deep] = [i for i in items if i["code"] == "invalid-syntax"]
    assert "too many nested" in deep["message"] and deep["location"] == {"row": 1, "column": 1}


def test_too_deep_file_through_the_fork_split(tmp_path, monkeypatch, fake_rules):
    from elicit_lint.checker import runner

    monkeypatch.setattr(runner, "FORK_THRESHOLD", 0)
    (tmp_path / "deep.py").write_text(DEEP_FILE)
    (tmp_path / "ok.py").write_text(ELICIT_FILE)
    files = [str(tmp_path / "deep.py"), str(tmp_path / "ok.py")]
    results = runner.check_files(files, runner.RunOptions(), jobs=2)
    codes = {(r.filename.rsplit("/", 1)[-1], d.code) for r in results for d in r.diagnostics}
    assert ("deep.py", "invalid-syntax") in codes and ("ok.py", "MCP001") in codes


def test_exception_in_the_rules_is_an_internal_error_diagnostic(tmp_path, run_cli, monkeypatch):
    from checker_helpers import fake_analyse

    import elicit_lint.checker.linter

    def flaky(tree, source, filename, *args, **kwargs):
        if filename.endswith("bad.py"):
            raise RecursionError("maximum recursion depth exceeded")
        return fake_analyse(tree, source, filename, *args, **kwargs)

    monkeypatch.setattr(elicit_lint.checker.linter, "analyse", flaky)
    (tmp_path / "bad.py").write_text(ELICIT_FILE)
    (tmp_path / "good.py").write_text(ELICIT_FILE)
    rc, out, err = run_cli(["check", "--output-format", "json", "."], tmp_path)
    assert rc == 2  # like ruff after a panic: the report is complete, the exit is 2
    items = json.loads(out)
    codes = {(i["filename"].rsplit("/", 1)[-1], i["code"]) for i in items}
    assert ("good.py", "MCP001") in codes and ("bad.py", "internal-error") in codes
    [crash] = [i for i in items if i["code"] == "internal-error"]
    assert "bad.py" in crash["message"] and "RecursionError" in crash["message"]
    assert "internal error while checking bad.py" in err and "Traceback" not in err


def test_flake8_plugin_never_raises_on_a_rule_crash(monkeypatch):
    import ast

    import elicit_lint.checker.linter
    from elicit_lint.checker.flake8_plugin import Plugin

    def broken(*args, **kwargs):
        raise RecursionError("deep")

    monkeypatch.setattr(elicit_lint.checker.linter, "analyse", broken)
    lines = ELICIT_FILE.splitlines(keepends=True)
    list(Plugin(ast.parse(ELICIT_FILE), lines, "a.py").run())  # must not raise


# 2. a gitignored directory named on the command line is checked (ruff 0.17)


@pytest.mark.parametrize(
    "pattern, target, expected",
    [
        ("ign/", "ign", ["ign/a.py", "ign/sub/b.py"]),
        ("ign/", "ign/sub", ["ign/sub/b.py"]),
        ("ign", "ign", ["ign/a.py", "ign/sub/b.py"]),
        ("/ign/", "ign", ["ign/a.py", "ign/sub/b.py"]),
        ("ign/*.py", "ign", ["ign/sub/b.py"]),  # the pattern matches a.py itself
        ("ign/**", "ign", []),  # git's "everything inside ign"
        ("ign/", ".", []),  # not named: skipped as before
    ],
)
def test_named_gitignored_directory_is_checked_like_ruff(tmp_path, pattern, target, expected):
    from elicit_lint.workspace.discovery import Discovery

    (tmp_path / ".git").mkdir()
    (tmp_path / ".gitignore").write_text(pattern + "\n")
    (tmp_path / "ign" / "sub").mkdir(parents=True)
    (tmp_path / "ign" / "a.py").write_text("x = 1\n")
    (tmp_path / "ign" / "sub" / "b.py").write_text("x = 1\n")
    found = Discovery(tmp_path).files([str(tmp_path / target)])
    rel = sorted(str(__import__("pathlib").Path(f).relative_to(tmp_path)) for f in found)
    assert rel == expected


def test_named_gitignored_directory_end_to_end(tmp_path, run_cli, fake_rules):
    (tmp_path / ".git").mkdir()
    (tmp_path / ".gitignore").write_text("ign/\n")
    (tmp_path / "ign").mkdir()
    (tmp_path / "ign" / "a.py").write_text(ELICIT_FILE)
    rc, out, _ = run_cli(["check", "ign"], tmp_path)
    assert rc == 1 and "ign/a.py" in out
    rc, out, err = run_cli(["check", "."], tmp_path)
    assert rc == 0 and "All checks passed!" in err


# 3. selectors that select no implemented rule (ruff: "Unknown rule selector", exit 2)


@pytest.mark.parametrize(
    "args, key",
    [
        (["--select", "MCP999"], "select"),
        (["--select", "MCP017"], "select"),  # reserved in DESIGN §4, not implemented
        (["--ignore", "MCP999"], "ignore"),
        (["--extend-select", "MCP9"], "extend-select"),
        (["--select", ""], "select"),  # ruff: Unknown rule selector ``
        (["--select", "MCP001,"], "select"),
    ],
)
def test_unknown_selector_on_the_command_line(tmp_path, run_cli, args, key):
    (tmp_path / "a.py").write_text("x = 1\n")
    rc, out, err = run_cli(["check", *args, "a.py"], tmp_path)
    assert rc == 2 and out == ""
    assert "unknown rule selector" in err and f"in `{key}` from the command line" in err


@pytest.mark.parametrize("args", [["--select", "ALL"], ["--select", "MCP00"], ["--ignore", "MCP001"]])
def test_known_selectors_pass(tmp_path, run_cli, args):
    (tmp_path / "a.py").write_text("x = 1\n")
    assert run_cli(["check", *args, "a.py"], tmp_path)[0] == 0


def test_unknown_selector_is_computed_from_the_implemented_rules(monkeypatch):
    from elicit_lint.workspace.selection import unknown_selectors

    codes = ("MCP001", "MCP002", "MCP019")
    assert unknown_selectors(["MCP01", "MCP019", "ALL", "MCP"], codes) == []
    assert unknown_selectors(["MCP011", "MCP003", ""], codes) == ["MCP011", "MCP003", ""]


@pytest.mark.parametrize(
    "body, key",
    [
        ('select = ["MCP999"]', "select"),
        ('ignore = ["MCP017"]', "ignore"),
        ('per-file-ignores = {"a.py" = ["MCP998"]}', "per-file-ignores"),
    ],
)
def test_unknown_selector_in_the_configuration(tmp_path, run_cli, body, key):
    (tmp_path / "pyproject.toml").write_text(f"[tool.elicit-lint]\n{body}\n")
    (tmp_path / "a.py").write_text("x = 1\n")
    rc, _, err = run_cli(["check", "--no-cache", "a.py"], tmp_path)
    assert rc == 2 and "unknown rule selector" in err
    assert f"in `{key}` from {tmp_path / 'pyproject.toml'}" in err


def test_empty_select_in_the_configuration_selects_nothing(tmp_path, run_cli):
    # ruff: `select = []` is accepted and enables no rule
    (tmp_path / "pyproject.toml").write_text("[tool.elicit-lint]\nselect = []\n")
    (tmp_path / "a.py").write_text(ELICIT_FILE)
    rc, out, err = run_cli(["check", "--no-cache", "a.py"], tmp_path)
    assert (rc, out) == (0, "") and "All checks passed!" in err


# 4. MCP002: response_type=None and schema= are TypeErrors on FastMCP 4.2.3


@pytest.mark.skipif(not real_rules_available(), reason="needs the real rules")
def test_mcp002_messages_say_type_error():
    import ast

    from elicit_lint.checker.linter import analyse

    src = textwrap.dedent("""\
        from fastmcp import Context
        async def t(ctx: Context):
            await ctx.elicit("q", response_type=None)
            await ctx.elicit("q", schema=str)
        """)
    found = [d for d in analyse(ast.parse(src), src, "t.py") if d.code == "MCP002"]
    assert len(found) == 2
    none, schema = found
    assert "TypeError" in none.message and "requires a response_type" in none.message
    assert "empty form" not in none.message
    assert "TypeError" in schema.message and "schema" in schema.message
    assert (schema.location.row, schema.location.column) == (4, 27)


def test_fastmcp_really_raises_for_none_and_schema():
    fastmcp = pytest.importorskip("fastmcp")
    import inspect

    from fastmcp.server.context import Context
    from fastmcp.server.elicitation import parse_elicit_response_type

    assert fastmcp.__version__.startswith("4.")
    with pytest.raises(TypeError, match="requires a response_type"):
        parse_elicit_response_type(None)
    parameters = inspect.signature(Context.elicit).parameters
    assert "schema" not in parameters and not any(
        p.kind is p.VAR_KEYWORD for p in parameters.values()
    )


# 5. malformed `# noqa:` suppresses nothing and warns (ruff 0.17)


@pytest.mark.parametrize(
    "comment, suppressed, warns",
    [
        ("# noqa: MCP", set(), True),  # ruff: expected a comma-separated list of codes
        ("# noqa:", set(), True),
        ("# noqa: MCP001x", set(), True),  # ruff: expected code ... letters followed by digits
        ("# noqa:MCP00", set(), False),  # a well-formed code that is no code: exact match
        ("# noqa: MCP001 explained here", {"MCP001"}, False),
        ("# noqa: MCP001, MCP002 # more", {"MCP001", "MCP002"}, False),
    ],
)
def test_malformed_noqa(comment, suppressed, warns, capsys):
    from elicit_lint.core.diagnostic import Diagnostic, Location
    from elicit_lint.checker.noqa import filter_suppressed

    text = f"x = 1\ny = ctx.elicit('q')  {comment}\n"
    diags = [
        Diagnostic(c, "n", "m", "f.py", Location(2, 5), Location(2, 6), noqa_row=2)
        for c in ("MCP001", "MCP002")
    ]
    kept = {d.code for d in filter_suppressed(diags, text)}
    assert kept == {"MCP001", "MCP002"} - suppressed
    err = capsys.readouterr().err
    assert ("Invalid `# noqa` directive on f.py:2" in err) == warns


def test_malformed_file_level_noqa_exempts_nothing(capsys):
    from elicit_lint.core.diagnostic import Diagnostic, Location
    from elicit_lint.checker.noqa import filter_suppressed

    d = Diagnostic("MCP001", "n", "m", "f.py", Location(3, 1), Location(3, 2), noqa_row=3)
    assert filter_suppressed([d], "# ruff: noqa: MCP\nx = 1\ny = 2\n") == [d]
    assert "Invalid `# noqa` directive on f.py:1" in capsys.readouterr().err


# 6. the full format's caret counts display columns (wide characters, tabs)


def test_caret_after_wide_characters_and_tabs():
    from elicit_lint.report.full import caret_line, display_width, expand_tabs

    line = 'x = "日本語"; ctx.elicit("q")'
    start = line.index("ctx") + 1
    caret = caret_line(line, start, start + 3)
    assert caret == " " * display_width(line[: start - 1]) + "^^^"
    assert caret.index("^") == len(line[: start - 1]) + 3  # three wide characters
    wide = caret_line('x = "日本語"', 6, 9)
    assert wide == " " * 5 + "^" * 6
    tabbed = "\tctx.elicit()"
    assert expand_tabs(tabbed).index("ctx") == caret_line(tabbed, 2, 5).index("^")


def test_full_output_prints_tabs_as_the_caret_counts_them(tmp_path, run_cli, fake_rules):
    (tmp_path / "a.py").write_text("async def f(ctx):\n\tawait ctx.elicit('q', response_type=str)  # 日本\n")
    rc, out, _ = run_cli(["check", "--output-format", "full", "a.py"], tmp_path)
    lines = out.splitlines()
    i = next(n for n, text in enumerate(lines) if text.startswith("2 | "))
    assert "\t" not in lines[i]
    assert lines[i + 1].index("^") == lines[i].index("ctx.elicit")


# 7. --statistics --output-format json prints JSON (ruff's shape)


def test_statistics_json(tmp_path, run_cli, fake_rules):
    (tmp_path / "a.py").write_text("async def b(ctx):\n    await ctx.elicit('B?')\n    await ctx.elicit('C?')\n")
    rc, out, err = run_cli(["check", "--statistics", "--output-format", "json", "a.py"], tmp_path)
    assert rc == 1 and err == ""
    assert json.loads(out) == [
        {"code": "MCP001", "name": "imperative-elicitation", "count": 2,
         "fixable": False, "fixable_count": 0},
        {"code": "MCP002", "name": "elicit-without-response-type", "count": 2,
         "fixable": False, "fixable_count": 0},
    ]  # fmt: skip


# 8. --config DIR names the problem


def test_config_pointing_at_a_directory(tmp_path, run_cli):
    (tmp_path / "conf").mkdir()
    (tmp_path / "a.py").write_text("x = 1\n")
    rc, _, err = run_cli(["check", "--config", "conf", "a.py"], tmp_path)
    assert rc == 2 and "is a directory" in err and "does not exist" not in err


# 9. runtime-module takes the two targets of elicit-migrate --target, nothing else


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


# 10. a validated configuration is cached: pydantic is not imported again


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
        ("output_format", "grouped"),  # an enum value validation never returns
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
