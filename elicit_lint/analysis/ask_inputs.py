"""What a question's resolver reads: the annotation each of its parameters
gets (an earlier answer's type or the tool argument's own) and the part of a
question or gate that varies between rounds (:func:`varying`). Read by
:func:`.toolask.plan_ask`. Standard library only.
"""

from __future__ import annotations

import ast

from . import context_use, purity
from .records import FunctionPlan


def param_annotation(planner, name: str, plan: FunctionPlan) -> str | None:
    """The annotation a resolver gives ``name``: an earlier answer's type (``| None``
    when it has a default) or the tool argument's own annotation (``None``: none)."""
    for ask in plan.asks:
        if ask.param == name:
            t = ask.types.annotation
            if ask.outcome:
                return f"ElicitationResult[{t}]"
            # a gated required answer is `None` where its gate fires: the runtime
            # skips a resolver whose parameter rejects `None` (and fails the call)
            return f"{t} | None" if ask.default is not None or ask.nullable else t
    arg = planner.args.get(name)
    if arg is not None and arg.annotation is not None:
        text = planner.segment(arg.annotation)
        if _defaults_to_none(planner.node.args, arg) and not _admits_none(arg.annotation):
            # `n: int = None`: the call may pass `None` (FastMCP fills the
            # default), so the resolver's annotation says so
            return f"{text} | None"
        return text
    return None


def _defaults_to_none(args: ast.arguments, arg: ast.arg) -> bool:
    """``arg`` of ``args`` has the default ``None``."""
    positional = [*args.posonlyargs, *args.args]
    pairs = list(zip(positional[len(positional) - len(args.defaults):], args.defaults))
    pairs += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None]
    return any(
        a is arg and isinstance(d, ast.Constant) and d.value is None for a, d in pairs
    )


def _admits_none(annotation: ast.expr) -> bool:
    """An annotation that already takes ``None`` as written: ``None`` or
    ``Any``/``object``, an arm of ``|`` that does, ``Optional[...]``, or a
    ``Union[...]`` with such an arm (a string annotation is read as written)."""
    if isinstance(annotation, ast.Constant):
        if isinstance(annotation.value, str):
            try:
                return _admits_none(ast.parse(annotation.value, mode="eval").body)
            except SyntaxError:
                return True  # unreadable: leave it as written
        return annotation.value is None
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        return _admits_none(annotation.left) or _admits_none(annotation.right)
    name = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    last = name.attr if isinstance(name, ast.Attribute) else getattr(name, "id", None)
    if isinstance(annotation, ast.Subscript):
        if last == "Optional":
            return True
        if last == "Union":
            arms = annotation.slice.elts if isinstance(annotation.slice, ast.Tuple) else [annotation.slice]
            return any(_admits_none(a) for a in arms)
        return last == "Annotated" and isinstance(annotation.slice, ast.Tuple) and _admits_none(
            annotation.slice.elts[0]
        )
    return last in ("Any", "object", "None")


def bound(assigns: list[ast.Assign]) -> set[str]:
    """The names the copied body locals ``assigns`` bind."""
    return {
        t.id for a in assigns for t in a.targets if isinstance(t, ast.Name)
    }


def varying(planner, expr: ast.expr, answers, copied=frozenset()) -> str | None:
    """:func:`.purity.varying_part` of a question or gate ``expr`` of ``planner``'s
    tool: its inputs are the arguments other than the context, the earlier
    answers' variables and ``copied`` (locals a guard's resolver recomputes)."""
    contexts = context_use.context_parameters(planner)
    inputs = (set(planner.args) - contexts) | set(answers) | set(copied)
    types = purity.scalar_arguments(planner.node, planner.rebound)
    str_answers = set()
    for variable, ask in answers.items():
        if ask.types.annotation == "str" and not ask.outcome:
            if ask.placement.form == "data":
                types[variable] = "str"
            else:
                str_answers.add(variable)
    scope = planner.function.scope
    return purity.varying_part(
        expr,
        inputs,
        lambda name, value=True: purity.fixed_name(planner.model, scope, name, value),
        types,
        str_answers,
    )
