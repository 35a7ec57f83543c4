"""Running a syntax walk where CPython's nesting limit, not the recursion limit, bounds it.

CPython's parser accepts expressions nested about 3,000 levels deep (a union of
~3,000 arms, ~3,000 nested ``lambda``\\ s or unary operators, an ``elif`` chain of
~3,000 branches), while a recursive walk (``ast.unparse``, ``ast.literal_eval``,
a recursive helper) takes one or more frames per level and stops at Python's
default recursion limit of 1,000. The model's own walks are iterative
(docs/architecture.md "Data flow: `elicit-lint check`"); :func:`deep` is the
guard around everything else: a call that meets a ``RecursionError`` is run again
in a thread with a large stack and a recursion limit to match, so a deeply
nested file is analysed in full instead of being an internal error.
Standard library only (layer 0).
"""

from __future__ import annotations

import _thread
import sys
from collections.abc import Callable

TYPE_CHECKING = False  # ``typing`` and ``threading`` are not imported on the check path
if TYPE_CHECKING:
    from typing import TypeVar

    T = TypeVar("T")

STACK_BYTES = 512 << 20
"""Stack of the retrying thread (address space; touched only as deep as the walk
goes): ~170 KB per level of the deepest nesting CPython's parser accepts."""

RECURSION_LIMIT = 200_000
"""Recursion limit while the retry runs: about 60 frames per nesting level,
well under :data:`STACK_BYTES` at CPython 3.11's frame sizes."""

_lock = _thread.allocate_lock()


def recursion_in(exc: BaseException | None) -> bool:
    """Whether ``exc`` is a ``RecursionError`` or was raised while handling one
    (libcst turns a ``RecursionError`` in its visitors into a ``KeyError`` of its
    position bookkeeping; the original is the ``__context__``)."""
    seen = 0
    while exc is not None and seen < 50:
        if isinstance(exc, RecursionError):
            return True
        exc = exc.__cause__ or exc.__context__
        seen += 1
    return False


def deep(fn: Callable[..., T], *args, **kwargs) -> T:
    """``fn(*args, **kwargs)``; when that raises a ``RecursionError`` (or an
    exception caused while handling one, :func:`recursion_in`), the call is made
    once more in a thread with :data:`STACK_BYTES` of stack and
    :data:`RECURSION_LIMIT`. Returns its result or raises what the retry raised.
    ``fn`` must be safe to call twice (a pure function, or one whose partial
    work is discarded)."""
    try:
        return fn(*args, **kwargs)
    except Exception as exc:  # only a recursion failure is retried
        if not recursion_in(exc):
            raise
    return in_deep_thread(fn, *args, **kwargs)


def in_deep_thread(fn: Callable[..., T], *args, **kwargs) -> T:
    """``fn(*args, **kwargs)`` run in a thread with a large stack (see :func:`deep`)."""
    return _in_thread(fn, args, kwargs, RECURSION_LIMIT)


def on_fresh_stack(fn: Callable[..., T], *args, **kwargs) -> T:
    """``fn(*args, **kwargs)`` run at the bottom of a new thread's stack, with the
    recursion limit unchanged: ``ast.parse`` then accepts exactly the nesting a
    fresh interpreter accepts (CPython 3.11 bounds its AST construction by the
    recursion limit *minus the frames already in use*, so a caller deep in a
    stack, such as a test runner's, sees a smaller limit)."""
    return _in_thread(fn, args, kwargs, None)


def _in_thread(fn, args, kwargs, limit: int | None):
    import threading  # only for a retry (its import is most of this module's cost)

    out: list = []

    def run() -> None:
        try:
            out.append((True, fn(*args, **kwargs)))
        except BaseException as exc:  # noqa: BLE001 - re-raised in the caller's thread
            out.append((False, exc))

    with _lock:  # the stack size and recursion limit are process-wide settings
        previous_limit = sys.getrecursionlimit()
        previous_stack = threading.stack_size()
        try:
            threading.stack_size(STACK_BYTES)
            worker = threading.Thread(target=run, name="elicit-lint-deep")
        finally:
            threading.stack_size(previous_stack)
        sys.setrecursionlimit(max(previous_limit, limit or previous_limit))
        try:
            worker.start()
            worker.join()
        finally:
            sys.setrecursionlimit(previous_limit)
    ok, value = out[0]
    if ok:
        return value
    raise value
