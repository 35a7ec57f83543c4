"""Files in, diagnostics out: read -> prefilter -> decode -> parse -> analyse -> noqa.

The main process reads every file (or takes its result from the cache,
``elicit_lint.checker.cache``) and runs the byte-level prefilter
(``elicit_lint.analysis.prefilter``); only candidates are decoded and parsed. A
run without a cache over at least ``split.SCREEN_FILES`` files reads and
prefilters them here and in a forked helper (``split.screen_split``). When there
are at least ``split.FORK_THRESHOLD`` bytes of candidates and more than one CPU, they
are checked by this process and ``jobs - 1`` forked children taking them from
one queue (``elicit_lint.checker.split``); below it a fork costs more than it
saves (``benchmarks/speed.py``).

Selection (``--select``/``--ignore``) is applied before rules run;
``per-file-ignores`` and ``# noqa`` after. ``invalid-syntax`` and ``io-error``
are always reported. An exception inside a rule is not a traceback: it is
reported as an internal error for that file and the run goes on.
"""

from __future__ import annotations

import gc
import os
from collections import namedtuple
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from functools import cache, lru_cache

from ..core.raw import SourceError
from ..core.settings import RuleSettings
from ..workspace.selection import Layer, code_matches_any, resolve


class RunOptions(namedtuple("RunOptions", "layers settings per_file_ignores root cache_dir project fixes",
                             defaults=((), RuleSettings(), (), ".", None, None, None))):
    """What every file is checked with (picklable: sent to worker processes; a named
    tuple, so the check path does not import ``dataclasses``).

    ``layers``: rule selection (``selection.Layer``, config then command line);
    ``settings``: :class:`~elicit_lint.core.settings.RuleSettings`;
    ``per_file_ignores``: ``(pattern, selectors)`` pairs, patterns relative to ``root``
    (``(pattern, selectors, root)`` for the command line's, relative to its own);
    ``cache_dir``: the results cache's directory (``elicit_lint.checker.cache``),
    ``None`` for no cache; ``project``: the run's index of tools registered in
    other modules (``elicit_lint.workspace.tool_index``), ``None`` for none;
    ``fixes``: the :class:`~elicit_lint.core.settings.FixPolicy` (``fixable``,
    ``extend-safe-fixes``...) that ``elicit_lint.checker.fixes.settle`` applies to
    the results (after the cache: stored diagnostics keep the rules' own fixes),
    ``None`` for ruff's defaults.
    """

    __slots__ = ()

    @property
    def enabled(self):
        """``enabled(code) -> bool`` with the selection layers applied (cached)."""
        return _enabler(self.layers)


def options_of(options: RunOptions | Callable[[str], RunOptions], filename: str) -> RunOptions:
    """``options`` for ``filename``: the same :class:`RunOptions` for every file, or
    a function of the file name (each file checked with its nearest configuration,
    ``elicit_lint.workspace.project``)."""
    return options if isinstance(options, RunOptions) else options(filename)


@lru_cache(maxsize=8)
def _enabler(layers: tuple[Layer, ...]):
    @cache
    def enabled(code: str) -> bool:
        return code in resolve([code], layers)

    return enabled


class FileResult:
    """The outcome for one file: its diagnostics, its decoded rows when it has any
    (for ``full`` output), and an internal error message if a rule crashed
    (a plain class: the check path does not import ``dataclasses``)."""

    __slots__ = ("depends", "diagnostics", "error", "filename", "lines")

    def __init__(self, filename: str, diagnostics: list | None = None,
                 lines: list[str] | None = None, error: str | None = None) -> None:
        self.filename = filename
        self.diagnostics = [] if diagnostics is None else diagnostics
        self.lines = lines
        self.error = error
        self.depends = False
        """Its verdict read other files (the project index): not cached."""

    def _fields(self) -> tuple:
        return (self.filename, self.diagnostics, self.lines, self.error)

    def __eq__(self, other: object) -> bool:
        return type(other) is FileResult and self._fields() == other._fields()

    __hash__ = None  # mutable, as the dataclass it replaces

    def __repr__(self) -> str:
        return "FileResult(filename={!r}, diagnostics={!r}, lines={!r}, error={!r})".format(*self._fields())

    def __getstate__(self):
        return (*self._fields(), self.depends)

    def __setstate__(self, state) -> None:
        self.filename, self.diagnostics, self.lines, self.error, self.depends = state


def _ignored_codes(filename: str, options: RunOptions) -> list[str]:
    """The selectors ``per-file-ignores`` applies to ``filename``, with ruff's glob
    semantics and ``!`` negation (``elicit_lint.workspace.globs``)."""
    if not options.per_file_ignores:
        return []
    from ..workspace.globs import per_file_applies

    out: list[str] = []
    for pattern, selectors, *root in options.per_file_ignores:  # a third item: the command line's root
        if per_file_applies(pattern, filename, root[0] if root else options.root):
            out.extend(selectors)
    return out


