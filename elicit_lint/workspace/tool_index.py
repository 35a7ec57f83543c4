"""The run's index of tools registered in another module (docs/architecture.md
"Layers": built here, handed down to the analysis layer as data,
``analysis.elsewhere``).

Read on demand, per process (a question parses only the files whose text
spells a name it is asked about and holds an import statement resolving to
the function's module: substring searches over the run's bytes, read once or
handed over by the checker, :meth:`ToolIndex.seed`),
from the files of the run (the paths ``elicit-lint check`` and
``elicit-migrate`` were given, after discovery: both commands index the same
files, so they agree). It reads what it can read exactly and nothing else:

- a registration is a call whose one positional argument names a function
  imported from another file of the run: ``<x>.add_tool(fn)``, ``<x>.tool(fn)``,
  ``<x>.tool(...)(fn)``, ``<T>.from_function(fn)`` (``T`` a name ending in
  ``Tool``), counted only when the receiver is a name that module binds only to
  ``FastMCP(...)`` / ``MCPServer(...)`` or ``T`` is imported from ``fastmcp`` /
  the SDK (``tool_shapes.registering_server``: an ordinary object's ``add_tool`` stores the
  function, its callers call it as written), where ``fn`` comes from ``from <module> import fn [as g]`` or is
  ``mod.fn`` after ``from <package> import mod`` / ``import <module> as mod``,
  relative imports resolved against the importing file, absolute ones against
  the run's files by path suffix (a name two files could answer is not read);
- the function must be an ``async def`` / ``def`` bound once at its module's
  top level;
- any other read of it in another module of the run (a call, an alias, an
  import that does not register it: a re-export; a star import of its module
  in a file that names it or in a package ``__init__.py``) makes it refused
  (:func:`..analysis.elsewhere.used_by_other_module`); reads in its own module
  are the planner's (as for a tool registered in place);
- the same reads of a tool registered in its own module (:meth:`ToolIndex.uses_of`)
  refuse it too;
- ``import a.b.c`` then ``a.b.c.f`` reads ``f`` as ``mod.f`` does; a name
  computed at run time (``getattr``, ``importlib``) is not seen.

- a tool module's server imported from another run module (``from .server
  import mcp`` then ``@mcp.tool()``) is served as that module builds it
  (:meth:`ToolIndex.server_of`, read with ``model.servers.module_binding``);

A file outside the run is not read: run both commands over the whole project
(a pre-commit run over changed files sees only those; docs/checker.md).
"""

from __future__ import annotations

import os


def norm(path: str, cwd: str | None = None) -> str:
    """The index's key of ``path``: absolute, case-normalised (``cwd``: the
    current directory when known, saving ``abspath``'s ``getcwd`` per path)."""
    if cwd is None:
        return os.path.normcase(os.path.abspath(path))
    return os.path.normcase(os.path.normpath(os.path.join(cwd, path)))


SEED_LIMIT = 64 << 20
"""Bytes of seeded file contents (:meth:`ToolIndex.seed`) a run keeps at most."""


