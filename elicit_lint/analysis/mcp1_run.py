"""The modules of the run that register on an mcp 1.x server this module builds
(corpus16 F9): MCP017 renames one module at a time, and the module that builds
the server, renamed alone, would serve from mcp 2 the tools of a module that
still imports ``mcp.server.fastmcp`` (and gets no rename: it builds no server,
:data:`.mcp1.NO_SERVER`); the project would then import on neither mcp 1 nor
mcp 2. So the rename of the module that builds the server waits until every
module of the run reading that server is renamable or renamed
(:func:`.mcp1.upgrade` reads ``model.mcp1_importers``).

Every module of the run reading that server is also read as the server's own
module is (fresh16 HIGH-8): its reads of the server by name go through
:meth:`.mcp1._Reader.server_read` (the one allow-list), and a use it refuses (a
`def` tool, ``mcp.settings``, ``mcp.call_tool``, ``run("streamable-http")`` with
the server's ``lifespan=``), or a read it cannot follow, holds the rename
(``model.mcp1_readers``, :func:`readers_reason`). Modules outside the run are
not read (docs/sdk.md, "Servers still on mcp 1.x").

Asked through the run's index (docs/architecture.md "Layers": built in the
workspace layer, handed down as data), only for a module with mcp 1.x imports
that builds a server at module level: one search for the server's name in the
files importing this module (``ToolIndex.uses_of``), and a model of each reader.
Standard library only.
"""

from __future__ import annotations

import ast

from ..model import Model, names


def built_servers(model: Model) -> list[str]:
    """The module-level names ``model`` binds to ``FastMCP(...)`` of mcp 1.x
    (``from mcp.server.fastmcp import FastMCP [as X]``), in source order."""
    classes = {
        a.asname or a.name
        for node in model.tree.body
        if isinstance(node, ast.ImportFrom)
        and not node.level
        and node.module == names.MCP1_FASTMCP
        for a in node.names
        if a.name == "FastMCP"
    }
    out = []
    for node in model.tree.body:
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name)
            and node.value.func.id in classes
        ):
            out += [
                t.id
                for t in node.targets
                if isinstance(t, ast.Name) and t.id not in out
            ]
    return out


def apply(model: Model, project) -> bool:
    """Set ``model.mcp1_importers``: ``"path:row"`` of the first read of the server in
    each module of the run that reads a server ``model`` builds, imports
    ``mcp.server.fastmcp`` and gets no rename itself, then ``"path, imported by
    reader:row"`` for each run module such a reader imports (one level) that does
    the same. Returns whether the index was asked (the file's verdict then depends
    on other files)."""
    if not model.mcp1_imports or project is None:
        return False
    servers = built_servers(model)
    if not servers:
        return False
    text_of = getattr(project, "text_of", None)
    file_of = getattr(project, "file_of", None)
    if text_of is None or file_of is None:
        return False
    found = project.uses_of(model.filename, servers)
    first: dict[str, str] = {}
    for uses in found.values():
        for where, _, _ in uses:
            path = where.rsplit(":", 1)[0]
            if path not in first or _row(where) < _row(first[path]):
                first[path] = where
    out, readers = [], []
    lifespan = _lifespan(model, servers)
    for path, where in sorted(first.items()):
        text = text_of(file_of(path))
        if text is not None and "fastmcp" in text and not _renamable(text, path):
            out.append(where)
        rows = {_row(w) for uses in found.values() for w, _, _ in uses if w.rsplit(":", 1)[0] == path}
        readers += _outside(text, path, servers, rows, lifespan)
    seen = {file_of(model.filename)} | {file_of(p) for p in first}
    for path in sorted(first):  # what they import runs with them: one level of the run's modules
        for home, row in _imported(project, file_of(path)):
            if home in seen:
                continue
            seen.add(home)
            text = text_of(home)
            if text is not None and "fastmcp" in text and not _renamable(text, home):
                out.append(f"{project.shown(home)}, imported by {path}:{row}")
    model.mcp1_importers = out
    model.mcp1_readers = readers
    return True


