"""Files in, diagnostics out: read -> prefilter -> decode -> parse -> analyse -> noqa.

The main process reads every file and runs the byte-level prefilter
(``elicit_lint.analysis.prefilter``); only candidates are decoded and parsed. When there
are at least :data:`PARALLEL_THRESHOLD` bytes of candidates and more than one CPU, they
are checked in a process pool (``ast`` work is CPU-bound and holds the GIL);
below it the pool's start-up costs more than it saves (measured on the fastmcp
4.2.3 tree, see ``benchmarks/bench_check.py``).

Selection (``--select``/``--ignore``) is applied before rules run;
``per-file-ignores`` and ``# noqa`` after. ``invalid-syntax`` and ``io-error``
are always reported. An exception inside a rule is not a traceback: it is
reported as an internal error for that file and the run goes on.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache, lru_cache

from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..workspace.selection import Layer, code_matches_any, resolve

PARALLEL_THRESHOLD = 2_000_000
"""Bytes of candidate source (after the prefilter) from which a process pool is used.

Checking costs roughly in proportion to size (about 0.17 ms per KB with the
model, parse included); a pool of two forked workers costs a fixed 50-65 ms
(``concurrent.futures.process`` and ``multiprocessing`` imports, forks, each
worker importing the model and the rules) and only gains while the second core
is free. Measured on 2 cores with other jobs running (``benchmarks/bench_check.py``):
the fastmcp 4.2.3 tree (549 KB of candidates) 188 ms sequential vs 245-252 ms
pooled; stdlib slices in one process, modules preloaded: 1 MB 168-187 vs
115-231 ms, 2 MB 330-369 vs 223-407 ms, 4 MB 505-630 vs 419-455 ms."""


@dataclass(frozen=True)
class RunOptions:
    """What every file is checked with (picklable: sent to worker processes).

    ``layers``: rule selection (``selection.Layer``, config then command line);
    ``per_file_ignores``: ``(pattern, selectors)`` pairs, patterns relative to ``root``.
    """

    layers: tuple[Layer, ...] = ()
    settings: RuleSettings = field(default_factory=RuleSettings)
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    root: str = "."

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


@dataclass
class FileResult:
    """The outcome for one file: its diagnostics, its decoded rows when it has any
    (for ``full`` output), and an internal error message if a rule crashed."""

    filename: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    lines: list[str] | None = None
    error: str | None = None


def _ignored_codes(filename: str, options: RunOptions) -> list[str]:
    """The selectors ``per-file-ignores`` applies to ``filename``, with ruff's glob
    semantics and ``!`` negation (``elicit_lint.workspace.globs``)."""
    if not options.per_file_ignores:
        return []
    from ..workspace.globs import per_file_applies

    out: list[str] = []
    for pattern, selectors in options.per_file_ignores:
        if per_file_applies(pattern, filename, options.root):
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
        )
    except Exception as exc:  # noqa: BLE001 - a bug in a rule must not stop the run
        result.error = f"{type(exc).__name__}: {exc}"
        return result
    ignored = _ignored_codes(filename, options)
    if ignored:
        found = [d for d in found if not code_matches_any(d.code, ignored)]
    found = filter_suppressed(found, decoded.text)
    if found:
        result.diagnostics = found
        result.lines = decoded.lines
    return result


def check_file(filename: str, options: RunOptions) -> FileResult | None:
    """Read, prefilter and check one file; ``None`` when the prefilter rules it out."""
    from ..analysis.prefilter import may_produce_diagnostics
    from ..core import source as src

    try:
        data = src.read_bytes(filename)
    except src.SourceError as exc:
        return FileResult(filename, [src.io_error(filename, exc.message)])
    if not may_produce_diagnostics(data):
        return None
    return check_source(filename, data, options)


def _check_many(args: tuple[str, bytes, RunOptions]) -> FileResult:
    return check_source(*args)


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
        gc.set_threshold(*old)
        gc.unfreeze()


def check_files(
    files: Sequence[str],
    options: RunOptions | Callable[[str], RunOptions],
    jobs: int | None = None,
) -> list[FileResult]:
    """Check ``files``; results (only files with diagnostics or errors) in file order.

    ``options``: one :class:`RunOptions` for all, or a function giving each file's
    (:func:`options_of`).

    ``jobs``: worker processes (default: CPU count); 1 disables the pool.
    """
    with _few_collections():
        return _check_files(files, options, jobs)


def _check_files(files: Sequence[str], options, jobs: int | None) -> list[FileResult]:
    from ..analysis.prefilter import may_produce_diagnostics
    from ..core import source as src

    results: list[FileResult] = []
    candidates: list[tuple[str, bytes, RunOptions]] = []
    for filename in files:
        try:
            data = src.read_bytes(filename)
        except src.SourceError as exc:
            results.append(FileResult(filename, [src.io_error(filename, exc.message)]))
            continue
        if may_produce_diagnostics(data):
            candidates.append((filename, data, options_of(options, filename)))
    jobs = jobs or os.cpu_count() or 1
    size = sum(len(c[1]) for c in candidates)
    if jobs > 1 and len(candidates) > 1 and FORK_THRESHOLD <= size < PARALLEL_THRESHOLD and _can_fork():
        checked = _check_split(candidates)
    elif jobs > 1 and len(candidates) > 1 and size >= PARALLEL_THRESHOLD:
        from concurrent.futures import ProcessPoolExecutor

        # largest first, one file per task: keeps workers evenly loaded
        candidates.sort(key=lambda c: -len(c[1]))
        workers = min(jobs, len(candidates))
        with ProcessPoolExecutor(max_workers=workers) as pool:
            checked = list(pool.map(_check_many, candidates, chunksize=1))
    else:
        checked = [check_source(*c) for c in candidates]
    results.extend(r for r in checked if r.diagnostics or r.error)
    results.sort(key=lambda r: r.filename)
    return results


FORK_THRESHOLD = 256_000
"""Bytes of candidate source from which, below :data:`PARALLEL_THRESHOLD`, half of
the files are checked in one forked child while this process checks the other
half (:func:`_check_split`): a fork costs about 2 ms where a process pool costs
50-65 ms, so two cores pay off from a few hundred KB (fastmcp 4.2.3, 549 KB of
candidates: see the commit that added it for the measurements)."""


def _can_fork() -> bool:
    """``os.fork`` without the hazards: Linux, and no other thread running (a fork
    of a multi-threaded process can deadlock in the child)."""
    if not hasattr(os, "fork") or not sys.platform.startswith("linux"):
        return False
    threading = sys.modules.get("threading")
    return threading is None or threading.active_count() == 1


SITE_COST = 2_500
"""Bytes of source that take as long to check as one ``.elicit(`` call (MCP001
plans each with the codemod's planner): on fastmcp 4.2.3 a file costs about
0.2 ms per KB plus 0.5 ms per call, so halving by bytes alone left one process
~90 ms of work and the other ~67 (``tests/client/test_elicitation.py``: 31 KB,
25 calls, 20 ms)."""


def _cost(data: bytes) -> int:
    """The estimated checking cost of a file, in bytes (see :data:`SITE_COST`)."""
    return len(data) + SITE_COST * data.count(b".elicit(")


def _check_split(candidates: list[tuple[str, bytes, RunOptions]]) -> list[FileResult]:
    """Check ``candidates`` here and in one forked child, about half the work each
    (bytes, and the calls MCP001 plans: :func:`_cost`).

    The child sends its results (only files with diagnostics or an error) back
    through a pipe, pickled, and leaves with ``os._exit`` (no buffers flushed
    twice, no ``atexit``). Results do not depend on who checked a file; if the
    child fails in any way, this process checks its half too.
    """
    import pickle

    from ..analysis.prefilter import may_have_imperative_site
    from ..rules import ALL_RULES  # noqa: F401
    from .linter import analyse  # noqa: F401  (imported once, before the fork)
    from .noqa import filter_suppressed  # noqa: F401  (check_source's; 3 ms in each process otherwise)

    if any(c[2].enabled("MCP001") and may_have_imperative_site(c[1]) for c in candidates):
        # MCP001 asks the codemod's planner about every site: load it once here
        # rather than in both processes (about 10 ms each on a cold start)
        from ..analysis import plan  # noqa: F401

    mine: list[tuple[str, bytes, RunOptions]] = []
    theirs: list[tuple[str, bytes, RunOptions]] = []
    size_mine = size_theirs = 0
    for weight, c in sorted(((_cost(c[1]), c) for c in candidates), key=lambda wc: -wc[0]):
        if size_mine <= size_theirs:  # heaviest first, into the lighter half
            mine.append(c)
            size_mine += weight
        else:
            theirs.append(c)
            size_theirs += weight
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        status = 1
        try:
            os.close(read_end)
            found = [r for r in (check_source(*c) for c in theirs) if r.diagnostics or r.error]
            with os.fdopen(write_end, "wb") as out:
                out.write(pickle.dumps((len(theirs), found), pickle.HIGHEST_PROTOCOL))
            status = 0
        finally:
            os._exit(status)
    os.close(write_end)
    checked = [check_source(*c) for c in mine]
    with os.fdopen(read_end, "rb") as inp:
        payload = inp.read()
    _, status = os.waitpid(pid, 0)
    try:
        count, found = pickle.loads(payload) if status == 0 else (-1, [])
    except Exception:  # noqa: BLE001 - a truncated or corrupt payload: unpickling "can raise
        # other exceptions including (but not necessarily limited to) AttributeError,
        # EOFError, ImportError, and IndexError" (Python docs, pickle.UnpicklingError)
        count, found = -1, []
    if count != len(theirs):
        found = [check_source(*c) for c in theirs]
    return checked + found
