"""The mcp 1.x -> mcp 2 server upgrade (MCP017's fix; elicit-migrate's mcp 1.x path).

A module importing mcp 1.x's ``mcp.server.fastmcp`` gets the rename (the import
from ``mcp.server.mcpserver``, ``FastMCP`` -> ``MCPServer`` at its uses) only when
everything else it uses of mcp is on the allow-list below: the surface the mcp
2.3.0 migration guide (``docs/migration.md``, "MCPServer (formerly FastMCP)",
"What is unchanged on `MCPServer`") says carries over as is, with the signatures
checked against mcp 1.30.0 and 2.3.0 (tests/rules/test_mcp1_upgrade.py imports
every allowed name from both). Anything not on it refuses the upgrade, and the
reason names the first such use to change by hand (the list: :mod:`.mcp1_allowed`).
Standard library only.
"""

from __future__ import annotations

import ast
from collections import deque
from dataclasses import dataclass

from ..model import Model, names
from .mcp1_allowed import (
    ALLOWED_IMPORTS,
    BUILT_ONLY,
    CONSTRUCTOR_KEYWORDS,
    HANDLER_DECORATORS,
    KNOWN_CHANGES,
    SERVER_ATTRIBUTES,
    TRANSPORTS,
)
from .mcp1_context import ContextUses
from .mcp1_edits import (
    READERS,
    Edit,
    Refused,
    original_column,
    readers_reason,
    refuse,
    renamed,
)
from .mcp1_imports import sorted_edits

__all__ = ["READERS", "Edit", "Upgrade", "original_column", "readers_reason", "renamed", "upgrade"]

NEW_MODULE = "mcp.server.mcpserver"
"""mcp 2's server module (``src/mcp/server/mcpserver`` in the mcp 2.3.0 sdist)."""

RENAMED_NOTE = (
    "renamed mcp 1.x's `mcp.server.fastmcp` to mcp 2's `mcp.server.mcpserver` "
    "(`FastMCP` -> `MCPServer`: MCP017's fix, `--upgrade-mcp1`) before rewriting its asks; "
    "mcp 2 itself changes what the server does beyond its questions (error texts of tools, "
    "resources and prompts, logs on 2026-07-28, errors raised in a tool, form schemas: "
    "docs/sdk.md \"What the upgrade to mcp 2 changes\"): check them before shipping"
)
"""elicit-migrate's summary note on a file it upgraded (:mod:`.mcp1_plan`)."""


NO_SERVER = (
    "the module does not build its server (`name = FastMCP(...)`): its tools are served "
    "by a server built in another module, which must move to mcp 2 in the same step; "
    "change this module's `mcp.server.fastmcp` imports to `mcp.server.mcpserver` by hand, "
    "then fix the module that builds the server (MCP017 offers that fix once no module of "
    "the run registering on it imports mcp 1.x)"
)
"""Why a module importing mcp 1.x names but building no server gets no rename:
alone it would import from mcp 2 while its server stays on mcp 1."""

IMPORTERS = (
    "modules of the run that register on this module's server (or that those import) "
    "import mcp 1.x"
)
"""The head of :func:`importers_reason` (MCP017's help reads it as a whole reason)."""


def importers_reason(where: list[str]) -> str:
    """Why a module building an mcp 1.x server gets no rename while the modules
    ``where`` (``"path:row"``) register on it and get none (corpus16 F9,
    :mod:`.mcp1_run`)."""
    return (
        f"{IMPORTERS} (`mcp.server.fastmcp`) without MCP017's fix ({', '.join(where)}): "
        "renamed alone, this module would serve them from mcp 2 while they import mcp 1, and "
        "the project would import on neither; change their `mcp.server.fastmcp` imports to "
        "`mcp.server.mcpserver` by hand first, then this fix is offered (move both in one step)"
    )


@dataclass(frozen=True)
class Upgrade:
    """The rename's ``edits`` when it is offered (``reason`` ``None``), else no
    edits and ``reason``: the first thing to change by hand."""

    edits: tuple[Edit, ...] = ()
    reason: str | None = None
    imports: tuple[int, ...] = ()
    """The first rows of the renamed import statements (:func:`.mcp1_imports.wrapped`)."""
    helper: tuple[str, str, int] | None = None
    """``(context, function, row)``: refused for a ``Context`` passed to a function of
    another module (:attr:`.mcp1_edits.Refused.helper`)."""
    importers: tuple[str, ...] = ()
    """``"path:row"``: refused for the run's modules registering on this module's server
    that get no rename (:func:`importers_reason`, :mod:`.mcp1_run`)."""
    readers: tuple[str, ...] = ()
    """``"path:row: use"``: refused for the run's modules reading this module's server
    outside the allow-list (:func:`readers_reason`, :mod:`.mcp1_run`)."""

    @property
    def offered(self) -> bool:
        """Whether the rename is offered."""
        return self.reason is None


