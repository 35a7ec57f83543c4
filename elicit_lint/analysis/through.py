"""Tools that ask through a helper whose question stays imperative
(docs/architecture.md "Data flow: `elicit-migrate`": a tool is rewritten with
all its questions or not at all).

A tool awaiting a helper (a module function, a nested one, at any depth of
calls) whose ``ctx.elicit`` is not inlined into it still asks through that
helper after a rewrite of its own questions; that ask raises on the 2026-07-28
era, so rewriting the tool's own questions would turn a tool that worked on the
handshake era into one that fails on both eras' clients at that point. The
planner refuses such a tool as a whole (:func:`through_reason`).
"""

from __future__ import annotations

import ast

from ..model import ElicitationSite, Function, Model
from ..model.uses import other_uses

__all__ = ["asks_through", "through_reason"]


def through_reason(helper: str, row: int, reason: str) -> str:
    """The reason for a tool's site when the tool also asks through ``helper``,
    whose question on ``row`` is skipped for ``reason``."""
    return f"another question this tool asks through `{helper}` (line {row}) cannot be rewritten: {reason}"


def asks_through(
    model: Model, skipped: list[ElicitationSite]
) -> dict[int, tuple[str, ElicitationSite]]:
    """``{id(tool): (name, site)}``: for each tool (a :class:`Function` with
    ``is_tool``) that reads the name of a function asking one of ``skipped``
    (sites left imperative, in functions that are not tools), directly or through
    other functions that read it, the name the tool reads and the first such
    site. Uses are names resolved through scopes (:func:`.uses.other_uses`); a
    read that is not a call counts too (the function may be called later)."""
    found: dict[int, tuple[str, ElicitationSite]] = {}
    seen: set[int] = set()
    work: list[tuple[Function, ElicitationSite]] = []
    for site in skipped:
        function = site.function
        if function is not None and not function.is_tool and id(function) not in seen:
            seen.add(id(function))
            work.append((function, site))
    while work:
        function, site = work.pop(0)
        for use in other_uses(model, function):
            for outer in _enclosing_functions(model, use):
                if outer is function:
                    continue
                if outer.is_tool:
                    found.setdefault(id(outer), (function.name, site))
                elif id(outer) not in seen:
                    seen.add(id(outer))
                    work.append((outer, site))
    return found


def _enclosing_functions(model: Model, node: ast.AST) -> list[Function]:
    """The functions whose body holds ``node``, innermost first."""
    out: list[Function] = []
    up = model.enclosing(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    while up is not None:
        function = model.function(up)
        if function is not None:
            out.append(function)
        up = model.enclosing(up, (ast.FunctionDef, ast.AsyncFunctionDef))
    return out
