"""MCP006: an ``Elicit`` marker where it cannot be honoured."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..analysis.type_aliases import alias_value
from ..core import messages
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import Model, names
from ..model import annotation as ann
from .base import Rule
from .cases import Invalid, Valid


class MisplacedMarker(Rule):
    """## What it does
    Finds an `Elicit` marker the framework cannot honour: in a union arm other
    than `| None`, inside a container (`list[Annotated[...]]`) or nested inside
    another annotation.

    `Annotated[T, Elicit(...)] | None` and `Optional[Annotated[T, Elicit(...)]]`
    are fine: they mean the same as `Annotated[T | None, Elicit(...)]`.

    Also finds two or more `Elicit` markers on one parameter
    (`Annotated[str, Elicit("a"), Elicit("b")]`, or
    `Annotated[Annotated[str, Elicit("a")], Elicit("b")]`, which Python flattens
    into the same thing, as it does a module-level alias `Asked =
    Annotated[str, Elicit("a")]` in `Annotated[Asked, Elicit("b")]`): a
    parameter is asked one question, and which one to ask would be a guess.
    Such an alias deeper in the type (`Annotated[Asked | None, Elicit("b")]`)
    is a marker in a nested annotation.

    Also finds a marker that cannot be built: the class itself instead of a
    call (`Annotated[str, Elicit]`), `Elicit()` without a question, and
    `Elicit(123)` or any other literal that is neither a question (`str`) nor
    a resolver (callable), including `Elicit(Elicit("q"))`. These belong here
    rather than with MCP008 (a resolver *returning* `Elicit(<callable>)`, which
    fails when the tool runs): like a misplaced marker they sit in the
    annotation and fail before any call, at import.

    ## Why is this bad?
    The engine looks for the marker at the top level of the parameter's
    annotation. Anywhere else it is inert metadata: the parameter would be
    supplied by the model instead of asked, so `@declared_elicitation` rejects
    the tool with a `TypeError` (this same message) at import. It rejects a
    parameter with two markers the same way.

    A marker that cannot be built fails at import too: `Elicit(123)` raises
    `TypeError: Elicit() takes a question (str) or a resolver (callable), got
    int` (this same message) when the annotation is evaluated, `Elicit()` a
    `TypeError` for the missing argument, and with `Annotated[str, Elicit]`
    FastMCP 4.2.3 calls the class without an argument when it registers the
    tool, the same `TypeError`.
    """

    code = "MCP006"
    name = "misplaced-marker"
    invalid = (
        Invalid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit


async def tag(tags: list[Annotated[str, Elicit("Which tag?")]]) -> str:
    return ", ".join(tags)
''',
            message='`Elicit` marker of `tags` sits in a container, where it cannot be honoured',
            help='Put it at the top level: `Annotated[T, Elicit(...)]`',
            span=((6, 41), (6, 61)),
        ),
        '''
from typing import Annotated
from elicit_lint.runtime import Elicit

async def tag(tags: list[Annotated[str, Elicit("Which tag?")]]) -> str:
    return ", ".join(tags)
''',
        '''
from typing import Annotated
import elicit_lint.runtime as rt

async def pick(x: Annotated[int, rt.Elicit("Which number?")] | str) -> str:
    return str(x)
''',
        '''
from typing import Annotated
from elicit_lint.runtime import Elicit

async def pick(
    a: Annotated[str, Elicit],
    b: Annotated[str, Elicit()],
    c: Annotated[int, Elicit(123)],
    d: Annotated[str, Elicit(Elicit("Which?"))] | None = None,
) -> str:
    return str((a, b, c, d))
''',
        Invalid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit



async def paint(
    shade: Annotated[str, Elicit("Which shade?"), Elicit("How dark?")],
    wall: Annotated[Annotated[str, Elicit("Wall colour?")], Elicit("Which wall?")] | None = None,
) -> str:
    return shade + (wall or "")
''',
            message="Parameter `shade` has 2 `Elicit` markers",
            help="A parameter is asked one question: keep one `Elicit(...)`",
            span=((8, 51), (8, 70)),
            diagnostics=2,
        ),
    )
    valid = (
        Valid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit


async def tag(tags: Annotated[list[str], Elicit("Which tags?")]) -> str:
    return ", ".join(tags)
'''
        ),
        '''
from typing import Annotated, Optional
from elicit_lint.runtime import Elicit

async def pick(
    a: Annotated[int, Elicit("A?")] | None = None,
    b: Optional[Annotated[int, Elicit("B?")]] = None,
    c: Annotated[int | None, Elicit("C?")] = None,
) -> str:
    return str((a, b, c))
''',
        '''
from typing import Annotated
from elicit_lint.runtime import Elicit

async def book(
    destination: str,
    airport: str,
    confirm: Annotated[bool, Elicit(lambda destination, airport: Elicit(f"Book {destination}/{airport}?", response_type=bool))],
) -> str:
    return "Booked" if confirm else "Cancelled"
''',
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        found = []
        for param in model.elicited_parameters:
            for marker in param.markers:
                if marker.family == "resolve" and param.function.framework == names.FASTMCP_FRAMEWORK:
                    continue  # FastMCP ignores `Resolve` (MCP013)
                if marker.family == "resolve":
                    if marker.placement != "top":
                        found.append((marker.span, _sdk_message(param.name, param.function.name, marker.placement)))
                    continue
                if marker.family != "elicit":
                    continue
                if marker.bad_argument is not None:
                    found.append((marker.span, messages.marker_argument(marker.bad_argument)))
                if not marker.honoured:
                    found.append((marker.span, messages.marker_misplaced(param.name, marker.placement)))
            honoured = [m for m in param.markers if m.family == "elicit" and m.honoured]
            flattened, nested = _alias_markers(model, param, honoured)
            count = len(honoured) + flattened
            if count > 1:  # Python flattens nested `Annotated`: one level, several markers
                found.append(((honoured[1] if len(honoured) > 1 else honoured[0]).span, messages.duplicate_marker(param.name, count)))
            elif nested:
                found.append((honoured[0].span, messages.marker_misplaced(param.name, "a nested annotation")))
        for uncalled in model.uncalled_markers:
            found.append((uncalled.span, messages.marker_not_called(uncalled.name)))
        for span, message in sorted(found, key=lambda f: (f[0].start, f[0].end)):
            yield self.diagnostic(model, span, message)


def _alias_markers(model: Model, param, honoured: list) -> tuple[int, bool]:
    """``(flattened, nested)`` for the module-level ``Annotated`` aliases holding
    ``Elicit`` markers (``Asked = Annotated[int, Elicit("a")]``) inside the honoured
    markers' types: ``flattened`` counts the markers of an alias that is a marker's
    whole type (``Annotated[Asked, Elicit("b")]``: Python flattens it into one
    ``Annotated``), ``nested`` tells an alias deeper in the type (``Annotated[Asked |
    None, Elicit("b")]``), which the runtime refuses as a nested annotation."""
    scope = param.function.scope.parent or param.function.scope
    qualify = scope.qualified_name
    flattened, nested = 0, False
    seen: set[int] = set()
    for marker in honoured:
        if marker.type is None or id(marker.type) in seen:
            continue  # two markers of one `Annotated` share its type
        seen.add(id(marker.type))
        for node in ast.walk(marker.type):
            value = alias_value(model, node, scope) if isinstance(node, ast.Name) else None
            if value is None:
                continue
            found = [
                m for m in ast.walk(value) if isinstance(m, ast.Call) and qualify(m.func) == names.ELICIT
            ]
            parts = ann.annotated_parts(value, qualify)
            if node is marker.type and parts is not None and len(found) == len(parts[1]):
                flattened += len(found)
            elif found:
                nested = True
    return flattened, nested


def _sdk_message(parameter: str, tool: str, placement: str) -> str:
    """The SDK's words (mcp 2.3.0 ``resolve.py``, ``find_resolved_parameters``): a
    ``Resolve`` marker is honoured only at the top level of the annotation."""
    where = "a union" if placement in ("optional", "a union arm") else placement
    return (
        f"`Resolve` marker of `{parameter}` sits in {where}: `InvalidSignature` when `{tool}` "
        "is registered (\"wraps `Resolve(...)` in a union\"); annotate the parameter "
        "directly as `Annotated[T, Resolve(...)]` (`Annotated[T | None, Resolve(...)]` "
        "registers)"
    )
