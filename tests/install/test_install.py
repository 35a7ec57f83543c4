"""Installable as projects install things (issue 12, item 8): one version, a wheel and
an sdist from ``python -m build``, a lean base (the checker) with the codemod and the
runtime as extras, and a runtime that imports nothing of the linter."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
import zipfile

import elicit_lint
from elicit_lint.codemod.cli import MISSING_LIBCST

from ..doc_sections import section

from .helpers import REPO, fresh_venv, installed, run

SERVE = REPO / "tests" / "install" / "serve_declared.py"
EXAMPLE = REPO / "fixtures" / "example_server.py"
# what the runtime must not import: the linter's layers and its own dependencies
LINTER = ("checker", "codemod", "rules", "analysis", "workspace", "model", "report")
LINTER_DEPS = ("libcst", "pathspec")


def _pyproject() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


def _names(requirements: list[str]) -> set[str]:
    return {re.split(r"[\[<>=!~; ]", r, maxsplit=1)[0].lower() for r in requirements}


def test_version_is_single_sourced():
    project = _pyproject()
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "elicit_lint.__version__"}
    from importlib.metadata import version

    assert version("elicit-lint") == elicit_lint.__version__
    out = subprocess.run(
        [sys.executable, "-m", "elicit_lint", "--version"], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == f"elicit-lint {elicit_lint.__version__}"


def test_base_is_the_checker_and_extras_add_codemod_and_runtime():
    project = _pyproject()["project"]
    base = _names(project["dependencies"])
    extras = {name: _names(reqs) for name, reqs in project["optional-dependencies"].items()}
    assert not base & {"libcst", "rich", "fastmcp"}
    assert {"libcst", "rich"} <= extras["migrate"]
    assert extras["runtime"] == {"fastmcp"}
    # the README's set-up installs [dev]: it must bring every extra the tests exercise
    assert "elicit-lint" in extras["dev"]
    (self_ref,) = [r for r in project["optional-dependencies"]["dev"] if r.startswith("elicit-lint[")]
    assert {"migrate", "runtime", "docs"} <= set(self_ref.split("[")[1].rstrip("]").split(","))


def test_runtime_imports_nothing_of_the_linter():
    """Serving a declared tool on both eras loads elicit_lint.core and .runtime only."""
    done = run([sys.executable, SERVE])
    results, modules = done.stdout.split("--modules--\n")
    assert results.splitlines() == ["auto: Hello Ada", "legacy: Hello Ada"]
    loaded = set(modules.split())
    assert "elicit_lint.runtime" in loaded
    ours = {m.split(".")[1] for m in loaded if m.startswith("elicit_lint.")}
    assert ours <= {"core", "runtime"}, ours
    assert not {m.split(".")[0] for m in loaded} & set(LINTER_DEPS)
    assert not ours & set(LINTER)


def test_build_makes_sdist_and_wheel(dist):
    version = elicit_lint.__version__
    assert sorted(p.name for p in dist.iterdir()) == [
        f"elicit_lint-{version}-py3-none-any.whl",
        f"elicit_lint-{version}.tar.gz",
    ]
    with zipfile.ZipFile(dist / f"elicit_lint-{version}-py3-none-any.whl") as wheel:
        names = set(wheel.namelist())
        meta = wheel.read(f"elicit_lint-{version}.dist-info/METADATA").decode()
        entry_points = wheel.read(f"elicit_lint-{version}.dist-info/entry_points.txt").decode()
    assert "elicit_lint/runtime/__init__.py" in names and "elicit_lint/checker/cli.py" in names
    assert not any(n.startswith(("tests/", "fixtures/", "benchmarks/")) for n in names)
    assert f"Version: {version}" in meta
    requires = [line.split(": ", 1)[1] for line in meta.splitlines() if line.startswith("Requires-Dist: ")]
    base = [r for r in requires if "extra ==" not in r]
    assert not _names(base) & {"libcst", "rich", "fastmcp"}
    assert any(r.startswith("libcst") and 'extra == "migrate"' in r for r in requires)
    assert any(r.startswith("fastmcp") and 'extra == "runtime"' in r for r in requires)
    for script in ("elicit-lint = elicit_lint.checker.cli:console", "elicit-migrate = elicit_lint.codemod.cli:main"):
        assert script in entry_points
    assert "MCP = elicit_lint.checker.flake8_plugin:Plugin" in entry_points


def test_wheel_in_a_fresh_venv_checks_the_example(dist, tmp_path):
    """The base install is a working checker; the codemod and runtime say which extra they need."""
    (wheel,) = dist.glob("*.whl")
    bindir = fresh_venv(tmp_path / "venv", str(wheel))
    assert not installed(bindir) & {"libcst", "rich", "fastmcp"}
    work = tmp_path / "work"
    work.mkdir()
    shutil.copy(EXAMPLE, work / "example_server.py")
    check = run([bindir / "elicit-lint", "check", "example_server.py"], cwd=work, check=False)
    assert check.returncode == 1, check.stderr
    expected = run([sys.executable, "-m", "elicit_lint", "check", "example_server.py"], cwd=work, check=False)
    assert check.stdout == expected.stdout and ": MCP001 " in check.stdout
    before = (work / "example_server.py").read_bytes()
    would = run([bindir / "elicit-migrate", "--check", "example_server.py"], cwd=work, check=False)
    assert would.returncode == 1 and "would rewrite" in would.stderr, would.stderr
    write = run([bindir / "elicit-migrate", "example_server.py"], cwd=work, check=False)
    assert write.returncode == 2 and MISSING_LIBCST in write.stderr
    assert (work / "example_server.py").read_bytes() == before
    runtime = run([bindir / "python", "-c", "import elicit_lint.runtime"], check=False)
    assert runtime.returncode == 1 and "elicit-lint[runtime]" in runtime.stderr


def test_runtime_extra_in_a_fresh_venv_serves_a_tool(dist, tmp_path):
    """``elicit-lint[runtime]`` brings fastmcp and nothing of the linter's own weight."""
    (wheel,) = dist.glob("*.whl")
    bindir = fresh_venv(tmp_path / "venv", f"{wheel}[runtime]")
    assert "fastmcp" in installed(bindir)
    assert "libcst" not in installed(bindir)
    done = run([bindir / "python", SERVE], cwd=tmp_path)
    assert done.stdout.split("--modules--")[0].splitlines() == ["auto: Hello Ada", "legacy: Hello Ada"]


def test_git_url_install_as_getting_started_writes_it(hooks_repo, tmp_path):
    """docs/getting-started.md's `pip install '... @ git+URL@REV'`, with this tree's snapshot as the URL."""
    path, sha = hooks_repo
    command = section("install").split("```console\n", 1)[1].split("```", 1)[0].strip()
    assert command == "pip install 'elicit-lint @ git+https://github.com/OWNER/elicit-lint@v0.1.0'"
    requirement = command.split("'")[1].replace("https://github.com/OWNER/elicit-lint", f"file://localhost{path}")  # a URL requirement needs a host
    bindir = fresh_venv(tmp_path / "venv", requirement.replace("v0.1.0", sha))
    version = run([bindir / "elicit-lint", "--version"]).stdout.strip()
    assert version == f"elicit-lint {elicit_lint.__version__}"
    check = run([bindir / "elicit-lint", "check", EXAMPLE], check=False)
    assert check.returncode == 1 and ": MCP001 " in check.stdout