class ToolIndex:
    """See the module docstring. ``files``: the run's files (paths as given; an
    iterable). Standard library ``os`` only until asked (the lean start).
    Picklable (a worker process builds its own copy on its first question)."""

    def __init__(self, files) -> None:
        self.files = list(files)  # normalised when the scan is built (tool_scan.Scan)
        self._scan = None  # tool_scan.Scan, on the first question
        self.asked: set[str] = set()
        """The files :meth:`tools_in` was asked about (their verdict depends on others)."""
        self._seeded: dict[str, bytes] = {}
        self._seeded_size = 0
        self.inline_memo: dict = {}
        """Answers of ``analysis.inline_elsewhere`` for this run (per process)."""

    def seed(self, filename: str, data: bytes) -> None:
        """Give the index the bytes of a run file the caller read anyway (the
        checker reads every file once), so a question reads no file again;
        at most :data:`SEED_LIMIT` bytes in all are kept. Cheap: no ``norm``
        until the index is built."""
        if self._scan is None and self._seeded_size + len(data) <= SEED_LIMIT:
            self._seeded[filename] = data
            self._seeded_size += len(data)

    def __getstate__(self) -> dict:
        # another process reads for itself: neither the seeded bytes nor the scan travel
        return {**self.__dict__, "_scan": None, "_seeded": {}, "_seeded_size": 0, "inline_memo": {}}

    def tools_in(self, filename: str, names) -> dict:
        """``{function name: ElsewhereTool}`` for the module-level functions
        ``names`` of ``filename`` that other files register as tools."""
        key = norm(filename)
        self.asked.add(key)
        return self._scanned().tools(key, set(names))

    def used_from(self, filename: str, name: str) -> list:
        """The reads of ``filename``'s module-level ``name`` in the run's other
        files: ``[("path:row", caller def name or None, caller is a tool)]``."""
        key = norm(filename)
        self.asked.add(key)
        return self._scanned().uses({(key, name)})[(key, name)]

    def uses_of(self, filename: str, names) -> dict:
        """``{name: [("path:row", caller def name or None, caller is a tool)]}``:
        :meth:`used_from` for several module-level ``names`` of ``filename`` at
        once (one pass over the run's bytes), names without a read left out."""
        key = norm(filename)
        self.asked.add(key)
        found = self._scanned().uses({(key, n) for n in names})
        return {name: uses for (_, name), uses in found.items() if uses}

    def asking_helpers(self, filename: str) -> dict[str, tuple[str, str]]:
        """``{local name: (file, function name)}``: the top-level ``async def``
        helpers of the run's other files that ask (their bytes hold ``.elicit``)
        and that ``filename`` imports by name (:meth:`.tool_scan.Scan.asking_helpers`).
        The caller's verdict then depends on those files (``asked``)."""
        key = norm(filename)
        self.asked.add(key)
        return self._scanned().asking_helpers(key)

    def asking_module_attributes(self, filename: str) -> dict[str, tuple[str, str]]:
        """``{"m.f": (file, function name)}``: the top-level ``async def`` helpers
        holding a ``.elicit`` attribute of the run's other files that ``filename``
        imports as modules (``import m``, ``from . import m``, ``import a.b``):
        read as ``m.f(...)``, never inlined, so a tool reading one is rewritten
        whole or not at all (``analysis.elsewhere``). The caller's verdict then
        depends on those files (``asked``)."""
        import ast

        from .run_files import bindings
        from .tool_text import ELICIT_ATTRIBUTE

        key = norm(filename)
        self.asked.add(key)
        files = self._scanned().files
        tree = files.tree(key)
        if tree is None:
            return {}
        out: dict[str, tuple[str, str]] = {}
        for local, home in bindings(key, tree, files)[1].items():
            data = files.data(home)
            if home == key or data is None or ELICIT_ATTRIBUTE.search(data) is None:
                continue
            home_tree = files.tree(home)
            for node in home_tree.body if home_tree is not None else ():
                if isinstance(node, ast.AsyncFunctionDef) and any(
                    isinstance(n, ast.Attribute) and n.attr == "elicit" for n in ast.walk(node)
                ):
                    out[f"{local}.{node.name}"] = (home, node.name)
        return out

    def class_in(self, filename: str, module: str | None, level: int, name: str) -> tuple[str, str] | None:
        """``(file, text)`` of the run's module that ``from <module> import
        <name>`` (``level`` dots) in ``filename`` imports ``name`` from, when that
        module binds ``name`` once at its top level, by a ``class`` statement;
        ``None`` otherwise (not a run module, a re-export, bound twice...). The
        caller's verdict then depends on that file (``asked``)."""
        import ast

        from ..analysis.inline_imports import bound_once

        key = norm(filename)
        self.asked.add(key)
        files = self._scanned().files
        home = files.module_file(key, module, level)
        tree = files.tree(home) if home is not None and home != key else None
        if tree is None or name not in bound_once(tree)[0]:
            return None
        if not any(isinstance(s, ast.ClassDef) and s.name == name for s in tree.body) or sum(
            isinstance(n, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == name
            or isinstance(n, ast.Global) and name in n.names
            for n in ast.walk(tree)
        ) != 1:
            return None  # also bound under an `if`/`try`, or rebound by a function
        text = self.text_of(home)
        return None if text is None else (home, text)

    def module_in(self, filename: str, module: str | None, level: int) -> tuple[str, str] | None:
        """``(file, text)`` of the run's module that ``from <module> import ...``
        (``level`` dots) in ``filename`` names (not ``filename`` itself), ``None``
        when it is no run module (``analysis.run_classes`` reads a type alias
        there). The caller's verdict then depends on that file (``asked``)."""
        key = norm(filename)
        self.asked.add(key)
        home = self._scanned().files.module_file(key, module, level)
        text = self.text_of(home) if home is not None and home != key else None
        return None if text is None else (home, text)

    def in_run(self, filename: str, module: str | None, level: int) -> bool:
        """Whether ``from <module> import ...`` (``level`` dots) in ``filename``
        names a module of the run other than ``filename``. Only a ``True`` makes
        the caller's verdict depend on other files (``asked``): ``ctx: Context``
        from fastmcp must not cost a file its results-cache entry."""
        key = norm(filename)
        home = self._scanned().files.module_file(key, module, level)
        if home is None or home == key:
            return False
        self.asked.add(key)
        return True

    def server_of(self, filename: str, module: str | None, level: int, name: str) -> str | None:
        """The framework (``"fastmcp"`` / ``"mcpserver"``) of the server ``from
        <module> import <name>`` (``level`` dots) in ``filename`` imports, when
        the run's module it names binds ``name`` once, unconditionally, to
        ``FastMCP(...)`` / ``MCPServer(...)`` or imports it the same way from
        another run module (followed, a few steps): ``model.servers.module_binding``,
        the reading a module's own server gets. ``None`` otherwise (a module
        outside the run, ``name`` bound twice or under an ``if``/``try``, a
        factory). The caller's verdict then depends on those files (``asked``)."""
        from .tool_shapes import imported_server

        key = norm(filename)
        self.asked.add(key)
        return imported_server(self._scanned().files, key, ("import", module, level, name))

    def calls_elsewhere(self, filename: str, names) -> dict:
        """``{name: [("path", call)]}``: the calls (``ast.Call`` nodes of the
        callers' trees; ``path`` as :meth:`shown` prints it) of ``filename``'s
        module-level functions ``names`` in the run's other files, by a name
        imported there once with ``from <module> import f [as g]``
        (:meth:`.tool_scan.Scan.calls`: only files whose text imports the
        module are parsed); names without a call left out. The caller's
        verdict then depends on those files (``asked``)."""
        from .run_files import shown

        key = norm(filename)
        self.asked.add(key)
        found = self._scanned().calls({(key, n) for n in names})
        return {name: [(shown(path), call) for path, call in calls] for (_, name), calls in found.items() if calls}

    def text_of(self, filename: str) -> str | None:
        """The decoded text of one of the run's files (``filename`` as
        :meth:`asking_helpers` returns it), ``None`` when unreadable."""
        return self._scanned().text_of(filename)

    def file_of(self, path: str) -> str:
        """The index's key of ``path`` (as :meth:`asking_helpers` returns a file;
        ``path`` may be as :meth:`shown` prints it)."""
        return norm(path)

    def inlined_into(self, filename: str, name: str, target: str, max_rounds: int) -> list[str] | str | None:
        """The callers (``"`tool` (path:row)"``) the asking helper ``name`` of
        ``filename`` is inlined into by ``elicit-migrate``, why not (a string),
        or ``None`` (``analysis.inline_elsewhere.verdict``; asked by
        ``analysis.elsewhere``)."""
        from ..analysis.inline_elsewhere import verdict

        return verdict(self, filename, name, target, max_rounds)

    def inlined_helpers(self, filename: str, target: str, max_rounds: int) -> list[tuple[str, str]]:
        """The ``(file, name)`` of the asking helpers of other modules
        ``elicit-migrate`` inlines into ``filename``
        (``analysis.inline_elsewhere.inlined``; asked by ``analysis.elsewhere``)."""
        from ..analysis.inline_elsewhere import inlined

        found = inlined(self, filename, target, max_rounds)
        return [] if found is None else found.helpers

    def apply_passed(self, model) -> bool:
        """``workspace.passed_calls.apply_passed`` for ``model`` (a model the
        analysis layer builds of a new text, ``analysis.inline_elsewhere``)."""
        from .passed_calls import apply_passed

        return apply_passed(model, self)

    def shown(self, filename: str) -> str:
        """``filename`` as the index's reasons show a path (relative to the
        current directory when under it)."""
        from .run_files import shown

        return shown(norm(filename))

    def run_files(self):
        """The run's files as the index reads them (:class:`.run_files.Files`:
        bytes and trees, each read once), for a reader that only looks
        (``workspace/passed_calls.py``)."""
        return self._scanned().files

    def prepare(self) -> None:
        """Build now the part of the index every question needs (the checker calls
        it before forking its analysis processes, which then share it instead of
        each building its own: ``checker/split.py``)."""
        self._scanned().prepare()

    def _scanned(self):
        if self._scan is None:
            from .tool_scan import Scan  # ast and the analysis layer: only when asked

            cwd = os.getcwd()
            self._scan = Scan(self.files, {norm(f, cwd): d for f, d in self._seeded.items()})
            self._seeded = {}
        return self._scan

    def was_asked(self, filename: str) -> bool:
        """Whether :meth:`tools_in` was asked about ``filename`` in this process."""
        return norm(filename) in self.asked
