"""End to end with the real model and rules: CLI and flake8 in subprocesses, real trees."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from .checker_helpers import ELICIT_FILE, REPO, run_subprocess

EXAMPLE = REPO / "fixtures" / "example_server.py"


def codes_rows(output: str) -> list[tuple[str, int]]:
    out = []
    for line in output.splitlines():
        path, row, col, rest = line.split(":", 3)
        out.append((rest.split()[0], int(row)))
    return out


def test_bundled_example_shows_findings():
    proc = run_subprocess(["check", "fixtures/example_server.py"], REPO)
    assert proc.returncode == 1, proc.stderr
    found = codes_rows(proc.stdout)
    mcp001 = [row for code, row in found if code == "MCP001"]
    assert mcp001 == [33, 45, 54, 64]  # row 73 is suppressed by its noqa comment; 82 is `self.session.elicit`
    assert ("MCP002", 54) in found
    assert {"MCP003", "MCP004"} <= {code for code, _ in found}
    assert proc.stderr.strip() == f"Found {len(found)} errors."


def test_json_end_to_end(tmp_path):
    (tmp_path / "server.py").write_text(ELICIT_FILE)
    proc = run_subprocess(["check", "--output-format", "json", "server.py"], tmp_path)
    assert proc.returncode == 1
    (item,) = json.loads(proc.stdout)
    assert item["code"] == "MCP001"
    assert item["name"] and item["message"]
    assert item["filename"] == str((tmp_path / "server.py").resolve())
    assert item["location"] == {"row": 8, "column": 20}
    assert item["end_location"]["row"] == 8 and item["end_location"]["column"] > 20
    assert item["noqa_row"] == 8 and item["severity"] == "error" and item["cell"] is None


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_real_rules_rows_and_columns_across_encodings(tmp_path, newline):
    text = (
        "# -*- coding: latin-1 -*-\n"
        "from fastmcp import Context\n"
        "\n"
        "async def f(ctx: Context):\n"
        "    s = 'é'; r = await ctx.elicit('Café?', response_type=str)\n"
    ).replace("\n", newline)
    (tmp_path / "a.py").write_bytes(text.encode("latin-1"))
    proc = run_subprocess(["check", "--output-format", "json", "--select", "MCP001", "a.py"], tmp_path)
    (item,) = json.loads(proc.stdout)
    assert item["location"] == {"row": 5, "column": 24}


def test_noqa_end_to_end(tmp_path):
    (tmp_path / "a.py").write_text(ELICIT_FILE.replace("str)\n", "str)  # noqa: MCP001\n"))
    proc = run_subprocess(["check", "a.py"], tmp_path)
    assert (proc.returncode, proc.stdout) == (0, "")
    (tmp_path / "a.py").write_text("# ruff: noqa: MCP001\n" + ELICIT_FILE)
    assert run_subprocess(["check", "a.py"], tmp_path).returncode == 0
    (tmp_path / "a.py").write_text("# ruff: noqa: MCP002\n" + ELICIT_FILE)
    assert run_subprocess(["check", "a.py"], tmp_path).returncode == 1


def flake8(args, cwd):
    return subprocess.run(
        [sys.executable, "-m", "flake8", *args], cwd=cwd, capture_output=True, text=True, timeout=120
    )


def test_flake8_plugin_matches_the_cli():
    proc = flake8(["--select", "MCP", "fixtures/example_server.py"], REPO)
    cli = run_subprocess(["check", "fixtures/example_server.py"], REPO)
    assert proc.returncode == 1, proc.stderr
    assert proc.stdout.splitlines() == cli.stdout.splitlines()


def test_flake8_plugin_reports_an_mcp1_import_without_other_words(tmp_path):
    """A file whose only finding is MCP017 (an ``mcp.server.fastmcp`` import) holds
    none of the prefilter's words, only its word pattern: the plugin screens with
    both, as the CLI does, and reports what the CLI reports."""
    (tmp_path / "a.py").write_text('from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("x")\n')
    proc = flake8(["--select", "MCP", "a.py"], tmp_path)
    cli = run_subprocess(["check", "a.py"], tmp_path)
    assert proc.returncode == 1, proc.stderr
    assert "MCP017 " in proc.stdout
    assert proc.stdout.splitlines() == cli.stdout.splitlines()


def test_flake8_plugin_prefilters_a_declared_encoding_as_the_cli_does(tmp_path):
    """The plugin runs the checker's byte prefilter on flake8's decoded text encoded
    as UTF-8: a latin-1 file with non-ASCII letters next to the words (``Élan``,
    ``naïve``), whose raw bytes differ from that encoding, gets the CLI's findings."""
    source = "# -*- coding: latin-1 -*-\n# Élan naïve\n" + ELICIT_FILE.replace('"Name?"', '"Nom, naïf?"')
    (tmp_path / "a.py").write_bytes(source.encode("latin-1"))
    (tmp_path / "b.py").write_bytes("# -*- coding: latin-1 -*-\nnaïveElicit = 1\nÉlicit = 2\n".encode("latin-1"))
    proc = flake8(["--select", "MCP", "a.py", "b.py"], tmp_path)
    cli = run_subprocess(["check", "a.py", "b.py"], tmp_path)
    assert proc.returncode == 1, proc.stderr
    assert "a.py:10:20: MCP001 " in proc.stdout
    assert proc.stdout.splitlines() == cli.stdout.splitlines()


