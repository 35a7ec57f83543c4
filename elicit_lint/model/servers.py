"""Which server serves a component: FastMCP, the SDK's ``MCPServer``, or unknown
(docs/architecture.md "Terms": framework).

A receiver is known only when this module binds it, at module level or in the
function that defines the component, to a call of ``FastMCP(...)`` or
``MCPServer(...)`` (qualified names from the import table), or annotates it
with one of those classes (:func:`annotated_server`); ``@tool`` from
``fastmcp.tools`` and ``FunctionTool.from_function`` are FastMCP by
construction, the SDK's ``Tool.from_function`` is ``MCPServer``'s (it
raises the same ``InvalidSignature``). Anything else (a receiver imported from another module, an
attribute, a factory) is unknown: the model cannot see across modules.
"""

from __future__ import annotations

import ast

from . import names
from .nodes import Registration
from .scopes import Scope

FASTMCP, MCPSERVER = names.FASTMCP_FRAMEWORK, names.MCPSERVER_FRAMEWORK


def _receiver(node: ast.expr) -> ast.expr | None:
    """The server expression of a registration node (``mcp`` in ``@mcp.tool()``)."""
    head = node.func if isinstance(node, ast.Call) else node
    if isinstance(head, ast.Call):  # mcp.tool(name="x")(fn)
        head = head.func
    return head.value if isinstance(head, ast.Attribute) else None


def built_by(scope: Scope, name: str) -> str | None:
    """``FASTMCP`` / ``MCPSERVER`` when every top-level binding of ``name`` in
    ``scope`` (the module, or the function the tool is defined in) is ``name =
    FastMCP(...)`` / ``name = MCPServer(...)`` (one kind), else ``None``."""
    kinds = set()
    for stmt in getattr(scope.node, "body", []):
        targets: list[ast.expr] = []
        if isinstance(stmt, ast.Assign):
            targets, value = stmt.targets, stmt.value
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            targets, value = [stmt.target], stmt.value
        if not any(isinstance(t, ast.Name) and t.id == name for t in targets):
            continue
        qualified = scope.qualified_name(value.func) if isinstance(value, ast.Call) else None
        kinds.add(
            FASTMCP if qualified == names.FASTMCP else MCPSERVER if qualified == names.SDK_SERVER else None
        )
    return kinds.pop() if len(kinds) == 1 else None


def assigned_server(scope: Scope, name: str) -> str | None:
    """What the assignments binding ``name`` (as seen from ``scope``) build:
    ``FASTMCP`` / ``MCPSERVER`` when every binding is ``name = FastMCP(...)`` /
    ``name = MCPServer(...)`` (one kind, qualified through the import table),
    ``"other"`` when every binding is an assignment and one of them builds
    anything else (``registry = Registry()``: not a server), ``None`` when
    ``name`` is unbound or bound otherwise (an import, a parameter: unknown)."""
    found = scope.lookup(name)
    if found is None:
        return None
    where, bindings = found
    if not bindings or any(b.kind != "assign" for b in bindings):
        return None
    kinds = set()
    for binding in bindings:
        value = binding.value
        qualified = where.qualified_name(value.func) if isinstance(value, ast.Call) else None
        kinds.add(FASTMCP if qualified == names.FASTMCP else MCPSERVER if qualified == names.SDK_SERVER else "other")
    return kinds.pop() if len(kinds) == 1 else "other"


def call_receiver(func: ast.expr) -> ast.expr | None:
    """The receiver of a registering call's callee: ``x`` in ``x.add_tool``,
    ``x.tool``, ``x.tool(...)``; ``None`` for other shapes."""
    head = func.func if isinstance(func, ast.Call) else func
    return head.value if isinstance(head, ast.Attribute) else None


def server_of_registration(
    reg: Registration, outer: Scope, known: dict[tuple[int, str], str | None] | None = None
) -> tuple[str | None, str]:
    """``(kind, receiver text)`` of one registration evaluated in ``outer`` (the
    scope that defines the function, else the module). ``known``: :func:`built_by`'s
    answers by ``(id(scope), name)``, shared by the registrations of one model
    (a module's tools mostly name one server)."""
    if reg.form == "function-decorator":
        return FASTMCP, ""
    func = reg.node.func if reg.form == "call" and isinstance(reg.node, ast.Call) else None
    if isinstance(func, ast.Attribute) and func.attr == "from_function":
        owner = outer.qualified_name(func.value) or ""
        if owner.startswith("fastmcp."):
            return FASTMCP, ""
        return (MCPSERVER if owner == names.SDK_TOOL else None), ""
    receiver = _receiver(reg.node)
    shown = ast.unparse(receiver) if receiver is not None else ""
    if not isinstance(receiver, ast.Name):
        return None, shown
    if known is None:
        return built_by(outer, receiver.id) or annotated_server(outer, receiver.id), shown
    key = (id(outer), receiver.id)
    if key not in known:
        known[key] = built_by(outer, receiver.id) or annotated_server(outer, receiver.id)
    return known[key], shown


def annotated_server(scope: Scope, name: str) -> str | None:
    """``FASTMCP`` / ``MCPSERVER`` when every binding of ``name`` seen from ``scope``
    is annotated with that server class and nothing else: a parameter
    (``def register(mcp: MCPServer)``) or an annotated assignment (``server:
    MCPServer = app``), one kind; else ``None``. The annotation is the reading
    the checker gives a context (``ctx: Context``): the type the author declares."""
    found = scope.lookup(name)
    if found is None:
        return None
    where, bindings = found
    kinds = set()
    for binding in bindings:
        annotation = getattr(binding.node, "annotation", None) if binding.kind == "parameter" else binding.annotation
        if binding.kind not in ("parameter", "assign") or annotation is None:
            return None
        if isinstance(annotation, ast.Subscript):  # a generic server, `MCPServer[Deps]`
            annotation = annotation.value
        qualified = where.qualified_name(annotation)
        kinds.add(FASTMCP if qualified == names.FASTMCP else MCPSERVER if qualified == names.SDK_SERVER else None)
    return kinds.pop() if len(kinds) == 1 else None
