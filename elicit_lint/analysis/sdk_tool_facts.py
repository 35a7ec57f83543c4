"""What the planning of SDK v2 ``Resolve(fn)`` tools served by FastMCP shares (see
:mod:`.sdk_tool`): the plan kind and skip-reason prefixes, the SDK's result
classes, and :class:`ModuleFacts`, what every tool of the module shares (the
``Resolve`` parameters per function and what each resolver returns, qualified
names from the import table). Standard library only.
"""

from __future__ import annotations

import ast

from ..model import ElicitedParameter, Marker, Model

KIND = "sdk-resolve"
SAMPLE = (
    "SDK v2 `Sample`/`ListRoots` resolver: no declared equivalent (report only); "
    "serve the tool with `MCPServer`"
)
UNSAFE = "UNSAFE, model-supplied on FastMCP (it ignores `Resolve`): "
"""Prefix of every skip reason on a tool a ``FastMCP(...)`` server serves: such a
``Resolve(fn)`` parameter is a live hole (the model, not the resolver or the
user, supplies it), so the summary groups these apart from benign skips."""


def strip_unsafe(reason: str) -> str:
    """``reason`` without the :data:`UNSAFE` prefix."""
    return reason.removeprefix(UNSAFE)

_RESULTS = frozenset(
    {
        "mcp.server.mcpserver.ElicitationResult",
        "mcp.server.elicitation.ElicitationResult",
    }
)

_CLASSES = frozenset(
    {
        "ElicitationResult",
        "AcceptedElicitation",
        "DeclinedElicitation",
        "CancelledElicitation",
    }
)


class ModuleFacts:
    """Per-module facts: markers per function, what each resolver returns."""

    def __init__(self, model: Model):
        self.model = model
        self.params: dict[ast.AST, list[ElicitedParameter]] = {}
        for param in model.elicited_parameters:
            if any(m.family == "resolve" for m in param.markers):
                self.params.setdefault(param.function.node, []).append(param)
        self.resolver_nodes = {
            m.resolver.node
            for ps in self.params.values()
            for p in ps
            for m in p.markers
            if m.family == "resolve" and m.resolver is not None
        }

    def returned(self, node: ast.AST) -> list[tuple[str, ast.Call]]:
        """``(qualified callee, call)`` per call the resolver ``node`` returns (the
        model's :attr:`Resolver.returned_calls`; ``[]`` for an unknown node)."""
        resolver = self.model.resolvers.get(node)
        return resolver.returned_calls if resolver is not None else []

    def returns(self, node: ast.AST) -> set[str]:
        return {name for name, _ in self.returned(node)}

    def reaches(self, node: ast.AST, wanted: set[str], seen=None) -> bool:
        """Whether the resolver ``node`` (or one it depends on) returns a ``wanted`` call."""
        seen = set() if seen is None else seen
        if node in seen:
            return False
        seen.add(node)
        if self.returns(node) & wanted:
            return True
        return any(
            m.resolver is not None and self.reaches(m.resolver.node, wanted, seen)
            for p in self.params.get(node, [])
            for m in p.markers
            if m.family == "resolve"
        )


def resolve_marker(param: ElicitedParameter) -> Marker:
    return next(m for m in param.markers if m.family == "resolve")
