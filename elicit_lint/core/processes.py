"""Worker processes that do not outlive the run that started them.

A process-pool worker of ``elicit-migrate`` writes files. When the main process
is killed (SIGKILL: no clean-up runs), its workers must not go on writing:

- on Linux each worker asks the kernel for SIGKILL when its parent dies
  (``prctl(PR_SET_PDEATHSIG)``, prctl(2); called through ``ctypes`` on libc);
- everywhere, :func:`orphaned` tells whether the parent that started the
  worker is gone (``os.getppid()`` changes when a process is re-parented), and
  :func:`elicit_lint.core.writes.write_atomic` asks it before every rename.

Standard library only.
"""

from __future__ import annotations

import os
import signal
import sys

PR_SET_PDEATHSIG = 1
"""``<linux/prctl.h>``: the signal a process gets when its parent thread exits."""

_parent: int | None = None
"""The pid of the process that started this worker (set by :func:`die_with_parent`)."""


def die_with_parent(parent: int) -> None:
    """Pool initializer: end this worker when process ``parent`` dies.

    Records ``parent`` for :func:`orphaned`; on Linux also sets
    ``PR_SET_PDEATHSIG`` to SIGKILL, then exits at once if ``parent`` already died
    before the call (the race prctl(2) documents). The kernel sends the signal
    when the *thread* that forked the worker exits: ``concurrent.futures``
    forks its workers from the caller's thread, here the main thread, whose end
    is the process's. Never raises: without prctl, :func:`orphaned` remains.
    """
    global _parent
    _parent = parent
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):
            pass
    if orphaned():
        os._exit(1)


def orphaned() -> bool:
    """Whether this is a worker whose parent (:func:`die_with_parent`) is gone."""
    return _parent is not None and os.getppid() != _parent
