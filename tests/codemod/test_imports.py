"""Issue 4 leftover 1: new imports sit where isort / ruff's I001 puts them."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import libcst as cst
import pytest

from elicit_lint.codemod.render.imports import add_imports

from .cases import REWRITES, ROOT

NEEDED = {
    "typing": ["Annotated", "Literal"],
    "elicit_lint.runtime": ["Elicit", "declared_elicitation"],
}


def _add(source: str) -> str:
    return add_imports(cst.parse_module(source), NEEDED).code


def test_typing_joins_the_stdlib_group_and_the_target_the_third_party_group():
    before = (
        '"""Doc."""\n\nfrom __future__ import annotations\n\nimport os\n\n'
        "from fastmcp import FastMCP\n\nfrom .local import x\n\nmcp = 1\n"
    )
    assert _add(before) == (
        '"""Doc."""\n\nfrom __future__ import annotations\n\nimport os\n'
        "from typing import Annotated, Literal\n\n"
        "from elicit_lint.runtime import Elicit, declared_elicitation\n"
        "from fastmcp import FastMCP\n\nfrom .local import x\n\nmcp = 1\n"
    )


def test_a_missing_stdlib_group_is_made_before_the_third_party_group():
    before = '"""Doc."""\n\nfrom __future__ import annotations\n\nfrom fastmcp import FastMCP\n\nmcp = 1\n'
    assert _add(before) == (
        '"""Doc."""\n\nfrom __future__ import annotations\n\n'
        "from typing import Annotated, Literal\n\n"
        "from elicit_lint.runtime import Elicit, declared_elicitation\n"
        "from fastmcp import FastMCP\n\nmcp = 1\n"
    )


def test_names_merge_into_an_existing_import_at_their_sorted_place():
    before = "from typing import (\n    Any,\n    Optional,\n)\n\nimport zzz\n"
    assert _add(before) == (
        "from typing import (\n    Annotated,\n    Any,\n    Literal,\n    Optional,\n)\n\n"
        "import zzz\nfrom elicit_lint.runtime import Elicit, declared_elicitation\n"
    )
    one_line = "from typing import Any, Optional, cast\n"
    assert _add(one_line).startswith(
        "from typing import Annotated, Any, Literal, Optional, cast\n"
    )


def test_a_name_already_imported_is_not_added_again():
    before = "from typing import Annotated\n"
    assert _add(before).count("Annotated") == 1


RUFF = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which(
    "ruff"
)


@pytest.mark.skipif(RUFF is None, reason="ruff not installed")
def test_rewritten_fixtures_have_no_new_unsorted_imports(tmp_path):
    """``ruff check --select I`` (isolated: ``elicit_lint`` is third party, as in a
    user's repository) finds no I001 in an ``after.py`` that its ``before.py`` lacks."""

    def unsorted(path: Path) -> int:
        done = subprocess.run(
            [
                RUFF,
                "check",
                "--isolated",
                "--select",
                "I",
                "--output-format",
                "concise",
                path.name,
            ],
            cwd=path.parent,
            capture_output=True,
            text=True,
            check=False,
        )
        return done.stdout.count("I001")

    worse = []
    for case in sorted(REWRITES):
        directory = tmp_path / case
        directory.mkdir()
        for name in ("before.py", "after.py"):
            shutil.copy(ROOT / case / name, directory / name)
        if unsorted(directory / "after.py") > unsorted(directory / "before.py"):
            worse.append(case)
    assert worse == []


def test_a_name_bound_by_another_import_is_not_imported_twice():
    """``from typing_extensions import Annotated`` is the same object (the planner
    checks qualified names); a second import would redefine it (F811)."""
    before = "from typing_extensions import Annotated\n\nfrom fastmcp import FastMCP\n"
    after = _add(before)
    assert after.count("Annotated") == 1
    assert "from typing import Literal\n" in after


SPLIT_CONTEXT_IMPORT = '''\
"""Doc."""

import os

from fastmcp import Context
from fastmcp import FastMCP

mcp = FastMCP("x")


@mcp.tool
async def greet(ctx: Context) -> str:
    r = await ctx.elicit("Which city?", response_type=str)
    if r.action == "accept":
        return r.data + os.sep
    return "none"
'''


def test_a_removed_import_leaves_its_group_break_behind(tmp_path):
    """``from fastmcp import Context`` opened the third-party group; once it is
    gone, the next import still starts the group (libcst drops the blank line
    with the statement)."""
    from elicit_lint.codemod.engine import Options, transform_text

    new, _ = transform_text(SPLIT_CONTEXT_IMPORT, str(tmp_path / "t.py"), Options())
    assert new.startswith(
        '"""Doc."""\n\nimport os\nfrom typing import Annotated\n\n'
        "from elicit_lint.runtime import Elicit, declared_elicitation\n"
        "from fastmcp import FastMCP\n\nmcp = "
    )


FIRST_PARTY_FASTMCP = """\
from dataclasses import dataclass

from fastmcp import Context, FastMCP

mcp = FastMCP("x")


@mcp.tool
async def greet(ctx: Context) -> str:
    r = await ctx.elicit("Which city?", response_type=str)
    if r.action == "accept":
        return r.data
    return "none"
"""


@pytest.mark.parametrize(
    "config",
    [
        '[tool.ruff.lint.isort]\nknown-first-party = ["fastmcp"]\n',
        '[tool.isort]\nknown_first_party = ["fastmcp"]\n',
        None,  # no setting, but a fastmcp/ package in the project root
    ],
)
def test_the_target_import_goes_to_third_party_before_a_first_party_group(
    tmp_path, config
):
    """In fastmcp's own repository ``fastmcp`` is first party (its pyproject says
    so): ``elicit_lint`` then opens a third-party group above it, as ruff wants."""
    from elicit_lint.codemod.engine import Options, transform_text

    (tmp_path / "pyproject.toml").write_text(config or "[project]\nname = 'x'\n")
    if config is None:
        (tmp_path / "fastmcp").mkdir()
    path = tmp_path / "examples" / "tool.py"
    path.parent.mkdir()
    new, _ = transform_text(FIRST_PARTY_FASTMCP, str(path), Options())
    assert new.startswith(
        "from dataclasses import dataclass\nfrom typing import Annotated\n\n"
        "from elicit_lint.runtime import Elicit, declared_elicitation\n\n"
        "from fastmcp import FastMCP\n\nmcp = "
    )
    if RUFF is not None and "tool.isort" not in (config or ""):  # ruff reads its own
        path.write_text(new)
        done = subprocess.run(
            [RUFF, "check", "--select", "I", "--output-format", "concise", str(path)],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            check=False,
        )
        assert "I001" not in done.stdout


_TOOL = """

mcp = FastMCP("x")


@mcp.tool
async def greet(ctx: Context) -> str:
    r = await ctx.elicit("Which city?", response_type=str)
    if isinstance(r, AcceptedElicitation):
        return r.data
    return "none"
"""


@pytest.mark.parametrize(
    ("imports", "kept"),
    [
        # `as` self-alias: an explicit re-export (PEP 484)
        (
            "from fastmcp import Context as Context, FastMCP\n"
            "from fastmcp.server.elicitation import AcceptedElicitation\n",
            ["from fastmcp import Context as Context, FastMCP"],
        ),
        # `# noqa: F401` marks a re-export; the comment stays with its line
        (
            "from fastmcp import Context  # noqa: F401\nfrom fastmcp import FastMCP\n"
            "from fastmcp.server.elicitation import AcceptedElicitation\n",
            ["from fastmcp import Context  # noqa: F401"],
        ),
        # any comment on (or right above) the import line: kept with it
        (
            "from fastmcp import FastMCP\n# the context type\nfrom fastmcp import Context\n"
            "from fastmcp.server.elicitation import AcceptedElicitation\n",
            ["# the context type\nfrom fastmcp import Context\n"],
        ),
        (
            "from fastmcp import FastMCP\nfrom fastmcp import (\n    Context,  # why\n)\n"
            "from fastmcp.server.elicitation import AcceptedElicitation\n",
            ["    Context,  # why\n"],
        ),
        # a name in `__all__`
        (
            "from fastmcp import Context, FastMCP\n"
            "from fastmcp.server.elicitation import AcceptedElicitation\n\n"
            '__all__ = ["AcceptedElicitation"]\n',
            ["from fastmcp.server.elicitation import AcceptedElicitation\n"],
        ),
    ],
)
def test_a_re_export_or_commented_import_is_never_removed(tmp_path, imports, kept):
    from elicit_lint.codemod.engine import Options, transform_text

    new, _ = transform_text(imports + _TOOL, str(tmp_path / "t.py"), Options())
    assert "ctx.elicit" not in new  # rewritten
    for text in kept:
        assert text in new


def test_a_package_init_module_keeps_its_imports(tmp_path):
    from elicit_lint.codemod.engine import Options, transform_text

    source = (
        "from fastmcp import Context, FastMCP\n"
        "from fastmcp.server.elicitation import AcceptedElicitation\n" + _TOOL
    )
    new, _ = transform_text(source, str(tmp_path / "__init__.py"), Options())
    assert "ctx.elicit" not in new
    assert "from fastmcp import Context, FastMCP\n" in new
    assert "from fastmcp.server.elicitation import AcceptedElicitation\n" in new
    # the same module elsewhere loses both names
    other, _ = transform_text(source, str(tmp_path / "tools.py"), Options())
    assert "Context" not in other and "AcceptedElicitation" not in other
