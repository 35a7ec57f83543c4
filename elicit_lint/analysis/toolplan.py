"""Planning one tool: placements, gates, answers and the statements around them.

:class:`ToolPlanner` walks the body of one registered tool and turns its
imperative sites into a :class:`.records.FunctionPlan`, or raises
:class:`.response_types.Refused` with the reason; what each question becomes
(parameter, annotation, resolver) is :func:`.toolask.plan_ask`. Standard library only (it runs on the checker's path for MCP001).
"""

from __future__ import annotations

import ast
from collections import Counter

from ..core.settings import DEFAULT_MAX_ROUNDS
from ..model import ElicitationSite, Function, Model
from ..model.structure import walk
from . import (
    bindings,
    context_use,
    data_reads,
    hoist,
    locate,
    prelude,
    purity,
    recompute,
    tidy,
    toolask,
)
from .placement import place
from .records import Ask, FunctionPlan
from .response_types import Refused
from .rounds import too_long_chain
from .text import Renderer

_COMPOUND = (
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
)
"""Statements not counted per line by :func:`_survey` (they hold other statements)."""


def _survey(nodes: list[ast.AST]) -> tuple[Counter, set[str]]:
    """One pass over ``nodes`` (a walk): the number of simple statements starting
    on each line, and every name read, bound or declared as a parameter."""
    counts: Counter = Counter()
    names: set[str] = set()
    name_type, arg_type, stmt = ast.Name, ast.arg, ast.stmt
    for node in nodes:
        cls = type(node)
        if cls is name_type:
            names.add(node.id)
        elif cls is arg_type:
            names.add(node.arg)
        elif isinstance(node, stmt) and not isinstance(node, _COMPOUND):
            counts[getattr(node, "lineno", 0)] += 1
    return counts, names


