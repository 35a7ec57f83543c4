"""The planner: from the stdlib ``ast`` model to rewrites and skip reasons (DESIGN.md §5).

:func:`plan_module` decides, for every imperative site of a module, either a
rewrite (grouped per tool: a tool is rewritten with all its questions or not at
all, since a half-rewritten tool still fails on modern clients) or a skip with a
reason. It imports only the standard library and the model, so the checker can
ask it too (:func:`annotate`, used by MCP001). libcst is not involved here.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from dataclasses import dataclass, field

from ..model import ElicitationSite, Function, Model, RewriteNote, names
from . import locate, naming, outcomes
from .response_types import Refused, TypePlan, closes_over, translate
from .text import Renderer

TARGETS = ("elicit_lint.runtime", "fastmcp.elicitation")
KINDS = ("question", "quoting", "confirmation", "backfill", "hoist")
"""Rewrite kinds for ``--select``/``--ignore``: a literal question; a question that
quotes arguments or earlier answers, or is reached only after an earlier answer
(a generated resolver); a ``None``/missing response type turned into a ``bool``
confirmation; the backfill of an argument; hoisting a body-local class. (SDK v2
``Resolve(fn)`` resolvers are reported only, see :mod:`.sdk`.)"""


@dataclass
class Skip:
    """A site left alone: ``row``/``column`` (1-based) and the ``reason`` phrase."""

    row: int
    column: int
    reason: str


@dataclass
class ResolverPlan:
    """A generated resolver: ``def name(params) -> returns: gates...; return Elicit(...)``.

    ``params``: ``(name, annotation source or None)``; ``gates``: test sources that
    return ``gate_value`` instead of asking; ``elicit``: the ``Elicit(...)`` source."""

    name: str
    params: list[tuple[str, str | None]]
    gates: list[str]
    gate_value: str
    returns: str
    elicit: str

    def source(self) -> str:
        """The resolver's ``def`` as source text (four-space indent, ``\\n`` line ends)."""
        args = ", ".join(f"{n}: {a}" if a else n for n, a in self.params)
        lines = [f"def {self.name}({args}) -> {self.returns}:"]
        for gate in self.gates:
            lines += [f"    if {gate}:", f"        return {self.gate_value}"]
        lines.append(f"    return {self.elicit}")
        return "\n".join(lines) + "\n"


@dataclass
class Ask:
    """One site's rewrite: the body ``statement`` to drop (or to replace by
    ``replacement``), and the new parameter ``param: annotation = default``."""

    site: ElicitationSite
    placement: locate.Placement
    param: str
    annotation: str
    default: str | None
    kind: str
    types: TypePlan
    resolver: ResolverPlan | None = None
    replacement: str | None = None


@dataclass
class FunctionPlan:
    """All rewrites of one tool (see :mod:`.transform` for how they are applied)."""

    function: Function
    asks: list[Ask]
    replacements: dict[ast.AST, str] = field(default_factory=dict)
    matches: list[outcomes.MatchPlan] = field(default_factory=list)
    hoist: list[ast.ClassDef] = field(default_factory=list)
    drop_param: str | None = None
    drop_statements: list[ast.stmt] = field(default_factory=list)
    """``ctx = get_context()`` statements left unused by the rewrite."""
    imports: set[tuple[str, str]] = field(default_factory=set)
    kinds: set[str] = field(default_factory=set)


@dataclass
class ModulePlan:
    """``functions`` to rewrite and ``skips``; ``rewritten_sites`` counts sites."""

    functions: list[FunctionPlan] = field(default_factory=list)
    skips: list[Skip] = field(default_factory=list)

    @property
    def rewritten_sites(self) -> int:
        return sum(len(f.asks) for f in self.functions)


def _skip(site: ElicitationSite, reason: str) -> Skip:
    return Skip(site.span.start.row, site.span.start.column, reason)


def _function_names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} | {
        a.arg for a in ast.walk(node) if isinstance(a, ast.arg)
    }


def _module_names(model: Model) -> set[str]:
    return set(model.module_scope.bindings)


