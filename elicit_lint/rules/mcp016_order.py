"""Evaluation order inside one statement, for MCP016 (:mod:`.mcp016`): a ``.data``
read that runs before the ``.action`` check of its own statement is not guarded by
it (``if r.data is None or r.action != "accept":`` reads ``data`` first, and a
declined result has none in fastmcp 4.2.3)."""

from __future__ import annotations

import ast


def runs_before(read: ast.AST, check: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """Whether ``read`` is shown to run before ``check`` in their statement: in an
    earlier operand of an ``and``/``or`` or a comparison, or in the test of a
    conditional expression whose arm holds ``check``; ``False`` when not shown."""
    chain = [read]
    while (parent := parents.get(chain[-1])) is not None and not isinstance(chain[-1], ast.stmt):
        chain.append(parent)
    node, below = check, None
    while node is not None and node not in chain:
        node, below = parents.get(node), node
    if node is None or below is None:
        return False
    above = chain[chain.index(node) - 1] if chain.index(node) > 0 else None
    if isinstance(node, ast.BoolOp) and above in node.values and below in node.values:
        return node.values.index(above) < node.values.index(below)
    if isinstance(node, ast.Compare):
        operands = [node.left, *node.comparators]
        if above in operands and below in operands:
            return operands.index(above) < operands.index(below)
    if isinstance(node, ast.IfExp):
        return above is node.test and below is not node.test
    return False
