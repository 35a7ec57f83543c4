"""MCP030: the table is fastmcp 4.2.3's (rebuilt from the sdist, and checked against
the installed fastmcp's modules), and every import the rule reports really fails
under the installed fastmcp while every import it leaves really works."""

from __future__ import annotations

import ast
import importlib
import warnings

import pytest

from elicit_lint.checker.linter import analyse
from elicit_lint.core.settings import RuleSettings
from elicit_lint.rules.cases import as_invalid, as_valid
from elicit_lint.rules.fastmcp_names import MODULES, NAMES
from elicit_lint.rules.fastmcp_table import bound_names, render
from elicit_lint.rules.mcp030 import LATER, MissingFastmcpName

fastmcp = pytest.importorskip("fastmcp")
RULE = MissingFastmcpName()
TABLES_FASTMCP = pytest.mark.skipif(
    fastmcp.__version__ != "4.2.3",
    reason="the table is fastmcp 4.2.3's; another fastmcp is installed",
)


def _codes(code: str) -> list:
    found = analyse(ast.parse(code), code, "example.py", RuleSettings())
    return [d for d in found if d.code == "MCP030"]


def test_the_shipped_table_is_the_one_built_from_the_sdist(fastmcp_sdist):
    from pathlib import Path

    import elicit_lint.rules.fastmcp_names as shipped

    assert (
        render(str(fastmcp_sdist / "fastmcp_slim" / "fastmcp"))
        == Path(shipped.__file__).read_text()
    )


@TABLES_FASTMCP
def test_the_installed_fastmcp_is_the_tables(fastmcp_sdist):
    installed = _package_dir(fastmcp)
    assert render(installed) == render(str(fastmcp_sdist / "fastmcp_slim" / "fastmcp"))


def _package_dir(module) -> str:
    import os

    return os.path.dirname(module.__file__)


@TABLES_FASTMCP
def test_no_imported_module_has_a_public_name_beyond_the_table():
    warnings.simplefilter("ignore")
    imported = 0
    for module in sorted(NAMES):
        if module.endswith("__main__"):
            continue
        try:
            loaded = importlib.import_module(module)
        except ImportError:  # an optional extra (prefab-ui, openai...) not installed
            continue
        imported += 1
        public = {n for n in vars(loaded) if not n.startswith("_") and n.isidentifier()}
        assert public <= set(NAMES[module].split()), module
    assert imported > 0.9 * len(NAMES)


@TABLES_FASTMCP
def test_every_listed_module_exists_and_no_other():
    import pkgutil

    installed = {"fastmcp"} | {
        m.name
        for m in pkgutil.walk_packages(
            fastmcp.__path__, "fastmcp.", onerror=lambda _: None
        )
    }
    listed = set("".join(MODULES).split())
    # walk_packages imports packages to list them; one whose import needs an extra is not walked into
    assert installed <= listed
    assert len(listed - installed) < 0.1 * len(listed)


def _imports(code: str):
    """The level-0 fastmcp imports of ``code`` with a public name (the rule proves
    nothing about ``_`` names) outside the modules a later FastMCP ships."""
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Import):
            if any(a.name.split(".")[0] == "fastmcp" for a in node.names):
                yield node
            continue
        if (
            not isinstance(node, ast.ImportFrom)
            or node.level
            or (node.module or "").split(".")[0] != "fastmcp"
        ):
            continue
        later = any(node.module == m or node.module.startswith(m + ".") for m in LATER)
        if not later and not all(a.name.startswith("_") for a in node.names):
            yield node


def _fails(node: ast.stmt) -> bool:
    try:
        exec(compile(ast.Module([node], []), "<import>", "exec"), {})  # noqa: S102 - an import statement of a rule case
    except ImportError:
        return True
    return False


@TABLES_FASTMCP
@pytest.mark.parametrize(
    "case",
    [as_invalid(c).code for c in RULE.invalid] + [as_valid(c).code for c in RULE.valid],
)
def test_reported_exactly_when_the_import_fails(case):
    reported_rows = {d.location.row for d in _codes(case)}
    for node in _imports(case):
        lines = set(range(node.lineno, (node.end_lineno or node.lineno) + 1))
        assert bool(lines & reported_rows) == _fails(node), ast.unparse(node)


@TABLES_FASTMCP
@pytest.mark.parametrize(
    "line",
    [
        "from fastmcp.context import Context",
        "from fastmcp import ToolContext",
        "from fastmcp.server import ToolContext",
        "from fastmcp.server.context import ElicitationContext",
        "import fastmcp.contexts",
        "from fastmcp.exceptions import ElicitationError",
        "from fastmcp.tools import elicit",
    ],
)
def test_each_reported_shape_fails_for_real(line):
    code = (
        line
        + "\n\n\nasync def f(ctx):\n    return await ctx.elicit('q?', response_type=str)\n"
    )
    assert _codes(code) and _fails(ast.parse(line).body[0])


def test_a_module_with_a_star_import_or_an_unknown_getattr_is_not_proven():
    assert bound_names("from x import *\n") is None
    assert bound_names("def __getattr__(name):\n    return 1\n") is None
    lazy = 'def __getattr__(name):\n    if name == "A":\n        return 1\n    raise AttributeError(name)\n'
    assert bound_names(lazy) == {"__getattr__", "A"}
    branches = "try:\n    import a as b\nexcept ImportError:\n    c = 1\nif x:\n    def d(): pass\nelse:\n    e: int = 2\n"
    assert bound_names(branches) == {"b", "c", "d", "e"}


def test_guarded_and_unguarded_say_which():
    guarded = "try:\n    from fastmcp import ToolContext\nexcept Exception:\n    pass\nx.elicit\n"
    plain = "from fastmcp import ToolContext\nx.elicit\n"
    assert "`except` branch always runs" in _codes(guarded)[0].message
    assert "`except` branch" not in _codes(plain)[0].message


def test_fastmcps_own_files_are_not_reported():
    code = "from fastmcp.context import Context\nx.elicit\n"
    found = analyse(ast.parse(code), code, "src/fastmcp/server/x.py", RuleSettings())
    assert not [d for d in found if d.code == "MCP030"]


@TABLES_FASTMCP
def test_the_exported_names_of_modules_left_out_are_the_installed_ones():
    # corpus16 F8: the help names `fastmcp.dependencies` for `Depends`
    import importlib

    from elicit_lint.rules.mcp030 import EXPORTED

    for module, listed in EXPORTED.items():
        assert module not in NAMES  # left out of the table: else the table answers
        assert sorted(listed.split()) == sorted(importlib.import_module(module).__all__)


@TABLES_FASTMCP
@pytest.mark.parametrize(
    ("line", "help"),
    [
        ("from fastmcp._vendor.docket_di import Depends", "Import `Depends` from `fastmcp.dependencies`"),
        ("from fastmcp.tools.tool import ToolResult", "Import `ToolResult` from `fastmcp.tools`"),
        ("from fastmcp.context import Context", "Import `Context` from `fastmcp`"),
        ("from fastmcp.server.context import CurrentContext", "Import `CurrentContext` from `fastmcp.dependencies`"),
    ],
)
def test_the_help_names_the_module_that_has_it_and_that_import_works(line, help):
    [d] = _codes(line + "\n\n\nasync def f(ctx):\n    return await ctx.elicit('q?', response_type=str)\n")
    assert d.help == help
    name, home = help.split("`")[1], help.split("`")[3]
    assert not _fails(ast.parse(f"from {home} import {name}").body[0])