def _negate(test: str) -> str:
    """``not (test)``, simplified for the forms the translation produces."""
    if match := re.fullmatch(r"(\w+) is not None", test):
        return f"{match.group(1)} is None"
    if match := re.fullmatch(r"(\w+) is None", test):
        return f"{match.group(1)} is not None"
    return f"not ({test})"


class _ToolPlanner:
    def __init__(
        self,
        model: Model,
        function: Function,
        sites: list[ElicitationSite],
        taken: set[str],
        render: Renderer,
    ):
        self.model = model
        self.function = function
        self.sites = sites
        self.node = function.node
        args = self.node.args
        self.args = {
            a.arg: a for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]
        }
        if args.vararg:
            self.args[args.vararg.arg] = args.vararg
        if args.kwarg:
            self.args[args.kwarg.arg] = args.kwarg
        self.local_names = set(function.scope.bindings)
        self.module_taken = taken
        self.render = render
        self.qualify = lambda e: function.scope.qualified_name(e)

    def segment(self, node: ast.AST) -> str:
        return self.render(node, {})

    def plan(self) -> FunctionPlan:
        counts = Counter(
            getattr(s, "lineno", 0)
            for s in ast.walk(self.node)
            if isinstance(s, ast.stmt)
            and not isinstance(
                s,
                (
                    ast.FunctionDef,
                    ast.AsyncFunctionDef,
                    ast.ClassDef,
                    ast.If,
                    ast.For,
                    ast.While,
                    ast.With,
                    ast.Try,
                    ast.AsyncFor,
                    ast.AsyncWith,
                ),
            )
        )
        placements = [
            locate.place(s, self.function, set(self.args), counts) for s in self.sites
        ]
        variables = {
            p.variable for p in placements if p.variable and p.form != "backfill"
        }
        # parameters may shadow module-level names the tool does not read (its own
        # name included); every name it reads or binds is taken
        taken = _function_names(self.node) - variables
        local_classes = {
            s.name: s for s in self.node.body if isinstance(s, ast.ClassDef)
        }
        plan = FunctionPlan(self.function, [])
        ask_statements = {p.statement for p in placements}
        body = self.node.body
        gates: list[ast.If | ast.Assert] = []
        answers: dict[str, Ask] = {}  # result variable -> ask
        pending = list(zip(self.sites, placements))
        for index, stmt in enumerate(body):
            if not pending:
                break
            if stmt in ask_statements:
                site, placement = pending.pop(0)
                ask = self._ask(
                    site, placement, taken, local_classes, gates, answers, plan
                )
                plan.asks.append(ask)
                if placement.variable and placement.form in ("result", "data"):
                    answers[placement.variable] = ask
                continue
            if (
                index == 0
                and isinstance(stmt, ast.Expr)
                and isinstance(stmt.value, ast.Constant)
            ):
                continue
            if isinstance(stmt, (ast.Pass, ast.ClassDef)):
                continue
            if self._is_context_assignment(stmt):
                continue
            if isinstance(stmt, (ast.If, ast.Assert)) and self._is_gate(stmt, answers):
                gates.append(stmt)
                continue
            raise Refused(locate.SIDE_EFFECTS)
        for cls in plan.hoist:
            name = closes_over(cls, self.local_names | set(self.args))
            if name is not None:
                raise Refused(
                    f"the response type class `{cls.name}` closes over `{name}`"
                )
            if cls.name in self.module_taken:
                raise Refused(
                    f"hoisting `{cls.name}` would collide with a module-level name"
                )
        if plan.hoist:
            plan.kinds.add("hoist")
        plan.kinds |= {a.kind for a in plan.asks}
        self._drop_context(plan, ask_statements)
        return plan

    def _check_deferred(self, node: ast.expr | None, tp: TypePlan) -> None:
        """Refuse a type local to an enclosing function when annotations are deferred
        (``from __future__ import annotations``): the runtime resolves them against
        the module's globals, where that name does not exist."""
        outer = self.function.scope.parent
        if node is None or outer is None or outer.kind != "function":
            return
        future = any(
            isinstance(s, ast.ImportFrom)
            and s.module == "__future__"
            and any(a.name == "annotations" for a in s.names)
            for s in self.model.tree.body
        )
        if not future:
            return
        local = set(outer.bindings) | {c.name for c in tp.hoist}
        for n in ast.walk(node):
            if isinstance(n, ast.Name) and n.id in local:
                raise Refused(
                    f"the response type `{n.id}` is local to the enclosing function and "
                    "`from __future__ import annotations` defers annotations"
                )

    def _is_context_assignment(self, stmt: ast.stmt) -> bool:
        """``ctx = get_context()``: no side effect a question could depend on."""
        return (
            isinstance(stmt, ast.Assign)
            and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Name)
            and isinstance(stmt.value, ast.Call)
            and not stmt.value.args
            and self.qualify(stmt.value.func) == names.GET_CONTEXT
        )

    def _is_gate(self, stmt: ast.If | ast.Assert, answers: dict[str, Ask]) -> bool:
        """An ``if`` without ``else`` whose body ends the call, or an ``assert``, whose
        test reads only answers, arguments and module-level names: a later question
        is reached only when it does not fire."""
        if isinstance(stmt, ast.If):
            body = stmt.body
            if (
                stmt.orelse
                or not body
                or not isinstance(body[-1], (ast.Return, ast.Raise))
            ):
                return False
        names = {n.id for n in ast.walk(stmt.test) if isinstance(n, ast.Name)}
        return all(
            n in answers or n in self.args or n not in self.local_names for n in names
        )

    def _dependencies(self, node: ast.expr, answers: dict[str, Ask]) -> list[str]:
        deps: list[str] = []
        for n in ast.walk(node):
            if not isinstance(n, ast.Name):
                continue
            if n.id in answers:
                name = answers[n.id].param
            elif n.id in self.args:
                name = n.id
            elif n.id in self.local_names:
                raise Refused(
                    f"the question depends on `{n.id}`, a value computed in the body"
                )
            else:
                continue
            if name not in deps:
                deps.append(name)
        return deps

    def _ask(
        self, site, placement, taken, local_classes, gates, answers, plan: FunctionPlan
    ) -> Ask:
        tp = translate(
            site.response_type,
            self.segment,
            local_classes,
            (self.local_names | set(self.args)) - set(local_classes),
        )
        self._check_deferred(site.response_type, tp)
        plan.imports |= set(tp.imports)
        for cls in tp.hoist:
            if cls not in plan.hoist:
                plan.hoist.append(cls)
        if site.message is None:
            raise Refused("the question is not given")
        question = naming.question_text(site.message)
        if placement.form == "backfill":
            param = naming.unique(f"{placement.variable}_answer", taken)
        else:
            variable = (
                placement.variable if placement.form in ("result", "data") else None
            )
            param = naming.parameter_name(
                variable,
                question if isinstance(question, str) else None,
                tp.class_name,
                taken,
                yes_no=tp.annotation == "bool",
            )
        optional = placement.form == "discarded"
        if placement.form == "result":
            uses = outcomes.analyse(
                self.node,
                placement.variable,
                placement.statement,
                param,
                tp.confirmation,
                self.qualify,
            )
            plan.replacements.update(uses.replacements)
            plan.matches.extend(uses.matches)
            optional = uses.tested
        elif placement.form == "data" and placement.variable != param:
            for n in ast.walk(self.node):
                if isinstance(n, ast.Name) and n.id == placement.variable:
                    plan.replacements[n] = param
        kind = "confirmation" if tp.confirmation else "question"
        ann = tp.annotation
        annotation_type = f"{ann} | None" if optional else ann
        extra = self._marker_extras(site, tp)
        message_src = self.render(site.message, plan.replacements)
        deps = self._dependencies(site.message, answers)
        gate_src = [
            self.render(g.test, plan.replacements)
            if isinstance(g, ast.If)
            else _negate(self.render(g.test, plan.replacements))
            for g in gates
        ]
        for g in gates:
            for dep in self._dependencies(g.test, answers):
                if dep not in deps:
                    deps.append(dep)
        for dep in deps:  # an earlier answer that may be missing: not asked then
            earlier = next((a for a in answers.values() if a.param == dep), None)
            if (
                earlier is not None
                and earlier.default is not None
                and f"{dep} is None" not in gate_src
            ):
                gate_src.append(f"{dep} is None")
        resolver = None
        replacement = None
        if placement.form == "backfill":
            kind = "backfill"
            arg = placement.variable
            annotation = self.args[arg].annotation
            test = placement.backfill_test
            present = arg if isinstance(test, ast.UnaryOp) else f"{arg} is not None"
            deps = [d for d in [arg, *deps] if d]
            params = [
                (d, self._param_annotation(d, answers, plan))
                for d in dict.fromkeys(deps)
            ]
            resolver = ResolverPlan(
                naming.unique(f"ask_{arg}", self.module_taken),
                params,
                [present],
                arg,
                f"{ann} | Elicit[{ann}]",
                f"Elicit({message_src}{extra})",
            )
            replacement = f"{arg} = {param}"
            del annotation
        elif deps or gates:
            kind = "quoting" if kind == "question" else kind
            params = [(d, self._param_annotation(d, answers, plan)) for d in deps]
            value_arm = f"{ann} | None" if gate_src else ann
            resolver = ResolverPlan(
                naming.unique(f"ask_{param}", self.module_taken),
                params,
                gate_src,
                "None",
                f"{value_arm} | Elicit[{ann}]",
                f"Elicit({message_src}{extra})",
            )
        marker = (
            f"Elicit({resolver.name})" if resolver else f"Elicit({message_src}{extra})"
        )
        return Ask(
            site,
            placement,
            param,
            f"Annotated[{annotation_type}, {marker}]",
            "None" if optional else None,
            kind,
            tp,
            resolver,
            replacement,
        )

    def _param_annotation(
        self, name: str, answers: dict[str, Ask], plan: FunctionPlan
    ) -> str | None:
        for ask in plan.asks:
            if ask.param == name:
                t = ask.types.annotation
                return f"{t} | None" if ask.default is not None else t
        arg = self.args.get(name)
        if arg is not None and arg.annotation is not None:
            return self.segment(arg.annotation)
        return None

    def _labels_allowed(self, site: ElicitationSite) -> bool:
        """Whether FastMCP accepts ``response_title``/``response_description`` for this
        type: scalars, ``Literal``, shorthands and ``Enum`` classes yes; dataclasses and
        models no (``fastmcp.server.elicitation.parse_elicit_response_type``). A class
        whose definition is not in this module is treated as a model."""
        rt = site.response_type
        if not isinstance(rt, ast.Name) or rt.id in ("str", "int", "float", "bool"):
            return True
        found = [
            n
            for n in ast.walk(self.model.tree)
            if isinstance(n, ast.ClassDef) and n.name == rt.id
        ]
        return bool(found) and all(
            any("Enum" in ast.unparse(b) for b in cls.bases) for cls in found
        )

    def _marker_extras(self, site: ElicitationSite, tp: TypePlan) -> str:
        out = ""
        if tp.marker_response_type:
            out += f", response_type={tp.marker_response_type}"
        for kw in site.call.keywords:
            if kw.arg in (
                "response_title",
                "response_description",
            ) and not self._labels_allowed(site):
                raise Refused(
                    f"`{kw.arg}=` with a class response type (FastMCP raises `TypeError` "
                    "when called; declared, it would fail at import)"
                )
            if kw.arg in ("response_title", "response_description"):
                value = self.segment(kw.value)
                out += f", {kw.arg.removeprefix('response_')}={value}"
            elif kw.arg not in (None, "message", "response_type", "schema"):
                raise Refused(f"the `{kw.arg}=` argument has no declared equivalent")
        return out

    def _drop_context(self, plan: FunctionPlan, removed: set[ast.stmt]) -> None:
        names = {
            s.context.name
            for s in self.sites
            if s.context.kind in ("annotation", "current-context", "bare-ctx")
        }
        for name in names:
            if name not in self.args or name is None:
                continue
            removed_nodes = {id(n) for stmt in removed for n in ast.walk(stmt)}
            used = any(
                isinstance(n, ast.Name) and n.id == name and id(n) not in removed_nodes
                for n in ast.walk(self.node)
            )
            if not used:
                plan.drop_param = name
        for stmt in self.node.body:
            if not self._is_context_assignment(stmt):
                continue
            name = stmt.targets[0].id  # type: ignore[attr-defined]
            skip = {id(n) for s in (*removed, stmt) for n in ast.walk(s)}
            if not any(
                isinstance(n, ast.Name) and n.id == name and id(n) not in skip
                for n in ast.walk(self.node)
            ):
                plan.drop_statements.append(stmt)


