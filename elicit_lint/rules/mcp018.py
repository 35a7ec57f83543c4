"""MCP018: an import from FastMCP's private ``fastmcp.server._elicit_resolution``."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import PurePath

from ..analysis.facts import Analysis
from ..core import messages
from ..core.diagnostic import Applicability, Diagnostic, Edit, Fix, Location
from ..core.settings import RuleSettings
from ..model import Model
from .base import Rule
from .cases import Invalid, Valid

PRIVATE = "fastmcp.server._elicit_resolution"
PUBLIC = "fastmcp.elicitation"
_FROM = re.compile(r"from\s+(" + re.escape(PRIVATE) + r")\b")


def _inside_fastmcp(filename: str) -> bool:
    """FastMCP's own package may import its private modules."""
    return "fastmcp" in PurePath(filename).parts[:-1]


class PrivateElicitImport(Rule):
    """## What it does
    Finds imports from `fastmcp.server._elicit_resolution`, the private module
    behind FastMCP's declared elicitation.

    ## Why is this bad?
    A FastMCP that ships declared parameters exposes them as
    `fastmcp.elicitation.Elicit`, a re-export of
    `fastmcp.server._elicit_resolution.Elicit`; the module docstring of
    `fastmcp.elicitation` calls itself "the stable import location" and says
    the implementation behind it "is expected to move into the `uncalled-for`
    dependency engine". Code importing the private module breaks when it
    moves. (Released FastMCP 4.2.3 ships neither module: code importing them
    targets a later FastMCP. The checker reads such `Elicit` markers like any
    other.)

    Files inside a `fastmcp` package directory (FastMCP itself) are not
    reported.

    ## Fix safety
    The fix rewrites `from fastmcp.server._elicit_resolution import Elicit`
    (aliases kept) to import from `fastmcp.elicitation` and is safe: the
    public name is the same object. It is offered only when `Elicit` is every
    name imported; the engine's other names (`NeedsInput`,
    `resolve_elicitations`, ...) have no public import, and
    `import fastmcp.server._elicit_resolution` is left for you to change.
    """

    code = "MCP018"
    name = "private-elicit-import"
    invalid = (
        Invalid(
            '''
from typing import Annotated

from fastmcp.server._elicit_resolution import Elicit


async def book(destination: Annotated[str, Elicit("Where to?")]) -> str:
    return destination
''',
            message='`fastmcp.server._elicit_resolution` is private to FastMCP and may change without notice',
            help='Import `Elicit` from `fastmcp.elicitation`',
            span=((3, 1), (3, 53)),
        ),
        '''
from __future__ import annotations
from typing import Annotated
from fastmcp.server._elicit_resolution import Elicit as Ask

async def book(destination: "Annotated[str, Ask('Where to?')]") -> str:
    return destination
''',
        '''
def helper():
    from fastmcp.server._elicit_resolution import NeedsInput, resolve_elicitations
    return NeedsInput, resolve_elicitations
''',
        '''
import fastmcp.server._elicit_resolution as engine
''',
        '''
from fastmcp.server import _elicit_resolution
''',
    )
    valid = (
        Valid(
            '''
from typing import Annotated

from fastmcp.elicitation import Elicit


async def book(destination: Annotated[str, Elicit("Where to?")]) -> str:
    return destination
'''
        ),
        '''
from typing import Annotated
from fastmcp.elicitation import Elicit

async def book(destination: Annotated[str, Elicit("Where to?")]) -> str:
    return destination
''',
        '''
from . import _elicit_resolution
from ._elicit_resolution import Elicit
PATH = "fastmcp.server._elicit_resolution"
''',
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        if "_elicit_resolution" not in model.source or _inside_fastmcp(model.filename):
            return
        for node in ast.walk(model.tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name == PRIVATE or alias.name.startswith(PRIVATE + "."):
                        yield self.diagnostic(model, model.span(alias), messages.private_elicit_module(PRIVATE, []))
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                if node.module == PRIVATE or (node.module or "").startswith(PRIVATE + "."):
                    names = [a.name for a in node.names]
                    message = messages.private_elicit_module(node.module, names)
                    yield self.diagnostic(model, model.span(node), message, self._fix(model, node, names))
                elif node.module == "fastmcp.server":
                    for alias in node.names:
                        if alias.name == "_elicit_resolution":
                            message = messages.private_elicit_module(PRIVATE, [])
                            yield self.diagnostic(model, model.span(alias), message)

    def _fix(self, model: Model, node: ast.ImportFrom, names: list[str]) -> Fix | None:
        if node.module != PRIVATE or any(name != "Elicit" for name in names):
            return None
        start = model.span(node).start
        line = model.lines.line(start.row)
        match = _FROM.match(line, start.column - 1)
        if match is None:
            return None
        edit = Edit(
            PUBLIC,
            Location(start.row, match.start(1) + 1),
            Location(start.row, match.end(1) + 1),
        )
        return Fix(f"Import from `{PUBLIC}`", (edit,), Applicability.SAFE)
