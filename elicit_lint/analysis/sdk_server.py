"""Which server serves a tool: FastMCP, the SDK's ``MCPServer``, or unknown (stdlib only).

Used by :mod:`.sdk` to decide whether an SDK v2 ``Resolve(fn)`` tool can take the
``Elicit(fn)`` rewrite: the targets (``elicit_lint.runtime``,
``fastmcp.elicitation``) run on FastMCP only, and FastMCP 4.2.3 does not honour
the SDK's ``Resolve`` marker at all (its ``uncalled_for`` dependency resolver
only knows ``Provider`` metadata, so such a parameter silently becomes
model-supplied).

A receiver is known only when this module binds it, at module level or in the
function that defines the tool, to a call of ``FastMCP(...)`` or ``MCPServer(...)`` (qualified names from the import
table); ``@tool`` from ``fastmcp.tools`` and ``FunctionTool.from_function`` are
FastMCP by construction. Anything else (a receiver imported from another
module, an attribute, a factory) is unknown: the model cannot see across modules.
"""

from __future__ import annotations

import ast

from ..model import Function, Model
from ..model import names as qn

FASTMCP, MCPSERVER = "fastmcp", "mcpserver"


def _receiver(node: ast.expr) -> ast.expr | None:
    """The server expression of a registration node (``mcp`` in ``@mcp.tool()``)."""
    head = node.func if isinstance(node, ast.Call) else node
    if isinstance(head, ast.Call):  # mcp.tool(name="x")(fn)
        head = head.func
    return head.value if isinstance(head, ast.Attribute) else None


def _built_by(scope, name: str) -> str | None:
    """``FASTMCP`` / ``MCPSERVER`` when every top-level binding of ``name`` in
    ``scope`` (the module, or the function the tool is defined in) is ``name =
    FastMCP(...)`` / ``name = MCPServer(...)`` (one kind), else ``None``."""
    kinds = set()
    for stmt in scope.node.body:
        targets = []
        if isinstance(stmt, ast.Assign):
            targets, value = stmt.targets, stmt.value
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            targets, value = [stmt.target], stmt.value
        if not any(isinstance(t, ast.Name) and t.id == name for t in targets):
            continue
        qualified = (
            scope.qualified_name(value.func) if isinstance(value, ast.Call) else None
        )
        kinds.add(
            FASTMCP
            if qualified == qn.FASTMCP
            else MCPSERVER
            if qualified == qn.SDK_SERVER
            else None
        )
    return kinds.pop() if len(kinds) == 1 else None


def server_of(model: Model, function: Function) -> tuple[str | None, str]:
    """``(kind, receiver text)`` for a tool: ``kind`` is :data:`FASTMCP`,
    :data:`MCPSERVER`, or ``None`` when unknown or mixed (registered on both)."""
    kinds, shown = set(), ""
    for reg in function.registrations:
        if reg.component != "tool":
            continue
        if reg.form == "function-decorator":
            kinds.add(FASTMCP)
            continue
        if reg.form == "call" and isinstance(reg.node.func, ast.Attribute):
            owner = model.qualified_name(reg.node.func.value)
            if reg.node.func.attr == "from_function":
                fastmcp = owner in qn.TOOL_CLASSES and owner.startswith("fastmcp.")
                kinds.add(FASTMCP if fastmcp else None)
                continue
        receiver = _receiver(reg.node)
        shown = ast.unparse(receiver) if receiver is not None else shown
        outer = function.scope.parent or model.module_scope
        kinds.add(
            _built_by(outer, receiver.id) if isinstance(receiver, ast.Name) else None
        )
    return (kinds.pop() if len(kinds) == 1 else None), shown
