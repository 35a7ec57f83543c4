"""Structural queries on one module's tree, answered once: the parent map.

:func:`parent_map` is built at most once per :class:`.build.Model`
(``Model.parents``, on first use, then kept); :func:`enclosing` walks it.
Consumers (the model's own site finder, the planner, rules) ask these instead
of building maps of their own (docs/architecture.md, "one analysis").
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

LOOPS: tuple[type, ...] = (
    ast.For,
    ast.AsyncFor,
    ast.While,
    ast.ListComp,
    ast.SetComp,
    ast.DictComp,
    ast.GeneratorExp,
)
"""Nodes that may run their body more than once (comprehensions included)."""

TRIES: tuple[type, ...] = (ast.Try, ast.TryStar) if hasattr(ast, "TryStar") else (ast.Try,)
"""``try`` statements (``try``/``except*`` too)."""

WITHS: tuple[type, ...] = (ast.With, ast.AsyncWith)
"""``with`` statements."""


def walk(node: ast.AST) -> list[ast.AST]:
    """``list(ast.walk(node))``, same order (breadth first, children in field
    order), about three times faster: ``ast.walk`` runs two generators per node
    (``iter_child_nodes``, ``iter_fields``)."""
    out = [node]
    for current in out:  # grows while iterated: breadth first
        for name in current._fields:
            value = getattr(current, name, None)
            if isinstance(value, ast.AST):
                out.append(value)
            elif isinstance(value, list):
                out.extend(item for item in value if isinstance(item, ast.AST))
    return out


def parent_map(root: ast.AST) -> dict[ast.AST, ast.AST]:
    """Each node under ``root`` -> the node it is a child of (keys in ``ast.walk``
    order; a shared ``Load``/``Store``/operator singleton once, with its last
    parent: never ask for those)."""
    out: dict[ast.AST, ast.AST] = {}
    order = [root]
    for node in order:  # one breadth-first pass: grows while iterated
        for name in node._fields:
            value = getattr(node, name, None)
            if isinstance(value, ast.AST):
                out[value] = node
                order.append(value)
            elif isinstance(value, list):
                for item in value:
                    if isinstance(item, ast.AST):
                        out[item] = node
                        order.append(item)
    return out


def enclosing(
    node: ast.AST,
    kinds: type | tuple[type, ...],
    parents: dict[ast.AST, ast.AST],
    stop: ast.AST | None = None,
) -> ast.AST | None:
    """The nearest proper ancestor of ``node`` that is an instance of ``kinds``,
    below ``stop`` (``stop`` itself and what encloses it are not searched);
    ``None`` when there is none."""
    parent = parents.get(node)
    while parent is not None and parent is not stop:
        if isinstance(parent, kinds):
            return parent
        parent = parents.get(parent)
    return None


def ancestors(
    node: ast.AST, parents: dict[ast.AST, ast.AST], stop: ast.AST | None = None
) -> Iterator[tuple[ast.AST, ast.AST]]:
    """``(ancestor, child)`` pairs from ``node``'s parent upwards, ``child`` being
    the ancestor's child on the way (``node`` itself first); ends below ``stop``."""
    child, parent = node, parents.get(node)
    while parent is not None and parent is not stop:
        yield parent, child
        child, parent = parent, parents.get(parent)


def in_body(node: ast.AST, block: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """Whether ``node`` sits, at any depth, in ``block.body`` (the ``try``/``with``/
    loop body, not its handlers, ``else``, ``finally`` or header)."""
    for parent, child in ancestors(node, parents):
        if parent is block:
            return any(child is statement for statement in getattr(block, "body", ()))
    return False


def guarded_by_try(node: ast.AST, parents: dict[ast.AST, ast.AST], stop: ast.AST | None = None) -> bool:
    """Whether ``node`` sits in the body of a ``try`` with handlers (below ``stop``)."""
    return any(
        isinstance(parent, TRIES) and parent.handlers and any(child is s for s in parent.body)
        for parent, child in ancestors(node, parents, stop)
    )
