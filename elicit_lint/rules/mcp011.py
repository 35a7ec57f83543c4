"""MCP011: a resolver parameter that the resolver never reads."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..core.diagnostic import Diagnostic
from ..core.graph import find_cycle
from ..core.settings import RuleSettings
from ..model import Model, Resolver
from ..model.scopes import parameter_defaults
from .base import Rule
from .cases import Invalid, Valid
from .mcp003 import elicitation_graph

_INTROSPECTION = frozenset({"locals", "vars", "eval", "exec"})
"""Builtins through which a body can read a parameter without naming it."""


def _is_stub(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A body of only a docstring, ``...``, ``pass`` or ``raise``: a placeholder."""
    for stmt in node.body:
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
            continue
        if not isinstance(stmt, (ast.Pass, ast.Raise)):
            return False
    return True


def _read_names(node: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str] | None:
    """Every name the body reads (nested functions and lambdas included, since a
    closure reads the parameter too), or ``None`` when it introspects its locals."""
    read: set[str] = set()
    for stmt in node.body:
        for sub in ast.walk(stmt):
            if isinstance(sub, ast.Name) and not isinstance(sub.ctx, ast.Store):
                if sub.id in _INTROSPECTION:
                    return None
                read.add(sub.id)
    return read


class UnreadResolverParameter(Rule):
    """## What it does
    Finds a resolver parameter filled by name (a tool argument or another
    elicited parameter) that the resolver's body never reads.

    ## Why is this bad?
    A resolver's parameters are its dependencies: the engine runs it only
    once every one of them has a value. A parameter that names another
    elicited parameter therefore holds the question back until that one is
    answered, one more round for the person being asked (and one more round
    against the client's limit, see MCP010), and the question cannot show
    the value it waited for, since it never reads it. Usually the value was
    meant to be quoted ("Which airport in {destination}?") and was
    forgotten; otherwise the parameter only delays the question and should go.

    Only resolvers of `Elicit(fn)` markers are checked, whose parameters are
    filled by name. An SDK v2 resolver (`Resolve(fn)`, mcp 2.x) declares its
    dependencies as `Annotated[T, Resolve(other)]` parameters, the SDK's own
    way to order questions, and is left alone.

    A parameter that no function using the resolver has is MCP004's
    finding, and a function whose questions form a cycle MCP003's: neither
    is reported again here.

    A resolver whose body only introspects (`locals()`, `vars()`, `eval`,
    `exec`) or is a placeholder (`...`, `pass`, `raise`) is not reported.
    """

    code = "MCP011"
    name = "unread-resolver-parameter"
    invalid = (
        Invalid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit


def which_airport(destination: str) -> Elicit[str]:
    return Elicit("Which airport?", response_type=str)


async def book(
    destination: Annotated[str, Elicit("Where to?")],
    airport: Annotated[str, Elicit(which_airport)],
) -> str:
    return f"{destination} ({airport})"
''',
            message='Resolver `which_airport` never reads its parameter `destination`',
            help='Its question waits a round for `destination` to be answered and does not use it: quote the value in the question, or drop the parameter',
            span=((6, 19), (6, 35)),
        ),
        '''
from typing import Annotated

from elicit_lint.runtime import Elicit

def which_airport(destination: str) -> Elicit[str]:
    return Elicit("Which airport?", response_type=str)

async def book(
    destination: Annotated[str, Elicit("Where to?")],
    airport: Annotated[str, Elicit(which_airport)],
) -> str:
    return f"{destination} ({airport})"
''',
        '''
from typing import Annotated

from elicit_lint.runtime import Elicit

async def check_stock(title: str, shop: str) -> int | Elicit[int]:
    return len(title) or Elicit("How many?", response_type=int)

async def order(title: str, shop: str, stock: Annotated[int, Elicit(check_stock)]) -> str:
    return f"{title}: {stock}"
''',
    )
    valid = (
        Valid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit


def which_airport(destination: str) -> Elicit[str]:
    return Elicit(f"Which airport in {destination}?", response_type=str)


async def book(
    destination: Annotated[str, Elicit("Where to?")],
    airport: Annotated[str, Elicit(which_airport)],
) -> str:
    return f"{destination} ({airport})"
'''
        ),
        '''
from typing import Annotated

from fastmcp import Context
from fastmcp.dependencies import CurrentContext, Depends
from elicit_lint.runtime import Elicit

def get_db():
    return {}

def which_airport(
    destination: str,
    ctx: Context = CurrentContext(),
    db=Depends(get_db),
) -> str | Elicit[str]:
    def ask():
        return Elicit(f"Which airport in {destination}?", response_type=str)
    return db.get("airport") or ask()

def seat(destination: str) -> Elicit[str]:
    return Elicit("Seat for {destination}?".format(**locals()), response_type=str)

def todo(destination: str) -> Elicit[str]:
    raise NotImplementedError

async def book(
    destination: Annotated[str, Elicit("Where to?")],
    airport: Annotated[str, Elicit(which_airport)],
    place: Annotated[str, Elicit(seat)],
    later: Annotated[str, Elicit(todo)],
) -> str:
    return f"{destination} ({airport}) {place} {later}"
''',
        '''
from typing import Annotated

from mcp.server.mcpserver import Context, Elicit, Resolve

async def ask_name(ctx: Context) -> Elicit[str]:
    return Elicit("Name?", str)

async def ask_confirm(name: Annotated[str, Resolve(ask_name)]) -> Elicit[bool]:
    return Elicit("Sure?", bool)

async def greet(name: Annotated[str, Resolve(ask_name)], ok: Annotated[bool, Resolve(ask_confirm)]) -> str:
    return name if ok else ""
''',
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        users: dict[int, dict[int, tuple[set[str], set[str]]]] = {}
        """``id(resolver)`` -> ``{id(function): (its elicited parameter names, all its
        parameter names)}`` of the functions using it: each function's sets are
        made once and shared, so memory stays linear in the signatures (a union
        per resolver was quadratic on a tool with thousands of resolvers)."""
        resolvers: list[Resolver] = []
        for node, params in model.elicited_by_function().items():
            if find_cycle(elicitation_graph(params)):
                continue  # MCP003's finding: no round order to speak of
            sets = (
                {p.name for p in params},
                {arg.arg for arg, _default, _kind in parameter_defaults(node.args)},
            )
            for param in params:
                for marker in param.markers:
                    resolver = marker.resolver
                    if resolver is None or marker.family != "elicit":
                        continue
                    if id(resolver) not in users:
                        users[id(resolver)] = {}
                        resolvers.append(resolver)
                    users[id(resolver)][id(node)] = sets
        for resolver in sorted(resolvers, key=lambda r: (r.span.start.row, r.span.start.column)):
            dependencies = [p for p in resolver.parameters if p.kind == "dependency"]
            if not dependencies or _is_stub(resolver.node):
                continue
            read = _read_names(resolver.node)
            if read is None:
                continue
            using = users[id(resolver)].values()
            for parameter in dependencies:
                if parameter.name in read:
                    continue
                # a name no using function has is MCP004's finding, not this rule's
                if any(parameter.name in names for _elicited, names in using):
                    delays = any(parameter.name in elicited for elicited, _names in using)
                    yield self.diagnostic(model, parameter.span, _message(resolver.name, parameter.name, delays))


def _message(resolver: str, parameter: str, delays: bool) -> str:
    what = f"Resolver `{resolver}` never reads its parameter `{parameter}`"
    if delays:
        return (
            f"{what}; its question waits a round for `{parameter}` to be answered and does not use it: "
            "quote the value in the question, or drop the parameter"
        )
    return f"{what}; use it, or drop the parameter"
