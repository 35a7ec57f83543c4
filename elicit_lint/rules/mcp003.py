"""MCP003: resolver cycle among elicited parameters."""

from __future__ import annotations

from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..core import messages
from ..core.diagnostic import Diagnostic
from ..core.graph import find_cycles
from ..core.settings import RuleSettings
from ..model import Model, names
from .base import Rule
from .cases import Invalid, Valid


def elicitation_graph(params) -> dict[str, list[str]]:
    """``{parameter: resolver dependencies}`` of one function's declared ``Elicit`` parameters."""
    graph: dict[str, list[str]] = {}
    for param in params:
        marker = next((m for m in param.markers if m.family == "elicit" and m.honoured), None)
        if marker is None:
            continue
        graph[param.name] = marker.resolver.dependencies if marker.resolver else []
    return graph


class ResolverCycle(Rule):
    """## What it does
    Finds elicited parameters whose resolvers depend on each other in a cycle
    (on the MCP Python SDK v2 too: resolvers that depend on each other through
    `Resolve(g)` parameters, which `MCPServer` refuses with `InvalidSignature`),
    and names the path (`a -> b -> a`).

    A tool with several cycles (`a -> b -> a` and a separate `s -> s`) gets one
    diagnostic per cycle, at the marker of the first parameter on its path;
    `@declared_elicitation` names only the first.

    ## Why is this bad?
    A resolver runs once every parameter it reads is known. When `a`'s resolver
    reads `b` and `b`'s resolver reads `a`, neither can ever run: the tool cannot
    be registered (`@declared_elicitation` raises a `TypeError` with this same
    message at import time) and no question is ever asked.
    """

    code = "MCP003"
    name = "resolver-cycle"
    invalid = (
        Invalid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit


def ask_city(country: str) -> str | Elicit[str]:
    return Elicit(f"Which city in {country}?", response_type=str)


def ask_country(city: str) -> str | Elicit[str]:
    return Elicit(f"Which country is {city} in?", response_type=str)


async def travel(
    city: Annotated[str, Elicit(ask_city)],
    country: Annotated[str, Elicit(ask_country)],
) -> str:
    return f"{city}, {country}"
''',
            message='Elicited parameters of `travel` form a resolver cycle: city -> country -> city',
            span=((15, 26), (15, 42)),
        ),
        '''
from typing import Annotated
from elicit_lint.runtime import Elicit

def ask_a(b: str) -> Elicit[str]:
    return Elicit(f"A for {b}?", response_type=str)

def ask_b(a: str) -> Elicit[str]:
    return Elicit(f"B for {a}?", response_type=str)

async def tool(a: Annotated[str, Elicit(ask_a)], b: Annotated[str, Elicit(ask_b)]) -> str:
    return a + b
''',
        '''
from typing import Annotated
from elicit_lint.runtime import Elicit as Ask

def ask_self(a: str) -> Ask[str]:
    return Ask(f"A ({a})?", response_type=str)

async def tool(a: Annotated[str, Ask(ask_self)]) -> str:
    return a
''',
        '''
from __future__ import annotations

from typing import Annotated

from mcp.server.mcpserver import MCPServer, Resolve

mcp = MCPServer("x")

def a(dep: Annotated[int, Resolve(b)]) -> int:
    return dep

def b(dep: Annotated[int, Resolve(a)]) -> int:
    return dep

@mcp.tool()
async def t(v: Annotated[int, Resolve(a)]) -> str:
    return str(v)
''',
    )
    valid = (
        Valid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit


def ask_city(country: str) -> str | Elicit[str]:
    return Elicit(f"Which city in {country}?", response_type=str)


async def travel(
    country: Annotated[str, Elicit("Which country?")],
    city: Annotated[str, Elicit(ask_city)],
) -> str:
    return f"{city}, {country}"
'''
        ),
        '''
from typing import Annotated
from elicit_lint.runtime import Elicit

def ask_b(a: str) -> Elicit[str]:
    return Elicit(f"B for {a}?", response_type=str)

async def tool(a: Annotated[str, Elicit("A?")], b: Annotated[str, Elicit(ask_b)]) -> str:
    return a + b
''',
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        by_function = model.elicited_by_function()
        for params in by_function.values():
            for path in find_cycles(elicitation_graph(params)):
                first = next(p for p in params if p.name == path[0])
                yield self.diagnostic(model, first.marker.span, messages.resolver_cycle(first.function.name, path))
        yield from self._sdk_cycles(model, by_function)

    def _sdk_cycles(self, model: Model, by_function) -> Iterator[Diagnostic]:
        """SDK resolvers depending on each other through `Resolve(g)` parameters
        (mcp 2.3.0 `resolve.py`: "Resolver 'x' has a cyclic dependency" at registration)."""
        graph: dict[str, list[str]] = {}
        markers = {}
        for params in by_function.values():
            function = params[0].function
            if function.framework == names.FASTMCP_FRAMEWORK:
                continue
            for param in params:
                for marker in param.markers:
                    target = model.function(marker.resolver.node) if marker.resolver is not None else None
                    if marker.family == "resolve" and target is not None:
                        graph.setdefault(function.qualname, []).append(target.qualname)
                        markers.setdefault((function.qualname, target.qualname), marker)
        for path in find_cycles(graph):
            marker = markers.get((path[0], path[1])) if len(path) > 1 else None
            if marker is None:
                continue
            shown = " -> ".join(q.rsplit(".", 1)[-1] for q in path)
            yield self.diagnostic(
                model,
                marker.span,
                f"Resolvers form a cycle: {shown}: `InvalidSignature` when the tool "
                "is registered (\"has a cyclic dependency\"); break the cycle",
            )
