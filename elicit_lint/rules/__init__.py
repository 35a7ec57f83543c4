"""The rules, one module each (docs/architecture.md "Adding a rule").

``ALL_RULES`` is what :func:`elicit_lint.checker.linter.analyse` runs;
``PREFILTER_PATTERN`` is the byte regex the prefilter uses to skip files in which
no rule can fire (a test checks every rule's invalid examples match it).

The rule modules (and the model they import) load on first use of ``ALL_RULES``,
``RULES_BY_CODE`` or ``Rule`` (PEP 562 ``__getattr__``): the prefilter reads
``PREFILTER_PATTERN`` from here on every run, and a run in which no file passes
it never needs the rules (about 20 ms of imports saved on a clean file).
"""

from __future__ import annotations

PREFILTER_PATTERN: bytes = (
    rb"\.(?>\s|\\|#[^\n]*)*+elicit\b|\bElicit\b|\b_elicit_resolution\b"
    rb"|\bResolve\b(?=(?s:.)*mcpserver)|mcpserver(?s:.)*\bResolve\b"
)
"""A file can only produce a diagnostic when it matches.

- MCP001/MCP002/MCP015/MCP016/MCP021 need a call ``<expr>.elicit(...)``: an attribute ``elicit``, i.e. a
  ``.`` followed by the word ``elicit`` with only whitespace, line continuations
  and (inside brackets) comments between them;
- MCP003–MCP012 and MCP019 need a name that resolves to the ``Elicit`` marker
  (``elicit_lint.runtime.Elicit`` / ``fastmcp.elicitation.Elicit``): every import
  that binds it, and every use after a star import, spells the word ``Elicit``.
  ``InputRequiredResult`` (MCP005) only matters in a function that also has an
  ``Elicit`` marker, so it is not needed here.
- MCP018 needs the private module's name, ``_elicit_resolution``, in an import.
- MCP013/MCP014 need an SDK ``Resolve(fn)`` marker: the word ``Resolve`` (a
  ``Sample``/``ListRoots`` resolver's file may not spell ``Elicit`` at all) and,
  before or after it, ``mcpserver``: every binding of ``mcp.server.mcpserver.Resolve``
  spells the module (``from mcp.server.mcpserver import Resolve``, ``import
  mcp.server.mcpserver as s``, ``from mcp.server import mcpserver``, a star import);
  a relative import never resolves to it. Without it, the 37 files of the fastmcp
  4.2.3 tree that say "Resolve" only in a docstring or comment were parsed and
  modelled for nothing (23 -> 60 candidates, about +120 ms).

Known blind spot (shared with any byte-level filter): a name spelled through a
string annotation with escape sequences (``"\\x45licit(...)"``) after a star import."""

PREFILTER_WORDS: tuple[bytes, ...] = (b"elicit", b"Elicit", b"Resolve")
"""Every match of :data:`PREFILTER_PATTERN` contains one of these words; the
prefilter tests for them with a fast substring search before running the regex."""

_LAZY = ("ALL_RULES", "RULES_BY_CODE", "Rule")


def __getattr__(name: str) -> object:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from . import _registry

    for attr in _LAZY:
        globals()[attr] = getattr(_registry, attr)
    return globals()[name]


__all__ = ["ALL_RULES", "PREFILTER_PATTERN", "PREFILTER_WORDS", "RULES_BY_CODE", "Rule"]