_NEEDED = {
    "Elicit": names.ELICIT,
    "declared_elicitation": names.DECLARED_ELICITATION,
    "Annotated": names.ANNOTATED,
    "Literal": names.LITERAL,
}


def _name_clash(model: Model) -> str | None:
    """A reason when a name the rewrite imports is already bound to something else
    at module level (e.g. the SDK's ``Elicit``): the new import would shadow it."""
    for name, qualified in _NEEDED.items():
        bound = name in model.module_scope.bindings
        if (
            bound
            and model.qualified_name(ast.Name(id=name, ctx=ast.Load())) != qualified
        ):
            return f"`{name}` already names something else in this module"
    return None


def plan_module(model: Model, select: set[str] | None = None) -> ModulePlan:
    """Plan every imperative site of ``model``: rewrites per tool, or skips with reasons.

    ``select``: the rewrite kinds allowed (default: all of :data:`KINDS`); a tool
    needing another kind is skipped with the reason ``rewrite kind `k` not selected``.
    Never raises on valid models.
    """
    allowed = set(KINDS) if select is None else set(select)
    result = ModulePlan()
    groups: dict[int, list[ElicitationSite]] = {}
    order: list[ElicitationSite] = []
    for site in model.sites:
        reason = locate.function_reason(site, model)
        if reason is not None:
            result.skips.append(_skip(site, reason))
            continue
        groups.setdefault(id(site.function), []).append(site)
        order.append(site)
    taken = _module_names(model)
    render = Renderer(model)
    clash = _name_clash(model)
    for sites in groups.values():
        function = sites[0].function
        assert function is not None
        if clash:
            result.skips.extend(_skip(site, clash) for site in sites)
            continue
        try:
            plan = _ToolPlanner(model, function, sites, taken, render).plan()
            missing = sorted(plan.kinds - allowed)
            if missing:
                raise Refused(f"rewrite kind `{missing[0]}` not selected")
        except Refused as refused:
            for site in sites:
                result.skips.append(_skip(site, str(refused.args[0])))
            continue
        for ask in plan.asks:
            if ask.resolver:
                taken.add(ask.resolver.name)
        result.functions.append(plan)
    if "Resolve" in model.source:
        from .sdk import sdk_skips

        result.skips.extend(
            Skip(row, column, reason) for row, column, reason in sdk_skips(model)
        )
    result.skips.sort(key=lambda s: (s.row, s.column))
    return result


def annotate(model: Model) -> None:
    """Fill ``site.rewrite`` (:class:`RewriteNote`) on every site of ``model`` (MCP001)."""
    if not model.sites:
        return
    try:
        plan = plan_module(model)
    except Exception as exc:  # noqa: BLE001 - a planner bug must not break the checker
        for site in model.sites:
            site.rewrite = RewriteNote(
                False, f"cannot rewrite: internal planner error ({type(exc).__name__})"
            )
        return
    skipped = {(s.row, s.column): s.reason for s in plan.skips}
    for site in model.sites:
        reason = skipped.get((site.span.start.row, site.span.start.column))
        if reason is None:
            site.rewrite = RewriteNote(True, "`elicit-migrate` can rewrite it")
        else:
            site.rewrite = RewriteNote(
                False, f"`elicit-migrate` cannot rewrite it: {reason}"
            )
