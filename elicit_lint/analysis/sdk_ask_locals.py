"""The body locals an SDK resolver computes again (stdlib only; read by :mod:`.sdk_ask`):
what :func:`.recompute.copies` and :func:`.recompute.unused_copies` read of an SDK
tool, and the statements run before its question."""

from __future__ import annotations

import ast
from dataclasses import dataclass

from . import context_use, purity, recompute
from .response_types import Refused


@dataclass
class Asked:
    """The asking statement, as :func:`.recompute.unused_copies` reads an ask."""

    asking: ast.stmt

    @property
    def placement(self):
        return self


class Locals:
    """What :func:`.recompute.copies` reads of a planner, for an SDK tool
    ``node``: its readable arguments, those the body binds again (``rebound``), its
    locals (``bound``) and the source of a statement."""

    def __init__(self, node, args: set[str], rebound: set[str], bound, source: str, contexts=()):
        self.node, self.args, self.rebound = node, args, rebound
        self.contexts = set(contexts)
        params = [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
        self.unreadable = {a.arg for a in params} - args
        self.local_names = set(bound) - args - self.unreadable
        self.source = source

    def segment(self, node: ast.AST) -> str:
        return ast.get_source_segment(self.source, node) or ""

    def pure(self, stmt: ast.stmt, before: list[ast.stmt]) -> bool:
        """``stmt`` is ``name = <safe expression>`` given the types known after
        ``before`` (:func:`.purity.pure_assignment`), or ``name =
        ctx.request_context.lifespan_context`` (:func:`.context_use.lifespan_read`):
        it may stay in the body."""
        if context_use.lifespan_read(stmt, self.contexts, sdk=True):
            return not purity.stored_names(stmt) & (self.args | self.rebound | self.contexts)
        types = purity.known_types(self.node, before, self.rebound)
        return purity.pure_assignment(stmt, types, self.args | self.rebound)


def statements_before(fn: ast.AST, statement: ast.stmt) -> list[ast.stmt]:
    """The statements run before ``statement`` (in the tool's body, or in the
    body of a top-level ``if``; :func:`.sdk_ask_checks.guards` refuses others)."""
    body = fn.body  # type: ignore[attr-defined]
    if statement in body:
        return body[: body.index(statement)]
    top = next((s for s in body if isinstance(s, ast.If) and statement in s.body), None)
    if top is None:
        return []
    return [*body[: body.index(top)], *top.body[: top.body.index(statement)]]


def local_copies(locals_: Locals, exprs: list[ast.expr], before: list[ast.stmt]) -> list[ast.Assign]:
    """:func:`.recompute.copies` of the body locals ``exprs`` read; ``[]`` when one
    cannot be copied (the question check then gives its reason)."""
    read = [
        n
        for e in exprs
        for n in ast.walk(e)
        if isinstance(n, ast.Name) and n.id in locals_.local_names
    ]
    if not read:
        return []
    try:
        copied = recompute.copies(locals_, read, before, str)
    except Refused:
        return []
    if any(purity.loaded(c.value) & locals_.unreadable for c in copied):
        return []  # the context, or an argument the body binds again
    return copied