def test_flake8_plugin_noqa_and_options(tmp_path):
    (tmp_path / "a.py").write_text(ELICIT_FILE)
    (tmp_path / "b.py").write_text(ELICIT_FILE.replace("str)\n", "str)  # noqa: MCP001\n"))
    proc = flake8(["--select", "MCP", "--mcp-max-rounds", "3", "a.py", "b.py"], tmp_path)
    assert proc.returncode == 1
    assert [line.split(":")[:3] for line in proc.stdout.splitlines()] == [["a.py", "8", "20"]]
    assert "MCP001 " in proc.stdout


def test_flake8_leaves_syntax_errors_to_e999_and_never_crashes(tmp_path):
    (tmp_path / "bad.py").write_text("async def f(ctx):\n    await ctx.elicit('q'\n")
    (tmp_path / "good.py").write_text(ELICIT_FILE)
    (tmp_path / "weird.py").write_bytes(b"\xef\xbb\xbf" + ELICIT_FILE.replace("\n", "\r\n").encode())
    proc = flake8(["--select", "MCP,E999", "."], tmp_path)
    assert "Traceback" not in proc.stderr
    lines = sorted(proc.stdout.splitlines())
    assert any(line.startswith("./bad.py:") and "E999" in line for line in lines)
    assert not any(line.startswith("./bad.py:") and "MCP" in line for line in lines)
    assert any(line.startswith("./good.py:8:20: MCP001") for line in lines)
    assert any(line.startswith("./weird.py:8:20: MCP001") for line in lines)


def test_flake8_plugin_reports_internal_errors_as_a_finding(monkeypatch):
    import ast

    import elicit_lint.checker.linter
    from elicit_lint.checker.flake8_plugin import Plugin

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(elicit_lint.checker.linter, "analyse", broken)
    lines = ELICIT_FILE.splitlines(keepends=True)
    ((row, col, text, kind),) = Plugin(ast.parse(ELICIT_FILE), lines, "x.py").run()
    assert (row, col, kind) == (1, 0, Plugin)
    assert text.startswith("MCP000 internal-error: elicit-lint could not analyse this file")
    assert "(RuntimeError: boom)" in text


def test_real_fastmcp_tree(fastmcp_sdist):
    # --no-cache: the cached sdist tree is read-only (no .elicit_lint_cache/ written into it)
    proc = run_subprocess(["check", "--no-cache", "--output-format", "json", "."], fastmcp_sdist)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr and "internal error" not in proc.stderr
    items = json.loads(proc.stdout)
    rel = [(os.path.relpath(i["filename"], fastmcp_sdist), i["code"]) for i in items]
    library = [r for r in rel if r[0].startswith(("fastmcp_slim/", "fastmcp_tasks/"))]
    # the library's only handshake-only calls: the proxy's handshake-era relay (ctx.session.*)
    relay = "fastmcp_slim/fastmcp/server/providers/proxy.py"
    assert [r for r in library if r[1] == "MCP001" and r[0] != relay] == []
    assert library.count((relay, "MCP001")) == 4
    assert rel.count(("examples/elicitation.py", "MCP001")) == 2
    assert rel.count(("tests/client/test_elicitation.py", "MCP001")) >= 20
    assert not (fastmcp_sdist / ".elicit_lint_cache").exists()


def test_real_mcp_tree_does_not_crash(mcp_sdist):
    proc = run_subprocess(["check", "--no-cache", "."], mcp_sdist)
    assert proc.returncode in (0, 1)
    assert not (mcp_sdist / ".elicit_lint_cache").exists()
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr


@pytest.mark.parametrize("value", ["0", "-1", "three"])
def test_flake8_max_rounds_below_one_is_a_usage_error(tmp_path, value):
    (tmp_path / "a.py").write_text(ELICIT_FILE)
    proc = flake8(["--select", "MCP", f"--mcp-max-rounds={value}", "a.py"], tmp_path)
    assert proc.returncode == 2 and proc.stdout == ""
    assert "--mcp-max-rounds" in proc.stderr and "expected a positive integer" in proc.stderr
    assert "Traceback" not in proc.stderr
    cli = run_subprocess(["check", f"--max-rounds={value}", "a.py"], tmp_path)
    assert cli.returncode == 2 and "expected a positive integer" in cli.stderr


@pytest.mark.parametrize("value, rc", [("0", 2), ("4", 1)])
def test_flake8_max_rounds_from_its_config_is_checked_too(tmp_path, value, rc):
    (tmp_path / "a.py").write_text(ELICIT_FILE)
    (tmp_path / ".flake8").write_text(f"[flake8]\nmcp-max-rounds = {value}\n")
    proc = flake8(["--select", "MCP", "a.py"], tmp_path)
    assert proc.returncode == rc, proc.stderr
    assert ("expected a positive integer" in proc.stderr) == (rc == 2)


def test_flake8_plugin_never_raises_on_a_rule_crash(monkeypatch):
    import ast

    import elicit_lint.checker.linter
    from elicit_lint.checker.flake8_plugin import Plugin

    def broken(*args, **kwargs):
        raise RecursionError("deep")

    monkeypatch.setattr(elicit_lint.checker.linter, "analyse", broken)
    lines = ELICIT_FILE.splitlines(keepends=True)
    list(Plugin(ast.parse(ELICIT_FILE), lines, "a.py").run())  # must not raise
