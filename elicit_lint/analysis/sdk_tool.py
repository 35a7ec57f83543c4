"""Planning one SDK v2 ``Resolve(fn)`` tool served by FastMCP (see :mod:`.sdk`).

:class:`ToolPlanner` turns a tool's ``Resolve(fn)`` parameters and their
resolvers into a :class:`.records.FunctionPlan` of text replacements, or raises
:class:`.response_types.Refused` with the reason; the resolvers' checks are in
:mod:`.sdk_tool_resolvers`, and :class:`ModuleFacts` (what every tool of the
module shares) with the shared constants in :mod:`.sdk_tool_facts`, both
re-exported here.
Standard library only.
"""

from __future__ import annotations

import ast

from ..model import ElicitedParameter, Function, Marker
from ..model.servers import FASTMCP
from . import locate, outcomes, placement
from .records import FunctionPlan
from .response_types import Refused
from .sdk_notes import order_note, resolver_asks
from .sdk_tool_facts import (
    _CLASSES,
    _RESULTS,
    KIND,
    SAMPLE,
    UNSAFE,
    ModuleFacts,
    resolve_marker,
    strip_unsafe,
)
from .sdk_tool_resolvers import ResolverChecks
from .text import Renderer

__all__ = ["KIND", "SAMPLE", "UNSAFE", "ModuleFacts", "ToolPlanner", "resolve_marker", "strip_unsafe"]


