"""How many rounds a tool's elicited parameters can need, against a client's limit.

One question answered once: MCP010 asks it of the declared parameters a module
already has (their resolvers' dependencies), the codemod's planner of the
parameters it would write (:mod:`.toolplan`), so the codemod never writes a
tool MCP010 reports. A question whose resolver reads another elicited parameter
waits for its answer: a chain of ``n`` such questions needs ``n`` rounds on a
2026-07-28 connection, and ``fastmcp.Client`` gives up after
``input_required_max_rounds`` (10, fastmcp 4.2.3) rounds (docs/architecture.md
"The runtime"). Standard library only.
"""

from __future__ import annotations

from ..core.graph import Graph, find_cycle, longest_chain


def too_long_chain(graph: Graph, max_rounds: int) -> list[str] | None:
    """The longest dependency chain of ``graph`` (``{parameter: names its
    resolver reads}``, names that are not parameters ignored), first question
    first, when it needs more than ``max_rounds`` rounds; ``None`` when the
    graph fits or has a cycle (MCP003's finding, not a round count). Linear in
    nodes and edges."""
    if len(graph) <= max_rounds or find_cycle(graph):
        return None
    chain = longest_chain(graph)
    return chain if len(chain) > max_rounds else None
