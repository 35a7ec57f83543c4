"""MCP019: runtime ``Elicit`` markers on a tool without ``@declared_elicitation``."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..analysis.run_classes import marker_alias
from ..analysis.runtime_markers import RUNTIME, has_declared_elicitation, runtime_marker
from ..core import messages
from ..core.diagnostic import Applicability, Diagnostic, Edit, Fix, Location
from ..core.isort import member_key
from ..core.settings import RuleSettings
from ..model import ElicitedParameter, Function, Model
from ..model.fallbacks import in_effect
from ..model.names import DECLARED_ELICITATION
from ..model.servers import MCPSERVER
from ..model.uses import exported_names, other_uses
from ._imports import (
    bound_anywhere,
    indentation,
    line_end,
    starts_line,
)
from .base import Rule
from .cases import Invalid, Valid

CALLERS = "direct_callers"
"""``Diagnostic.extra`` key naming the function whose callers outside the run the
checker looks for (``elicit_lint.checker.fixes.CALLERS``)."""
DECORATOR_NAME = "declared_elicitation"
_DECORATOR_FORMS = ("decorator", "decorator-call", "function-decorator")


class MissingDeclaredElicitation(Rule):
    """## What it does
    Finds a registered tool, prompt or resource with `Annotated[T, Elicit(...)]`
    parameters, `Elicit` imported from `elicit_lint.runtime`, that lacks
    `@declared_elicitation` (the runtime serves declared parameters in prompts
    and resources too, through the same decorator). A marker behind a
    module-level type alias (`Colour = Annotated[str, Elicit("Colour?")]`,
    then `colour: Colour`) counts as written on the parameter, also when
    imported from another module of the run (`from .questions import Colour`:
    reported without a fix, in a module the checker reads, one spelling
    `Elicit` or an `.elicit` call).

    ## Why is this bad?
    On released FastMCP 4.x the marker does nothing by itself: the decorator is
    what asks the questions. Without it, FastMCP sees the marker as an injected
    dependency, hides the parameter from the input schema, and the runtime
    fails every call with a `ToolError` ("Parameter `destination` of `book` is
    marked `Elicit(...)` but the tool lacks `@declared_elicitation`...", measured
    on fastmcp 4.2.3 on both protocol eras). The checker reports it before the
    first call does.

    On a tool served by the SDK's `MCPServer` the runtime's marker does
    nothing, with or without the decorator (the decorator drives FastMCP's
    context): every call fails on both eras. Such a tool is reported with
    the SDK's own form to use instead, `Resolve(fn)` with a resolver
    returning `mcp.server.mcpserver.Elicit(...)`, and no fix.

    `Elicit` from `fastmcp.elicitation` is not reported: a FastMCP that ships
    that module honours its markers without a decorator.

    ## Fix safety
    The fix puts `@declared_elicitation` on the line under the tool (prompt,
    resource) decorator
    (above the `def` for a tool registered by a call such as
    `mcp.add_tool(fn)`, when the function has no other decorator). It spells
    the decorator as the module already can (an imported
    `declared_elicitation`, or `rt.declared_elicitation` after
    `import elicit_lint.runtime as rt`); otherwise it also imports it: into
    the `from elicit_lint.runtime import ...` that brings in `Elicit`, at the
    place ruff's isort rule (I001) puts it (`Elicit, declared_elicitation`),
    or, when `Elicit` comes from another import, as
    `from elicit_lint.runtime import declared_elicitation` on the line after
    that one. The fix is safe when that import is a
    top-level statement of the module, and unsafe when it sits inside a block
    (`try`, `if TYPE_CHECKING:`), where the new import inherits a condition
    the fix cannot judge. It is unsafe too when the module reads the tool
    function's name other than to register it (a direct call, an alias) or
    lists it in `__all__`: the decorator takes the elicited parameters out of
    the function's Python signature, so a direct caller that passes them
    breaks. The run sees only the files it checks (pre-commit passes the staged
    ones): a fix that is otherwise safe becomes unsafe when a project file
    outside the run mentions the function and the name of its module, which
    may be such a caller. No fix is offered when the name
    `declared_elicitation` already means something else in the module, or
    when the tool is registered by a call and already has other decorators
    (where the new decorator goes is a judgement call).
    """

    code = "MCP019"
    name = "missing-declared-elicitation"
    invalid = (
        Invalid(
            '''
from typing import Annotated

from fastmcp import FastMCP
from elicit_lint.runtime import Elicit

mcp = FastMCP("Booking")


@mcp.tool
async def book(destination: Annotated[str, Elicit("Where to?")]) -> str:
    return f"Booked {destination}"
''',
            message='Parameter `destination` of `book` is marked `Elicit(...)` but the tool lacks `@declared_elicitation`',
            help='Without it the question is never asked and every call fails',
            span=((10, 11), (10, 15)),
        ),
        '''
from typing import Annotated
from fastmcp import FastMCP
from elicit_lint.runtime import Elicit

mcp = FastMCP("Booking")

@mcp.tool
async def book(destination: Annotated[str, Elicit("Where to?")]) -> str:
    return destination
''',
        '''
from __future__ import annotations
from typing import Annotated
from fastmcp import FastMCP
import elicit_lint.runtime as rt

mcp = FastMCP("Booking")

@mcp.tool(name="book")
async def book(destination: "Annotated[str, rt.Elicit('Where to?')]") -> str:
    return destination
''',
        '''
from typing import Annotated
from fastmcp import FastMCP
from elicit_lint.runtime import Elicit as Ask, declared_elicitation as de

mcp = FastMCP("Booking")

async def book(destination: Annotated[str, Ask("Where to?")]) -> str:
    return destination

mcp.add_tool(book)
''',
        '''
from typing import Annotated
from fastmcp import FastMCP
from elicit_lint.runtime import Elicit

mcp = FastMCP("Writing")

@mcp.prompt
async def essay(tone: Annotated[str | None, Elicit("Which tone?")] = None) -> str:
    return f"Write in a {tone} tone"

@mcp.resource("doc://today")
async def today(lang: Annotated[str | None, Elicit("Which language?")] = None) -> str:
    return f"today in {lang}"
''',
        '''
from typing import Annotated
from fastmcp import FastMCP
from elicit_lint.runtime import Elicit

mcp = FastMCP("Paint")
Colour = Annotated[str | None, Elicit("Which colour?")]

@mcp.tool
async def paint(colour: Colour = None) -> str:
    return f"{colour}"
''',
        '''
from typing import Annotated
from mcp.server.mcpserver import MCPServer
from elicit_lint.runtime import Elicit, declared_elicitation

mcp = MCPServer("Paint")

@mcp.tool()
@declared_elicitation
async def paint(colour: Annotated[str | None, Elicit("Which colour?")] = None) -> str:
    return f"{colour}"
''',
    )
    valid = (
        Valid(
            '''
from typing import Annotated

from fastmcp import FastMCP
from elicit_lint.runtime import Elicit, declared_elicitation

mcp = FastMCP("Booking")


@mcp.tool
@declared_elicitation
async def book(destination: Annotated[str, Elicit("Where to?")]) -> str:
    return f"Booked {destination}"
'''
        ),
        '''
from typing import Annotated
from fastmcp import FastMCP
from elicit_lint.runtime import Elicit, declared_elicitation

mcp = FastMCP("Booking")

@mcp.tool
@declared_elicitation(run_in_thread=False)
def book(destination: Annotated[str, Elicit("Where to?")]) -> str:
    return destination
''',
        '''
from typing import Annotated
from fastmcp import FastMCP
from fastmcp.elicitation import Elicit

mcp = FastMCP("Booking")

@mcp.tool
async def book(destination: Annotated[str, Elicit("Where to?")]) -> str:
    return destination
''',
        '''
from typing import Annotated
from elicit_lint.runtime import Elicit

async def not_a_tool(destination: Annotated[str, Elicit("Where to?")]) -> str:
    return destination
''',
        '''
from typing import Annotated
from fastmcp import FastMCP
from elicit_lint.runtime import Elicit, declared_elicitation

mcp = FastMCP("Writing")

@mcp.prompt
@declared_elicitation
async def essay(tone: Annotated[str | None, Elicit("Which tone?")] = None) -> str:
    return f"Write in a {tone} tone"
''',
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        for params in model.elicited_by_function().values():
            function = params[0].function
            registered = function.is_component or function.name in model.refused_tools
            marked = [p for p in params if runtime_marker(p)]
            if not registered or not marked:
                continue
            if function.framework == MCPSERVER:  # no decorator helps there (fresh13 #11)
                message = messages.runtime_marker_on_mcpserver(function.name, marked[0].name)
                yield self.diagnostic(model, function.name_span, message, None)
                continue
            if has_declared_elicitation(function):
                continue
            message = messages.missing_decorator(function.name, marked[0].name)
            fix = self._fix(model, function, marked[0])
            found = self.diagnostic(model, function.name_span, message, fix)
            if fix is not None and fix.applicability is Applicability.SAFE:
                # the checker asks the project's files outside the run (workspace/unseen.py)
                found.extra[CALLERS] = function.name
            yield found
        yield from self._behind_imported_alias(model)

    def _behind_imported_alias(self, model: Model) -> Iterator[Diagnostic]:
        """The same findings, without a fix, for a registered function whose parameter
        is annotated with a marker alias imported from another module of the run
        (``run_classes.marker_alias``: ``from .questions import AskName``)."""
        marked = model.elicited_by_function()
        for function in model.functions:
            if not function.is_component or function.node in marked:
                continue
            args = function.node.args
            param = next((
                a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)
                if isinstance(a.annotation, ast.Name) and marker_alias(model, a.annotation.id)
            ), None)
            if param is None:
                continue
            if function.framework == MCPSERVER:
                message = messages.runtime_marker_on_mcpserver(function.name, param)
            elif has_declared_elicitation(function):
                continue
            else:
                message = messages.missing_decorator(function.name, param)
            yield self.diagnostic(model, function.name_span, message, None)

    def _fix(self, model: Model, function: Function, param: ElicitedParameter) -> Fix | None:
        node = function.node
        tool = next((r for r in function.registrations if r.form in _DECORATOR_FORMS), None)
        if tool is not None:
            row = tool.node.end_lineno + 1
            indent = indentation(model, tool.node.lineno)
        elif not node.decorator_list:
            row = node.lineno
            indent = indentation(model, node.lineno)
        else:
            return None
        spelling = _spelling(model, function, param)
        if spelling is None:
            return None
        text, import_edit, applicability = spelling
        edits = [Edit(f"{indent}@{text}\n", Location(row, 1), Location(row, 1))]
        if import_edit is not None:
            edits.insert(0, import_edit)
        what = f"Add `@{text}`" + (" and its import" if import_edit is not None else "")
        if _called_as_python(model, function):
            applicability = Applicability.UNSAFE
        return Fix(what, tuple(edits), applicability)


def _called_as_python(model: Model, function: Function) -> bool:
    """The module reads the tool's name besides registering it (a direct call, an
    alias, a reference), exports it (``__all__``), or another module of the run
    uses it (``Model.elsewhere``): the decorator changes the
    function's Python signature (the elicited parameters leave it), so such a
    caller may break (fresh8 F2: ``await book("Ritz", city="Paris")`` then raises
    ``TypeError``)."""
    if other_uses(model, function) or function.name in model.elsewhere:
        return True  # `model.elsewhere`: another module of the run calls or re-exports it
    return function.scope.parent is model.module_scope and function.name in exported_names(model.tree)


def _spelling(model: Model, function: Function, param: ElicitedParameter) -> tuple[str, Edit | None, Applicability] | None:
    """How to spell the decorator in ``function``'s enclosing scope, the import to add, and
    the fix's applicability; ``None`` when no spelling is safe to introduce."""
    outer = function.scope.parent or function.scope
    # 1. A name already bound to the decorator (``declared_elicitation as de`` too).
    for scope in (outer, model.module_scope):
        for name, bindings in scope.bindings.items():
            # the binding in effect: an ``except ImportError`` fallback does not hide the import
            if in_effect(bindings).kind == "import" and outer.qualified_name(ast.Name(id=name)) == DECLARED_ELICITATION:
                return name, None, Applicability.SAFE
    # 2. The marker is spelled ``<module>.Elicit``: ``<module>.declared_elicitation``.
    func = param.marker.call.func
    if isinstance(func, ast.Attribute) and outer.imported_name(func.value) == RUNTIME:
        return f"{ast.unparse(func.value)}.{DECORATOR_NAME}", None, Applicability.SAFE
    # 3. Add ``from elicit_lint.runtime import declared_elicitation`` after the Elicit import.
    if not isinstance(func, ast.Name) or bound_anywhere(model, DECORATOR_NAME):
        return None
    found = outer.lookup(func.id)
    if found is None:
        return None
    statement = in_effect(found[1]).node
    if not isinstance(statement, (ast.Import, ast.ImportFrom)) or not starts_line(model, statement):
        return None
    if statement.end_lineno >= (function.node.decorator_list or [function.node])[0].lineno:
        return None  # imported after the tool: the decorator would run first
    top_level = found[0] is model.module_scope and any(s is statement for s in model.tree.body)
    applicability = Applicability.SAFE if top_level else Applicability.UNSAFE
    merged = _into_runtime_import(model, statement)
    if merged is not None:
        return DECORATOR_NAME, merged, applicability
    end = line_end(model, statement.end_lineno)
    text = f"\n{indentation(model, statement.lineno)}from {RUNTIME} import {DECORATOR_NAME}"
    return DECORATOR_NAME, Edit(text, end, end), applicability


