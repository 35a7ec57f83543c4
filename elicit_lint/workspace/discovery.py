"""Discovery: the Python files to check, from the paths given on the command line.

Rules (ruff's, https://docs.astral.sh/ruff/settings/#exclude, checked against
ruff 0.17 in this repository's venv):

- a directory is walked recursively for ``*.py`` and ``*.pyi`` files; symlinked
  directories are not followed (no cycles);
- ``exclude`` (default: :data:`DEFAULT_EXCLUDE`) and ``extend-exclude`` are
  ruff's globs (``elicit_lint.workspace.globs``, checked against ``ruff check
  --show-files`` in the tests): an entry is excluded when its name or its
  absolute path matches the pattern as written or the pattern joined to the
  project root (the directory of the configuration file, else the current
  directory); ``*`` also matches ``/``; ``./x`` anchors at the root, a leading
  ``/`` is an absolute path; there is no ``!`` negation.
  With a configuration per directory (``elicit_lint.workspace.project.ScopedDiscovery``),
  the entries of each directory walked are matched against that directory's
  configuration, so a file's excludes apply under its own directory only.
  Setting ``exclude`` replaces the defaults, ``extend-exclude`` adds to them;
- ``.gitignore`` files are honoured inside a git work tree (as ruff's walker
  does; outside one they are ignored, like git itself): every ``.gitignore`` from
  the repository root down to the file, deeper files taking precedence, plus
  ``.git/info/exclude``. A nested repository (a directory with its own ``.git``)
  starts afresh. The user's global excludes file is not read;
- a file named on the command line is always checked, whatever its suffix,
  unless ``force_exclude`` is set, in which case ``exclude``/``extend-exclude``
  apply to it too (ruff's ``--force-exclude``; like ruff, ``.gitignore`` does not
  apply to explicitly named files, even with ``--force-exclude``);
- a directory named on the command line is walked even when ``.gitignore``
  ignores it (ruff 0.17 does: ``elicit-lint check ign`` with ``ign/`` ignored);
  inside it, an entry is skipped only for a pattern that matches the entry itself
  (``ign/*.py``), not one that matched only the named directory;
- a path that does not exist is returned as is, so that reading it yields an
  ``io-error`` diagnostic (ruff reports E902 for it); a directory that cannot be
  listed is recorded in :attr:`Discovery.errors` for the caller to report;
- what is not a regular file (a FIFO, socket or device, found by the walk or
  named on the command line, also behind a symlink) is never opened: it is
  recorded in :attr:`Discovery.skipped` for the caller's warning (ruff 0.17 blocks
  opening a FIFO named ``x.py``; reading one would wait for a writer forever).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path

TYPE_CHECKING = False  # ``typing`` is not imported at run time (start-up cost)

if TYPE_CHECKING:
    import pathspec

DEFAULT_EXCLUDE: tuple[str, ...] = (
    # ruff's default `exclude` (ruff 0.17 docs) ...
    ".bzr", ".direnv", ".eggs", ".git", ".git-rewrite", ".hg", ".ipynb_checkpoints",
    ".mypy_cache", ".nox", ".pants.d", ".pyenv", ".pytest_cache", ".pytype",
    ".ruff_cache", ".svn", ".tox", ".venv", ".vscode", "__pypackages__", "_build",
    "buck-out", "dist", "node_modules", "site-packages", "venv",
    # ... plus what issue 2 adds: build outputs and byte-code caches
    "build", "__pycache__",
)  # fmt: skip

SUFFIXES = (".py", ".pyi")


def _spec(patterns: Iterable[str]) -> pathspec.GitIgnoreSpec:
    import pathspec

    return pathspec.GitIgnoreSpec.from_lines(patterns)


_GLOB_OR_SPECIAL = frozenset("*?[]{}\\/!#")


def _plain_name(pattern: str) -> bool:
    """Is ``pattern`` a bare file or directory name (``build``, ``.venv``)?

    Such a pattern matches a walked entry exactly when the entry's name equals it
    (ruff's globs match the name, and the root-joined pattern only that one
    path), so a set lookup answers for it. Anything with a glob character, a
    slash, a ``!``, a comment mark or surrounding spaces is left to
    ``elicit_lint.workspace.globs``.
    """
    return (
        bool(pattern)
        and pattern == pattern.strip()
        and pattern not in (".", "..")
        and not _GLOB_OR_SPECIAL.intersection(pattern)
    )


class _Ignore:
    """The ``.gitignore`` specs that apply inside one directory, deepest last.

    ``named``: the absolute path of a directory named on the command line that is
    itself gitignored (``ign/`` in ``.gitignore``, ``elicit-lint check ign``), or
    ``None``. ruff walks such a directory, and below it an entry is skipped only
    when a pattern matches the entry itself (``ign/*.py``, ``ign/**``), not
    because it matches the named directory or one of its parents (the walker
    never asks about the directories it starts from). ``pathspec`` answers "is
    this path or a parent ignored", so that case is decided per pattern.
    """

    def __init__(
        self,
        specs: tuple[tuple[str, pathspec.GitIgnoreSpec], ...] = (),
        named: str | None = None,
    ):
        self.specs = specs
        self.named = named

    def child(self, directory: str) -> _Ignore:
        """Specs for ``directory``: a new repository resets them; its .gitignore is added."""
        specs = self.specs
        if os.path.exists(os.path.join(directory, ".git")):
            specs = _repo_base(directory)
        gitignore = _read_gitignore(os.path.join(directory, ".gitignore"))
        if gitignore is not None:
            specs = (*specs, (directory, gitignore))
        return _Ignore(specs, self.named)

    def ignored(self, path: str, is_dir: bool) -> bool:
        for base, spec in reversed(self.specs):
            rel = os.path.relpath(path, base).replace(os.sep, "/")
            if rel.startswith(".."):
                continue
            if is_dir:
                rel += "/"
            if self.named is not None:
                decision = _decide_own(spec, rel, self._named_dirs(base))
            else:
                decision = _decide(spec, rel)
            if decision is not None:
                return decision
        return False

    def _named_dirs(self, base: str) -> list[str]:
        """The named directory and its parents below ``base``, as ``rel/`` paths."""
        rel = os.path.relpath(self.named, base).replace(os.sep, "/")
        if rel.startswith("..") or rel == ".":
            return []
        parts = rel.split("/")
        return ["/".join(parts[: i + 1]) + "/" for i in range(len(parts))]


def _decide_own(spec: pathspec.GitIgnoreSpec, rel: str, named_dirs: list[str]) -> bool | None:
    """:func:`_decide`, but a pattern counts only if it matches ``rel`` on its own:
    one that also matches a directory of ``named_dirs`` (``ign/`` for
    ``ign/a.py``) matched it only through that directory. ``dir/**`` is git's
    "everything inside", a match of the entry itself."""
    decision = None
    for pattern in spec.patterns:
        if pattern.include is None or pattern.match_file(rel) is None:
            continue
        source = getattr(pattern, "pattern", "") or ""
        if not source.endswith("/**") and any(
            d != rel and pattern.match_file(d) is not None for d in named_dirs
        ):
            continue
        decision = pattern.include
    return decision


def _decide(spec: pathspec.GitIgnoreSpec, rel: str) -> bool | None:
    """``True`` ignored / ``False`` re-included (``!pattern``) / ``None`` no pattern matched.

    The last matching pattern decides, as in git. ``check_file`` exists from
    pathspec 0.12/1.x on; older releases get the same answer from their patterns.
    """
    check = getattr(spec, "check_file", None)
    if check is not None:
        return check(rel).include
    decision = None
    for pattern in spec.patterns:
        if pattern.include is not None and pattern.match_file(rel) is not None:
            decision = pattern.include
    return decision


def _read_gitignore(path: str) -> pathspec.GitIgnoreSpec | None:
    from ..core.raw import read_regular

    try:  # never blocks: a FIFO named .gitignore is not read
        lines = read_regular(path).decode("utf-8", errors="replace").splitlines()
    except OSError:
        return None
    return _spec(lines)


def _repo_base(repo_root: str) -> tuple[tuple[str, pathspec.GitIgnoreSpec], ...]:
    info = _read_gitignore(os.path.join(repo_root, ".git", "info", "exclude"))
    return ((repo_root, info),) if info is not None else ()


def _ignore_for(directory: str) -> _Ignore | None:
    """Specs that apply to ``directory`` from its ancestors, or ``None`` outside a git work tree."""
    directory = os.path.abspath(directory)
    chain = [directory]
    while not os.path.exists(os.path.join(chain[-1], ".git")):
        parent = os.path.dirname(chain[-1])
        if parent == chain[-1]:
            return None
        chain.append(parent)
    ignore = _Ignore()
    for d in reversed(chain):
        ignore = ignore.child(d)
    return ignore


class Discovery:
    """Finds files under ``root``-relative exclusion rules; see the module docstring."""

    def __init__(
        self,
        root: Path,
        exclude: Sequence[str] | None = None,
        extend_exclude: Sequence[str] = (),
        force_exclude: bool = False,
        respect_gitignore: bool = True,
    ):
        self.root = os.path.abspath(root)
        patterns = list(DEFAULT_EXCLUDE if exclude is None else exclude) + list(extend_exclude)
        self._names: frozenset[str] = frozenset(p for p in patterns if _plain_name(p))
        rest = [p for p in patterns if not _plain_name(p)]
        if rest:
            from .globs import ExcludePatterns

            self._rest: ExcludePatterns | None = ExcludePatterns(rest, self.root)
        else:
            self._rest = None
        """``exclude`` patterns = ``_names`` (bare names, matched against each entry's
        name) + ``_rest`` (every other pattern, ruff's globs: ``workspace.globs``;
        ``None`` when there is none)."""
        self.force_exclude = force_exclude
        self.respect_gitignore = respect_gitignore
        self.errors: list[tuple[str, str]] = []
        """``(directory, reason)`` for directories that could not be listed (ruff: E902)."""
        self.skipped: list[tuple[str, str]] = []
        """``(path, reason)`` for special files (FIFOs, sockets, devices) left alone."""

    def _special(self, path: str, entry: os.DirEntry | None = None) -> bool:
        """Is ``path`` (after symlinks) a FIFO, socket or device? Then it is recorded
        in :attr:`skipped`. A regular file, a directory or a path that cannot be
        stat'ed (missing: reading it reports the error) is not."""
        from ..core.raw import file_kind

        try:
            if entry is not None and entry.is_file():  # d_type: no system call
                return False
            mode = entry.stat().st_mode if entry is not None else os.stat(path).st_mode
        except OSError:
            return False
        kind = file_kind(mode)
        if kind is None or kind == "directory":
            return False
        self.skipped.append((path, f"not a regular file ({kind}); skipped"))
        return True

    def _rel(self, abspath: str) -> str:
        rel = os.path.relpath(abspath, self.root)
        if rel.startswith(".."):
            rel = abspath.lstrip(os.sep)  # outside the root: unanchored patterns still apply
        return rel.replace(os.sep, "/")

    def _scope(self, directory: str, names: frozenset[str] | None = None) -> Discovery:
        """The exclusion rules for entries of ``directory``: this object's (a
        subclass with per-directory configuration returns another ``Discovery``).
        ``names``: the entries of ``directory`` when the walk has listed them."""
        return self

    def excluded_named(self, path: str, is_dir: bool = False) -> bool:
        """:meth:`is_excluded` by the rules of the directory holding ``path``."""
        parent = os.path.dirname(os.path.abspath(path))
        return self._scope(parent).is_excluded(path, is_dir)

    def is_excluded(self, path: str, is_dir: bool = False) -> bool:
        """Does ``exclude``/``extend-exclude`` match ``path`` or one of its parents?"""
        # ruff's ``is_file_excluded``: the path and each parent below the project root
        rel = self._rel(os.path.abspath(path))
        if rel in ("", "."):
            return False
        if self._names and not self._names.isdisjoint(rel.split("/")):
            return True
        if self._rest is None:
            return False
        current = os.path.abspath(path)
        while current != self.root:
            if self._rest.match(current):
                return True
            parent = os.path.dirname(current)
            if parent == current:
                return False
            current = parent
        return False

    def files(self, paths: Sequence[str], one_per_real_file: bool = False) -> list[str]:
        """All files to check under ``paths``, sorted, each at most once.

        A file reached under two spellings (``c.py`` and ``/abs/c.py``, or a directory
        and a file in it) is kept once, under the first spelling met, as ruff does.
        ``one_per_real_file`` (for a tool that writes, ``elicit-migrate``): also one
        path per file on disk (:func:`unique_real_files`), so a file reached through
        a symlink and directly is not rewritten twice.
        """
        out: dict[str, None] = {}
        seen: set[str] = set()
        cwd = os.getcwd()

        def add(path: str) -> None:
            # ``os.path.abspath`` without its ``getcwd`` call per file
            key = os.path.normpath(path if os.path.isabs(path) else os.path.join(cwd, path))
            if key not in seen:
                seen.add(key)
                out[path] = None

        for given in paths:
            if os.path.isdir(given):
                if self.force_exclude and self.excluded_named(given, is_dir=True):
                    continue
                ignore = _ignore_for(given) if self.respect_gitignore else None
                if ignore is not None and ignore.ignored(os.path.abspath(given), True):
                    # named but gitignored: walked anyway, as ruff does (only
                    # ``exclude`` and ``--force-exclude`` stop a named path)
                    ignore = _Ignore(ignore.specs, os.path.abspath(given))
                # a named directory is walked even when excluded (as ruff does); below
                # it, entries are then matched by name only, not through the parent
                by_name = self.excluded_named(given, is_dir=True)
                for f in self._walk(os.path.normpath(given), ignore, by_name):
                    add(f)
            else:
                if self.force_exclude and self.excluded_named(given):
                    continue
                if self._special(given):
                    continue
                add(os.path.normpath(given))
        found = sorted(out)
        return unique_real_files(found) if one_per_real_file else found

    def _excluded_entry(self, path: str, name: str, is_dir: bool, by_name: bool) -> bool:
        # Only called below a directory that is not excluded itself (or, with
        # ``by_name``, whose own exclusion is ignored): of the bare names, only the
        # entry's own name can match, so ``_names`` needs no relative path.
        if name in self._names:
            return True
        if self._rest is None:
            return False
        if by_name:
            return self._rest.match_name(name)
        return self._rest.match(os.path.abspath(path), name)

    def _walk(self, directory: str, ignore: _Ignore | None, by_name: bool) -> Iterable[str]:
        try:
            entries = sorted(os.scandir(directory), key=lambda e: e.name)
        except OSError as exc:
            self.errors.append((directory, exc.strerror or str(exc)))
            return
        scope = self._scope(directory, frozenset(e.name for e in entries))
        absolute = os.path.abspath(directory)  # an entry's is this joined with its name
        for entry in entries:
            path = entry.path if directory != "." else entry.name
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                continue
            if is_dir:
                if scope._excluded_entry(path, entry.name, True, by_name):
                    continue
                if ignore is not None and ignore.ignored(os.path.join(absolute, entry.name), True):
                    continue
                child = ignore.child(os.path.join(absolute, entry.name)) if ignore is not None else None
                yield from self._walk(path, child, by_name)
            elif entry.name.endswith(SUFFIXES):
                if scope._excluded_entry(path, entry.name, False, by_name):
                    continue
                if ignore is not None and ignore.ignored(os.path.join(absolute, entry.name), False):
                    continue
                if entry.is_symlink() and not os.path.exists(entry.path):
                    continue  # as ruff: a dangling symlink the walk finds is skipped silently
                if self._special(path, entry):
                    continue
                yield path


def unique_real_files(files: Sequence[str]) -> list[str]:
    """``files`` with one path per file on disk (``os.path.realpath``): ``a.py`` and
    ``/abs/a.py``, or a symlink and its target, are one file, which a writer must
    handle once (else its second write would find it "changed on disk"). Kept: a
    path that is not a symlink, then a relative one, then the first; order is kept."""

    def rank(path: str) -> tuple[bool, bool]:
        return os.path.islink(path), os.path.isabs(path)

    chosen: dict[str, str] = {}
    for path in files:
        real = os.path.realpath(path)
        if real not in chosen or rank(path) < rank(chosen[real]):
            chosen[real] = path
    keep = set(chosen.values())
    return [path for path in files if path in keep]
