"""Building the run's index of tools registered in another module
(:mod:`.tool_index`, whose docstring says what is read).
"""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Sequence

from ..analysis.elsewhere import ElsewhereTool, used_by_other_module
from ..analysis.locate import served_by_both
from ..model import names as model_names
from ..model.scopes import build_scopes
from ..model.servers import assigned_server, call_receiver
from .run_files import Files as _Files
from .run_files import bindings as _bindings
from .run_files import dotted as _dotted
from .run_files import imports_any as _imports_any
from .run_files import norm
from .run_files import shown as _shown

_HINTS = (b"add_tool", b".tool(", b"from_function")
_ELICIT = re.compile(rb"\.\s*elicit\b")
ELICIT_ATTRIBUTE = _ELICIT  # a file whose bytes may ask (ToolIndex.asking_module_attributes too)


def _is_registration(func: ast.expr) -> bool:
    """Whether calling ``func`` with a function registers it as a tool."""
    if isinstance(func, ast.Call):  # mcp.tool()(fn), mcp.tool(name="x")(fn)
        return (
            isinstance(func.func, ast.Attribute)
            and func.func.attr == "tool"
            and not func.args
        )
    if not isinstance(func, ast.Attribute):
        return False
    if func.attr in ("add_tool", "tool"):
        return True
    if func.attr == "from_function":
        owner = func.value
        name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
        return name.endswith("Tool")
    return False


def _target(arg: ast.expr, names, modules) -> tuple[str, str] | None:
    if isinstance(arg, ast.Name):
        return names.get(arg.id)
    if isinstance(arg, ast.Attribute):
        module = _dotted(arg.value)
        if module in modules:
            return modules[module], arg.attr
    return None


def _server(func: ast.expr, scope) -> str | None:
    """The framework the registering call ``func`` provably serves on (``scope``:
    where the call is evaluated): ``"fastmcp"`` / ``"mcpserver"`` when the
    receiver is a name bound only to ``FastMCP(...)`` / ``MCPServer(...)``
    (model/servers.py) or the callee is ``Tool.from_function`` imported from
    ``fastmcp`` / the SDK; ``None`` otherwise (an ordinary object's
    ``add_tool``, a receiver imported from elsewhere: not read as a tool)."""
    if isinstance(func, ast.Attribute) and func.attr == "from_function":
        owner = scope.qualified_name(func.value) or ""
        if owner.startswith("fastmcp."):
            return model_names.FASTMCP_FRAMEWORK
        return model_names.MCPSERVER_FRAMEWORK if owner == model_names.SDK_TOOL else None
    receiver = call_receiver(func)
    if not isinstance(receiver, ast.Name):
        return None
    kind = assigned_server(scope, receiver.id)
    return kind if kind in (model_names.FASTMCP_FRAMEWORK, model_names.MCPSERVER_FRAMEWORK) else None


def _defined_once(tree: ast.Module, name: str) -> bool:
    """Whether ``name`` is bound at the module's top level by exactly one ``def``
    and nothing else."""
    defs = 0
    for stmt in tree.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name == name:
            defs += 1
        elif isinstance(stmt, ast.ClassDef):
            if stmt.name == name:
                return False
        elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
            if any((a.asname or a.name.split(".")[0]) == name for a in stmt.names):
                return False
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            if any(isinstance(n, ast.Name) and n.id == name for t in targets for n in ast.walk(t)):
                return False
    return defs == 1


_TOOL_DECORATORS = ("tool",)


def _looks_like_tool(node: ast.AST, registered_here: set[str]) -> bool:
    """Whether the ``def`` ``node`` is a tool: decorated ``@x.tool``, ``@x.tool(...)``,
    ``@tool`` or ``@tool(...)``, or named in ``registered_here``."""
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    if node.name in registered_here:
        return True
    for deco in node.decorator_list:
        head = deco.func if isinstance(deco, ast.Call) else deco
        name = head.attr if isinstance(head, ast.Attribute) else getattr(head, "id", None)
        if name in _TOOL_DECORATORS:
            return True
    return False


