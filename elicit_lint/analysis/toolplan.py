"""Planning one tool: placements, gates, answers, names, resolvers.

:class:`ToolPlanner` turns the imperative sites of one registered tool into a
:class:`.records.FunctionPlan`, or raises :class:`.response_types.Refused` with
the reason. Standard library only (it runs on the checker's path for MCP001).
"""

from __future__ import annotations

import ast
import re
from collections import Counter

from ..model import ElicitationSite, Function, Model, names
from ..model.structure import walk
from . import (
    context_use,
    guarded,
    hoist,
    locate,
    naming,
    order,
    outcomes,
    prelude,
    purity,
    tidy,
    whole_result,
)
from .records import Ask, FunctionPlan, ResolverPlan
from .response_types import (
    SCHEMA_KEYWORD,
    Refused,
    marker_extras,
    translate,
    typed_dict_refusal,
)
from .text import Renderer, without_comments


def _function_names(nodes: list[ast.AST]) -> set[str]:
    """Every name read, bound or declared as a parameter among ``nodes`` (a walk)."""
    return {n.id for n in nodes if isinstance(n, ast.Name)} | {
        a.arg for a in nodes if isinstance(a, ast.arg)
    }


def module_names(model: Model) -> set[str]:
    return set(model.module_scope.bindings)


