"""The run's files for the tool index (:mod:`.tool_index`): their bytes and
trees, read once, module resolution against the run's files, and the names a
file imports from them.
"""

from __future__ import annotations

import ast
import os
import re
from bisect import bisect_right
from collections.abc import Sequence

from ..model.walk import statements


def norm(path: str, cwd: str | None = None) -> str:
    """The index's key of ``path``: absolute, case-normalised (``cwd``: the
    current directory when known, saving ``abspath``'s ``getcwd`` per path)."""
    if cwd is None:
        return os.path.normcase(os.path.abspath(path))
    return os.path.normcase(os.path.normpath(os.path.join(cwd, path)))


def shown(path: str) -> str:
    """``path`` relative to the current directory when under it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel


class Files:
    """The run's files: their bytes and trees, read once, and module resolution."""

    def __init__(self, files: Sequence[str]) -> None:
        self.files = files
        self._set = set(files)
        self._data: dict[str, bytes | None] = {}
        self._trees: dict[str, ast.Module | None] = {}
        self._by_tail: dict[str, list[str]] | None = None  # "a.b" -> files ending a/b(.py|/__init__.py)
        self._blob: bytes | None = None  # the files' bytes joined by NUL (``containing``)
        self._starts: list[int] = []
        self._found: dict = {}  # word or pattern -> the indexes of the files holding it

    def _joined(self) -> tuple[bytes, list[int]]:
        if self._blob is None:
            parts, starts, at = [], [], 0
            for path in self.files:
                data = self.data(path) or b""
                starts.append(at)
                parts.append(data)
                at += len(data) + 1
            self._blob, self._starts = b"\0".join(parts), starts
        return self._blob, self._starts

    def matching(self, pattern: re.Pattern[bytes]) -> set[int]:
        """The indexes (in ``files``) of the files where ``pattern`` (which
        matches no NUL) finds a match: one search over all of them joined; kept."""
        found = self._found.get(pattern)
        if found is None:
            blob, starts = self._joined()
            found = self._found[pattern] = {bisect_right(starts, m.start()) - 1 for m in pattern.finditer(blob)}
        return found

    def containing(self, word: bytes) -> set[int]:
        """The indexes (in ``files``) of the files whose bytes hold ``word``: one
        substring search over all of them joined (the files are read once); kept."""
        if word in self._found:
            return self._found[word]
        blob, starts = self._joined()
        out = self._found[word] = set()
        at = blob.find(word)
        while at >= 0:
            i = bisect_right(starts, at) - 1
            out.add(i)
            if i + 1 >= len(starts):
                break
            at = blob.find(word, starts[i + 1])
        return out

    def seed(self, seeded: dict[str, bytes]) -> None:
        """Take the bytes already read of some files (keys: ``norm``-alised)."""
        for path, data in seeded.items():
            if path in self._set:
                self._data[path] = data

    def data(self, path: str) -> bytes | None:
        if path not in self._data:
            try:
                with open(path, "rb") as f:
                    self._data[path] = f.read()
            except OSError:
                self._data[path] = None
        return self._data[path]

    def tree(self, path: str) -> ast.Module | None:
        if path not in self._trees:
            data = self.data(path)
            try:
                self._trees[path] = ast.parse(data) if data is not None else None
            except (SyntaxError, ValueError):
                self._trees[path] = None
        return self._trees[path]

    def module_file(self, importer: str, module: str | None, level: int) -> str | None:
        """The run's file of ``module`` imported from ``importer`` (``None``: not
        in the run, or two files could be it)."""
        parts = module.split(".") if module else []
        if level:
            base = os.path.dirname(importer)
            for _ in range(level - 1):
                base = os.path.dirname(base)
            stem = os.path.join(base, *parts)
            for candidate in (stem + ".py", os.path.join(stem, "__init__.py")):
                if norm(candidate) in self._set:
                    return norm(candidate)
            return None
        if not parts:
            return None
        found = self._tails().get(module, [])
        return found[0] if len(found) == 1 else None

    def _tails(self) -> dict[str, list[str]]:
        if self._by_tail is None:
            self._by_tail = {}
            for f in self.files:
                for tail in _tails_of(f):
                    self._by_tail.setdefault(tail, []).append(f)
        return self._by_tail

    def import_word(self, module: str) -> str | None:
        """The word every absolute import of ``module`` (a run file) spells: the
        first part of its shortest dotted name that no other file of the run
        ends with (longer names hold it); ``None``: no absolute import resolves
        to it (:meth:`module_file`)."""
        tails = self._tails()
        for tail in _tails_of(module):
            if len(tails.get(tail, ())) == 1:
                return tail.split(".")[0]
        return None


