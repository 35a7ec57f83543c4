"""The resolver half of planning one SDK v2 ``Resolve(fn)`` tool served by FastMCP
(:class:`.sdk_tool.ToolPlanner`): whether each resolver, its ``Resolve``
dependencies and its ``Elicit(...)`` calls can be rewritten, and their
replacements. Standard library only.
"""

from __future__ import annotations

import ast

from ..model import ElicitedParameter
from ..model import names as qn
from .response_types import Refused
from .sdk_tool_facts import _RESULTS, SAMPLE, resolve_marker


class ResolverChecks:
    """:class:`.sdk_tool.ToolPlanner`'s resolver checks (a mixin: they read and
    fill the planner's ``facts``, ``model``, ``plan``, ``plain``, ``by_name``,
    ``optional``, ``qualify`` and ``render``)."""

    # -- the resolvers --------------------------------------------------------
    def _resolver(self, resolver, filled: str) -> list[str]:
        """The reasons ``resolver`` (filling the tool's ``filled``) cannot be
        rewritten, each check on its own (empty: its ``Elicit`` calls are planned)."""
        node = resolver.node
        returned = self.facts.returned(node)
        if any(c in (qn.SDK_SAMPLE, qn.SDK_LIST_ROOTS) for c, _ in returned):
            return [SAMPLE]  # no declared equivalent, whatever else it does (MCP014)
        reasons: list[str] = []
        args = node.args
        if args.vararg or args.kwarg:
            reasons.append(
                f"the resolver `{resolver.name}` takes `*args`/`**kwargs`: name its "
                "parameters, then run again"
            )
        deps = {p.name: p for p in self.facts.params.get(node, [])}
        scope = self.model.scopes[node]
        defaults = len(args.defaults) + sum(d is not None for d in args.kw_defaults)
        if defaults:
            reasons.append(
                f"the resolver `{resolver.name}` has a parameter with a default: drop "
                "the default, then run again"
            )
        for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
            if arg.arg in deps:
                try:
                    self._dependency(resolver.name, deps[arg.arg])
                except Refused as refused:
                    reasons.append(str(refused.args[0]))
                continue
            annotation = (
                scope.parent.qualified_name(arg.annotation)
                if arg.annotation is not None and scope.parent is not None
                else None
            )
            if annotation == qn.CONTEXT and arg.arg not in self.plain:
                continue
            if (
                annotation
                and annotation.startswith("mcp.")
                and annotation.endswith("Context")
            ):
                reasons.append(
                    f"the resolver `{resolver.name}` takes the SDK `Context`: migrate "
                    "it by hand"
                )
                continue
            if arg.arg not in self.plain:
                reasons.append(
                    f"the resolver `{resolver.name}` takes `{arg.arg}`, which is "
                    "neither a tool argument nor a `Resolve(...)` dependency: make it "
                    "one, then run again"
                )
        for callee, call in returned:
            if callee == qn.SDK_ELICIT:
                try:
                    self.plan.replacements[call] = self._elicit(resolver.name, call)
                except Refused as refused:
                    reasons.append(str(refused.args[0]))
        return reasons

    def _dependency(self, name: str, dep: ElicitedParameter) -> None:
        marker = resolve_marker(dep)
        tool_param = self.by_name.get(dep.name)
        same = (
            tool_param is not None
            and marker.resolver is not None
            and resolve_marker(tool_param).resolver is not None
            and resolve_marker(tool_param).resolver.node is marker.resolver.node
        )
        if not same:
            raise Refused(
                f"the resolver `{name}` takes `{dep.name}` from `Resolve(...)`, which no "
                f"parameter `{dep.name}` of the tool resolves the same way: resolve "
                f"`{dep.name}` so in the tool's signature too, then run again"
            )
        if isinstance(dep.arg.annotation, ast.Constant) or marker.placement != "top":
            raise Refused(
                f"the resolver `{name}` annotates `{dep.name}` unusually: annotate it "
                "`Annotated[T, Resolve(g)]`, then run again"
            )
        base = marker.type
        if (
            isinstance(base, ast.Subscript) and self.qualify(base.value) in _RESULTS
        ) or self._mentions_result(base):
            raise Refused(
                f"the resolver `{name}` takes the full `ElicitationResult` of "
                f"`{dep.name}`: migrate the tool by hand"
            )
        if dep.name in self.optional:
            raise Refused(
                f"the resolver `{name}` reads `{dep.name}`, which becomes optional: the "
                "SDK aborts the call when it is declined, the rewrite would pass "
                "`None`: migrate the tool by hand"
            )
        self.plan.replacements[marker.annotated] = self.render(base)

    def _elicit(self, name: str, call: ast.Call) -> str:
        keywords = {k.arg: k.value for k in call.keywords}
        if None in keywords or set(keywords) - {"message", "schema"}:
            raise Refused(
                f"the resolver `{name}` calls `Elicit(...)` with other arguments: "
                "call `Elicit(message, Schema)`, then run again"
            )
        values = list(call.args)
        for key in ("message", "schema"):
            if key in keywords:
                values.append(keywords[key])
        if len(values) != 2 or not isinstance(call.func, ast.Name):
            raise Refused(
                f"the resolver `{name}` calls `Elicit(...)` with other arguments: "
                "call `Elicit(message, Schema)`, then run again"
            )
        message, schema = (self.render(v) for v in values)
        return f"Elicit({message}, response_type={schema})"
