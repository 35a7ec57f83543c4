"""Planning one question of a tool: its parameter, annotation, marker and resolver.

:func:`plan_ask` turns one placed site of a :class:`.toolplan.ToolPlanner`'s tool
into an :class:`.records.Ask` (the parameter name, the ``Annotated[...]``
annotation, the resolver when the question quotes arguments or earlier answers,
is gated, or backfills an argument), or raises :class:`.response_types.Refused`
with the reason. The planner walks the body and decides where each question may
go (toolplan.py); this module says what the question becomes (its type:
:mod:`.ask_types`; its resolver's inputs: :mod:`.ask_inputs`). Standard library
only (it runs on the checker's path for MCP001).
"""

from __future__ import annotations

import ast
import re

from . import (
    ask_inputs,
    context_use,
    guarded,
    locate,
    naming,
    order,
    outcomes,
    prelude,
    recompute,
    tidy,
    whole_result,
)
from .ask_types import ask_type
from .records import Ask, FunctionPlan, ResolverPlan
from .response_labels import marker_extras
from .response_types import Refused
from .text import without_comments


def plan_ask(
    planner,
    site,
    placement,
    taken,
    local_classes,
    gates,
    answers,
    plan: FunctionPlan,
) -> Ask:
    """The :class:`.records.Ask` of ``site`` at ``placement`` (``planner``: the
    tool's :class:`.toolplan.ToolPlanner`; ``taken``: names in
    use, the new parameter's added; ``gates``: the ``if``/``assert`` statements met
    before it; ``answers``: result variable -> earlier ask; ``plan``: the tool's plan,
    whose imports, hoisted classes and replacements grow). Raises
    :class:`.response_types.Refused` with the reason."""
    tp = ask_type(planner, site, local_classes, plan)
    if site.message is None:
        raise Refused("the question is not given: pass the question text, then run again")
    before = recompute.before_question(planner.node.body, placement)
    question = naming.question_text(recompute.shown(planner, site.message, before))
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
        bound = planner.function.scope.bindings
        capture = tidy.accept_capture(planner.node, variable, bound)
        alias = tidy.data_alias(planner.node, variable, bound, planner.parents)
        for name in (capture, alias and alias[0]):  # `color`, not `color_2`
            if name and re.fullmatch(rf"{re.escape(name)}_\d+", param) and (
                name not in planner.args and all(a.param != name for a in plan.asks)
            ):
                taken.discard(param)
                param = name
                if alias and name == alias[0]:
                    plan.drop_nested.append(alias[1])  # `x = x`
    # `city_2` after the argument `city` (a backfill of it, or a question that
    # names it, `f"Mode {mode} value?"`): `city_answer`, told apart from the argument
    param = guarded.answer_name(param, planner.args, taken)
    optional = placement.form == "discarded"
    kept_whole = False
    if placement.form == "result":
        try:
            uses = outcomes.analyse(
                planner.node,
                placement.variable,
                placement.asking,
                param,
                planner.qualify,
                planner.parents,
            )
        except Refused as refused:
            # no exact value translation: keep the result whole, when the target
            # has the outcome form (docs/architecture.md "Data flow: `elicit-migrate`")
            whole_result.outcome_form(planner, placement, refused)
            # kept without its traceback: its frames hold the planner, a cycle that
            # keeps the file's whole tree alive until a full collection
            planner.whole_refused = refused.with_traceback(None)
            taken.discard(param)
            param = placement.variable
            taken.add(param)
            del plan.drop_nested[drop_mark:]
            plan.imports.add((planner.target, "ElicitationResult"))
            kept_whole = True
        else:
            plan.replacements.update(uses.replacements)
            plan.matches.extend(uses.matches)
            optional = uses.tested
    elif placement.form == "data" and placement.variable != param:
        for n in planner.nodes:
            if isinstance(n, ast.Name) and n.id == placement.variable:
                plan.replacements[n] = param
    kind = "question"
    ann = tp.annotation
    annotation_type = f"{ann} | None" if optional else ann
    if kept_whole:
        kind = "outcome"
        annotation_type = f"ElicitationResult[{ann}]"
    extra = marker_extras(site, tp, planner.model.scopes, planner.segment)
    message_src = without_comments(planner.render(site.message, plan.replacements))
    copied: list[ast.Assign] = []  # body locals the question reads, computed again
    deps = planner.dependencies(site.message, answers, copied, before)
    quoted = list(deps)  # the answers the question itself (or its setup) reads
    varying = ask_inputs.varying(planner, site.message, answers, ask_inputs.bound(copied))
    if varying is not None:
        raise Refused(locate.varying(varying))
    gate_src = [
        planner.render(g.test, plan.replacements)
        if isinstance(g, ast.If)
        else guarded.debug_only(tidy.negate_test(g.test, plan.replacements, planner.render))
        for g in gates
    ]
    # two gates may translate alike (``assert isinstance(r, Accepted...)`` and
    # ``if r.action != "accept": return``): one ``if`` per test in the resolver
    gate_src = list(dict.fromkeys(gate_src))
    gate_src = [g for g in gate_src if guarded.debug_test(g) not in gate_src]  # an `if` covers it
    for g in gates:
        missing = context_use.context_check(g, context_use.context_parameters(planner))
        if missing is not None:
            raise Refused(locate.context_check(ast.unparse(g.test), missing))
        varying = ask_inputs.varying(planner, g.test, answers)
        if varying is not None:
            raise Refused(locate.varying(varying, "the gate before the question"))
        for dep in planner.dependencies(g.test, answers):
            if dep not in deps:
                deps.append(dep)
    if placement.inner is not None:  # asked first in an `if` block (guarded)
        guard_copied, guard = guarded.guard_setup(planner, placement)
        copied += [s for s in guard_copied if all(s is not c for c in copied)]
        varying = ask_inputs.varying(
            planner, placement.statement.test, answers, planner.local_names
        )
        if varying is not None:
            raise Refused(locate.varying(varying, "the `if` around the question"))
        gate_src.append(guard)
        for dep in guarded.guard_arguments(planner, placement):
            if dep not in deps:
                deps.append(dep)
    copied.sort(key=lambda s: (s.lineno, s.col_offset))
    for i, stmt in enumerate(copied):  # a local the resolver computes again each round
        varying = ask_inputs.varying(planner, stmt.value, answers, ask_inputs.bound(copied[:i]))
        if varying is not None:
            raise Refused(locate.varying(varying))
    planner.copied += [s for s in copied if all(s is not c for c in planner.copied)]
    setup = [planner.segment(s) for s in copied]
    for dep in planner.ended:  # a refusal of it ended the original's call already
        if dep not in deps:
            deps.append(dep)
    # an earlier answer the question quotes that may be missing: not asked then.
    # An answer only a gate (or the `if` around the question) reads gets no such
    # test: the copied gate, translated onto the declared value, already fires
    # exactly where the original's exit fires (fresh8 F4); an answer whose refusal
    # ended the call (`planner.ended`) has no default, so no test either
    for dep in quoted:
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
        if arg in planner.rebound:
            raise Refused(prelude.rebound(arg))
        if not guarded.argument_fits(planner, arg, ann):
            raise Refused(guarded.other_type(arg))
        test = placement.backfill_test
        present = arg if isinstance(test, ast.UnaryOp) else f"{arg} is not None"
        deps = [d for d in [arg, *deps] if d]
        params = [
            (d, ask_inputs.param_annotation(planner, d, plan))
            for d in dict.fromkeys(deps)
        ]
        # the same gates as any other question (the early exits above it): where
        # one fires the original never reaches the backfill, the resolver asks
        # nothing and the body's own exit still runs first
        value_arm = f"{ann} | None" if gate_src else ann
        if gate_src:  # the gate's `None` must validate; a decline still fails the call
            annotation_type = f"{ann} | None"
        resolver = ResolverPlan(
            naming.unique(f"ask_{arg}", planner.module_taken),
            params,
            gate_src,
            "None",
            f"{value_arm} | Elicit[{ann}]",
            f"Elicit({message_src}{extra})",
            setup,
            given=(present, arg),
        )
        replacement = f"{arg} = {param}"
    elif deps or gate_src or setup:
        kind = "quoting" if kind == "question" else kind
        if kept_whole:
            plan.kinds.add("quoting")
        params = [(d, ask_inputs.param_annotation(planner, d, plan)) for d in deps]
        value_arm = f"{ann} | None" if gate_src else ann
        gate_value = "None"
        if gate_src and kept_whole:
            # a gate's `None` is no outcome object: the runtime would reject it
            if placement.inner is None:  # an early `return` before the question
                raise Refused(locate.early_exit_whole(str(planner.whole_refused.args[0])))
            gate_value = guarded.outcome_gate(planner, placement, ann, gate_src)
            if gate_value is None:
                raise Refused(guarded.kept_whole(str(planner.whole_refused.args[0])))
            value_arm = ann
        if gate_src and not optional and not kept_whole:
            # the gate's `None` must validate, a decline must still fail the
            # call (no default): `T | None` without a default
            annotation_type = f"{ann} | None"
        resolver = ResolverPlan(
            naming.unique(f"ask_{param}", planner.module_taken),
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
    order.check(planner.function, site, message_too=resolver is None)
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
        annotation_type.endswith(" | None"),
    )