def _imported(project, key: str) -> list[tuple[str, int]]:
    """``(file, row)`` of each of the run's modules the run file ``key`` imports
    (``import``/``from ... import``, anywhere in it), in source order; ``[]``
    without the index's files (``ToolIndex.run_files``)."""
    run_files = getattr(project, "run_files", None)
    files = run_files() if run_files is not None else None
    tree = files.tree(key) if files is not None else None
    if tree is None:
        return []
    out = []
    for node in ast.walk(tree):
        wanted: list[tuple[str | None, int]] = []
        if isinstance(node, ast.ImportFrom):
            wanted.append((node.module, node.level))
            base = f"{node.module}." if node.module else ""
            wanted += [(base + a.name, node.level) for a in node.names if a.name != "*"]
        elif isinstance(node, ast.Import):
            wanted += [(a.name, 0) for a in node.names]
        for module, level in wanted:
            if not module and not level:
                continue
            home = files.module_file(key, module, level)
            if home is not None and home != key:
                out.append((home, node.lineno))
    return sorted(out, key=lambda h: h[1])


def _lifespan(model: Model, servers: list[str]) -> bool:
    """Whether a ``FastMCP(...)`` building one of ``servers`` takes ``lifespan=``
    (what :meth:`.mcp1._Reader.run` reads of the server's own module)."""
    return any(
        isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Call)
        and any(k.arg == "lifespan" for k in node.value.keywords)
        and any(isinstance(t, ast.Name) and t.id in servers for t in node.targets)
        for node in model.tree.body
    )


def _outside(
    text: str | None, path: str, servers: list[str], rows: set[int], lifespan: bool
) -> list[str]:
    """``"path:row: use"`` of the reads of the server (imported by name: ``from
    ... import mcp [as m]``) in the module ``text`` (read at ``rows``: the run's
    index) that the server's own module would refuse (fresh16 HIGH-8: the same
    reading, :meth:`.mcp1._Reader.server_read`); a read at a row holding no such
    name (``pkg.server.mcp``, a re-export whose readers are not read) counts too."""
    from ..model import build_model
    from .mcp1 import _Reader
    from .mcp1_edits import Refused

    try:
        other = build_model(ast.parse(text or ""), text or "", path) if text is not None else None
    except (SyntaxError, ValueError, RecursionError):
        other = None
    if other is None:
        return [f"{path}:{min(rows, default=0)}: {UNREAD}"]
    local = {
        a.asname or a.name
        for node in ast.walk(other.tree)
        if isinstance(node, ast.ImportFrom)
        for a in node.names
        if a.name in servers
    }
    reader = _Reader(other)
    reader.servers = local
    reader.lifespan = lifespan
    out, seen = [], set()
    for node in reader.nodes:
        if not (isinstance(node, ast.Name) and node.id in local and node.lineno in rows):
            continue
        seen.add(node.lineno)
        try:
            reader.server_read(node)
        except Refused as refused:
            what, _, row = str(refused.args[0]).rpartition(" (line ")
            out.append(f"{path}:{row.rstrip(')')}: {what}")
    out += [f"{path}:{row}: {UNREAD}" for row in sorted(rows - seen)]
    return out


UNREAD = (
    "the server read other than by a name imported from its module (as a module's "
    "attribute, or imported and passed on to modules the run does not follow)"
)
"""A read of the server in another module that MCP017 cannot check (fresh16 HIGH-8)."""


def _row(where: str) -> int:
    tail = where.rsplit(":", 1)[-1]
    return int(tail) if tail.isdigit() else 0


def _renamable(text: str, path: str) -> bool:
    """Whether the module ``text`` has no mcp 1.x import or gets MCP017's rename."""
    from ..model import build_model
    from .mcp1 import upgrade

    try:
        other = build_model(ast.parse(text), text, path)
    except (SyntaxError, ValueError, RecursionError):
        return False  # it cannot be read: it cannot be shown to import on mcp 2
    return not other.mcp1_imports or upgrade(other).offered
