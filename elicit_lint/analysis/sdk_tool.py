"""Planning one SDK v2 ``Resolve(fn)`` tool served by FastMCP (see :mod:`.sdk`).

:class:`ToolPlanner` turns a tool's ``Resolve(fn)`` parameters and their
resolvers into a :class:`.records.FunctionPlan` of text replacements, or raises
:class:`.response_types.Refused` with the reason. :class:`ModuleFacts` holds
what every tool of the module shares: the ``Resolve`` parameters per function
and what each resolver returns (qualified names from the import table).
Standard library only.
"""

from __future__ import annotations

import ast

from ..model import ElicitedParameter, Function, Marker, Model
from ..model import names as qn
from ..model.servers import FASTMCP
from . import locate, outcomes, placement
from .records import FunctionPlan
from .response_types import Refused
from .sdk_notes import order_note, resolver_asks
from .text import Renderer

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


class ToolPlanner:
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
