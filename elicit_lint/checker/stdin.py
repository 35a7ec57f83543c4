"""``elicit-lint check -`` / ``--stdin-filename NAME``: check source read from stdin.

ruff's behaviour (ruff 0.17.6, run here): stdin is read when the only path is
``-``, or when ``--stdin-filename`` is given without paths; the name shown is
``--stdin-filename``'s, else ``-``; the configuration is that name's (its nearest
``[tool.elicit-lint]``, as for a file there), and with ``--force-exclude`` an
excluded name gives no findings. With ``--fix`` the fixed source goes to stdout
(unchanged when nothing applies) and the findings to stderr, since stdout holds
the source; ``--show-fixes`` lists the fixes there too, under the shown name.
A ``-`` among other paths is a file name, as in ruff.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # ``typing`` is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from collections import Counter
    from typing import BinaryIO


def stdin_name(paths: list[str], stdin_filename: str | None) -> str | None:
    """The name to check stdin under, or ``None`` when the paths are to be checked."""
    if paths == ["-"]:
        return stdin_filename or "-"
    if stdin_filename is not None and not paths:
        return stdin_filename
    return None


def check_stdin(
    name: str,
    options,
    *,
    fix: bool = False,
    unsafe: bool = False,
    excluded: bool = False,
    stdin: BinaryIO | None = None,
    stdout: BinaryIO | None = None,
    codes: Counter | None = None,
) -> tuple[list, int]:
    """Check (and with ``fix``, fix and echo) stdin's bytes as file ``name``.

    Returns ``(results, fixes applied)``: the :class:`elicit_lint.checker.runner.FileResult`
    list with at most one entry (diagnostics or an internal error). ``codes``,
    when given, counts the fixes applied by ``(code, name)`` (``--show-fixes``
    lists them under ``name``, as ruff does for stdin).
    """
    from ..analysis.prefilter import may_produce_diagnostics
    from .runner import check_source

    data = (stdin or sys.stdin.buffer).read()
    fixed = 0
    if fix:
        if not excluded and may_produce_diagnostics(data):
            from .fixes import fix_bytes

            data, fixed = fix_bytes(name, data, options, unsafe, codes)
        sys.stdout.flush()
        out = stdout or sys.stdout.buffer
        out.write(data)
        out.flush()
    if excluded or not may_produce_diagnostics(data):
        return [], fixed
    result = check_source(name, data, options)
    if getattr(options, "fixes", None) is not None:
        from .fixes import settle

        result.diagnostics = settle(result.diagnostics, options.fixes)
    return ([result] if result.diagnostics or result.error else []), fixed
