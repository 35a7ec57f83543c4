"""The run's files for the tool index (:mod:`.tool_index`): their bytes and
trees, read once, module resolution against the run's files, and the names a
file imports from them.
"""

from __future__ import annotations

import ast
import os
from collections.abc import Sequence


def norm(path: str) -> str:
    """``path`` absolute and case-normalised (the keys of :class:`.tool_index.ToolIndex`)."""
    return os.path.normcase(os.path.abspath(path))


class Files:
    """The run's files: their bytes and trees, read once, and module resolution."""

    def __init__(self, files: Sequence[str]) -> None:
        self.files = files
        self._set = set(files)
        self._data: dict[str, bytes | None] = {}
        self._trees: dict[str, ast.Module | None] = {}
        self._by_tail: dict[str, list[str]] | None = None  # "a.b" -> files ending a/b(.py|/__init__.py)

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
        if self._by_tail is None:
            self._by_tail = {}
            for f in self.files:
                pieces = f[:-3].split(os.sep) if f.endswith(".py") else []
                if pieces and pieces[-1] == "__init__":
                    pieces.pop()
                for k in range(1, len(pieces)):
                    self._by_tail.setdefault(".".join(pieces[-k:]), []).append(f)
        found = self._by_tail.get(module, [])
        return found[0] if len(found) == 1 else None


def bindings(path: str, tree: ast.Module, files: Files):
    """``(names, modules)``: ``{local: (file, function name)}`` for names imported
    from the run's files, ``{local: file}`` for modules; a name bound two ways is
    dropped."""
    names: dict[str, tuple[str, str] | None] = {}
    modules: dict[str, str | None] = {}
    for node in ast.walk(tree):
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
    return (
        {k: v for k, v in names.items() if v is not None},
        {k: v for k, v in modules.items() if v is not None},
    )
