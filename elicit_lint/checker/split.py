"""The candidates of a run checked by this process and forked children, from one queue.

``ast`` work is CPU-bound and holds the GIL, so a second core needs a second
process. From :data:`FORK_THRESHOLD` bytes of candidates, :func:`check_split`
forks ``parts - 1`` children (about 2 ms each; the process pool this replaced
cost 50-65 ms: ``concurrent.futures`` and ``multiprocessing`` imports, and
pickling every file's bytes to a worker). The candidates are queued heaviest
first (:func:`cost`) in a pipe written before the fork; every process takes the
next item when it is free, so a process that the machine's other load slows
down simply takes fewer (a fixed split left the parent waiting for the slower
share, or the child for the parent's). Results do not depend on who checked a
file.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence

FORK_THRESHOLD = 256_000
"""Bytes of candidate source from which the files are split between this process
and forked children: a fork costs about 2 ms, so a second core pays off from a
few hundred KB of candidates, and the same split serves any size above."""

SITE_COST = 2_500
"""Bytes of source that take as long to check as one ``.elicit(`` call (MCP001
plans each with the codemod's planner): on fastmcp 4.2.3 a file costs about
0.2 ms per KB plus 0.5 ms per call (``tests/client/test_elicitation.py``: 31 KB,
25 calls, 20 ms)."""

_RECORD = 4
"""Bytes of one queue item (a big-endian index into the run's queue order). A
read of this size from a pipe is atomic on Linux (the pipe's lock is held for
the copy), and every item is written before any process reads."""

_MAX_ITEMS = 1024
"""At most this many items in the queue (4 KB, ``PIPE_BUF``: one atomic write
that never fills the pipe); above it an item is a run of neighbouring files."""

SCREEN_FILES = 200
"""Files from which a run without a results cache reads and prefilters them here
and in one forked helper (:func:`screen_split`): reading and screening a file
costs about 0.1 ms, a fork about 2 ms."""

_SCREEN_RUN = 16
"""Files in one item of :func:`screen_split`'s queue (at least)."""


def can_fork() -> bool:
    """``os.fork`` without the hazards: Linux, and no other thread running (a fork
    of a multi-threaded process can deadlock in the child)."""
    if not hasattr(os, "fork") or not sys.platform.startswith("linux"):
        return False
    threading = sys.modules.get("threading")
    return threading is None or threading.active_count() == 1


def cost(data: bytes) -> int:
    """The estimated checking cost of a file, in bytes (see :data:`SITE_COST`)."""
    return len(data) + SITE_COST * data.count(b".elicit(")


def worth_splitting(sizes: int, jobs: int) -> bool:
    """Whether ``sizes`` bytes of candidates are split over ``jobs`` processes."""
    return jobs > 1 and sizes >= FORK_THRESHOLD and can_fork()


def preload(candidates: Sequence[tuple]) -> None:
    """Import, once before the fork, what checking ``candidates`` imports in every
    process otherwise: the rules, the linter, ``noqa`` and, when MCP001 runs over
    an imperative site, the codemod's planner with the parts it loads on demand
    (helpers inlined, the SDK planner)."""
    from ..analysis.prefilter import may_have_imperative_site
    from ..core import depth  # noqa: F401  (the linter's; loaded by its first file)
    from ..rules import ALL_RULES  # noqa: F401
    from .linter import analyse  # noqa: F401
    from .noqa import filter_suppressed  # noqa: F401  (check_source's; 3 ms in each process otherwise)

    if any(c[2].enabled("MCP001") and may_have_imperative_site(c[1]) for c in candidates):
        # MCP001 asks the codemod's planner about every site: load it once here
        # rather than in every process (about 10 ms each on a cold start), with
        # the parts the planner loads at its first site (the SDK's asks, libcst's
        # limits) and, for a run with a project index, the index's scanner and
        # the part of the index every question needs
        from ..analysis import cst_limits, inline_plan, plan, sdk, sdk_ask  # noqa: F401

        projects = {id(c[2].project): c[2].project for c in candidates if c[2].project is not None}
        for project in projects.values():
            # what every cross-module question needs, built once here and shared
            # by the forked processes (each built its own before)
            project.prepare()


def screen_split(files: Sequence[str], screen: Callable[[str], object]) -> dict[int, object]:
    """``{i: screen(files[i])}`` for every file whose ``screen`` is not ``None``,
    computed here and in one forked child (the run's reading and prefilter, before
    the candidates are known: :func:`check_split` forks again for them, after
    :func:`preload`, so that the child needs no import of its own).

    Both processes take runs of :data:`_SCREEN_RUN` files from one queue written
    before the fork (as :func:`check_split`'s); the child sends its values back
    with ``marshal`` (so ``screen`` returns ``None``, ``bytes`` or ``str``) and
    leaves with ``os._exit``. If the fork or the child fails in any way, this
    process screens every run no process reported: time, never results.
    """
    import marshal

    step = max(_SCREEN_RUN, -(-len(files) // _MAX_ITEMS))
    starts = range(0, len(files), step)
    queue_read, queue_write = os.pipe()
    os.write(queue_write, b"".join(i.to_bytes(_RECORD, "big") for i in range(len(starts))))
    os.close(queue_write)

    def work() -> tuple[list[int], dict[int, object]]:
        done: list[int] = []
        found: dict[int, object] = {}
        while len(record := os.read(queue_read, _RECORD)) == _RECORD:
            k = int.from_bytes(record, "big")
            for i in range(starts[k], min(starts[k] + step, len(files))):
                value = screen(files[i])
                if value is not None:
                    found[i] = value
            done.append(k)
        return done, found

    read_end, write_end = os.pipe()
    try:
        try:
            pid = os.fork()
        except OSError:
            pid = None
        if pid == 0:  # the child
            status = 1
            try:
                os.close(read_end)
                payload = marshal.dumps(work())
                with os.fdopen(write_end, "wb") as out:
                    out.write(payload)
                status = 0
            finally:
                os._exit(status)
        os.close(write_end)
        done, found = work()
    finally:
        os.close(queue_read)
    with os.fdopen(read_end, "rb") as inp:
        payload = inp.read()
    theirs: Sequence[int] = ()
    if pid is not None:
        _, status = os.waitpid(pid, 0)
        try:
            theirs, their_found = marshal.loads(payload) if status == 0 else ((), {})
            found.update(their_found)
        except Exception:  # noqa: BLE001 - a truncated payload (EOFError, ValueError, TypeError)
            theirs = ()
    missing = set(range(len(starts))).difference(done, theirs)
    for k in sorted(missing):
        for i in range(starts[k], min(starts[k] + step, len(files))):
            value = screen(files[i])
            if value is not None:
                found[i] = value
    return found


def check_split(candidates: Sequence[tuple], check: Callable, parts: int = 2) -> list:
    """``check(*c)`` for every candidate ``c`` (``(filename, data, options)``), here
    and in ``parts - 1`` forked children taking items from one queue (see the
    module docstring).

    Returns this process's results (every file it checked) and the children's
    (only files with diagnostics or an error, as ``FileResult.diagnostics`` and
    ``.error`` say). Each child sends the indices it checked and its results
    through a pipe, pickled, and leaves with ``os._exit`` (no buffers flushed
    twice, no ``atexit``). If a child fails in any way, this process checks
    every item no process reported.
    """
    import pickle

    preload(candidates)
    order = sorted(range(len(candidates)), key=lambda i: -cost(candidates[i][1]))
    step = -(-len(order) // _MAX_ITEMS)
    items = [order[i : i + step] for i in range(0, len(order), step)]
    queue_read, queue_write = os.pipe()
    os.write(queue_write, b"".join(i.to_bytes(_RECORD, "big") for i in range(len(items))))
    os.close(queue_write)  # an empty queue reads as the end, in every process

    def work() -> tuple[list[int], list]:
        done: list[int] = []
        results = []
        while len(record := os.read(queue_read, _RECORD)) == _RECORD:
            for i in items[int.from_bytes(record, "big")]:
                results.append(check(*candidates[i]))
                done.append(i)
        return done, results

    children = []
    try:
        for _ in range(parts - 1):
            read_end, write_end = os.pipe()
            pid = os.fork()
            if pid == 0:  # a child
                status = 1
                try:
                    os.close(read_end)
                    done, results = work()
                    # a result that read other files goes back too: it is never cached
                    found = [
                        r for r in results
                        if r.diagnostics or r.error or getattr(r, "depends", False)
                    ]
                    with os.fdopen(write_end, "wb") as out:
                        out.write(pickle.dumps((done, found), pickle.HIGHEST_PROTOCOL))
                    status = 0
                finally:
                    os._exit(status)
            os.close(write_end)
            children.append((pid, read_end))
        done, checked = work()
    finally:
        os.close(queue_read)
    checked_here = set(done)
    for pid, read_end in children:
        with os.fdopen(read_end, "rb") as inp:
            payload = inp.read()
        _, status = os.waitpid(pid, 0)
        try:
            theirs, found = pickle.loads(payload) if status == 0 else ((), [])
        except Exception:  # noqa: BLE001 - a truncated or corrupt payload: unpickling "can raise
            # other exceptions including (but not necessarily limited to) AttributeError,
            # EOFError, ImportError, and IndexError" (Python docs, pickle.UnpicklingError)
            theirs, found = (), []
        checked += found
        checked_here.update(theirs)
    checked += [check(*candidates[i]) for i in order if i not in checked_here]
    return checked
