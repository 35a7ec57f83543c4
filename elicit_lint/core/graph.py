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
    out: dict[str, list[str]] = {}
    for name, deps in graph.items():
        seen: list[str] = []
        for dep in deps:
            if dep in nodes and dep not in seen:
                seen.append(dep)
        out[name] = seen
    return out


def find_cycle(graph: Graph) -> list[str] | None:
    """Return the first cycle found as a closed path (``["a", "b", "a"]``), or ``None``.

    The search starts from nodes in signature order and follows dependencies in
    their declared order, so the reported path is deterministic. A parameter whose
    resolver reads itself gives ``["a", "a"]``.
    """
    edges = _edges(graph)
    white, grey, black = 0, 1, 2
    colour = dict.fromkeys(edges, white)
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        colour[node] = grey
        stack.append(node)
        for dep in edges[node]:
            if colour[dep] == grey:
                return stack[stack.index(dep):] + [dep]
            if colour[dep] == white:
                found = visit(dep)
                if found:
                    return found
        stack.pop()
        colour[node] = black
        return None

    for node in edges:
        if colour[node] == white:
            found = visit(node)
            if found:
                return found
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
    edges = _edges(graph)
    white, grey, black = 0, 1, 2
    colour = dict.fromkeys(edges, white)
    stack: list[str] = []
    found: list[list[str]] = []
    seen: set[tuple[str, ...]] = set()

    def visit(node: str) -> None:
        colour[node] = grey
        stack.append(node)
        for dep in edges[node]:
            if colour[dep] == grey:
                ring = stack[stack.index(dep):]
                start = ring.index(min(ring))
                key = tuple(ring[start:] + ring[:start])
                if key not in seen:
                    seen.add(key)
                    found.append(ring + [dep])
            elif colour[dep] == white:
                visit(dep)
        stack.pop()
        colour[node] = black

    for node in edges:
        if colour[node] == white:
            visit(node)
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

    def of(node: str) -> int:
        if node not in depth:
            depth[node] = 1 + max((of(d) for d in edges[node]), default=-1)
        return depth[node]

    for node in edges:
        of(node)
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
    node = next(n for n, k in d.items() if k == max(d.values()))
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
