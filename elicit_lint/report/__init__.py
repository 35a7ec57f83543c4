"""Output formats of ``elicit-lint check``: one module per format.

Every writer has the signature ``write(results, stream)`` where ``results`` is
the list of :class:`elicit_lint.checker.runner.FileResult` with diagnostics, in file
order; ``concise`` and ``full`` also take ``fixable`` (a predicate on a
diagnostic: mark it ``[*]``, as ruff marks a fix ``--fix`` would apply). Formats follow ruff's where ruff has them (``concise``, ``full``,
``json``, ``github``, ``sarif``).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

TYPE_CHECKING = False  # ``typing`` is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import TextIO

FORMATS = ("concise", "full", "json", "github", "sarif")

_MODULES = {
    "concise": "concise",
    "full": "full",
    "json": "json_output",
    "github": "github",
    "sarif": "sarif",
}


def writer(name: str) -> Callable[[list, TextIO], None]:
    """The ``write(results, stream)`` function of format ``name`` (one of :data:`FORMATS`)."""
    return import_module(f"{__name__}.{_MODULES[name]}").write


def is_rule_code(code: str) -> bool:
    """``MCP001``-style codes (``False`` for ``invalid-syntax`` / ``io-error``)."""
    return code.startswith("MCP")


def headline(diagnostic, filename: str, fixable: bool = False) -> str:
    """``path:row:col: CODE message`` (ruff's concise line; ``invalid-syntax: message``
    for the non-rule codes, as ruff prints them). ``fixable``: ruff's ``[*]`` mark
    after the code, ``path:row:col: CODE [*] message`` (``report.summary``)."""
    d = diagnostic
    sep = (" [*] " if fixable else " ") if is_rule_code(d.code) else ": "
    return f"{filename}:{d.location.row}:{d.location.column}: {d.code}{sep}{d.message}"