class ToolPlanner(ResolverChecks):
    """One tool's plan: :meth:`run` returns its :class:`.records.FunctionPlan` or
    raises :class:`.response_types.Refused` with every blocking reason at once
    (the parameters' checks here, the resolvers' in :mod:`.sdk_tool_resolvers`)."""

    def __init__(
        self,
        facts: ModuleFacts,
        function: Function,
        render: Renderer,
    ):
        self.facts = facts
        self.model = facts.model
        self.function = function
        self.render = lambda node: render(node, {})
        self.qualify = function.scope.qualified_name
        self.plan = FunctionPlan(function, [], kinds={KIND})
        node = function.node
        self.params = facts.params[node]
        self.by_name = {p.name: p for p in self.params}
        args = node.args
        self.plain = {
            a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]
        } - set(self.by_name)
        self.optional: set[str] = set()

    def run(self) -> FunctionPlan:
        function = self.function
        if not function.is_tool:
            raise Refused(placement.not_a_tool(function, self.model))
        if function.is_method:
            raise Refused(locate.METHOD)
        kind, receiver = function.server("tool")
        if kind != FASTMCP:
            raise Refused(locate.unknown_server(receiver, resolve=True))
        resolvers: dict[ast.AST, str] = {}
        # each parameter and resolver is checked on its own, and within one every
        # check that does not depend on an earlier one: every blocking reason of
        # the tool is told at once, not one per run
        reasons: list[str] = []
        for param in self.params:
            marker = resolve_marker(param)
            if marker.resolver is None:
                reasons.append(
                    f"the resolver of `{param.name}` is not a function of this "
                    "module: define it here, then run again"
                )
            elif marker.resolver.node in resolvers:
                reasons.append(
                    f"the resolver `{marker.resolver.name}` fills both "
                    f"`{resolvers[marker.resolver.node]}` and `{param.name}` (the "
                    "SDK runs it once per call): migrate the tool by hand"
                )
            else:
                resolvers[marker.resolver.node] = param.name
            try:
                reasons += self._parameter(param, marker)
            except Refused as refused:
                reasons.append(str(refused.args[0]))
        for node, name in resolvers.items():
            try:
                reasons += self._resolver(self.facts.model.resolvers[node], name)
            except Refused as refused:
                reasons.append(str(refused.args[0]))
        if reasons:
            raise Refused("; also ".join(dict.fromkeys(reasons)))
        # every marker: FastMCP ignores a value-only `Resolve` as much as an asking one
        self.plan.sdk_markers = [resolve_marker(p) for p in self.params]
        note = order_note(
            self.params,
            lambda p: resolver_asks(
                self.facts.returned(resolve_marker(p).resolver.node)
            ),
            self._is_result,
        )
        if note is not None:
            self.plan.notes.append(note)
        return self.plan

    def _is_result(self, param: ElicitedParameter) -> bool:
        """Whether ``param`` is typed ``ElicitationResult[T]`` (or a result class)."""
        base = resolve_marker(param).type
        return isinstance(base, ast.Subscript) and self.qualify(base.value) in _RESULTS

    def _mentions_result(self, expr: ast.expr | None) -> bool:
        """Whether ``expr`` names one of the SDK's elicitation result classes."""
        for n in ast.walk(expr) if expr is not None else ():
            name = self.qualify(n) if isinstance(n, (ast.Name, ast.Attribute)) else None
            if name and name.startswith("mcp.") and name.rsplit(".", 1)[-1] in _CLASSES:
                return True
        return False

    # -- the tool's parameters ----------------------------------------------
    def _parameter(self, param: ElicitedParameter, marker: Marker) -> list[str]:
        """The reasons ``param`` cannot be rewritten (empty: its replacements are
        planned). Raises :class:`Refused` for an annotation the other checks
        cannot read; an outcome use the planner cannot translate is the only
        reason told (whether the answer is tested depends on it)."""
        if isinstance(param.arg.annotation, ast.Constant):
            raise Refused(
                f"`{param.name}` has a string annotation: write it without quotes, "
                "then run again"
            )
        if (
            marker.placement != "top"
            or marker.annotated is None
            or len(param.markers) > 1
        ):
            raise Refused(
                f"`{param.name}` is not annotated `Annotated[T, Resolve(fn)]`: "
                "annotate it so, then run again"
            )
        fn = self.render(marker.message)
        base = marker.type
        result = (
            isinstance(base, ast.Subscript) and self.qualify(base.value) in _RESULTS
        )
        reasons: list[str] = []
        if not result:
            if self._mentions_result(base):
                reasons.append(
                    f"`{param.name}` takes a single result class: annotate it "
                    "`ElicitationResult[T]`, then run again"
                )
            if param.default is not None:
                reasons.append(
                    f"`{param.name}` has a default, which the SDK never uses but the "
                    "runtime would return on decline: drop it, then run again"
                )
            if not reasons:
                self.plan.replacements[marker.call] = f"Elicit({fn})"
            return reasons
        uses = outcomes.analyse(
            self.function.node,
            param.name,
            ast.Pass(),
            param.name,
            self.qualify,
            self.model.parents,
        )
        inner = self.render(base.slice)
        annotated = self.render(marker.annotated.value)
        if uses.tested:
            if marker.resolver is not None and self._may_return_none(
                marker.resolver.node
            ):
                reasons.append(
                    f"the resolver `{marker.resolver.name}` may return `None`, which the "
                    "SDK passes on as accepted and the rewrite would read as declined: "
                    "return a value or an `Elicit` on every path, then run again"
                )
            reasons += self._make_optional(param)
            inner = f"{inner} | None"
        if reasons:
            return reasons
        self.plan.replacements[marker.annotated] = f"{annotated}[{inner}, Elicit({fn})]"
        self.plan.replacements.update(uses.replacements)
        self.plan.matches.extend(uses.matches)
        return []

    def _may_return_none(self, node: ast.AST) -> bool:
        """A ``return``/``return None`` in the resolver, or a ``None`` arm in its
        return annotation (``-> Q | None | Elicit[Q]``)."""
        scope = self.model.scopes[node]
        if any(
            r.value is None or isinstance(r.value, ast.Constant) and r.value.value is None
            for r in scope.returns
        ):
            return True
        returns = getattr(node, "returns", None)
        return returns is not None and any(
            isinstance(n, ast.Constant) and n.value is None for n in ast.walk(returns)
        )

    def _make_optional(self, param: ElicitedParameter) -> list[str]:
        """The reasons ``param`` cannot take the default ``None`` (empty: planned)."""
        reasons = []
        if param.default is not None:
            reasons.append(
                f"`{param.name}` already has a default: drop it, then run again"
            )
        args = self.function.node.args
        positional = [*args.posonlyargs, *args.args]
        if param.arg in positional:
            later = positional[positional.index(param.arg) + 1 :]
            first_default = len(positional) - len(args.defaults)
            if any(positional.index(a) < first_default for a in later):
                reasons.append(
                    f"a later parameter has no default, so `{param.name}` cannot "
                    "become optional: make the elicited parameters keyword-only "
                    f"(a `*,` before `{param.name}`; FastMCP passes arguments by name), "
                    "then run again"
                )
        self.optional.add(param.name)  # what the resolvers that read it are told
        if not reasons:
            self.plan.defaults[param.name] = "None"
        return reasons