def upgrade(model: Model) -> Upgrade:
    """The :class:`Upgrade` of a module with mcp 1.x imports (``model.mcp1_imports``);
    ``Upgrade(reason=...)`` for one without them too, and for one whose server
    modules of the run register on without a rename of their own
    (``model.mcp1_importers``: known only in a run with the index)."""
    if not model.mcp1_imports:
        return Upgrade(reason="the module does not import `mcp.server.fastmcp`")
    try:
        reader = _Reader(model)
        edits = tuple(reader.edits())
    except Refused as refused:
        return Upgrade(reason=str(refused.args[0]), helper=refused.helper)
    if model.mcp1_importers:  # corpus16 F9: set from the run's index (.mcp1_run)
        where = tuple(model.mcp1_importers)
        return Upgrade(reason=importers_reason(list(where)), importers=where)
    if model.mcp1_readers:  # fresh16 HIGH-8: set from the run's index (.mcp1_run)
        uses = tuple(model.mcp1_readers)
        return Upgrade(reason=readers_reason(list(uses)), readers=uses)
    return Upgrade(edits, imports=tuple(reader.import_rows))


_READ = (ast.Import, ast.ImportFrom, ast.Name, ast.Constant, ast.FunctionDef, ast.AsyncFunctionDef)


class _Reader(ContextUses):
    def __init__(self, model: Model) -> None:
        self.model = model
        self.tree = model.tree
        self.parents: dict[int, ast.AST] = {}
        self.nodes: list[ast.AST] = []  # what the passes below read, in `ast.walk`'s order
        todo: deque[ast.AST] = deque([self.tree])
        while todo:  # one walk of the tree (as `ast.walk`), parents and nodes together
            node = todo.popleft()
            for child in ast.iter_child_nodes(node):
                self.parents[id(child)] = node
                todo.append(child)
            if isinstance(node, _READ):
                self.nodes.append(node)
        self.server_classes: set[str] = set()  # the local names of `FastMCP`
        self.plain = False  # `FastMCP` imported without `as`: its uses become `MCPServer`
        self.context_names: set[str] = set()
        self.servers: set[str] = set()
        self.out: list[Edit] = []
        self.import_rows: list[int] = []
        self.lifespan = False
        self.built_only: set[str] = set()
        self.imported = {
            a.asname or a.name
            for n in self.tree.body
            if isinstance(n, ast.ImportFrom)
            for a in n.names
        }
        self.functions = {
            n.name: n for n in self.tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
        }

    def col(self, row: int, byte_col: int) -> int:
        return self.model.lines.column(row, byte_col) - 1

    def edits(self) -> list[Edit]:
        for node in self.nodes:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                self.import_(node)
        if self.plain and any(
            isinstance(n, ast.Name) and n.id == "MCPServer" for n in self.nodes
        ):
            raise refuse(self.tree.body[0], "the module already uses the name `MCPServer`")
        for node in self.nodes:
            if isinstance(node, ast.Name) and node.id in self.server_classes:
                self.server_use(node)
            elif isinstance(node, ast.Name) and node.id in self.built_only:
                self.built(node)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                self.string_annotation(node)
        if not self.servers:  # fresh14 M2: renamed alone, the module would meet an mcp 1 server
            raise refuse(self.model.mcp1_imports[0], NO_SERVER)
        for node in self.nodes:
            if isinstance(node, ast.Name) and node.id in self.servers:
                self.server_read(node)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.function(node)
        return sorted(self.out, key=lambda e: (e.row, e.start))

    def import_(self, node: ast.Import | ast.ImportFrom) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "mcp" or alias.name.startswith("mcp."):
                    raise refuse(node, f"`import {alias.name}`: import the names it uses with `from ... import`")
            return
        module = node.module or ""
        if node.level or not (module == "mcp" or module.startswith("mcp.")):
            return
        allowed = ALLOWED_IMPORTS.get(module)
        if any(a.name == "*" for a in node.names):
            raise refuse(node, f"`from {module} import *`: import the names it uses by name")
        for alias in node.names:
            if f"{module}.{alias.name}" == names.MCP1_FASTMCP:  # fresh14 L4
                raise refuse(
                    node,
                    f"`from {module} import fastmcp`: the module imported under a name; import "
                    "the names it uses with `from mcp.server.fastmcp import ...` (`FastMCP`, "
                    "`Context`) and use them without `fastmcp.`",
                )
            if alias.name in BUILT_ONLY and allowed is not None and alias.name in allowed:
                self.built_only.add(alias.asname or alias.name)
            if allowed is None or alias.name not in allowed:
                why = KNOWN_CHANGES.get(f"{module}.{alias.name}") or (
                    "not on elicit-lint's list of names known unchanged on mcp 2 "
                    "(analysis/mcp1_allowed.py); docs/migration.md of the mcp 2 sdist says "
                    "what changed"
                )
                raise refuse(node, f"`from {module} import {alias.name}`: {why}")
        if not module.startswith(names.MCP1_FASTMCP):
            return
        if node not in self.tree.body:
            raise refuse(node, "an import of `mcp.server.fastmcp` inside a function or block")
        plain = self.rename_module(node)
        self.import_rows.append(node.lineno)
        resorted = sorted_edits(self.model, node, names.MCP1_FASTMCP, NEW_MODULE, Edit)
        self.out.extend(resorted or [plain])  # in ruff's isort order (mcp1_imports)
        if module != names.MCP1_FASTMCP:
            return
        for alias in node.names:
            local = alias.asname or alias.name
            if alias.name == "Context":
                self.context_names.add(local)
            elif alias.name == "FastMCP":
                self.server_classes.add(local)
                # `FastMCP as X` (`as FastMCP` too) keeps binding `X`: its uses stay as they are
                self.plain = self.plain or alias.asname is None
                if resorted is None:
                    self.name_edit(alias, "FastMCP", "MCPServer")

    def rename_module(self, node: ast.ImportFrom) -> Edit:
        row = node.lineno
        line = self.model.lines.line(row)
        at = line.find(names.MCP1_FASTMCP, self.col(row, node.col_offset))
        if at < 0 or node.end_lineno is None:
            raise refuse(node, "an import of `mcp.server.fastmcp` spelled with spaces or over lines")
        return Edit(row, at, at + len(names.MCP1_FASTMCP), NEW_MODULE)

    def name_edit(self, node: ast.AST, old: str, new: str) -> None:
        row, byte_col = node.lineno, node.col_offset  # type: ignore[attr-defined]
        start = self.col(row, byte_col)
        if self.model.lines.line(row)[start : start + len(old)] != old:
            raise refuse(node, f"`{old}` spelled over lines")
        self.out.append(Edit(row, start, start + len(old), new))

    def in_annotation(self, node: ast.AST) -> bool:
        child, parent = node, self.parents.get(id(node))
        while parent is not None and not isinstance(parent, ast.stmt):
            if isinstance(parent, ast.arg) and parent.annotation is child:
                return True
            if isinstance(parent, (ast.Subscript, ast.Attribute, ast.BinOp, ast.Tuple)):
                child, parent = parent, self.parents.get(id(parent))
                continue
            return False
        if isinstance(parent, ast.AnnAssign) and parent.annotation is child:
            return True
        return isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)) and parent.returns is child

    def server_use(self, node: ast.Name) -> None:
        if isinstance(node.ctx, ast.Store) or self.parents.get(id(node)) is None:
            return
        parent = self.parents[id(node)]
        if self.in_annotation(node):
            pass
        elif isinstance(parent, ast.Call) and parent.func is node:
            self.constructor(parent)
        else:
            raise refuse(node, f"`{node.id}` used other than to build the server or in an annotation")
        if node.id == "FastMCP" and self.plain:
            self.name_edit(node, "FastMCP", "MCPServer")

    def string_annotation(self, node: ast.Constant) -> None:
        """``x: "FastMCP"`` (closing9): renamed inside the quotes as outside them when
        the string is written plainly; refused otherwise. (``"Context"`` needs no
        rename; :meth:`is_context` reads it.)"""
        value = node.value
        if not any(n in value for n in self.server_classes) or not self.in_annotation(node):
            return
        try:
            expr = ast.parse(value, mode="eval")
        except SyntaxError:
            return
        used = [n for n in ast.walk(expr) if isinstance(n, ast.Name) and n.id in self.server_classes]
        if not used:
            return
        row = node.lineno
        start = self.col(row, node.col_offset)
        raw = self.model.lines.line(row)[start:]
        quote = raw[:1]
        if not (
            quote in ("'", '"')
            and node.end_lineno == row
            and value.isascii()
            and "\n" not in value
            and raw[1 : 1 + len(value) + 1] == value + quote
        ):
            raise refuse(
                node,
                f"a string annotation naming `{used[0].id}` written other than as one plain "
                "string: write it without quotes",
            )
        for name in used:
            if name.id == "FastMCP" and self.plain:
                at = start + 1 + name.col_offset
                self.out.append(Edit(row, at, at + len("FastMCP"), "MCPServer"))

    def built(self, node: ast.Name) -> None:
        call = self.parents.get(id(node))
        if isinstance(node.ctx, ast.Load) and not (
            isinstance(call, ast.Call) and call.func is node and not call.args
            and all(k.arg is not None for k in call.keywords)
        ):
            raise refuse(node, f"`{node.id}` used other than built with keywords")

    def constructor(self, call: ast.Call) -> None:
        holder = self.parents.get(id(call))
        if not (
            isinstance(holder, ast.Assign)
            and holder in self.tree.body
            and len(holder.targets) == 1
            and isinstance(holder.targets[0], ast.Name)
        ):
            raise refuse(call, "a server not built as `name = FastMCP(...)` at module level")
        if len(call.args) > 1 or any(isinstance(a, ast.Starred) for a in call.args):
            raise refuse(
                call,
                "a second positional argument to `FastMCP(...)`: on mcp 2 it lands in `title`; "
                "pass `instructions=` by keyword",
            )
        given = {k.arg for k in call.keywords}
        for keyword in call.keywords:
            if keyword.arg is None or keyword.arg not in CONSTRUCTOR_KEYWORDS:
                what = "**" if keyword.arg is None else f"{keyword.arg}="
                raise refuse(
                    call,
                    f"`FastMCP(..., {what}...)`: mcp 2's constructor does not take it as mcp 1 did "
                    "(transport settings moved to `run()`)",
                )
        if not call.args and "name" not in given:
            raise refuse(call, "`FastMCP()` without a name: mcp 2's default name is another")
        self.servers.add(holder.targets[0].id)
        self.lifespan = "lifespan" in given

    def server_read(self, node: ast.Name) -> None:
        parent = self.parents.get(id(node))
        if isinstance(node.ctx, ast.Store) and isinstance(parent, ast.Assign) and parent in self.tree.body:
            return
        if not isinstance(parent, ast.Attribute) or parent.attr not in SERVER_ATTRIBUTES:
            attr = f"`{node.id}.{parent.attr}`" if isinstance(parent, ast.Attribute) else f"`{node.id}`"
            raise refuse(node, f"{attr}: not on what mcp 2 keeps of the server as it was")
        call = self.parents.get(id(parent))
        if parent.attr == "run":
            self.run(node, call)
        elif parent.attr.startswith("add_") and isinstance(call, ast.Call):
            self.handler(call, call.args[:1], f"`{node.id}.{parent.attr}(...)`")
        elif parent.attr in HANDLER_DECORATORS:
            decorated = self.parents.get(id(call)) if isinstance(call, ast.Call) else call
            if isinstance(decorated, ast.Call) and decorated.func is call:  # `mcp.tool()(f)`
                self.handler(decorated, decorated.args or [call], f"`{node.id}.{parent.attr}(...)(...)`")
            if isinstance(decorated, ast.FunctionDef):
                raise refuse(
                    decorated,
                    f"the sync handler `{decorated.name}`: mcp 2 runs a `def` handler on a worker "
                    "thread; make it `async def`",
                )

    def handler(self, call: ast.Call, args: list, what: str) -> None:
        for arg in args[:1]:
            handler = self.functions.get(arg.id) if isinstance(arg, ast.Name) else None
            if not isinstance(handler, ast.AsyncFunctionDef):
                raise refuse(
                    call,
                    f"{what} of a handler not an `async def` of the module: mcp 2 runs a "
                    "`def` handler on a worker thread",
                )

    def run(self, node: ast.Name, call: ast.AST | None) -> None:
        if not isinstance(call, ast.Call):
            raise refuse(node, f"`{node.id}.run` not called")
        values = list(call.args) + [k.value for k in call.keywords if k.arg == "transport"]
        if len(call.args) > 1 or len(values) != len(call.args) + len(call.keywords) or len(values) > 1:
            raise refuse(call, f"`{node.id}.run(...)` with arguments other than `transport`")
        for value in values:
            literal = isinstance(value, ast.Constant) and value.value in TRANSPORTS
            if not literal and self.lifespan:
                raise refuse(
                    call,
                    f"`{node.id}.run(...)` with a transport not written as a string, and "
                    "`lifespan=`: mcp 2 enters it once on streamable HTTP, not per session",
                )
            if literal and value.value == "streamable-http" and self.lifespan:
                raise refuse(
                    call,
                    "`lifespan=` with streamable HTTP: mcp 2 enters it once, not per session",
                )
