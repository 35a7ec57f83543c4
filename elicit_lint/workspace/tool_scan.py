"""Building the run's index of tools registered in another module
(:mod:`.tool_index`, whose docstring says what is read): the questions it
answers, over the run's files read on demand (what a tree holds:
:mod:`.tool_shapes`; which files to parse: :mod:`.tool_text`).
"""

from __future__ import annotations

import ast
import os
from collections.abc import Sequence

from ..analysis.elsewhere import ElsewhereTool, used_by_other_module
from ..analysis.locate import served_by_both
from ..model import names as model_names
from ..model.scopes import build_scopes
from .run_files import Files as _Files
from .run_files import bindings as _bindings
from .run_files import dotted as _dotted
from .run_files import norm
from .run_files import shown as _shown
from .tool_shapes import (
    defined_once,
    import_row,
    is_registration,
    looks_like_tool,
    registered_target,
    registering_server,
    star_exports,
    walk_owned,
)
from .tool_text import ELICIT_ATTRIBUTE, HINTS, RELATIVE, importers, spells, stems


class Scan:
    """The run's files, read on demand: for the registrations of given function
    names (:meth:`tools`) and for their other uses (:meth:`uses`). Only files
    whose bytes spell a wanted name are parsed."""

    def __init__(self, paths: Sequence[str], seeded: dict[str, bytes] | None = None) -> None:
        cwd = os.getcwd()
        self.paths = sorted({norm(p, cwd) for p in paths})
        self.files = _Files(self.paths)
        self.files.seed(seeded or {})
        self.registered: dict[tuple[str, str], list[tuple[str, int, str | None]]] = {}
        self.arguments: set[int] = set()  # id() of the name nodes that only register
        self._looked: set[tuple[str, str]] = set()  # functions whose registrations were looked for
        self._uses: dict[tuple[str, str], list[tuple[str, str | None, bool]]] = {}

    def _register(self, wanted: set[tuple[str, str]]) -> None:
        """Find the registrations of the functions ``wanted`` (``(file, name)``)
        in the run's other files. Parsed: only the files whose bytes spell a
        registration hint (``HINTS``) and a wanted name, and import a wanted
        function's module or a module re-exporting it (:func:`.tool_text.importers`)."""
        new = wanted - self._looked
        if not new:
            return
        self._looked |= new
        files = self.files
        names = {n for _, n in new}
        spelled = sorted(n.encode() for n in names)
        homes = {f for f, _ in new}
        # a module importing a wanted name from its home may re-export it (``from
        # .tools import f`` in a package ``__init__``): its importers are read too
        relays = set(importers(self.files, homes, spelled))
        hinted = self._hinted()
        hits: dict[tuple[str, str], list[tuple[str, int, str | None]]] = {}
        for path in importers(self.files, homes | relays, spelled, within=hinted):
            tree = files.tree(path)
            if tree is None:
                continue
            bound, modules = _bindings(path, tree, files)
            scopes = None
            for node, owner in walk_owned(tree):
                if not (
                    isinstance(node, ast.Call)
                    and len(node.args) == 1
                    and not any(k.arg is None for k in node.keywords)
                    and is_registration(node.func)
                ):
                    continue
                target = registered_target(node.args[0], bound, modules)
                if target is None or target[0] == path or target[1] not in names:
                    continue
                if scopes is None:
                    scopes = build_scopes(tree)
                scope = scopes[1].get(owner, scopes[0]) if owner else scopes[0]
                server = registering_server(node.func, scope, files, path)
                if server is None:
                    continue
                self.arguments.add(id(node.args[0]))
                if target in new or target[0] in relays:  # others: asked for on their own
                    hits.setdefault(target, []).append((path, node.lineno, server))
        moved = []
        for target, where in sorted(hits.items()):
            tree = files.tree(target[0])
            if target in new and tree is not None and defined_once(tree, target[1]):
                self.registered[target] = where
                continue
            source = _bindings(target[0], tree, files)[0].get(target[1]) if tree is not None else None
            # registered through a same-name re-export (``from .tools import f`` in
            # a package ``__init__``): the tool is the source module's function, and
            # the re-export is a use of it (refused, naming both)
            if source in new and source[1] == target[1] and source[0] != target[0]:
                source_tree = files.tree(source[0])
                if source_tree is not None and defined_once(source_tree, source[1]):
                    moved.append((source, where))
        for source, where in moved:  # after the direct registrations, as they were found
            self.registered.setdefault(source, []).extend(where)

    def _hinted(self) -> set[int]:
        """The indexes (in ``paths``) of the files whose bytes spell a registration
        hint (``HINTS``): the only files :meth:`_register` parses."""
        files = self.files
        return set().union(*(files.containing(h) for h in HINTS))

    def prepare(self) -> None:
        """Do now what every question needs whatever it asks (the run's bytes
        joined, the module names, the registration hints, the relative imports),
        so that processes forked after it share it (``checker/split.py``)."""
        self._hinted()
        if self.paths:
            self.files.import_word(self.paths[0])  # the run's module names (``Files._tails``)
        if stems(set()) is not None:  # a case-sensitive file system: the relative imports are searched
            self.files.matching(RELATIVE)

    def uses(self, targets: set[tuple[str, str]]) -> dict[tuple[str, str], list[tuple[str, str | None, bool]]]:
        """``{(file, name): [(\"path:row\", caller def name or None, caller is a tool)]}``:
        the reads of each target function in the run's other files (a call, an
        alias, an import that does not register it: a re-export), registrations
        left out."""
        wanted = {t for t in targets if t not in self._uses}
        for t in wanted:
            self._uses[t] = []
        if wanted:
            self._scan(wanted)
        return {t: self._uses[t] for t in targets}

    def _scan(self, wanted: set[tuple[str, str]]) -> None:
        files = self.files
        spelled = sorted({name.encode() for _, name in wanted})
        homes = {module for module, _ in wanted}
        for path in importers(self.files, homes, spelled, star=True):
            tree = files.tree(path)
            if tree is None:
                continue
            names, modules = _bindings(path, tree, files)
            stars = self._stars(path, tree, wanted, names)
            for local, (target, _) in stars.items():
                names[local] = target
            here = {n for (f, n) in self.registered if f == path} | {
                c.args[0].id
                for c in ast.walk(tree)
                if isinstance(c, ast.Call) and len(c.args) == 1
                and isinstance(c.args[0], ast.Name) and is_registration(c.func)
            }
            read: set[tuple[str, str]] = set()
            for node, owner in walk_owned(tree):
                if id(node) in self.arguments:
                    continue
                target = None
                if isinstance(node, ast.Name) and node.id in names:
                    target = names[node.id]
                elif isinstance(node, ast.Attribute) and _dotted(node.value) in modules:
                    target = (modules[_dotted(node.value)], node.attr)
                if target in wanted and target[0] != path:
                    read.add(target)
                    self._uses[target].append((
                        f"{_shown(path)}:{node.lineno}",
                        getattr(owner, "name", None),
                        looks_like_tool(owner, here),
                    ))
            for local, target in names.items():  # imported, never read here: a re-export
                if target in wanted and target[0] != path and target not in read and not any(
                    r[0] == path for r in self.registered.get(target, [])
                ):
                    row = stars[local][1] if local in stars else import_row(tree, local)
                    self._uses[target].append((f"{_shown(path)}:{row}", None, False))
        for t in wanted:
            self._uses[t].sort()

    def calls(self, targets: set[tuple[str, str]]) -> dict[tuple[str, str], list[tuple[str, ast.Call]]]:
        """``{(file, name): [(path, call)]}``: the calls of each target function
        in the run's other files by a name that file binds once, by ``from
        <module> import f [as g]`` (no other binding of it anywhere in the file:
        :func:`..analysis.direct_calls.rebound`), in the run's order then the
        source's. Parsed: only the files whose text spells a target's name and
        imports its module (:func:`.tool_text.importers`)."""
        from ..analysis.direct_calls import rebound

        files = self.files
        out: dict[tuple[str, str], list[tuple[str, ast.Call]]] = {t: [] for t in targets}
        spelled = sorted({name.encode() for _, name in targets})
        for path in importers(files, {module for module, _ in targets}, spelled):
            tree = files.tree(path)
            if tree is None:
                continue
            local = {n: t for n, t in _bindings(path, tree, files)[0].items() if t in out and t[0] != path}
            for name in rebound(tree, set(local)) if local else ():
                del local[name]
            found = [
                node for node in ast.walk(tree)
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in local
            ]
            found.sort(key=lambda c: (c.lineno, c.col_offset))
            for node in found:
                out[local[node.func.id]].append((path, node))  # type: ignore[attr-defined]
        return out

    def _stars(self, path: str, tree: ast.Module, wanted, names) -> dict[str, tuple[tuple[str, str], int]]:
        """``{name: (target, row)}``: the wanted functions ``from <module> import *``
        binds in ``path`` (a public name, or one listed in a literal ``__all__``)
        and no explicit import there binds: each a possible direct use when
        ``path`` spells the name or is a package's ``__init__.py`` (a re-export
        whose callers import it from the package)."""
        out: dict[str, tuple[tuple[str, str], int]] = {}
        data = self.files.data(path) or b""
        package = os.path.basename(path) == "__init__.py"
        for node in ast.walk(tree):
            if not (isinstance(node, ast.ImportFrom) and any(a.name == "*" for a in node.names)):
                continue
            owner = self.files.module_file(path, node.module, node.level)
            for target in wanted:
                if (
                    target[0] == owner
                    and owner != path
                    and target[1] not in names
                    and (package or spells(data, [target[1].encode()]))
                    and star_exports(self.files.tree(owner), target[1])
                ):
                    out.setdefault(target[1], (target, node.lineno))
        return out

    def asking_helpers(self, filename: str) -> dict[str, tuple[str, str]]:
        """``{local name: (file, function name)}``: the names ``filename`` imports
        with ``from <module> import f [as g]`` from another file of the run whose
        bytes hold an attribute ``.elicit`` and where ``f`` is a top-level
        ``async def`` bound once (analysis/inline_copy.py reads such helpers)."""
        tree = self.files.tree(filename)
        if tree is None:
            return {}
        names, _ = _bindings(filename, tree, self.files)
        out = {}
        for local, (home, name) in names.items():
            data = self.files.data(home)
            if home == filename or data is None or ELICIT_ATTRIBUTE.search(data) is None:
                continue
            home_tree = self.files.tree(home)
            if home_tree is None or not defined_once(home_tree, name):
                continue
            if any(isinstance(s, ast.AsyncFunctionDef) and s.name == name for s in home_tree.body):
                out[local] = (home, name)
        return out

    def text_of(self, filename: str) -> str | None:
        """The decoded text of a run file (``None``: unreadable or not UTF-8)."""
        data = self.files.data(filename)
        try:
            return data.decode("utf-8-sig").replace("\r\n", "\n").replace("\r", "\n") if data is not None else None
        except UnicodeDecodeError:
            return None

    def tools(self, filename: str, names: set[str]) -> dict[str, ElsewhereTool]:
        """``{name: ElsewhereTool}`` for the functions ``names`` of ``filename``
        (normalised, :func:`norm`) that other files of the run register as tools."""
        self._register({(filename, n) for n in names})
        targets = {(filename, n) for n in names if (filename, n) in self.registered}
        uses = self.uses(targets)
        out: dict[str, ElsewhereTool] = {}
        for path, name in sorted(targets):
            where = self.registered[(path, name)]
            first = where[0]
            servers = {w[2] for w in where}
            shown = f"{_shown(first[0])}:{first[1]}"
            found = uses[(path, name)]
            refusal = used_by_other_module(name, shown, found[0][0]) if found else None
            first_on = {w[2]: f"{_shown(w[0])}:{w[1]}" for w in reversed(where)}
            if refusal is None and _FASTMCP in first_on and _MCPSERVER in first_on:
                refusal = served_by_both(name, first_on[_FASTMCP], first_on[_MCPSERVER])
            out[name] = ElsewhereTool(name, shown, servers.pop() if len(servers) == 1 else None, refusal)
        return out


_FASTMCP, _MCPSERVER = model_names.FASTMCP_FRAMEWORK, model_names.MCPSERVER_FRAMEWORK