def _walk_owned(tree: ast.Module):
    """``(node, the innermost enclosing def or None)`` for every node of ``tree``."""
    stack: list[tuple[ast.AST, ast.AST | None]] = [(tree, None)]
    while stack:
        node, owner = stack.pop()
        yield node, owner
        inner = node if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else owner
        for child in ast.iter_child_nodes(node):
            stack.append((child, inner))


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
        registration hint (``_HINTS``) and a wanted name, and import a wanted
        function's module or a module re-exporting it (:meth:`_importers`)."""
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
        relays = set(self._importers(homes, spelled))
        hinted = self._hinted()
        hits: dict[tuple[str, str], list[tuple[str, int, str | None]]] = {}
        for path in self._importers(homes | relays, spelled, within=hinted):
            tree = files.tree(path)
            if tree is None:
                continue
            bound, modules = _bindings(path, tree, files)
            scopes = None
            for node, owner in _walk_owned(tree):
                if not (
                    isinstance(node, ast.Call)
                    and len(node.args) == 1
                    and not any(k.arg is None for k in node.keywords)
                    and _is_registration(node.func)
                ):
                    continue
                target = _target(node.args[0], bound, modules)
                if target is None or target[0] == path or target[1] not in names:
                    continue
                if scopes is None:
                    scopes = build_scopes(tree)
                server = _server(node.func, scopes[1].get(owner, scopes[0]) if owner else scopes[0])
                if server is None:
                    continue
                self.arguments.add(id(node.args[0]))
                if target in new or target[0] in relays:  # others: asked for on their own
                    hits.setdefault(target, []).append((path, node.lineno, server))
        moved = []
        for target, where in sorted(hits.items()):
            tree = files.tree(target[0])
            if target in new and tree is not None and _defined_once(tree, target[1]):
                self.registered[target] = where
                continue
            source = _bindings(target[0], tree, files)[0].get(target[1]) if tree is not None else None
            # registered through a same-name re-export (``from .tools import f`` in
            # a package ``__init__``): the tool is the source module's function, and
            # the re-export is a use of it (refused, naming both)
            if source in new and source[1] == target[1] and source[0] != target[0]:
                source_tree = files.tree(source[0])
                if source_tree is not None and _defined_once(source_tree, source[1]):
                    moved.append((source, where))
        for source, where in moved:  # after the direct registrations, as they were found
            self.registered.setdefault(source, []).extend(where)

    def _importers(self, homes: set[str], spelled: list[bytes], star: bool = False, within=None) -> list[str]:
        """The run's files, in the run's order, whose bytes spell one of
        ``spelled`` as a word (or, with ``star``, a star import) and hold an
        import statement resolving to one of ``homes`` (``within``: indexes in
        ``paths`` to keep to); no parse (:meth:`_near`, then, per file, the name
        and the import itself: :func:`.run_files.imports_any`)."""
        files = self.files
        near = self._near(homes)
        if within is not None:
            near &= within
        out = []
        for i in sorted(near):
            path = self.paths[i]
            data = files.data(path)
            if (
                data is not None
                and (_spells(data, spelled) or star and _STAR.search(data))
                and _imports_any(path, data, homes, files)
            ):
                out.append(path)
        return out

    def _near(self, homes: set[str]) -> set[int]:
        """The indexes (in ``paths``) of the files that may import one of
        ``homes``: a file that does spells the word of an absolute import of it
        (``Files.import_word``) or is relative and spells the module's name
        (``_stems``), found by substring searches over all the run's bytes at
        once (``Files.containing``); every file where the file system is
        case-blind. A superset: :func:`.run_files.imports_any` decides."""
        files = self.files
        stems = _stems(homes)
        if stems is None:
            return set(range(len(self.paths)))
        words = {w.encode() for m in homes if (w := files.import_word(m)) is not None}
        near = set().union(*(files.containing(w) for w in words))
        if stems:
            relative = files.matching(_RELATIVE)
            near |= {i for s in stems for i in files.containing(s) if i in relative}
        return near

    def _hinted(self) -> set[int]:
        """The indexes (in ``paths``) of the files whose bytes spell a registration
        hint (``_HINTS``): the only files :meth:`_register` parses."""
        files = self.files
        return set().union(*(files.containing(h) for h in _HINTS))

    def prepare(self) -> None:
        """Do now what every question needs whatever it asks (the run's bytes
        joined, the module names, the registration hints, the relative imports),
        so that processes forked after it share it (``checker/split.py``)."""
        self._hinted()
        if self.paths:
            self.files.import_word(self.paths[0])  # the run's module names (``Files._tails``)
        if _stems(set()) is not None:  # a case-sensitive file system: the relative imports are searched
            self.files.matching(_RELATIVE)

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
        for path in self._importers(homes, spelled, star=True):
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
                and isinstance(c.args[0], ast.Name) and _is_registration(c.func)
            }
            read: set[tuple[str, str]] = set()
            for node, owner in _walk_owned(tree):
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
                        _looks_like_tool(owner, here),
                    ))
            for local, target in names.items():  # imported, never read here: a re-export
                if target in wanted and target[0] != path and target not in read and not any(
                    r[0] == path for r in self.registered.get(target, [])
                ):
                    row = stars[local][1] if local in stars else _import_row(tree, local)
                    self._uses[target].append((f"{_shown(path)}:{row}", None, False))
        for t in wanted:
            self._uses[t].sort()

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
                    and (package or _spells(data, [target[1].encode()]))
                    and _star_exports(self.files.tree(owner), target[1])
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
            if home == filename or data is None or _ELICIT.search(data) is None:
                continue
            home_tree = self.files.tree(home)
            if home_tree is None or not _defined_once(home_tree, name):
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
_STAR = re.compile(rb"import(?:[ \t]|\\\r?\n)*\*")  # a literal first: a fast search
_RELATIVE = re.compile(rb"from(?:[ \t]|\\\r?\n)+\.")
_WORD = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") | frozenset(range(0x80, 0x100))