class ToolPlanner:
    """Plans the rewrite of one tool's sites (see module docstring)."""

    def __init__(
        self,
        model: Model,
        function: Function,
        sites: list[ElicitationSite],
        taken: set[str],
        render: Renderer,
        target: str = "elicit_lint.runtime",
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
        self.target = target
        self.parents = model.parents  # the model's one parent map, shared by every site's analysis
        self.nodes = walk(self.node)  # the tool's walk, shared likewise
        self.qualify = lambda e: function.scope.qualified_name(e)
        self.culprit: ElicitationSite | None = None
        """The site a :class:`Refused` from :meth:`plan` is about (``None``: the
        whole tool); its siblings are told "another question ... (line N)"."""

    def segment(self, node: ast.AST) -> str:
        return self.render(node, {})

    def plan(self) -> FunctionPlan:
        counts = Counter(
            getattr(s, "lineno", 0)
            for s in self.nodes
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
        placements = []
        for s in self.sites:
            self.culprit = s
            if isinstance(self.parents.get(s.await_node), ast.NamedExpr):
                raise Refused(prelude.WALRUS)
            placements.append(
                locate.place(s, self.function, set(self.args), counts, self.parents)
            )
        variables = {
            p.variable for p in placements if p.variable and p.form != "backfill"
        }
        # parameters may shadow module-level names the tool does not read (its own
        # name included); every name it reads or binds is taken
        taken = _function_names(self.nodes) - variables
        local_classes = {
            s.name: s for s in self.node.body if isinstance(s, ast.ClassDef)
        }
        plan = FunctionPlan(self.function, [])
        ask_statements = {p.statement for p in placements}
        body = self.node.body
        gates: list[ast.If | ast.Assert] = []
        answers: dict[str, Ask] = {}  # result variable -> ask
        pending = list(zip(self.sites, placements))
        self.rebound: set[str] = set()  # names stored by the body before this ask
        contexts = context_use.context_parameters(self)  # names holding the tool's own context
        for index, stmt in enumerate(body):
            if not pending:
                break
            if stmt in ask_statements:
                site, placement = pending.pop(0)
                self.culprit = site
                if placement.form != "backfill" and (
                    placement.variable in self.args
                    or placement.variable in self.rebound
                ):
                    raise Refused(prelude.answer_to_argument(placement.variable))
                ask = self._ask(
                    site, placement, taken, local_classes, gates, answers, plan
                )
                plan.asks.append(ask)
                if placement.inner is not None:  # the `if` stays: it may rebind
                    self.rebound |= prelude.stored_names(stmt)
                    if pending and prelude.may_end_call(stmt):
                        # a later question is not asked when its block returns
                        self.culprit = pending[0][0]
                        raise Refused(prelude.BRANCH)
                elif placement.variable and placement.form in ("result", "data"):
                    answers[placement.variable] = ask
                else:
                    self.rebound |= prelude.stored_names(stmt)
                continue
            stored = prelude.stored_names(stmt)
            self.rebound |= stored
            if context_use.is_context_assignment(self, stmt):
                contexts.add(stmt.targets[0].id)  # type: ignore[attr-defined]
                continue
            contexts -= prelude.stored_names(stmt)
            if (
                index == 0
                and isinstance(stmt, ast.Expr)
                and isinstance(stmt.value, ast.Constant)
            ):
                continue
            if isinstance(stmt, (ast.Pass, ast.ClassDef)):
                continue
            if (
                isinstance(stmt, (ast.If, ast.Assert))
                and self._is_gate(stmt, answers)
                and prelude.plain_test(stmt.test, self.local_names | set(self.args))
            ):
                gates.append(stmt)
                continue
            # one notion of "safe to move" (purity.safe_expression): it runs after
            # the question once rewritten, so it must not raise
            types = purity.known_types(self.node, body[:index], self.rebound - stored)
            if (
                prelude.is_pure(stmt, set(), types, set(answers))
                or prelude.notification(stmt, contexts, types, set(answers))
                or purity.pure_assignment(stmt, types, set(self.args))
            ):
                # stays in the body; a question reading what it binds is refused
                # (`_dependencies`: computed in the body, or an argument rebound)
                continue
            self.culprit = pending[0][0]  # the first question asked after it
            if prelude.may_end_call(stmt):
                raise Refused(prelude.BRANCH)
            self._reads_what_it_binds(stmt, pending[0][0], answers)
            if prelude.may_raise(stmt, contexts):
                raise Refused(prelude.MAY_RAISE)
            raise Refused(locate.SIDE_EFFECTS)
        hoist.check(self, plan)
        self.culprit = None
        tidy.dedupe_tests(self.node, plan.replacements, self.render, self.parents)
        plan.drop_nested += tidy.redundant_asserts(
            self.node, plan.replacements, self.render
        )
        if plan.hoist:
            plan.kinds.add("hoist")
        plan.kinds |= {a.kind for a in plan.asks}
        context_use.drop_context(self, plan, {p.asking for p in placements})
        return plan

    def _reads_what_it_binds(
        self, stmt: ast.stmt, site: ElicitationSite, answers: dict[str, Ask]
    ) -> None:
        """A statement with effects that binds a body local the next question
        reads (``schema = make_dataclass(...)`` before ``ctx.elicit(...,
        response_type=schema)``) is refused with the body-local reason the
        question itself gets (the SDK planner's wording for the same shape),
        not the vaguer :data:`.locate.SIDE_EFFECTS`."""
        read = [*site.call.args, *(k.value for k in site.call.keywords)]
        bound = (prelude.stored_names(stmt) & self.local_names) - set(self.args)
        for expr in read:
            if any(isinstance(n, ast.Name) and n.id in bound for n in ast.walk(expr)):
                self._dependencies(expr, answers)  # raises: it reads a body local

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
            if n.id in self.rebound and (n.id in answers or n.id in self.args):
                raise Refused(prelude.rebound(n.id))
            if n.id in answers:
                name = answers[n.id].param
            elif n.id in self.args:
                name = n.id
            elif n.id in self.local_names:
                raise Refused(locate.computed(n.id))
            else:
                continue
            if name not in deps:
                deps.append(name)
        return deps

    def _ask(
        self, site, placement, taken, local_classes, gates, answers, plan: FunctionPlan
    ) -> Ask:
        call_shape = prelude.unreadable_call(site.call)  # before the type: `**options` may hold it
        if call_shape is not None:
            raise Refused(call_shape)
        if site.response_type_form == "schema" and site.framework == names.FASTMCP_FRAMEWORK:
            raise Refused(SCHEMA_KEYWORD)  # the original never asks
        tp = translate(
            site.response_type,
            self.segment,
            local_classes,
            (self.local_names | set(self.args)) - set(local_classes),
        )
        order.check_deferred(self.model, self.function, site.response_type, tp)
        typed_dict = typed_dict_refusal(site.response_type, self.model.scopes, self.model.qualified_name)
        if typed_dict is not None:
            raise Refused(typed_dict)
        plan.imports |= set(tp.imports)
        for cls in tp.hoist:
            if cls not in plan.hoist:
                plan.hoist.append(cls)
        if site.message is None:
            raise Refused("the question is not given: pass the question text, then run again")
        question = naming.question_text(site.message)
        if placement.form == "backfill":
            param = naming.unique(f"{placement.variable}_answer", taken)
        else:
            variable = (
                placement.variable if placement.form in ("result", "data") else None
            )
            drop_mark = len(plan.drop_nested)
            param = naming.parameter_name(
                variable,
                question if isinstance(question, str) else None,
                tp.class_name,
                taken,
                yes_no=tp.annotation == "bool",
            )
            bound = self.function.scope.bindings
            capture = tidy.accept_capture(self.node, variable, bound)
            alias = tidy.data_alias(self.node, variable, bound, self.parents)
            for name in (capture, alias and alias[0]):  # `color`, not `color_2`
                if name and re.fullmatch(rf"{re.escape(name)}_\d+", param) and (
                    name not in self.args and all(a.param != name for a in plan.asks)
                ):
                    taken.discard(param)
                    param = name
                    if alias and name == alias[0]:
                        plan.drop_nested.append(alias[1])  # `x = x`
        if placement.inner is not None:  # `city_2` for the backfill of `city`: `city_answer`
            param = guarded.answer_name(param, self.args, taken)
        optional = placement.form == "discarded"
        kept_whole = False
        if placement.form == "result":
            try:
                uses = outcomes.analyse(
                    self.node,
                    placement.variable,
                    placement.asking,
                    param,
                    self.qualify,
                    self.parents,
                )
            except Refused as refused:
                # no exact value translation: keep the result whole, when the target
                # has the outcome form (docs/architecture.md "Data flow: `elicit-migrate`")
                whole_result.outcome_form(self, placement, refused)
                self.whole_refused = refused
                taken.discard(param)
                param = placement.variable
                taken.add(param)
                del plan.drop_nested[drop_mark:]
                plan.imports.add((self.target, "ElicitationResult"))
                kept_whole = True
            else:
                plan.replacements.update(uses.replacements)
                plan.matches.extend(uses.matches)
                optional = uses.tested
        elif placement.form == "data" and placement.variable != param:
            for n in self.nodes:
                if isinstance(n, ast.Name) and n.id == placement.variable:
                    plan.replacements[n] = param
        kind = "question"
        ann = tp.annotation
        annotation_type = f"{ann} | None" if optional else ann
        if kept_whole:
            kind = "outcome"
            annotation_type = f"ElicitationResult[{ann}]"
        extra = marker_extras(site, tp, self.model.scopes, self.segment)
        message_src = without_comments(self.render(site.message, plan.replacements))
        deps = self._dependencies(site.message, answers)
        gate_src = [
            self.render(g.test, plan.replacements)
            if isinstance(g, ast.If)
            else tidy.negate_test(g.test, plan.replacements, self.render)
            for g in gates
        ]
        # two gates may translate alike (``assert isinstance(r, Accepted...)`` and
        # ``if r.action != "accept": return``): one ``if`` per test in the resolver
        gate_src = list(dict.fromkeys(gate_src))
        for g in gates:
            for dep in self._dependencies(g.test, answers):
                if dep not in deps:
                    deps.append(dep)
        setup: list[str] = []
        if placement.inner is not None:  # asked first in an `if` block (guarded)
            setup, guard = guarded.guard_setup(self, placement)
            gate_src.append(guard)
            for dep in guarded.guard_arguments(self, placement):
                if dep not in deps:
                    deps.append(dep)
        for dep in deps:  # an earlier answer that may be missing: not asked then
            earlier = next((a for a in answers.values() if a.param == dep), None)
            if (
                earlier is not None
                and earlier.default is not None
                and f"{dep} is None" not in gate_src
                and f"not {dep}" not in gate_src  # `not dep` covers None too
            ):
                gate_src.append(f"{dep} is None")
        resolver = None
        replacement = None
        if placement.form == "backfill":
            kind = "backfill"
            arg = placement.variable
            if arg in self.rebound:
                raise Refused(prelude.rebound(arg))
            if not guarded.argument_fits(self, arg, ann):
                raise Refused(guarded.other_type(arg))
            test = placement.backfill_test
            present = arg if isinstance(test, ast.UnaryOp) else f"{arg} is not None"
            deps = [d for d in [arg, *deps] if d]
            params = [
                (d, self._param_annotation(d, plan))
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
        elif deps or gate_src:
            kind = "quoting" if kind == "question" else kind
            if kept_whole:
                plan.kinds.add("quoting")
            params = [(d, self._param_annotation(d, plan)) for d in deps]
            value_arm = f"{ann} | None" if gate_src else ann
            gate_value = "None"
            if gate_src and kept_whole:
                # a gate's `None` is no outcome object: the runtime would reject it
                if placement.inner is None:
                    raise self.whole_refused
                gate_value = guarded.outcome_gate(self, placement, ann, gate_src)
                if gate_value is None:
                    raise Refused(guarded.kept_whole(str(self.whole_refused.args[0])))
                value_arm = ann
            if gate_src and not optional and not kept_whole:
                # the gate's `None` must validate, a decline must still fail the
                # call (no default): `T | None` without a default
                annotation_type = f"{ann} | None"
            resolver = ResolverPlan(
                naming.unique(f"ask_{param}", self.module_taken),
                params,
                gate_src,
                gate_value,
                f"{value_arm} | Elicit[{ann}]",
                f"Elicit({message_src}{extra})",
                setup,
            )
        marker = (
            f"Elicit({resolver.name})" if resolver else f"Elicit({message_src}{extra})"
        )
        order.check(self.function, site, message_too=resolver is None)
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
            kept_whole,
        )

    def _param_annotation(self, name: str, plan: FunctionPlan) -> str | None:
        for ask in plan.asks:
            if ask.param == name:
                t = ask.types.annotation
                if ask.outcome:
                    return f"ElicitationResult[{t}]"
                return f"{t} | None" if ask.default is not None else t
        arg = self.args.get(name)
        if arg is not None and arg.annotation is not None:
            return self.segment(arg.annotation)
        return None
