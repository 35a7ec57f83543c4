"""MCP019's fix under pre-commit: the run checks the staged files only, so a module
that calls the tool function directly may be outside it. The fix, safe by the
run's own files, is unsafe when a project file outside the run mentions the
function and its module (``elicit_lint.workspace.unseen``)."""

from __future__ import annotations

import json
import pickle

import pytest

from elicit_lint.checker.cli import main
from elicit_lint.workspace.unseen import Unseen

SERVER = '''from typing import Annotated

from elicit_lint.runtime import Elicit
from fastmcp import FastMCP

mcp = FastMCP("Booking")


@mcp.tool
async def book(city: str, seat: Annotated[str, Elicit("Seat?")]) -> str:
    return f"{city} {seat}"
'''

CALLER = '''from app.server import book


async def nightly() -> str:
    return await book("Paris", seat="12A")
'''


def _project(tmp_path, monkeypatch, caller: str | None = CALLER, config: str = ""):
    (tmp_path / "pyproject.toml").write_text("[tool.elicit-lint]\n" + config)
    app = tmp_path / "app"
    app.mkdir()
    (app / "__init__.py").write_text("")
    (app / "server.py").write_text(SERVER)
    if caller is not None:
        (app / "batch.py").write_text(caller)
    monkeypatch.chdir(tmp_path)


def _fix_of(capsys, *args) -> dict | None:
    main(["check", "--output-format", "json", *args])
    found = [d for d in json.loads(capsys.readouterr().out) if d["code"] == "MCP019"]
    assert len(found) == 1
    return found[0]


def test_a_staged_file_whose_tool_another_module_calls_gets_an_unsafe_fix(tmp_path, monkeypatch, capsys):
    _project(tmp_path, monkeypatch)
    found = _fix_of(capsys, "--no-cache", "app/server.py")
    assert found["fix"]["applicability"] == "unsafe"
    assert "`app/batch.py`, not among the checked files, mentions `book`" in found["help"]
    code = main(["check", "--no-cache", "--fix", "app/server.py"])  # pre-commit's `--fix` hook
    assert code == 1 and (tmp_path / "app" / "server.py").read_text() == SERVER
    assert "1 unsafe fix available with `--fix --unsafe-fixes`." in capsys.readouterr().err


def test_without_a_caller_outside_the_fix_stays_safe_and_applies(tmp_path, monkeypatch, capsys):
    # batch.py says `book` but never names the server module: it cannot import it
    _project(tmp_path, monkeypatch, caller="def book():\n    return 'a hotel'\n")
    assert _fix_of(capsys, "--no-cache", "app/server.py")["fix"]["applicability"] == "safe"
    assert main(["check", "--no-cache", "--fix", "app/server.py"]) == 0
    assert "@declared_elicitation\nasync def book" in (tmp_path / "app" / "server.py").read_text()


def test_words_that_are_not_an_import_of_the_module_do_not_count(tmp_path, monkeypatch, capsys):
    _project(tmp_path, monkeypatch, caller='"""The server can book a seat."""\nimport serverless\n')
    assert _fix_of(capsys, "--no-cache", "app/server.py")["fix"]["applicability"] == "safe"


@pytest.mark.parametrize("line", ["from app.server import book", "from . import server",
                                  "from app import (\n    server,\n)", "import app.server as s"])
def test_each_import_form_of_the_module_counts(tmp_path, monkeypatch, capsys, line):
    _project(tmp_path, monkeypatch, caller=f"{line}\n\nbook\n")
    assert _fix_of(capsys, "--no-cache", "app/server.py")["fix"]["applicability"] == "unsafe"


def test_a_caller_the_run_excludes_still_counts(tmp_path, monkeypatch, capsys):
    _project(tmp_path, monkeypatch, config='extend-exclude = ["app/batch.py"]\n')
    assert _fix_of(capsys, "--no-cache", "app/server.py")["fix"]["applicability"] == "unsafe"


def test_a_run_over_the_whole_project_leaves_it_to_the_index(tmp_path, monkeypatch, capsys):
    _project(tmp_path, monkeypatch)
    found = _fix_of(capsys, "--no-cache", ".")
    assert found["fix"]["applicability"] == "unsafe"  # the run's own index saw the call
    assert "not among the checked files" not in found["help"]


def test_extend_safe_fixes_still_wins(tmp_path, monkeypatch, capsys):
    _project(tmp_path, monkeypatch, config='extend-safe-fixes = ["MCP019"]\n')
    assert _fix_of(capsys, "--no-cache", "app/server.py")["fix"]["applicability"] == "safe"


