"""MCP030: an import of a fastmcp module or name that fastmcp 4.2.3 does not have."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import PurePath

from ..analysis.facts import Analysis
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import Model
from ..model.walk import statements
from .base import Rule
from .cases import Invalid, Valid

LATER = ("fastmcp.elicitation", "fastmcp.server._elicit_resolution")
"""Modules of FastMCP's declared elicitation, which a FastMCP after 4.2.3 ships
(MCP018; ``runtime-module = "fastmcp.elicitation"``): never reported."""

_COMMON = frozenset({"FastMCP", "Context", "Client"})
"""Names of ``fastmcp`` that most files import: such an import needs no table."""

_CAUGHT = frozenset({"ImportError", "ModuleNotFoundError", "Exception", "BaseException"})

EXPORTED = {
    "fastmcp.dependencies": (
        "CallArgument CurrentAccessToken CurrentContext CurrentFastMCP CurrentHeaders "
        "CurrentRequest CycleError Dependency Depends Progress ProgressLike Shared TokenClaim"
    ),
}
"""The ``__all__`` of the fastmcp 4.2.3 modules the table leaves out (their namespace
is not proven: ``fastmcp.dependencies``' ``__getattr__`` raises ``ImportError`` for
names moved to ``fastmcp-tasks``), read only to name where an imported name lives
(``Depends`` of ``fastmcp._vendor.docket_di``: ``fastmcp.dependencies``, corpus16 F8;
tests/rules/test_mcp030.py compares it with the installed fastmcp)."""


def _table():
    # only for a file importing a less common name
    from .fastmcp_names import MODULES, NAMES

    return frozenset("".join(MODULES).split()), NAMES


def _later(module: str) -> bool:
    return any(module == m or module.startswith(m + ".") for m in LATER)


def _guarded(parents: dict, node: ast.stmt) -> bool:
    """Whether ``node`` sits in the body of a ``try`` whose handlers catch an
    ``ImportError`` (``ImportError``, ``ModuleNotFoundError``, ``Exception``, a bare
    ``except``); ``parents``: each node's parent in the module."""
    child, parent = node, parents.get(node)
    while parent is not None:
        if isinstance(parent, ast.Try) and child in parent.body:
            for handler in parent.handlers:
                kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
                if any(k is None or (isinstance(k, ast.Name) and k.id in _CAUGHT) for k in kinds):
                    return True
        child, parent = parent, parents.get(parent)
    return False


def _home(name: str, names: dict[str, str]) -> str | None:
    """The module to import ``name`` from: ``fastmcp`` when it has it, else the
    shortest module path of fastmcp 4.2.3 that binds it (``None``: none does)."""
    having = [
        m for m, listed in [*names.items(), *EXPORTED.items()] if name in listed.split() and ".cli" not in m
    ]
    if "fastmcp" in having:
        return "fastmcp"
    return min(having, key=lambda m: (m.count("."), m), default=None)