def _tails_of(path: str) -> list[str]:
    """The dotted names ``path`` could be imported by, shortest first."""
    pieces = path[:-3].split(os.sep) if path.endswith(".py") else []
    if pieces and pieces[-1] == "__init__":
        pieces.pop()
    return [".".join(pieces[-k:]) for k in range(1, len(pieces))]


_WS = rb"(?:[ \t]|\\\r?\n)"  # a blank, or a backslash continuation
# a literal first (a fast search); no anchor at a statement's start: text that
# only looks like an import (in a string, a comment) is one more candidate
_FROM = re.compile(
    rb"from" + _WS + rb"+((?:[\w.\x80-\xff]|" + _WS + rb")*?)\bimport\b"
    + _WS + rb"*(\((?:[^)#]|#[^\n]*)*\)|(?:[^\n\\;]|\\\r?\n)*)"
)
_IMPORT = re.compile(rb"import" + _WS + rb"+((?:[^\n\\;]|\\\r?\n)*)")
_BLANK = re.compile(rb"[ \t]|\\\r?\n")
_NAME = re.compile(rb"[\w.\x80-\xff]+")


def imports_any(path: str, data: bytes, modules: set[str], files: Files) -> bool:
    """Whether the text of ``path`` (``data``) has an import statement that
    resolves (:meth:`Files.module_file`) to one of ``modules`` (run files), read
    from the text, before any parse: every static import is such a statement
    (one in a string counts too: this only narrows what is parsed)."""
    spans = []  # `from . import x` is no `import x`: _IMPORT's matches inside them are skipped
    for match in _FROM.finditer(data):
        spans.append(match.span())
        spec = _BLANK.sub(b"", match.group(1)).decode("utf-8", "replace")
        level = len(spec) - len(spec.lstrip("."))
        module = spec[level:] or None
        if files.module_file(path, module, level) in modules:
            return True
        for name in _NAME.findall(match.group(2)):
            sub = f"{module}.{name.decode('utf-8', 'replace')}" if module else name.decode("utf-8", "replace")
            if files.module_file(path, sub, level) in modules:
                return True
    for match in _IMPORT.finditer(data):
        if any(start <= match.start() < end for start, end in spans):
            continue
        for name in _NAME.findall(match.group(1)):
            parts = name.decode("utf-8", "replace").split(".")
            if any(files.module_file(path, ".".join(parts[:k]), 0) in modules for k in range(1, len(parts) + 1)):
                return True
    return False


def dotted(node: ast.expr) -> str | None:
    """``a.b.c`` for a chain of attributes on a name, else ``None``."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def bindings(path: str, tree: ast.Module, files: Files):
    """``(names, modules)``: ``{local: (file, function name)}`` for names imported
    from the run's files, ``{local: file}`` for modules (``local`` dotted for
    ``import a.b``: :func:`dotted`); a name bound two ways is dropped."""
    names: dict[str, tuple[str, str] | None] = {}
    modules: dict[str, str | None] = {}
    for node, _ in statements(tree):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                local = alias.asname or alias.name
                sub = files.module_file(
                    path, f"{node.module}.{alias.name}" if node.module else alias.name, node.level
                )
                if sub is not None:
                    modules[local] = sub if modules.get(local, sub) == sub else None
                    continue
                owner = files.module_file(path, node.module, node.level)
                if owner is not None and alias.name != "*":
                    value = (owner, alias.name)
                    names[local] = value if names.get(local, value) == value else None
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    sub = files.module_file(path, alias.name, 0)
                    if sub is not None:
                        modules[alias.asname] = sub if modules.get(alias.asname, sub) == sub else None
                    continue
                # ``import a.b.c`` binds ``a``: ``a.b.c.f`` (and ``a.b.f``) read the
                # modules by their dotted names (:func:`dotted`)
                parts = alias.name.split(".")
                for k in range(1, len(parts) + 1):
                    dotted_name = ".".join(parts[:k])
                    sub = files.module_file(path, dotted_name, 0)
                    if sub is not None:
                        modules[dotted_name] = sub if modules.get(dotted_name, sub) == sub else None
    return (
        {k: v for k, v in names.items() if v is not None},
        {k: v for k, v in modules.items() if v is not None},
    )
