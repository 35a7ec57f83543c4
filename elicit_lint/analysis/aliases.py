"""One module-level alias for a ``Literal[...]`` the rewrite spells repeatedly (stdlib only).

When the planned rewrite of a module writes the same ``Literal[...]`` (from a
shorthand list, ``["red", "green"]``, or spelled so in ``response_type=``, as
``Literal[...]`` or ``typing.Literal[...]``, when the leading imports bind that
spelling) into two or more signatures (tools or
generated resolvers), it is named once after the imports, ``Colour =
Literal["red", "green"]``, and the signatures use the name. The alias is an
ordinary assignment: ``typing`` reads ``Colour`` as the same ``Literal`` type,
so schemas, validation and answers are unchanged. The name comes from the
first parameter that takes it (``colour`` -> ``Colour``) and never equals a
name the module already uses anywhere (so nothing shadows it or is shadowed)
nor one the rewrite or the runtime brings (:data:`RESERVED`: not ``Answer``).
"""

from __future__ import annotations

import ast
import re

from ..model import names
from ..model.structure import nodes
from .records import FunctionPlan


def _signatures(plan: FunctionPlan) -> list[str]:
    """The annotation texts per signature the plan writes: the tool's new
    parameters together, then each generated resolver's."""
    out = [" ".join(a.annotation for a in plan.asks)]
    for ask in plan.asks:
        if ask.resolver is not None:
            params = " ".join(a or "" for _, a in ask.resolver.params)
            out.append(f"{params} {ask.resolver.returns}")
    return out


def _camel(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in name.split("_") if part)


def _used_names(model) -> set[str]:
    """Every identifier the module spells (names, attributes, parameters, definitions)."""
    out: set[str] = set()
    for node in nodes(model.tree):
        if isinstance(node, ast.Name):
            out.add(node.id)
        elif isinstance(node, ast.arg):
            out.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.alias):
            out.add((node.asname or node.name).split(".")[0])
    return out


RESERVED = names.RUNTIME_EXPORTS | {"Annotated", "Literal", "Resolve"}
"""Names an alias never takes, though the module may not spell them yet: the
rewrite's own imports and the runtime's exports (``Answer`` is the runtime's)."""


_TYPING = ("typing", "typing_extensions")


def _leading_imports(model) -> set[str]:
    """How the module's leading import block (after a docstring), where the
    aliases go, lets ``Literal`` be spelled: ``Literal`` for ``from typing import
    Literal``, ``typing.Literal`` for ``import typing`` (``t.Literal`` for
    ``import typing as t``). An alias of the module's own ``Literal[...]`` needs
    its spelling bound above it."""
    body = model.tree.body
    at = 1 if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) else 0
    out: set[str] = set()
    for stmt in body[at:]:
        if isinstance(stmt, ast.ImportFrom) and stmt.module in _TYPING:
            out |= {a.asname or a.name for a in stmt.names if a.name == "Literal"}
        elif isinstance(stmt, ast.Import):
            out |= {f"{a.asname or a.name}.Literal" for a in stmt.names if a.name in _TYPING}
        elif not isinstance(stmt, ast.ImportFrom):
            break
    return out


def _spelled(literal: str) -> re.Pattern[str]:
    """``literal`` as a whole expression: not the tail of a longer one
    (``Literal["a"]`` inside ``typing.Literal["a"]`` is not the same text)."""
    return re.compile(r"(?<![\w.])" + re.escape(literal))


def plan_aliases(model, functions: list[FunctionPlan]) -> list[tuple[str, str]]:
    """``[(name, "Literal[...]")]`` for each ``Literal[...]`` the plans spell in
    two or more signatures, in first-use order; rewrites the plans' annotation
    texts (parameters, resolver parameters and returns) to use the names."""
    owner: dict[str, str] = {}  # literal text -> the first parameter taking it
    imported = _leading_imports(model)
    for plan in functions:
        for ask in plan.asks:
            literal = ask.types.literal
            if literal is not None and (
                not ask.types.literal_spelled or literal.split("[", 1)[0] in imported
            ):
                owner.setdefault(literal, ask.param)
    counts = {
        literal: sum(
            bool(_spelled(literal).search(text))
            for plan in functions
            for text in _signatures(plan)
        )
        for literal in owner
    }
    repeated = [literal for literal, n in counts.items() if n >= 2]
    if not repeated:
        return []
    used = set(RESERVED)
    for plan in functions:
        used |= {a.param for a in plan.asks}
        used |= {a.resolver.name for a in plan.asks if a.resolver is not None}
    spelled: set[str] | None = None  # the module's identifiers, walked on first need
    star_names = set(getattr(model, "star_exports", ()))  # star_names.py

    def taken(name: str) -> bool:
        nonlocal spelled
        if name in used:
            return True
        if model.spelled_at_most(name, 0) and name not in star_names:  # no identifier spells it
            return False
        if spelled is None:
            spelled = _used_names(model) | star_names
        return name in spelled

    aliases: list[tuple[str, str]] = []
    for literal in repeated:
        base = _camel(owner[literal])
        if len(base) < 2:  # `c` -> `Choice`, not a one-letter type name `C`
            base = "Choice"
        if base in RESERVED:  # `AnswerChoice`, not `Answer2`
            base += "Choice"
        name, n = base, 2
        while taken(name) or not name.isidentifier():
            name = f"{base}{n}"
            n += 1
        used.add(name)
        aliases.append((name, literal))
    for name, literal in aliases:
        pattern = _spelled(literal)
        for plan in functions:
            for ask in plan.asks:
                ask.annotation = pattern.sub(name, ask.annotation)
                if ask.resolver is not None:
                    r = ask.resolver
                    r.returns = pattern.sub(name, r.returns)
                    r.params = [(p, pattern.sub(name, a) if a else a) for p, a in r.params]
    return aliases
