"""What the run's index of tools (:mod:`.tool_index`) reads in one module's
tree: a call registering a function as a tool, the function it names and the
framework it serves on, a function bound once, a ``def`` that looks like a
tool, what a star import binds.
"""

from __future__ import annotations

import ast

from ..model import names as model_names
from ..model.scopes import build_scopes
from ..model.servers import assigned_server, call_receiver, module_binding
from .run_files import dotted as _dotted


def is_registration(func: ast.expr) -> bool:
    """Whether calling ``func`` with a function registers it as a tool."""
    if isinstance(func, ast.Call):  # mcp.tool()(fn), mcp.tool(name="x")(fn)
        return (
            isinstance(func.func, ast.Attribute)
            and func.func.attr == "tool"
            and not func.args
        )
    if not isinstance(func, ast.Attribute):
        return False
    if func.attr in ("add_tool", "tool"):
        return True
    if func.attr == "from_function":
        owner = func.value
        name = (
            owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
        )
        return name.endswith("Tool")
    return False


def registered_target(arg: ast.expr, names, modules) -> tuple[str, str] | None:
    """``(file, function name)`` of the run's function a registering call's
    argument ``arg`` names: ``f`` imported by name (``names``, from
    :func:`.run_files.bindings`) or ``mod.f`` of an imported module
    (``modules``); ``None`` otherwise."""
    if isinstance(arg, ast.Name):
        return names.get(arg.id)
    if isinstance(arg, ast.Attribute):
        module = _dotted(arg.value)
        if module in modules:
            return modules[module], arg.attr
    return None


def registering_server(func: ast.expr, scope, files=None, path: str = "") -> str | None:
    """The framework the registering call ``func`` provably serves on (``scope``:
    where the call is evaluated): ``"fastmcp"`` / ``"mcpserver"`` when the
    receiver is a name bound only to ``FastMCP(...)`` / ``MCPServer(...)``
    (model/servers.py) or the callee is ``Tool.from_function`` imported from
    ``fastmcp`` / the SDK, or a name imported from a run module that builds
    it (:func:`imported_server`; ``files``: the run's, ``path``: this module's
    file); ``None`` otherwise (an ordinary object's ``add_tool``, a receiver
    imported from outside the run: not read as a tool)."""
    if isinstance(func, ast.Attribute) and func.attr == "from_function":
        owner = scope.qualified_name(func.value) or ""
        if owner.startswith("fastmcp."):
            return model_names.FASTMCP_FRAMEWORK
        return (
            model_names.MCPSERVER_FRAMEWORK if owner == model_names.SDK_TOOL else None
        )
    receiver = call_receiver(func)
    if not isinstance(receiver, ast.Name):
        return None
    kind = assigned_server(scope, receiver.id)
    if kind is None and files is not None:
        kind = imported_server(files, path, module_binding(scope, receiver.id))
    return (
        kind
        if kind in (model_names.FASTMCP_FRAMEWORK, model_names.MCPSERVER_FRAMEWORK)
        else None
    )


def imported_server(files, importer: str, binding: tuple | None) -> str | None:
    """The framework of the server ``binding`` (``model.servers.module_binding``'s
    ``("import", module, level, name)`` in the run's file ``importer``) names:
    the run module it imports from binds the name once, unconditionally, to
    ``FastMCP(...)`` / ``MCPServer(...)``, or imports it the same way (followed
    a few steps); ``None`` otherwise (outside the run, bound twice, a factory).
    ``files``: the run's files (:class:`.run_files.Files`)."""
    seen = {importer}
    for _ in range(4):
        if binding is None or binding[0] != "import":
            return binding[0] if binding is not None else None
        _, module, level, name = binding
        home = files.module_file(importer, module, level)
        if home is None or home in seen:
            return None
        seen.add(home)
        tree = files.tree(home)
        binding = module_binding(build_scopes(tree)[0], name) if tree is not None else None
        importer = home
    return None


def defined_once(tree: ast.Module, name: str) -> bool:
    """Whether ``name`` is bound at the module's top level by exactly one ``def``
    and nothing else."""
    defs = 0
    for stmt in tree.body:
        if (
            isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))
            and stmt.name == name
        ):
            defs += 1
        elif isinstance(stmt, ast.ClassDef):
            if stmt.name == name:
                return False
        elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
            if any((a.asname or a.name.split(".")[0]) == name for a in stmt.names):
                return False
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            if any(
                isinstance(n, ast.Name) and n.id == name
                for t in targets
                for n in ast.walk(t)
            ):
                return False
    return defs == 1


_TOOL_DECORATORS = ("tool",)


def looks_like_tool(node: ast.AST, registered_here: set[str]) -> bool:
    """Whether the ``def`` ``node`` is a tool: decorated ``@x.tool``, ``@x.tool(...)``,
    ``@tool`` or ``@tool(...)``, or named in ``registered_here``."""
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    if node.name in registered_here:
        return True
    for deco in node.decorator_list:
        head = deco.func if isinstance(deco, ast.Call) else deco
        name = (
            head.attr if isinstance(head, ast.Attribute) else getattr(head, "id", None)
        )
        if name in _TOOL_DECORATORS:
            return True
    return False


def walk_owned(tree: ast.Module):
    """``(node, the innermost enclosing def or None)`` for every node of ``tree``."""
    stack: list[tuple[ast.AST, ast.AST | None]] = [(tree, None)]
    while stack:
        node, owner = stack.pop()
        yield node, owner
        inner = (
            node if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else owner
        )
        for child in ast.iter_child_nodes(node):
            stack.append((child, inner))


def star_exports(tree: ast.Module | None, name: str) -> bool:
    """Whether ``from <module> import *`` binds ``name`` (``tree``: the module's):
    listed in a literal ``__all__``, else public (no leading underscore); an
    unreadable ``__all__`` counts as binding it."""
    if tree is not None:
        for stmt in tree.body:
            if isinstance(stmt, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__all__" for t in stmt.targets
            ):
                value = stmt.value
                if isinstance(value, (ast.List, ast.Tuple)) and all(
                    isinstance(e, ast.Constant) and isinstance(e.value, str)
                    for e in value.elts
                ):
                    return name in {e.value for e in value.elts}  # type: ignore[attr-defined]
                return True
    return not name.startswith("_")


def import_row(tree: ast.Module, local: str) -> int:
    """The row of the ``from ... import`` binding ``local`` in ``tree`` (1 when none)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and any(
            (a.asname or a.name) == local for a in node.names
        ):
            return node.lineno
    return 1
