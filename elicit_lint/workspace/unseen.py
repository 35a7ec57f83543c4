"""The project's files a run did not check, searched for a name (a fix's safety).

A fix that changes a function's Python signature (MCP019's ``@declared_elicitation``
takes the elicited parameters out of it) is safe only when no caller can break,
and the rule sees only the run's files: pre-commit passes the staged files, so a
module that calls the tool function directly may be outside the run. ruff marks
a fix safe only when it keeps the code's meaning; a caller the run cannot see is
a meaning the fix may change, so such a fix is offered as unsafe when a project
file outside the run mentions the function (docs/configuration.md, "Fixes and
files outside the run").

"The project" is every Python file under the project root (the configuration
file's directory, else the git repository's root) but ruff's default excludes
and what ``.gitignore`` ignores: a directory ``exclude``d from linting (often
``tests/``) still calls the tool, so it counts, even in a run of the whole root;
it is listed once per run, only when a rule asks (a safe fix that asks is rare). A file "mentions"
a function when its bytes hold the function's name as a word and an import
statement that resolves to the module defining it, resolved as the run's index
resolves imports (``elicit_lint.workspace.run_files.imports_any``: a relative
import by its path, an absolute one by the dotted names the project's files
end with), so ``from tools.server import run`` in a project with two
``server.py`` files is not a caller of ``app/server.py``. Conservative: text that
only looks like an import (a comment, a string) counts, and so does an absolute
import that two project files could answer (``import server`` with two
``server.py``: which one depends on ``sys.path``). Text only, never a parse.
Standard library only.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

LIMIT = 20_000
"""Outside files searched at most; past it every asked fix is taken as unsafe."""


def project_files(root: str) -> list[str]:
    """Every Python file under ``root`` but ruff's default excludes and what
    ``.gitignore`` ignores: the files an ``exclude`` keeps out of the lint count
    (an excluded ``tests/`` still calls the tool)."""
    from pathlib import Path

    from .discovery import Discovery

    return Discovery(Path(root)).files([root])


class Unseen:
    """``mentions(filename, name)``: the first project file outside the run that
    mentions ``filename``'s function ``name``, shown relative to the current
    directory, else ``None``.

    ``run_files``: the run's files; ``config_root``: the
    directory of the configuration file of these files, the project root of the
    files under it (``None`` without a configuration file: the root is then the
    repository's, the nearest directory above the file with ``.git``; a file in
    no repository has no project to search); ``project_files(root)``: lists a
    project's files (called once per root, when first asked). Pickled to another
    process it knows nothing outside: the checker asks in the main process only.
    """

    def __init__(self, run_files: Sequence[str], config_root: str | None,
                 project_files: Callable[[str], Sequence[str]] | None) -> None:
        self._run = run_files
        self._config_root = config_root
        self._project_files = project_files
        self._outside: dict[str, list[str]] = {}
        self._data: dict[str, bytes] = {}
        self._resolvers: dict = {}  # root -> _project_resolver

    def __reduce__(self):
        return (Unseen, ((), None, None))

    def root_of(self, filename: str) -> str | None:
        """The project root of ``filename`` (see the class docstring), or ``None``."""
        path = os.path.abspath(filename)
        if self._config_root is not None:
            root = os.path.abspath(self._config_root)
            if path.startswith(root.rstrip(os.sep) + os.sep):
                return root
        directory = os.path.dirname(path)
        while True:
            if os.path.exists(os.path.join(directory, ".git")):
                return directory
            parent = os.path.dirname(directory)
            if parent == directory:
                return None
            directory = parent

    def outside(self, root: str) -> list[str]:
        """The files of the project at ``root`` that are not among the run's (absolute)."""
        found = self._outside.get(root)
        if found is None:
            if self._project_files is None:
                found = []
            else:
                run = {os.path.normcase(os.path.abspath(f)) for f in self._run}
                found = sorted(
                    path for path in (os.path.abspath(f) for f in self._project_files(root))
                    if os.path.normcase(path) not in run
                )
            self._outside[root] = found
        return found

    def mentions(self, filename: str, name: str) -> str | None:
        root = self.root_of(filename)
        outside = self.outside(root) if root is not None else []
        if not outside:
            return None
        if len(outside) > LIMIT:
            return f"{len(outside)} files outside the run (too many to search)"
        import re

        word = re.compile(rb"\b%s\b" % re.escape(name.encode()))
        from .run_files import imports_any, norm

        resolver = self._resolver(root, filename)
        target = {resolver.target}

        for path in outside:
            data = self._read(path)
            if word.search(data) and imports_any(norm(path), data, target, resolver):
                shown = os.path.relpath(path)
                return path if shown.startswith("..") else shown
        return None

    def _resolver(self, root: str, filename: str):
        from .run_files import norm

        resolver = self._resolvers.get(root)
        if resolver is None:
            project = {norm(f) for f in (*self._run, *self.outside(root))}
            resolver = self._resolvers[root] = _project_resolver(sorted(project))
        resolver.target = norm(filename)
        return resolver

    def _read(self, path: str) -> bytes:
        data = self._data.get(path)
        if data is None:
            from ..core.raw import SourceError, read_bytes

            try:
                data = read_bytes(path)
            except SourceError:
                data = b""
            self._data[path] = data
        return data


def _project_resolver(paths: list[str]):
    """Module resolution over the whole project (``paths``: run files and outside
    files, ``norm``-alised) as the run index resolves
    (``elicit_lint.workspace.run_files.Files``); an absolute import that several
    files could answer resolves to the resolver's ``target`` when it is one of them
    (the conservative answer for a fix's safety). ``ast`` and the resolver load
    only when a fix asks."""
    from .run_files import Files

    class Resolver(Files):
        target = ""

        def module_file(self, importer: str, module: str | None, level: int) -> str | None:
            if not level and module and self.target in self._tails().get(module, ()):
                return self.target
            return super().module_file(importer, module, level)

    return Resolver(paths)
