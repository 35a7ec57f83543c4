"""ruff's ``check`` flags, each run next to ruff itself where ruff defines the behaviour
(ruff is a dev dependency): ``--select`` repeated, ``--diff``, ``--add-noqa``,
``--exit-non-zero-on-fix``, ``-q``/``-s``, ``--output-file``, ``--show-files``,
``--show-settings``, ``--config KEY=VALUE``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from tests.checker.checker_helpers import run_subprocess

RUFF = shutil.which("ruff") or shutil.which("ruff", path=os.path.dirname(sys.executable))
needs_ruff = pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")

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
UNUSED = "import os\n\n\ndef f(v):\n    return v == None\n"


def ruff(args, cwd):
    return subprocess.run([RUFF, *args], cwd=cwd, capture_output=True, text=True)


@pytest.fixture
def project(tmp_path):
    (tmp_path / "s.py").write_text(SERVER)
    return tmp_path


@needs_ruff
def test_a_repeated_select_is_the_union(project):
    (project / "r.py").write_text(UNUSED)
    theirs = ruff(["check", "--isolated", "--select", "F401", "--select", "E711", "r.py"], project)
    assert "F401" in theirs.stdout and "E711" in theirs.stdout
    ours = run_subprocess(["check", "--select", "MCP001", "--select", "MCP009", "s.py"], project)
    assert "MCP001" in ours.stdout and "MCP009" in ours.stdout


@needs_ruff
def test_diff_prints_what_fix_would_do_and_writes_nothing(project):
    (project / "r.py").write_text(UNUSED)
    theirs = ruff(["check", "--isolated", "--select", "F401", "--diff", "r.py"], project)
    ours = run_subprocess(["check", "--diff", "--unsafe-fixes", "s.py"], project)  # MCP009's fix is unsafe
    for done, name in ((theirs, "r.py"), (ours, "s.py")):
        assert done.returncode == 1
        assert done.stdout.startswith(f"--- {name}\n+++ {name}\n@@ ")
        assert done.stdout.endswith("\n\nWould fix 1 error.\n")
    assert "-async def t(x: Annotated[str | None, Elicit(\"X?\")]) -> str:\n" in ours.stdout
    assert '+async def t(x: Annotated[str | None, Elicit("X?")] = None) -> str:\n' in ours.stdout
    assert (project / "s.py").read_text() == SERVER
    clean = run_subprocess(["check", "--diff", "--select", "MCP001", "s.py"], project)
    assert (clean.returncode, clean.stdout) == (0, "No errors would be fixed.\n")


@needs_ruff
@pytest.mark.parametrize("suffix", ["", "  # a comment", "  # noqa: E501", "  # NOQA:E501,W291"])
def test_add_noqa_writes_what_ruff_writes(tmp_path, suffix):
    (tmp_path / "r.py").write_text(f"import os{suffix}\n")
    assert ruff(["check", "--isolated", "--select", "F401", "--add-noqa", "r.py"], tmp_path).returncode == 0
    theirs = (tmp_path / "r.py").read_text().splitlines()[0].removeprefix("import os")
    line = '    r = await ctx.elicit("Name?", response_type=str)'
    (tmp_path / "s.py").write_text(SERVER.replace(line, line + suffix))
    done = run_subprocess(["check", "--select", "MCP001", "--add-noqa", "s.py"], tmp_path)
    assert done.returncode == 0 and done.stderr == "Added 1 noqa directive.\n"
    [ours] = [x for x in (tmp_path / "s.py").read_text().splitlines() if x.startswith(line)]
    assert ours.removeprefix(line) == theirs.replace("F401", "MCP001")
    assert run_subprocess(["check", "--select", "MCP001", "s.py"], tmp_path).returncode == 0


@needs_ruff
def test_add_noqa_with_a_reason_and_not_with_fix(tmp_path):
    (tmp_path / "r.py").write_text("import os\n")
    ruff(["check", "--isolated", "--select", "F401", "--add-noqa=legacy code", "r.py"], tmp_path)
    assert (tmp_path / "r.py").read_text() == "import os  # noqa: F401 legacy code\n"
    (tmp_path / "s.py").write_text(SERVER)
    run_subprocess(["check", "--select", "MCP001", "--add-noqa=legacy code", "s.py"], tmp_path)
    assert "str)  # noqa: MCP001 legacy code\n" in (tmp_path / "s.py").read_text()
    assert ruff(["check", "--isolated", "--add-noqa", "--fix", "r.py"], tmp_path).returncode == 2
    assert run_subprocess(["check", "--add-noqa", "--fix", "s.py"], tmp_path).returncode == 2


@pytest.mark.parametrize(
    ("suffix", "written"),
    [
        ("  # noqa:E501 explain why", "  # noqa: E501, MCP001 explain why"),
        ("  # noqa: E501 # fmt: skip", "  # noqa: E501, MCP001 # fmt: skip"),
        ("  # NOQA:E501,W291  trailing", "  # noqa: E501, MCP001, W291  trailing"),
    ],
)
def test_add_noqa_keeps_the_text_after_existing_codes(tmp_path, suffix, written):
    """ruff 0.17.6 drops it, a bug its maintainers filed (astral-sh/ruff#26287);
    the user's explanation stays, and a new reason does not replace it."""
    line = '    r = await ctx.elicit("Name?", response_type=str)'
    (tmp_path / "s.py").write_text(SERVER.replace(line, line + suffix))
    done = run_subprocess(["check", "--select", "MCP001", "--add-noqa=new", "s.py"], tmp_path)
    assert done.returncode == 0 and done.stderr == "Added 1 noqa directive.\n"
    [ours] = [x for x in (tmp_path / "s.py").read_text().splitlines() if x.startswith(line)]
    assert ours.removeprefix(line) == written
    assert run_subprocess(["check", "--select", "MCP001", "s.py"], tmp_path).returncode == 0


MULTILINE = '''\
from fastmcp import Context, FastMCP

mcp = FastMCP("x")


@mcp.tool
async def ask(ctx: Context) -> str:
    x = await ctx.elicit("""multi
line""", response_type=str)
    y = await ctx.elicit("""multi
line""")  # noqa: MCP001
    return "x"
'''


def test_a_finding_on_a_multiline_string_takes_its_noqa_after_the_string(tmp_path):
    """As ruff maps it: the directive goes after the closing quotes, the only place
    a comment can go (flake8 honours it there too)."""
    (tmp_path / "s.py").write_text(MULTILINE)
    found = run_subprocess(["check", "--select", "MCP001,MCP002", "s.py"], tmp_path)
    assert [line.split()[:2] for line in found.stdout.splitlines() if "MCP0" in line] == [
        ["s.py:8:15:", "MCP001"],
        ["s.py:10:15:", "MCP002"],
    ]
    done = run_subprocess(["check", "--select", "MCP001,MCP002", "--add-noqa", "s.py"], tmp_path)
    assert done.stderr == "Added 2 noqa directives.\n"
    lines = (tmp_path / "s.py").read_text().splitlines()
    assert lines[8] == 'line""", response_type=str)  # noqa: MCP001'
    assert lines[10] == 'line""")  # noqa: MCP001, MCP002'
    assert run_subprocess(["check", "--select", "MCP001,MCP002", "s.py"], tmp_path).returncode == 0


def test_add_noqa_leaves_a_row_that_ends_inside_a_string(tmp_path):
    from elicit_lint.checker.noqa_add import add_directives

    text = 'x = f("""\n""")\ny = 1\n'
    assert add_directives(text, {1: {"MCP001"}, 3: {"MCP002"}}) == (
        'x = f("""\n""")\ny = 1  # noqa: MCP002\n', 1
    )


def test_exit_non_zero_on_fix(project):
    args = ["check", "--select", "MCP009", "--fix", "--unsafe-fixes", "s.py"]
    assert run_subprocess(args, project).returncode == 0
    (project / "s.py").write_text(SERVER)
    assert run_subprocess([*args, "--exit-non-zero-on-fix"], project).returncode == 1
    assert run_subprocess([*args, "--exit-non-zero-on-fix"], project).returncode == 0  # nothing left to fix


def test_quiet_silent_and_output_file(project):
    plain = run_subprocess(["check", "s.py"], project)
    assert plain.returncode == 1 and plain.stderr.startswith("Found 2 errors.")
    quiet = run_subprocess(["check", "-q", "s.py"], project)
    assert (quiet.returncode, quiet.stdout, quiet.stderr) == (1, plain.stdout, "")
    silent = run_subprocess(["check", "--silent", "s.py"], project)
    assert (silent.returncode, silent.stdout, silent.stderr) == (1, "", "")
    to_file = run_subprocess(["check", "--output-file", "out/report.txt", "s.py"], project)
    assert to_file.returncode == 1 and to_file.stdout == ""
    assert (project / "out" / "report.txt").read_text() == plain.stdout


@needs_ruff
def test_show_files_lists_what_ruff_lists(project):
    for name in ("pkg/__init__.py", "pkg/mod.py", "pkg/stub.pyi", "notes.txt", ".venv/lib/x.py"):
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_text("")
    theirs = ruff(["check", "--isolated", "--show-files", "."], project)
    ours = run_subprocess(["check", "--show-files", "."], project)
    assert ours.returncode == 0 and ours.stdout == theirs.stdout


def test_show_settings_names_the_file_and_its_configuration(project):
    (project / "pyproject.toml").write_text("[tool.elicit-lint]\nmax-rounds = 4\n")
    done = run_subprocess(["check", "--no-cache", "--show-settings", "s.py"], project)
    assert done.returncode == 0
    assert done.stdout.startswith(f'Resolved settings for: "{project / "s.py"}"\n')
    assert f'Settings path: "{project / "pyproject.toml"}"' in done.stdout
    assert "max-rounds = 4\n" in done.stdout


def test_config_key_value_overrides_every_file(project):
    (project / "pyproject.toml").write_text('[tool.elicit-lint]\nselect = ["MCP001"]\n')
    base = run_subprocess(["check", "--no-cache", "s.py"], project)
    assert "MCP001" in base.stdout and "MCP009" not in base.stdout
    over = run_subprocess(["check", "--no-cache", "--config", "select = ['MCP009']", "s.py"], project)
    assert "MCP009" in over.stdout and "MCP001" not in over.stdout
    both = run_subprocess(["check", "--no-cache", "--config", "pyproject.toml",
                           "--config", "select = ['MCP009']", "s.py"], project)
    assert both.stdout == over.stdout
    bad = run_subprocess(["check", "--config", "max-rounds = 0", "s.py"], project)
    assert bad.returncode == 2 and "--config" in bad.stderr and "max-rounds" in bad.stderr
    junk = run_subprocess(["check", "--config", "not toml at all", "s.py"], project)
    assert junk.returncode == 2 and "KEY = VALUE" in junk.stderr


@needs_ruff
def test_github_paths_are_written_as_ruff_writes_them_from_a_subdirectory(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "top.py").write_text(UNUSED)
    (tmp_path / "sub" / "inner.py").write_text(UNUSED)
    (tmp_path / "top_s.py").write_text(SERVER)
    (tmp_path / "sub" / "inner_s.py").write_text(SERVER)
    cwd = tmp_path / "sub"
    theirs = ruff(["check", "--isolated", "--select", "F401", "--output-format", "github", ".."], cwd).stdout
    ours = run_subprocess(["check", "--select", "MCP001", "--output-format", "github", ".."], cwd).stdout

    def shape(out):
        # (file= property, the path that starts the message) per annotation
        rows = []
        for line in out.splitlines():
            props, message = line.split("::", 2)[1:]
            file = dict(p.split("=", 1) for p in props.split(" ", 1)[1].split(","))["file"]
            rows.append((file.replace("%3A", ":"), message.split(":", 1)[0]))
        return sorted(rows)

    root = str(tmp_path.resolve())
    assert shape(theirs) == [(f"{root}/sub/inner.py", "inner.py"), (f"{root}/top.py", f"{root}/top.py")]
    assert shape(ours) == [(f"{root}/sub/inner_s.py", "inner_s.py"), (f"{root}/top_s.py", f"{root}/top_s.py")]