class MissingFastmcpName(Rule):
    """## What it does
    Finds an import of a fastmcp module or name that fastmcp 4.2.3 does not have
    (`from fastmcp.context import Context`, `from fastmcp import ToolContext`).

    A name counts as absent only when the module's whole namespace is known
    from fastmcp 4.2.3's source (`elicit_lint.rules.fastmcp_table` builds the
    table from the sdist; a test checks it against the installed fastmcp):
    every top-level binding in every branch, a package's submodules, and the
    literal names of fastmcp's lazy `__getattr__` exports. Names starting
    with `_`, relative imports, files inside a `fastmcp` package directory, and
    `fastmcp.elicitation` / `fastmcp.server._elicit_resolution` (the declared
    elicitation a later FastMCP ships, MCP018) are not reported.

    Which fastmcp: the table is generated from the fastmcp 4.2.3 sdist
    (`elicit_lint/rules/fastmcp_names.py`, `python -m
    elicit_lint.rules.fastmcp_table`), the FastMCP this project targets. A
    project on another fastmcp (2.x, 3.x) gets findings for imports that work
    there: ignore MCP030 for it (`ignore = ["MCP030"]`).

    Which files: only files the checker reads past its byte prefilter, that is
    files spelling an elicitation (`.elicit`, `Elicit`, `Resolve` beside
    `mcpserver`, a handshake call such as `create_message` or `list_roots`, an
    import of `mcp.server.fastmcp`, `MCPServer`). A module that only imports
    from fastmcp (`from fastmcp.context import Context` and nothing else) is not
    read, so its import is not reported. To check every import everywhere,
    add a test that imports every module of the package with fastmcp 4.2.3
    installed (it raises the same `ImportError`). A type checker helps only in
    part: mypy reports a missing module (`import-not-found`) but not a missing
    name of `fastmcp` itself, whose lazy `__getattr__` accepts any name.

    ## Why is this bad?
    The import raises `ModuleNotFoundError` or `ImportError` when the module
    is imported: the server does not start, and every elicitation in it is
    unreachable. Inside a `try` that catches `ImportError`, the `except`
    branch always runs on fastmcp 4.2.3: its fallback (a stub, a local
    `Protocol`) is what the server really runs.

    ## Use instead
    Import the name from the module that has it; FastMCP 4's `Context` and
    `FastMCP` are `fastmcp.Context` and `fastmcp.FastMCP`:
    """

    code = "MCP030"
    name = "missing-fastmcp-name"
    invalid = (
        Invalid(
            '''
from fastmcp.context import Context


async def book(ctx: Context) -> str:
    reply = await ctx.elicit("Where to?", response_type=str)
    return reply.data
''',
            message="`fastmcp.context` is not a module of fastmcp 4.2.3: the import raises `ModuleNotFoundError`",
            help="Import `Context` from `fastmcp`",
            span=((1, 1), (1, 36)),
        ),
        Invalid(
            '''
try:
    from fastmcp import FastMCP, ToolContext
except ImportError:
    FastMCP = None


async def book(ctx: ToolContext) -> dict:
    return await ctx.elicit(message="Where to?", schema={"type": "object"})
''',
            message="fastmcp 4.2.3's `fastmcp` has no `ToolContext`: the import raises `ImportError`, so the `except` branch always runs",
            help="Import only names fastmcp 4.2.3 has; FastMCP 4's tool context is `fastmcp.Context`",
            span=((2, 34), (2, 45)),
        ),
        Invalid(
            '''
from fastmcp._vendor.docket_di import Depends


async def book(ctx, db=Depends(lambda: None)) -> str:
    return (await ctx.elicit("Where to?", response_type=str)).data
''',
            message="`fastmcp._vendor.docket_di` is not a module of fastmcp 4.2.3: the import raises `ModuleNotFoundError`",
            help="Import `Depends` from `fastmcp.dependencies`",
        ),
        '''
import fastmcp.tools.elicit


async def ask(ctx) -> str:
    return (await ctx.elicit("Name?", response_type=str)).data
''',
        '''
from fastmcp.server.context import Context, ElicitContext


async def ask(ctx: ElicitContext) -> str:
    return (await ctx.elicit("Name?", response_type=str)).data
''',
        '''
async def ask(ctx) -> str:
    from fastmcp.server import Context, ToolContext

    return (await ctx.elicit("Name?", response_type=str)).data
''',
    )
    valid = (
        Valid(
            '''
from fastmcp import Context


async def book(ctx: Context) -> str:
    reply = await ctx.elicit("Where to?", response_type=str)
    return reply.data
'''
        ),
        '''
import fastmcp.server.context
from fastmcp import Client, Context, FastMCP, settings
from fastmcp.server import dependencies
from fastmcp.server.context import AcceptedElicitation, Context as Ctx
from fastmcp.server.dependencies import get_context
from fastmcp.exceptions import ToolError
''',
        '''
from fastmcp.elicitation import Elicit
from fastmcp.server._elicit_resolution import NeedsInput
from fastmcp import _private_name
from .fastmcp import Missing
from mcp.server.fastmcp import Context
''',
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        if "fastmcp" not in model.source or "fastmcp" in PurePath(model.filename).parts[:-1]:
            return
        table = None
        found = list(statements(model.tree))  # imports are statements: no expression visited
        for node, _ in found:
            if isinstance(node, ast.Import):
                wanted = [(a, a.name) for a in node.names if a.name.startswith("fastmcp.")]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                if node.module.split(".")[0] != "fastmcp":
                    continue
                if node.module == "fastmcp" and all(a.name in _COMMON for a in node.names):
                    continue
                wanted = [(node, node.module)]
            else:
                continue
            for where, module in wanted:
                if _later(module):
                    continue
                if table is None:
                    table = (*_table(), {c: p for c, p in found if p is not None})
                yield from self._check_one(model, node, where, module, table)

    def _check_one(self, model: Model, node, where, module: str, table) -> Iterator[Diagnostic]:
        modules, names, parents = table
        guarded = _guarded(parents, node)
        after = ", so the `except` branch always runs" if guarded else ""
        if module not in modules:
            imported = [a.name for a in node.names] if isinstance(node, ast.ImportFrom) else []
            homes = {name: _home(name, names) for name in imported}
            if imported and len(set(homes.values())) == 1 and None not in homes.values():
                how = f"import {', '.join(f'`{n}`' for n in imported)} from `{next(iter(homes.values()))}`"
            else:
                how = "import from a module fastmcp 4.2.3 has (`fastmcp`, `fastmcp.server.context`, ...)"
            yield self.diagnostic(
                model,
                model.span(where),
                f"`{module}` is not a module of fastmcp 4.2.3: the import raises `ModuleNotFoundError`{after}",
                help=how[0].upper() + how[1:],
            )
            return
        if not isinstance(node, ast.ImportFrom) or module not in names:
            return
        listed = names[module].split()
        for alias in node.names:
            name = alias.name
            if name == "*" or name.startswith("_") or name in listed:
                continue
            home = _home(name, names)
            if home is not None:
                how = f"Import `{name}` from `{home}`"
            elif name.endswith("Context"):
                how = "Import only names fastmcp 4.2.3 has; FastMCP 4's tool context is `fastmcp.Context`"
            else:
                how = f"Import only names fastmcp 4.2.3 has (`{module}` binds no `{name}`)"
            yield self.diagnostic(
                model,
                model.span(alias),
                f"fastmcp 4.2.3's `{module}` has no `{name}`: the import raises `ImportError`{after}",
                help=how,
            )
