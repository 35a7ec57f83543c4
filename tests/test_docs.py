"""The docs site and the README's quick start: every page is in the nav, and the
commands and CI recipes run as written (the pip-install lines and the pre-commit
configuration run in tests/install, which install for real)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

from .doc_sections import REPO, blocks, section

DOCS = REPO / "docs"
BIN = Path(sys.executable).parent
GENERATED = {"rules.md", "architecture.md", "ruff.md"}  # docs_hooks/rules.py (stand-ins while missing)


def _nav_files(nav) -> list[str]:
    out = []
    for item in nav:
        value = next(iter(item.values())) if isinstance(item, dict) else item
        out.extend(_nav_files(value) if isinstance(value, list) else [value])
    return out


def test_every_page_is_in_the_nav_and_every_nav_entry_exists():
    config = yaml.safe_load((REPO / "mkdocs.yml").read_text())
    nav = _nav_files(config["nav"])
    pages = {p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")}
    assert pages <= set(nav)
    assert set(nav) - pages <= GENERATED


def test_readme_is_a_front_page():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert len(readme.encode()) < 10_000
    for page in ("getting-started", "checker", "configuration", "codemod", "runtime", "frameworks", "ci", "performance"):
        assert f"(docs/{page}.md" in readme


def _project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    project.mkdir()
    shutil.copy(REPO / "fixtures" / "example_server.py", project / "server.py")
    return project


def _run_shell(command: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"}
    return subprocess.run(
        ["bash", "-e", "-c", command], cwd=cwd, env=env, capture_output=True, text=True, timeout=120, check=False
    )


def _commands(block: str) -> list[str]:
    return [line.split("#", 1)[0].strip() for line in block.splitlines() if line.split("#", 1)[0].strip()]


def test_quick_start_commands_run(tmp_path):
    """Getting started's quick start, in order, on a project holding the example server."""
    (block,) = [b for b in blocks((DOCS / "getting-started.md").read_text(), "console") if "elicit-migrate ." in b]
    project = _project(tmp_path)
    before = (project / "server.py").read_text()
    statuses = {}
    for command in _commands(block):
        done = _run_shell(command, project)
        assert "Traceback" not in done.stderr, done.stderr
        statuses[command] = done.returncode
    assert statuses == {
        "elicit-lint check .": 1,
        "elicit-lint check --output-format full .": 1,
        "elicit-lint check --fix .": 1,  # the example's findings have no fix
        "elicit-migrate --diff .": 1,  # a file would change
        "elicit-migrate .": 0,
    }
    after = (project / "server.py").read_text()
    assert after != before and "declared_elicitation" in after


def test_readme_quick_start_is_the_getting_started_one():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    started = (DOCS / "getting-started.md").read_text(encoding="utf-8")
    quick = readme.split("## Quick start", 1)[1].split("## Documentation", 1)[0]
    for block in blocks(quick, "console"):
        for line in block.strip().splitlines():
            assert line in started, line  # run by test_quick_start_commands_run
    for block in blocks(quick, "yaml"):
        for line in block.strip().splitlines():
            assert line.strip() in started, line
    assert 'external = ["MCP"]' in started


def _workflow(text: str) -> dict:
    workflow = yaml.safe_load(text)
    assert set(workflow) >= {"name", "jobs"} and (True in workflow or "on" in workflow)  # YAML 1.1 reads `on` as True
    (job,) = workflow["jobs"].values()
    assert job["runs-on"] == "ubuntu-latest"
    return job


def _run_steps(job: dict, project: Path) -> list[subprocess.CompletedProcess]:
    """Run the job's `run` steps after the install step (the install itself runs in tests/install)."""
    steps = [s for s in job["steps"] if "run" in s]
    assert steps[0]["run"].startswith("pip install 'elicit-lint @ git+https://github.com/OWNER/elicit-lint@")
    return [_run_shell(step["run"], project) for step in steps[1:]]


def test_github_actions_workflow_annotates_findings(tmp_path):
    job = _workflow(section("github-actions").split("```yaml\n", 1)[1].split("```", 1)[0])
    assert [s["uses"].split("@")[0] for s in job["steps"] if "uses" in s] == ["actions/checkout", "actions/setup-python"]
    project = _project(tmp_path)
    (check,) = _run_steps(job, project)
    assert check.returncode == 1  # the job fails on findings
    lines = check.stdout.splitlines()
    assert lines and all(line.startswith("::error title=elicit-lint (MCP") for line in lines)
    # ruff's layout: the file as an absolute path (GitHub maps it into the checkout)
    assert f"file={project / 'server.py'}," in lines[0]


def test_sarif_recipe_uploads_before_it_fails(tmp_path):
    job = _workflow(section("sarif").split("```yaml\n", 1)[1].split("```", 1)[0])
    assert job["permissions"]["security-events"] == "write"
    names = [s.get("uses", "run").split("@")[0] for s in job["steps"]]
    assert names == ["actions/checkout", "actions/setup-python", "run", "run", "github/codeql-action/upload-sarif", "run"]
    upload = job["steps"][4]["with"]["sarif_file"]
    project = _project(tmp_path)
    sarif_step, gate = _run_steps(job, project)
    assert sarif_step.returncode == 0, sarif_step.stderr  # --exit-zero: the upload step runs
    log = json.loads((project / upload).read_text())
    assert log["version"] == "2.1.0"
    results = log["runs"][0]["results"]
    assert results and {r["ruleId"] for r in results} >= {"MCP001"}
    assert gate.returncode == 1  # after the upload, findings fail the job