def check_source(filename: str, data: bytes, options: RunOptions) -> FileResult:
    """Check one file's bytes (already known to pass the prefilter)."""
    from ..core import source as src
    from .noqa import filter_suppressed

    result = FileResult(filename)
    try:
        decoded = src.decode(data)
    except src.SourceError as exc:
        result.diagnostics.append(src.io_error(filename, exc.message))
        return result
    try:
        tree = src.parse(decoded, filename)
    except (SyntaxError, ValueError) as exc:  # ValueError: NUL bytes in source
        if not isinstance(exc, SyntaxError):
            exc = SyntaxError(str(exc))
        result.diagnostics.append(src.syntax_error(filename, exc, decoded))
        result.lines = decoded.lines
        return result
    try:
        from .linter import analyse

        found = analyse(
            tree,
            decoded.text,
            filename,
            options.settings,
            options.enabled,
            mixed_line_ends=decoded.mixed_line_ends,
            project=options.project,
        )
    except Exception as exc:  # noqa: BLE001 - a bug in a rule must not stop the run
        result.error = f"{type(exc).__name__}: {exc}"
        return result
    # a verdict that read other files is cached only under the run's stamp (checker/cache.py)
    result.depends = options.project is not None and options.project.was_asked(filename)
    ignored = _ignored_codes(filename, options)
    if ignored:
        found = [d for d in found if not code_matches_any(d.code, ignored)]
    if not options.settings.ignore_noqa:  # ruff's --ignore-noqa
        found = filter_suppressed(found, decoded.text)
    if found:
        result.diagnostics = found
        result.lines = decoded.lines
    return result


def check_file(filename: str, options: RunOptions) -> FileResult | None:
    """Read, prefilter and check one file; ``None`` when the prefilter rules it out."""
    from ..analysis.prefilter import may_produce_diagnostics
    from ..core.raw import (  # core.source (ast, tokenize) only for a candidate
        SourceError,
        read_bytes,
    )

    try:
        data = read_bytes(filename)
    except SourceError as exc:
        from ..core.source import io_error

        return FileResult(filename, [io_error(filename, exc.message)])
    if not may_produce_diagnostics(data):
        return None
    return check_source(filename, data, options)


@contextmanager
def _few_collections():
    """Run with CPython's cyclic GC mostly out of the way (restored on exit).

    ``ast.parse`` allocates hundreds of thousands of container objects per file and
    none of them lives past its file, yet each 700 allocations trigger a young
    collection that scans them: with the first threshold at 100,000 and the
    imported modules frozen out of the scans, checking the fastmcp 4.2.3 tree is
    about 15% faster (0.93 s -> 0.81 s sequential, same peak memory).
    """
    old = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(100_000, 20, 100)
    try:
        yield
    finally:
        # frozen again first: ``gc.freeze`` zeroes the young generation's count, so
        # the old threshold does not start a collection of the up to 100,000 young
        # objects at the next allocation (about 25 ms at the end of a sparse
        # run); ``unfreeze`` puts them in the oldest generation, collected with it
        gc.freeze()
        gc.set_threshold(*old)
        gc.unfreeze()


READ_FIRST = 32
"""Up to this many files named on the command line (pre-commit's call) are read
and screened by the prefilter before the results cache is asked: a file that
fails the prefilter has no diagnostics whatever the cache holds, and reading a
few files costs less than opening the cache (its module, the code fingerprint,
the entry file). A run in which no such file passes never touches the cache."""


def check_files(
    files: Sequence[str],
    options: RunOptions | Callable[[str], RunOptions],
    jobs: int | None = None,
    read_first: bool = False,
) -> list[FileResult]:
    """Check ``files``; results (only files with diagnostics or errors) in file order.

    ``options``: one :class:`RunOptions` for all, or a function giving each file's
    (:func:`options_of`).

    ``jobs``: worker processes (default: CPU count); 1 disables the pool.

    A file whose options name a ``cache_dir`` goes through the results cache
    (``elicit_lint.checker.cache``): an unchanged file is not checked again.
    ``read_first`` (see :data:`READ_FIRST`): each file is read and prefiltered
    first, and only the files that pass go through the cache.
    """
    with _few_collections():
        caches: dict = {}
        try:
            return _check_files(files, options, jobs, caches, read_first)
        finally:
            for cache in caches.values():
                cache.save()


def _cache_of(options: RunOptions, caches: dict):
    if options.cache_dir is None:
        return None
    cache = caches.get(id(options))
    if cache is None:
        from .cache import ResultsCache

        cache = caches[id(options)] = ResultsCache(options.cache_dir, options)
    return cache


def _read(filename: str) -> bytes:
    from ..core.raw import read_bytes

    return read_bytes(filename)