def _spells(data: bytes, words) -> bool:
    """Whether ``data`` holds one of ``words`` (bytes) as a whole word
    (substring searches: faster than a regular expression of alternatives)."""
    for word in words:
        at = data.find(word)
        while at >= 0:
            end = at + len(word)
            if (at == 0 or data[at - 1] not in _WORD) and (end == len(data) or data[end] not in _WORD):
                return True
            at = data.find(word, at + 1)
    return False


def _stems(modules: set[str]) -> list[bytes] | None:
    """What a file importing one of ``modules`` (run files) relatively spells:
    the module's name (``from .tools import``, ``from . import tools``), or for
    a package (an ``__init__.py``) only ``from`` (``from .. import f``); an
    absolute import spells :meth:`.run_files.Files.import_word`. Case-blind
    where the file system is (the keys are ``norm``-alised): ``None``, every
    file passes and :func:`.run_files.imports_any` decides."""
    if os.path.normcase("A") == "a":
        return None
    out = set()
    for module in modules:
        stem = os.path.splitext(os.path.basename(module))[0]
        out.add(b"from" if stem == "__init__" else stem.encode())
    return sorted(out)


def _star_exports(tree: ast.Module | None, name: str) -> bool:
    """Whether ``from <module> import *`` binds ``name`` (``tree``: the module's):
    listed in a literal ``__all__``, else public (no leading underscore); an
    unreadable ``__all__`` counts as binding it."""
    if tree is not None:
        for stmt in tree.body:
            if (
                isinstance(stmt, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == "__all__" for t in stmt.targets)
            ):
                value = stmt.value
                if isinstance(value, (ast.List, ast.Tuple)) and all(
                    isinstance(e, ast.Constant) and isinstance(e.value, str) for e in value.elts
                ):
                    return name in {e.value for e in value.elts}  # type: ignore[attr-defined]
                return True
    return not name.startswith("_")


def _import_row(tree: ast.Module, local: str) -> int:
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and any((a.asname or a.name) == local for a in node.names):
            return node.lineno
    return 1
