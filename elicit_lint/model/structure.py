"""Structural queries on one module's tree, answered once: the parent map.

:func:`parent_map` is built at most once per :class:`.build.Model`
(``Model.parents``, on first use, then kept); :func:`enclosing` walks it.
Consumers (the model's own site finder, the planner, rules) ask these instead
of building maps of their own (docs/architecture.md, "one analysis").
"""

from __future__ import annotations

import ast
from bisect import bisect_right
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


_WALKS: dict[ast.AST, list[ast.AST]] = {}
"""The last few :func:`walk` results, by node (identity): the planner walks one
tool again for each of its questions, which made a tool with hundreds of
questions quadratic."""

_WALKS_KEPT = 4


def walk(node: ast.AST) -> list[ast.AST]:
    """``list(ast.walk(node))``, same order (breadth first, children in field
    order), about three times faster: ``ast.walk`` runs two generators per node
    (``iter_child_nodes``, ``iter_fields``). The list is shared with later calls
    for the same node (the last :data:`_WALKS_KEPT` nodes): read it, never change
    it; trees are never changed after parsing."""
    found = _WALKS.get(node)
    if found is None:
        found = _walk(node)
        if len(_WALKS) >= _WALKS_KEPT:
            del _WALKS[next(iter(_WALKS))]
        _WALKS[node] = found
    return found


def nodes(node: ast.AST) -> list[ast.AST]:
    """``list(ast.walk(node))``, same order, without :func:`walk`'s sharing: for a
    walk asked once (a whole module), which the shared results should not hold."""
    return _walk(node)


def _walk(node: ast.AST) -> list[ast.AST]:
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
    _map_under(root, out, ())
    return out


def _map_under(root: ast.AST, out: dict[ast.AST, ast.AST], stop: tuple[type, ...]) -> None:
    """Map every node under ``root`` to its parent in ``out``, one breadth-first
    pass; a node in a list field that is an instance of ``stop`` is mapped but
    not entered."""
    order = [root]
    for node in order:  # grows while iterated
        for name in node._fields:
            value = getattr(node, name, None)
            if isinstance(value, ast.AST):
                out[value] = node
                order.append(value)
            elif isinstance(value, list):
                for item in value:
                    if isinstance(item, ast.AST):
                        out[item] = node
                        if not isinstance(item, stop):
                            order.append(item)


class ParentMap:
    """The parent map of a whole module, filled one statement at a time: ``get(node)``
    maps (once, then kept) the statement whose lines hold ``node`` without the
    statements nested in it, then, while ``node`` is not found, the nested statement
    whose lines hold it, and so on down: asking for a node inside one method of a
    long class maps the class's own parts, its methods' headers and the method's
    statements on the way, not the other methods. Every entry is a node's true
    parent, so the ancestors of a node found are mapped too. A node without a line,
    or not found that way, fills the whole map. Read-only mapping interface:
    ``get``, ``[]`` and ``in``."""

    def __init__(self, tree: ast.Module) -> None:
        self._tree = tree
        self._map: dict[ast.AST, ast.AST] = {}
        self._filled: set[int] = set()  # id() of the statements mapped (their own parts)
        self._starts: dict[int, list[int]] = {}  # id() of a statement list -> first lines
        self._complete = False

    def get(self, node: ast.AST, default: ast.AST | None = None) -> ast.AST | None:
        """The parent of ``node`` (``default`` for the module itself or a foreign node)."""
        found = self._map.get(node)
        if found is not None or self._complete or node is self._tree:
            return found if found is not None else default
        line = getattr(node, "lineno", None)
        if isinstance(line, int):
            block = self._tree.body
            while block:
                starts = self._starts.get(id(block))
                if starts is None:
                    starts = self._starts[id(block)] = [_first_line(statement) for statement in block]
                statement = _holding(block, starts, line)
                if statement is None:
                    break
                if id(statement) not in self._filled:
                    self._fill(statement)
                    found = self._map.get(node)
                    if found is not None:
                        return found
                block = _nested(statement, line)
        self._fill_all()
        return self._map.get(node, default)

    def __getitem__(self, node: ast.AST) -> ast.AST | None:
        return self.get(node)

    def __contains__(self, node: object) -> bool:
        """Whether ``node`` has a parent in the module (without it, ``in`` would
        fall back to ``[0]``, ``[1]``... and never end: crash17)."""
        return isinstance(node, ast.AST) and self.get(node) is not None

    def _fill(self, statement: ast.stmt) -> None:
        """Map ``statement``'s own parts; a nested statement is mapped to its
        parent but not entered."""
        self._filled.add(id(statement))
        out = self._map
        if statement not in out:  # a top-level statement (a nested one is mapped by its parent's fill)
            out[statement] = self._tree
        _map_under(statement, out, (ast.stmt,))

    def _fill_all(self) -> None:
        self._map.update(parent_map(self._tree))
        self._complete = True


def _holding(block: list[ast.stmt], starts: list[int], line: int) -> ast.stmt | None:
    """The statement of ``block`` (first lines ``starts``, decorators included)
    whose lines hold ``line``."""
    index = bisect_right(starts, line) - 1
    if index < 0:
        return None
    statement = block[index]
    end = getattr(statement, "end_lineno", None)
    return statement if isinstance(end, int) and line <= end else None


def _nested(statement: ast.stmt, line: int) -> list[ast.stmt]:
    """The statement list directly in ``statement`` (a body, ``else``, ``finally``,
    a handler's or a ``case``'s body) whose lines hold ``line``; ``[]`` when none."""
    blocks: list[list[ast.stmt]] = []
    for name in ("body", "orelse", "finalbody"):
        value = getattr(statement, name, None)
        if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
            blocks.append(value)
    for holder in [*getattr(statement, "handlers", ()), *getattr(statement, "cases", ())]:
        if holder.body:
            blocks.append(holder.body)
    for block in blocks:
        if _first_line(block[0]) <= line <= (block[-1].end_lineno or 0):
            return block
    return []


def _first_line(statement: ast.stmt) -> int:
    decorators = getattr(statement, "decorator_list", None)
    return min([statement.lineno, *(d.lineno for d in decorators or ())])


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
