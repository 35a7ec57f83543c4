"""The flake8 plugin (entry point ``flake8.extension``: ``MCP = elicit_lint.checker.flake8_plugin:Plugin``).

flake8's plugin protocol (https://flake8.pycqa.org/en/latest/plugin-development/):
an AST plugin is a class whose ``__init__`` parameters are requested by name
(here ``tree``, ``lines``, ``filename``), with ``name`` and ``version``
attributes and a ``run()`` generator of ``(row, col0, "CODE message", type)``
where ``col0`` is 0-based. Options are registered in the classmethod
``add_options(option_manager)`` and read in ``parse_options(options)``; flake8
reads ``setup.cfg``/``tox.ini``/``.flake8`` only, never ``pyproject.toml``, so
``--mcp-max-rounds`` (or ``mcp-max-rounds =`` in flake8's config) is the plugin's
only setting. Its ``type=`` is a callable (flake8 passes it to argparse), so a
value below 1 is a usage error, exit 2, as ``elicit-lint check --max-rounds 0``
is; that holds for the config file too: flake8 reads an option whose type is not
``int`` as a string and sets it as the parser's default, and argparse converts a
string default with ``type`` (flake8 7, ``options/config.py`` and
``options/aggregator.py``; with ``type=int`` it would read ``0`` with
``getint`` and never call a check).

flake8 does selection (``--select MCP``) and ``# noqa`` itself, and reports a
file that does not parse as E999 without calling AST plugins, so this adapter
does neither. It must never raise: flake8 aborts the whole run when a plugin
does, so an internal error on a file (a bug, or a file the rules cannot take)
becomes one :data:`INTERNAL_ERROR` result at 1:1 for that file, the
``internal-error`` diagnostic of ``elicit-lint check`` under a code flake8
selects with ``MCP`` (flake8 takes only letters and digits as a code) - the
file's findings are missing, and flake8 exits 1 instead of passing it silently.
"""

from __future__ import annotations

import ast
import logging
import re
from collections.abc import Iterator
from typing import Any

from .. import __version__
from ..core.settings import (
    DEFAULT_MAX_ROUNDS,
    DEFAULT_RUNTIME_MODULE,
    RUNTIME_MODULES,
    RuleSettings,
)

LOG = logging.getLogger(__name__)

INTERNAL_ERROR = "MCP000"
"""The flake8 code of ``elicit-lint check``'s ``internal-error`` diagnostic."""


def _mixed_line_ends(source: str, filename: str) -> bool:
    """Whether the file mixes line-end styles (the codemod refuses it; MCP001 says so).

    flake8 reads files with universal newlines, so its ``lines`` show ``\\n``
    only: the raw bytes are read again here (this runs only for a file that
    passed the prefilter). Text from stdin is judged as given."""
    import os

    from ..core.source import mixed_line_ends, read_regular

    if "\r" in source or filename in ("-", "stdin") or not os.path.isfile(filename):
        return mixed_line_ends(source)
    try:
        return mixed_line_ends(read_regular(filename))  # never blocks on a FIFO
    except OSError:
        return False


def _may_produce_diagnostics(source: str) -> bool:
    """The checker's byte-level prefilter (``analysis.prefilter``) on flake8's decoded
    text, encoded as UTF-8: the pattern's words and constructs are ASCII, and an
    ASCII byte means the same in any encoding Python source may declare, so the
    plugin and ``elicit-lint check`` pass the same files (and the plugin keeps the
    word stage's substring scans instead of a ``str`` regex over every file).
    ``surrogatepass`` so that no text, however it was decoded, makes it raise."""
    from ..analysis.prefilter import may_produce_diagnostics

    return may_produce_diagnostics(source.encode("utf-8", "surrogatepass"))


class Plugin:
    """flake8 AST plugin running elicit-lint's rules on flake8's own tree."""

    name = "elicit-lint"
    version = __version__
    max_rounds = DEFAULT_MAX_ROUNDS
    runtime_module = DEFAULT_RUNTIME_MODULE

    def __init__(self, tree: ast.AST, lines: list[str], filename: str):
        self.tree = tree
        self.lines = lines
        self.filename = filename

    @classmethod
    def add_options(cls, option_manager: Any) -> None:
        """Register ``--mcp-max-rounds`` and ``--mcp-runtime-module`` with flake8's
        option manager."""
        from ..core.settings import positive_int

        option_manager.add_option(
            "--mcp-max-rounds",
            type=positive_int,
            default=DEFAULT_MAX_ROUNDS,
            parse_from_config=True,
            help="most elicitation rounds a client allows (MCP010; default: %(default)s)",
        )
        option_manager.add_option(
            "--mcp-runtime-module",
            choices=RUNTIME_MODULES,
            default=DEFAULT_RUNTIME_MODULE,
            parse_from_config=True,
            help="elicit-migrate's --target, which MCP001/MCP013 verdicts assume "
            "(default: %(default)s)",
        )

    @classmethod
    def parse_options(cls, options: Any) -> None:
        """Read the parsed ``--mcp-max-rounds`` and ``--mcp-runtime-module``."""
        value = getattr(options, "mcp_max_rounds", None)
        if isinstance(value, int) and value >= 1:
            cls.max_rounds = value
        module = getattr(options, "mcp_runtime_module", None)
        if module in RUNTIME_MODULES:
            cls.runtime_module = module

    def run(self) -> Iterator[tuple[int, int, str, type]]:
        """Yield flake8 results; never raises."""
        try:
            source = "".join(self.lines)
            if not _may_produce_diagnostics(source):
                return
            mixed = _mixed_line_ends(source, self.filename)
            if "\r" in source:
                source = re.sub(r"\r\n?", "\n", source)
            if not isinstance(self.tree, ast.Module):
                return
            from .linter import analyse

            found = analyse(
                self.tree,
                source,
                self.filename,
                RuleSettings(max_rounds=self.max_rounds, runtime_module=self.runtime_module),
                mixed_line_ends=mixed,
            )
            results = [
                (d.location.row, max(d.location.column - 1, 0), f"{d.code} {d.message}", type(self))
                for d in found
            ]
        except Exception as exc:  # flake8 aborts the whole run when a plugin raises
            LOG.debug("elicit-lint: internal error", exc_info=True)
            detail = str(exc).splitlines()[0] if str(exc) else ""
            message = (
                f"{INTERNAL_ERROR} internal-error: elicit-lint could not analyse this file "
                f"({type(exc).__name__}{': ' + detail if detail else ''}); its findings are missing"
            )
            results = [(1, 0, message, type(self))]
        yield from results
