"""The elicitation graph: pure functions over ``{parameter: dependencies}``.

Nodes are elicited parameters in signature order (a ``dict`` keeps insertion
order); a node's dependencies are the names its resolver reads. Names that are
not nodes (plain tool arguments, ``Depends(...)`` values) are not edges and are
ignored here. Shared by the checker's rules (MCP003, MCP010) and by the runtime's
decoration-time check, so both give the same verdict in the same words
(docs/architecture.md "The runtime").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

Graph = Mapping[str, Iterable[str]]


class CycleError(ValueError):
    """Raised by :func:`resolution_order` / :func:`rounds` when resolvers form a cycle.

    ``path`` is the cycle as a closed walk, e.g. ``["a", "b", "a"]``.
    """

    def __init__(self, path: list[str]):
        self.path = path
        super().__init__(f"resolver cycle: {format_cycle(path)}")


def _edges(graph: Graph) -> dict[str, list[str]]:
    """Keep only dependencies that are themselves nodes, deduplicated, in order."""
    nodes = set(graph)
    return {name: list(dict.fromkeys(d for d in deps if d in nodes)) for name, deps in graph.items()}


_DONE = object()
"""End-of-dependencies marker of the iterative searches below."""


def _back_edges(edges: dict[str, list[str]]):
    """Yield ``(path, position, dep)`` for every back edge of one depth-first
    search over ``edges``: ``path[position[dep]:]`` is the ring the edge closes.
    ``path`` (the current path from the search's root) and ``position`` (node ->
    index in it) are live: valid until the next item. Nodes in signature order,
    dependencies in declared order; iterative, so a chain of any length is
    searched without recursion, in time linear in nodes and edges."""
    white, grey, black = 0, 1, 2
    colour = dict.fromkeys(edges, white)
    for root, deps in edges.items():
        if colour[root] != white:
            continue
        colour[root] = grey
        path, position, pending = [root], {root: 0}, [iter(deps)]
        while pending:
            dep = next(pending[-1], _DONE)
            if dep is _DONE:
                node = path.pop()
                del position[node]
                colour[node] = black
                pending.pop()
            elif colour[dep] == grey:
                yield path, position, dep
            elif colour[dep] == white:
                colour[dep] = grey
                position[dep] = len(path)
                path.append(dep)
                pending.append(iter(edges[dep]))


def find_cycle(graph: Graph) -> list[str] | None:
    """Return the first cycle found as a closed path (``["a", "b", "a"]``), or ``None``.

    The search starts from nodes in signature order and follows dependencies in
    their declared order, so the reported path is deterministic. A parameter whose
    resolver reads itself gives ``["a", "a"]``. Linear in nodes and edges.
    """
    for path, position, dep in _back_edges(_edges(graph)):
        return path[position[dep]:] + [dep]
    return None


def find_cycles(graph: Graph) -> list[list[str]]:
    """Every cycle closed by a back edge of one depth-first search, each once.

    Same search order as :func:`find_cycle`, whose path is the first one here;
    the search goes on instead of stopping, so a tool with ``a -> b -> c -> a``
    and a separate ``s -> s`` gives both. Each back edge closes one cycle
    (at most one per edge, never an enumeration of all elementary cycles);
    a cycle reached again as a rotation (``b -> a -> b`` after ``a -> b -> a``)
    is not repeated.
    """
    found: list[list[str]] = []
    seen: set[tuple[str, ...]] = set()
    for path, position, dep in _back_edges(_edges(graph)):
        ring = path[position[dep]:]
        start = ring.index(min(ring))
        key = tuple(ring[start:] + ring[:start])
        if key not in seen:
            seen.add(key)
            found.append(ring + [dep])
    return found


def format_cycle(path: list[str]) -> str:
    """``["a", "b", "a"]`` -> ``"a -> b -> a"``."""
    return " -> ".join(path)


def depths(graph: Graph) -> dict[str, int]:
    """Round index (0-based) of each node: the length of its longest dependency chain.

    Raises :class:`CycleError` when the graph has a cycle.
    """
    cycle = find_cycle(graph)
    if cycle:
        raise CycleError(cycle)
    edges = _edges(graph)
    depth: dict[str, int] = {}
    for root, deps in edges.items():  # iterative post-order: no recursion limit
        if root in depth:
            continue
        pending = [(root, iter(deps))]
        while pending:
            node, rest = pending[-1]
            dep = next(rest, _DONE)
            if dep is _DONE:
                depth[node] = 1 + max((depth[d] for d in edges[node]), default=-1)
                pending.pop()
            elif dep not in depth:
                pending.append((dep, iter(edges[dep])))
    return {node: depth[node] for node in edges}


def rounds(graph: Graph) -> list[list[str]]:
    """Group nodes into rounds: round ``k`` holds nodes whose longest chain has length ``k``.

    Independent questions share a round; inside a round, signature order is kept.
    ``len(rounds(g))`` is the number of rounds the graph needs (longest path + 1).
    Raises :class:`CycleError` when the graph has a cycle.
    """
    d = depths(graph)
    out: list[list[str]] = [[] for _ in range(max(d.values(), default=-1) + 1)]
    for node, k in d.items():
        out[k].append(node)
    return out


def longest_chain(graph: Graph) -> list[str]:
    """A longest dependency chain, first question first (``["a", "b", "c"]`` when ``c``
    reads ``b`` and ``b`` reads ``a``); ``len(longest_chain(g)) == len(rounds(g))``.

    Deterministic: it ends at the first node (signature order) of the last round
    and steps back to the first dependency one round earlier. Raises
    :class:`CycleError` when the graph has a cycle.
    """
    d = depths(graph)
    if not d:
        return []
    edges = _edges(graph)
    last = max(d.values())
    node = next(n for n, k in d.items() if k == last)
    chain = [node]
    while d[node] > 0:
        node = next(dep for dep in edges[node] if d[dep] == d[node] - 1)
        chain.append(node)
    return chain[::-1]


def resolution_order(graph: Graph) -> list[str]:
    """All nodes, every node after its dependencies, round by round in signature order.

    Raises :class:`CycleError` when the graph has a cycle.
    """
    return [node for group in rounds(graph) for node in group]