def module_names(model: Model) -> set[str]:
    """The names a generated module-level name avoids (:func:`.star_names.taken_names`)."""
    from .star_names import taken_names

    return taken_names(model)


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
        max_rounds: int = DEFAULT_MAX_ROUNDS,
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
        self.max_rounds = max_rounds
        """The most rounds a client allows (config ``max-rounds``, MCP010's)."""
        self.parents = model.parents  # the model's one parent map, shared by every site's analysis
        self.nodes = walk(self.node)  # the tool's walk, shared likewise
        self.qualify = lambda e: function.scope.qualified_name(e)
        self.contexts: set[str] = set()
        self.copied: list[ast.Assign] = []
        """Body locals the resolvers compute again (:mod:`.recompute`)."""
        self.ended: list[str] = []
        """Parameters of earlier required answers whose decline or cancel has
        ended the original's call before the statement being planned (a
        ``.data`` read of it ran): a later question's resolver reads them, so
        the runtime asks it only once they are accepted (docs/architecture.md
        "Data flow: `elicit-migrate`")."""
        self.culprit: ElicitationSite | None = None
        """The site a :class:`Refused` from :meth:`plan` is about (``None``: the
        whole tool); its siblings are told "another question ... (line N)"."""

    def segment(self, node: ast.AST) -> str:
        return self.render(node, {})

    def plan(self) -> FunctionPlan:
        counts, names = _survey(self.nodes)
        placements = []
        for s in self.sites:
            self.culprit = s
            if isinstance(self.parents.get(s.await_node), ast.NamedExpr):
                raise Refused(prelude.WALRUS)
            placements.append(
                place(s, self.function, set(self.args), counts, self.parents)
            )
        variables = {
            p.variable for p in placements if p.variable and p.form != "backfill"
        }
        # parameters may shadow module-level names the tool does not read (its own
        # name included); every name it reads or binds is taken
        taken = names - variables
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
        self.contexts = set(contexts)  # as the body starts: named in skip reasons
        reading: list[str] = []  # required results whose `.data` read comes next
        whole: dict[str, ast.stmt] = {}  # results kept whole -> their ask statement
        stopped: tuple[str, int] | None = None  # a read of one that fails on decline
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
                if stopped is not None:  # the body reads it only after the question
                    raise Refused(locate.read_before(*stopped))
                ask = toolask.plan_ask(
                    self, site, placement, taken, local_classes, gates, answers, plan
                )
                plan.asks.append(ask)
                if ask.outcome:
                    whole[placement.variable] = stmt
                elif ask.default is None:  # a refusal fails the call
                    if placement.form == "result" and placement.inner is None:
                        reading.append(ask.param)  # at the next statement, `r.data`
                    else:  # `(await ...).data`, a backfill, an `if` block's read
                        self.ended.append(ask.param)
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
            # the read of a required result right after its question (past
            # other questions, asked before it: `data_reads.check`)
            self.ended += reading
            reading.clear()
            for variable, asked in whole.items():
                read = data_reads.unaccepted_read(
                    variable, asked, stmt, self.node, self.parents, self.qualify
                )
                if read is not None and stopped is None:
                    stopped = (variable, read.lineno)
            stored = prelude.stored_names(stmt)
            self.rebound |= stored
            if context_use.is_context_assignment(self, stmt):
                contexts.add(stmt.targets[0].id)  # type: ignore[attr-defined]
                continue
            contexts -= prelude.stored_names(stmt)
            if context_use.lifespan_read(stmt, contexts) and not stored & set(self.args):
                continue  # stays in the body; a question reading it is refused
            if (
                index == 0
                and isinstance(stmt, ast.Expr)
                and isinstance(stmt.value, ast.Constant)
            ):
                continue
            if isinstance(stmt, (ast.Pass, ast.ClassDef)):
                continue
            # one notion of "safe to move" (purity.safe_expression): it runs after
            # the question once rewritten, so it must not raise
            types = purity.known_types(self.node, body[:index], self.rebound - stored)
            if (
                isinstance(stmt, (ast.If, ast.Assert))
                and self._is_gate(stmt, answers)
                and prelude.plain_test(stmt.test, self.local_names | set(self.args), types)
            ):
                gates.append(stmt)
                continue
            if (
                prelude.is_pure(stmt, set(), types, set(answers))
                or prelude.notification(stmt, contexts, types, set(answers))
                or purity.pure_assignment(stmt, types, set(self.args))
                or prelude.inert_if(stmt, types, set(answers))
            ):
                # stays in the body; a question reading what it binds is refused
                # (`_dependencies`: computed in the body, or an argument rebound)
                continue
            self.culprit = pending[0][0]  # the first question asked after it
            if prelude.may_end_call(stmt):
                raise Refused(prelude.BRANCH)
            self._reads_what_it_binds(stmt, pending[0][0], answers)
            if context_use.lifespan_read(stmt, contexts, sdk=True):
                raise Refused(prelude.REQUEST_CONTEXT)
            if prelude.may_raise(stmt, contexts):
                raise Refused(prelude.MAY_RAISE)
            if prelude.may_exit(stmt):  # `with ...: return`, a bare `raise`
                raise Refused(locate.EXIT_BEFORE)
            raise Refused(locate.SIDE_EFFECTS)
        hoist.check(self, plan)
        self._check_rounds(plan)
        for stmt in recompute.unused_copies(self.node, self.copied, plan.asks):
            # the resolver computes it; the body no longer reads it
            top = any(stmt is s for s in self.node.body)
            (plan.drop_statements if top else plan.drop_nested).append(stmt)
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

    def _check_rounds(self, plan: FunctionPlan) -> None:
        """Refuse a rewrite whose resolvers chain more questions than a client's
        rounds (the question MCP010 asks of the output, :mod:`.rounds`): each
        resolver reads the earlier answers its question or gates need."""
        graph = {
            a.param: [d for d, _ in a.resolver.params] if a.resolver else []
            for a in plan.asks
        }
        chain = too_long_chain(graph, self.max_rounds)
        if chain is not None:
            self.culprit = next(a.site for a in plan.asks if a.param == chain[0])
            raise Refused(locate.too_many_rounds(len(chain), self.max_rounds))

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
            names = [n for n in ast.walk(expr) if isinstance(n, ast.Name) and n.id in bound]
            if names and expr is site.response_type:
                how = bindings.how_bound(self.node, names[0].id, expr.lineno, self.contexts)
                raise Refused(locate.computed_type(names[0].id, how))
            if names:
                self.dependencies(expr, answers)  # raises: it reads a body local

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

    def computed(self, name: str, row: int, answers=()) -> str:
        """:func:`.locate.computed` for body local ``name`` read on row ``row``,
        with what binds it (:func:`.bindings.how_bound`; ``answers``: the earlier
        questions' result variables)."""
        how = bindings.how_bound(self.node, name, row, self.contexts, set(answers))
        return locate.computed(name, how)

    def dependencies(
        self,
        node: ast.expr,
        answers: dict[str, Ask],
        copied: list[ast.Assign] | None = None,
        before: list[ast.stmt] | None = None,
    ) -> list[str]:
        """The resolver parameters ``node`` needs: the tool arguments and earlier
        answers (their parameters) it reads, in order. A body local it reads is
        computed again in the resolver when ``copied`` is given (its assignments,
        from ``before``, are added there: :func:`.recompute.copies`, with the
        arguments they read); otherwise, or when it cannot be, ``Refused``."""
        deps: list[str] = []
        local_reads: list[ast.expr] = []
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
                if copied is None:
                    raise Refused(self.computed(n.id, node.lineno, answers))
                local_reads.append(n)
                continue
            else:
                continue
            if name not in deps:
                deps.append(name)
        if local_reads:
            assert copied is not None and before is not None
            reason = lambda name: self.computed(name, node.lineno, answers)
            for stmt in recompute.copies(self, local_reads, before, reason):
                if all(stmt is not c for c in copied):
                    copied.append(stmt)
            for arg in recompute.arguments_read(self, copied):
                if arg not in deps:
                    deps.append(arg)
        return deps