def _into_runtime_import(model: Model, statement: ast.Import | ast.ImportFrom) -> Edit | None:
    """The edit adding ``declared_elicitation`` to ``statement`` when it is a
    ``from elicit_lint.runtime import ...``, at its sorted place (ruff's isort order,
    ``core.isort.member_key``; the separator the statement already uses), as the
    codemod adds a name; ``None`` for any other import (a new line is added then)."""
    if not isinstance(statement, ast.ImportFrom) or statement.module != RUNTIME or statement.level:
        return None
    names = statement.names
    if any(a.name == "*" for a in names):
        return None
    spans = [model.span(a) for a in names]
    sep = ", "
    if len(names) > 1:
        between = _text(model, spans[0].end, spans[1].start)
        if "#" not in between and "\\" not in between:
            sep = between
    key = member_key(DECORATOR_NAME)
    index = next((i for i, a in enumerate(names) if member_key(a.name) > key), len(names))
    if index < len(names):
        start = spans[index].start
        return Edit(f"{DECORATOR_NAME}{sep}", start, start)
    end = spans[-1].end
    return Edit(f"{sep}{DECORATOR_NAME}", end, end)


def _text(model: Model, start: Location, end: Location) -> str:
    """The source between two locations (1-based rows and columns)."""
    if start.row == end.row:
        return model.lines.line(start.row)[start.column - 1 : end.column - 1]
    rows = [model.lines.line(start.row)[start.column - 1 :]]
    rows += [model.lines.line(r) for r in range(start.row + 1, end.row)]
    rows.append(model.lines.line(end.row)[: end.column - 1])
    return "\n".join(rows)
