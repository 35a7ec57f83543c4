"""Tool, prompt and resource registrations (docs/architecture.md "Terms": tool).

Forms: ``@mcp.tool``, ``@mcp.tool(...)``, ``@server.tool()``, ``mcp.tool(fn)``,
``mcp.add_tool(fn)``, ``Tool.from_function(fn)`` / ``FunctionTool.from_function(fn)``
and ``@tool`` / ``@tool(...)`` from ``fastmcp.tools`` (and the prompt/resource
equivalents). Decision on precision: the receiver of a ``.tool`` /
``.prompt`` / ``.resource`` decorator or of ``.add_tool(...)`` may be *any*
expression (a ``FastMCP`` or ``MCPServer`` instance, a name imported from
another module, an attribute): the model cannot see types across modules and
such a decorator names an MCP server in practice. Except: a call form
(``x.add_tool(fn)``, ``x.tool(fn)``) whose receiver the module binds only by
assignment, not all to ``FastMCP(...)`` / ``MCPServer(...)``, is an ordinary
object storing the function, not a registration. A registration only widens
what counts as a context (an unannotated ``ctx`` parameter) and names tools in
messages; every other rule stands on qualified names.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from . import names, servers
from .nodes import Function, Registration
from .positions import LineIndex
from .scopes import Scope

_COMPONENT_ATTRS = {"tool": "tool", "prompt": "prompt", "resource": "resource"}
_ADD_ATTRS = {"add_tool": "tool", "add_prompt": "prompt", "add_resource": "resource", "add_template": "resource"}
_FUNCTION_DECORATORS = {
    names.TOOL_DECORATOR: "tool",
    names.PROMPT_DECORATOR: "prompt",
    names.RESOURCE_DECORATOR: "resource",
}


def _component_of(expr: ast.expr, scope: Scope) -> str | None:
    """The component a decorator *head* registers (``mcp.tool``, ``tool``), or ``None``."""
    qualified = scope.qualified_name(expr)
    if qualified in _FUNCTION_DECORATORS:
        return _FUNCTION_DECORATORS[qualified]
    if isinstance(expr, ast.Attribute) and expr.attr in _COMPONENT_ATTRS:
        return _COMPONENT_ATTRS[expr.attr]
    return None


def decorator_registrations(function: Function, outer: Scope, lines: LineIndex) -> Iterator[Registration]:
    """Registrations by the decorators of ``function`` (evaluated in ``outer``)."""
    for deco in function.node.decorator_list:
        head = deco.func if isinstance(deco, ast.Call) else deco
        component = _component_of(head, outer)
        if component is None:
            continue
        if scope_is_function_decorator(head, outer):
            form = "function-decorator"
        else:
            form = "decorator-call" if isinstance(deco, ast.Call) else "decorator"
        yield Registration(component, form, deco, lines.span(deco))


def scope_is_function_decorator(head: ast.expr, scope: Scope) -> bool:
    return scope.qualified_name(head) in _FUNCTION_DECORATORS


def call_registrations(
    scope: Scope, functions: dict[ast.AST, Function], lines: LineIndex
) -> Iterator[tuple[Function, Registration]]:
    """Registrations by calls evaluated in ``scope``: ``mcp.add_tool(fn)``,
    ``mcp.tool(fn)``, ``mcp.tool(name=...)(fn)``, ``Tool.from_function(fn)``."""
    for node in scope.name_calls:
        # the argument first: most calls pass a variable, not a function of the module
        binding = scope.last_binding(node.args[0].id)
        if binding is None or binding.kind != "function":
            continue
        function = functions.get(binding.node)
        if function is None:
            continue
        component = _call_component(node.func, scope)
        if component is None or _plain_object(node.func, scope):
            continue
        yield function, Registration(component, "call", node, lines.span(node))


def _plain_object(func: ast.expr, scope: Scope) -> bool:
    """Whether the receiver of the call form ``func`` (``registry.add_tool``) is
    a name the module binds only by assignment and not to ``FastMCP(...)`` /
    ``MCPServer(...)``: an ordinary object whose ``add_tool`` stores the function,
    not a registration (its callers call the function as written)."""
    if isinstance(func, ast.Attribute) and func.attr == "from_function":
        return False
    receiver = servers.call_receiver(func)
    return isinstance(receiver, ast.Name) and servers.assigned_server(scope, receiver.id) == "other"


def _call_component(func: ast.expr, scope: Scope) -> str | None:
    if isinstance(func, ast.Call):  # mcp.tool(name="x")(fn)
        head = func.func
        return _component_of(head, scope)
    if not isinstance(func, ast.Attribute):
        return _FUNCTION_DECORATORS.get(scope.qualified_name(func) or "")
    if func.attr == "from_function":
        owner = scope.qualified_name(func.value)
        if owner in names.TOOL_CLASSES:
            return "tool"
        if owner in names.PROMPT_CLASSES:
            return "prompt"
        if owner in names.RESOURCE_CLASSES:
            return "resource"
        return None
    if scope.qualified_name(func) in _FUNCTION_DECORATORS:
        return _FUNCTION_DECORATORS[scope.qualified_name(func)]
    if func.attr in _ADD_ATTRS:
        return _ADD_ATTRS[func.attr]
    if func.attr in _COMPONENT_ATTRS:
        return _COMPONENT_ATTRS[func.attr]
    return None


def registered_as_bound_method(function: Function, model) -> bool:
    """Whether the module registers the method ``function`` as a tool through a bound
    (or class) attribute: ``mcp.add_tool(shop.buy)``, ``mcp.tool(shop.buy)``,
    ``Tool.from_function(Shop.buy)``, where ``shop`` is assigned ``Shop(...)`` in
    the module (registration heads read in the module's scope). Not a
    registration the model counts (``Function.is_tool``): the rules keep reading
    the method as a method; the codemod names the cause. ``model``: the
    :class:`.build.Model`; the calls and assignments come from every scope's
    records (:attr:`.scopes.Scope.attribute_calls`, :attr:`.scopes.Scope.bindings`),
    no walk of the tree."""
    owner = function.scope.parent
    if owner is None or owner.kind != "class" or not isinstance(owner.node, ast.ClassDef):
        return False
    scope = model.module_scope
    cls = owner.node.name
    everywhere = (scope, *model.scopes.values())
    calls = [
        call
        for each in everywhere
        for call in each.attribute_calls
        if call.args[0].attr == function.name  # type: ignore[attr-defined]
    ]
    if not calls:
        return False
    instances = {cls}
    for each in everywhere:
        for bindings in each.bindings.values():
            for b in bindings:
                # ``x = Cls(...)``: a plain ``Name`` target of an ``Assign`` keeps its value
                value = b.value
                if (
                    b.kind == "assign"
                    and isinstance(b.node, ast.Assign)
                    and isinstance(value, ast.Call)
                    and isinstance(value.func, ast.Name)
                    and value.func.id == cls
                ):
                    instances.add(b.name)
    if any(
        call.args[0].value.id in instances and _call_component(call.func, scope) == "tool"  # type: ignore[attr-defined]
        for call in calls
    ):
        return True
    # inside a method of the class, through its first parameter: ``mcp.tool(self.buy)``
    for method in owner.node.body:
        if isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)) and method.args.args:
            first = method.args.args[0].arg
            for call in calls:
                if (
                    call.args[0].value.id == first  # type: ignore[attr-defined]
                    and any(n is call for n in ast.walk(method))
                    and _call_component(call.func, scope) == "tool"
                ):
                    return True
    return False