def _check_files(files: Sequence[str], options, jobs: int | None, caches: dict,
                 read_first: bool = False) -> list[FileResult]:
    # ``core.source`` and the prefilter are imported at the first file a cache
    # does not answer: a warm run over unchanged files needs neither
    results: list[FileResult] = []
    candidates: list[tuple[str, bytes, RunOptions]] = []
    misses: list[tuple[object, str, object]] = []  # (cache, file, key) to store once checked
    prefilter = None
    if not read_first and _screen_in_two(files, options, jobs):
        candidates, results = _screen_split(files, options)
        files = ()  # read and screened
    for filename in files:
        opts = options_of(options, filename)
        if read_first and opts.cache_dir is not None:
            try:
                data = _read(filename)
            except SourceError as exc:
                from ..core.source import io_error

                results.append(FileResult(filename, [io_error(filename, exc.message)]))
                continue
            if prefilter is None:
                from ..analysis.prefilter import may_produce_diagnostics as prefilter
            if not prefilter(data):
                continue  # no diagnostics, whatever the cache holds: it is not opened for it
        cache = _cache_of(opts, caches)
        try:
            if cache is None:
                data, key = _read(filename), None
            else:
                hit, data, key = cache.lookup(filename, _read)
                if hit is not None:
                    if hit[0]:
                        results.append(FileResult(filename, hit[0], hit[1]))
                    continue
        except SourceError as exc:
            from ..core.source import io_error

            results.append(FileResult(filename, [io_error(filename, exc.message)]))
            continue
        if opts.project is not None:
            opts.project.seed(filename, data)  # its index reads no file twice
        if prefilter is None:
            from ..analysis.prefilter import may_produce_diagnostics as prefilter
        if prefilter(data):
            candidates.append((filename, data, opts))
            if cache is not None:
                misses.append((cache, filename, key))
        elif cache is not None:
            cache.store(filename, key, [], None)
    checked = _check_candidates(candidates, jobs)
    if misses:
        by_name = {r.filename: r for r in checked}
        for cache, filename, key in misses:
            r = by_name.get(filename)
            if r is None:
                cache.store(filename, key, [], None)
            elif r.error is None and not any(d.code == "io-error" for d in r.diagnostics):
                # a verdict that read other files: kept under the run's stamp (checker/cache.py)
                cache.store(filename, key, r.diagnostics, r.lines, depends=r.depends)
    results.extend(r for r in checked if r.diagnostics or r.error)
    results.sort(key=lambda r: r.filename)
    return results


def _screen_in_two(files: Sequence[str], options, jobs: int | None) -> bool:
    """Whether ``files`` are read and prefiltered here and in a forked helper
    (``split.screen_split``): many files, more than one process allowed, and no
    results cache (a cache's lookups and stores are this process's)."""
    from . import split

    return (
        len(files) >= split.SCREEN_FILES
        and (jobs or os.cpu_count() or 1) > 1
        and split.can_fork()
        and all(options_of(options, f).cache_dir is None for f in files)
    )


def _screen_split(files: Sequence[str], options) -> tuple[list, list[FileResult]]:
    """The candidates (in file order) and the unreadable files' results of ``files``,
    read and prefiltered in two processes. Every file's bytes go to the project
    index (``ToolIndex.seed``), in file order, as in the sequential loop: a
    cross-module question reads no file again, in either process of the
    analysis split (the helper sends its files' bytes back: cheaper than each
    analysis process reading them again)."""
    from ..analysis.prefilter import may_produce_diagnostics
    from ..core.raw import read_bytes
    from . import split

    def screen(filename: str) -> bytes | str | tuple[bytes] | None:
        # a candidate's bytes; an unreadable file's message; a rejected file's
        # bytes in a 1-tuple when the project index takes them (seeded below)
        try:
            data = read_bytes(filename)
        except SourceError as exc:
            return exc.message
        if may_produce_diagnostics(data):
            return data
        return (data,) if options_of(options, filename).project is not None else None

    candidates: list[tuple[str, bytes, RunOptions]] = []
    results: list[FileResult] = []
    found = split.screen_split(files, screen)
    for i in sorted(found):
        filename, value = files[i], found[i]
        if isinstance(value, str):
            from ..core.source import io_error

            results.append(FileResult(filename, [io_error(filename, value)]))
            continue
        opts = options_of(options, filename)
        if isinstance(value, tuple):
            opts.project.seed(filename, value[0])
            continue
        if opts.project is not None:
            opts.project.seed(filename, value)
        candidates.append((filename, value, opts))
    return candidates, results


def _check_candidates(candidates: list[tuple[str, bytes, RunOptions]], jobs: int | None) -> list[FileResult]:
    from . import split

    jobs = min(jobs or os.cpu_count() or 1, len(candidates))
    if split.worth_splitting(sum(len(c[1]) for c in candidates), jobs):
        return split.check_split(candidates, check_source, jobs)
    return [check_source(*c) for c in candidates]