def test_the_results_cache_does_not_keep_the_outside_verdict(tmp_path, monkeypatch, capsys):
    """A file outside the run is not in the cache's key: the verdict is taken after it."""
    _project(tmp_path, monkeypatch, caller=None)
    assert _fix_of(capsys, "app/server.py")["fix"]["applicability"] == "safe"
    (tmp_path / "app" / "batch.py").write_text(CALLER)
    assert _fix_of(capsys, "app/server.py")["fix"]["applicability"] == "unsafe"


def test_unseen_lists_once_and_travels_empty(tmp_path):
    calls = []
    listed = [str(tmp_path / "a.py"), str(tmp_path / "b.py")]
    (tmp_path / "b.py").write_text("from a import f\nf()\n")

    def project_files(root):
        calls.append(root)
        return listed

    unseen = Unseen([str(tmp_path / "a.py")], str(tmp_path), project_files)
    assert unseen.mentions(str(tmp_path / "a.py"), "f") is not None
    assert unseen.mentions(str(tmp_path / "a.py"), "g") is None
    assert calls == [str(tmp_path)]
    assert pickle.loads(pickle.dumps(unseen)).mentions(str(tmp_path / "a.py"), "f") is None


def test_without_a_configuration_the_project_is_the_repository(tmp_path, monkeypatch, capsys):
    """No configuration file: the git repository is the project (never the current
    directory, which may hold anything); outside a repository nothing is searched."""
    repo = tmp_path / "repo"
    (repo / "app").mkdir(parents=True)
    (repo / "app" / "server.py").write_text(SERVER)
    (repo / "app" / "batch.py").write_text(CALLER)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert _fix_of(capsys, "--no-cache", str(repo / "app" / "server.py"))["fix"]["applicability"] == "safe"
    (repo / ".git").mkdir()
    assert _fix_of(capsys, "--no-cache", str(repo / "app" / "server.py"))["fix"]["applicability"] == "unsafe"


def test_an_excluded_directory_still_counts(tmp_path, monkeypatch, capsys):
    """fresh10 F3: `extend-exclude = ["tests/"]` keeps tests/ out of the lint, not out
    of the callers: a direct call there makes MCP019's fix unsafe, in a run of one
    file and in a run of the whole root alike."""
    (tmp_path / "pyproject.toml").write_text('[tool.elicit-lint]\nextend-exclude = ["tests/"]\n')
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "server.py").write_text(SERVER)
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_book.py").write_text(CALLER)
    monkeypatch.chdir(tmp_path)
    assert _fix_of(capsys, "--no-cache", "app/server.py")["fix"]["applicability"] == "unsafe"
    assert _fix_of(capsys, "--no-cache", ".")["fix"]["applicability"] == "unsafe"
    (tmp_path / "tests" / "test_book.py").write_text("")
    assert _fix_of(capsys, "--no-cache", ".")["fix"]["applicability"] == "safe"


@pytest.mark.parametrize(
    ("where", "caller", "applicability"),
    [
        # closing7 Left: a second `server.py` once made every file naming `server` a caller
        ("ops.py", "from tools.server import book\n\nbook()\n", "safe"),
        ("tools/batch.py", "from .server import book\n\nbook()\n", "safe"),
        ("tools/batch.py", "from . import server\n\nserver.book()\n", "safe"),
        ("ops.py", "import tools.server\n\ntools.server.book()\n", "safe"),
        # a real caller of app/server.py still makes the fix unsafe
        ("ops.py", "from app.server import book\n\nbook()\n", "unsafe"),
        ("app/batch.py", "from .server import book\n\nbook()\n", "unsafe"),
        ("ops.py", "import app.server\n\napp.server.book()\n", "unsafe"),
        # two files could answer `import server` (which one depends on sys.path): a caller
        ("ops.py", "from server import book\n\nbook()\n", "unsafe"),
    ],
)
def test_callers_are_matched_by_the_module_their_import_names(tmp_path, monkeypatch, capsys,
                                                             where, caller, applicability):
    _project(tmp_path, monkeypatch, caller=None)
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "__init__.py").write_text("")
    (tmp_path / "tools" / "server.py").write_text("def book():\n    return 'a ticket'\n")
    (tmp_path / where).write_text(caller)
    assert _fix_of(capsys, "--no-cache", "app/server.py")["fix"]["applicability"] == applicability
