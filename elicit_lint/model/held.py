"""Contexts held or handed around (docs/architecture.md "Terms": context).

Two receivers the model proves from the whole module, flow-insensitively:

- **attribute** (``self.ctx``): an attribute of a method's ``self`` that every
  store in the module assigns, in a method of the same class, from a value the
  resolver proves a context (``self.ctx = ctx`` in ``__init__(self, ctx:
  Context)``), or that the body of a ``@dataclass`` class annotates as a context (a
  field ``ctx: Context``). Any other store of that attribute name in the module (another
  object, a nested function, an augmented or unpacking assignment, ``setattr``,
  ``delattr``) or any other binding of it in the class body refuses.
- **passed** (``async def h(message, context): await context.elicit(...)``): an
  unannotated parameter (no default, or ``None``) of a function bound once by a
  ``def``, whose name is read in the module only as the callee of plain calls,
  at least one, each passing (positionally or by keyword) a value the resolver
  proves a context of one framework in the caller's scope. A helper other
  modules of the run call is proven with their calls too (:mod:`.passed`; kind
  ``"passed-elsewhere"``).

Both are what :class:`.contexts.ContextResolver` asks when its own rules do not
decide; the functions here take it as their first argument.
"""

from __future__ import annotations

import ast
from typing import Protocol

from .nodes import ContextRef
from .scopes import Binding, Scope, own_nodes


class ContextResolver(Protocol):
    """What this module asks of :class:`.contexts.ContextResolver` (named here so
    that neither module imports the other both ways)."""

    def of_expr(self, expr: ast.expr, scope: Scope, depth: int = 0, skip: ast.AST | None = None) -> ContextRef | None: ...
    def annotation_framework(self, expr: ast.expr | None, scope: Scope) -> str | None: ...
    def all_scopes(self) -> list[Scope]: ...
    def child_scopes(self, parent: Scope) -> list[Scope]: ...
    def held_attribute(self, cls: Scope, attr: str, depth: int) -> str | None: ...
    def from_outside(self, function: ast.AST, name: str) -> bool: ...
    def passed_framework(
        self, function: ast.AST, home: Scope, index: int | None, keyword: str | None, name: str, depth: int
    ) -> str | None: ...

MAX_HOPS = 2
"""How many helper hops a ``passed`` context is followed through (a helper
passing its own ``passed`` parameter on to another)."""


def module_scope(scope: Scope) -> Scope:
    """The module scope above ``scope``."""
    while scope.parent is not None:
        scope = scope.parent
    return scope


def _self_name(scope: Scope) -> str | None:
    """The name of ``self`` when ``scope`` is a plain method (not a static or
    class method) of a class: its first positional parameter, bound once."""
    node = scope.node
    if scope.kind != "function" or not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    if scope.parent is None or scope.parent.kind != "class":
        return None
    for decorator in node.decorator_list:
        if isinstance(decorator, ast.Name) and decorator.id in ("staticmethod", "classmethod"):
            return None
    positional = [*node.args.posonlyargs, *node.args.args]
    if not positional:
        return None
    name = positional[0].arg
    return name if len(scope.bindings.get(name, [])) == 1 else None


def attribute_context(
    resolver: ContextResolver, expr: ast.Attribute, scope: Scope, depth: int
) -> ContextRef | None:
    """The :class:`ContextRef` (kind ``"attribute"``) of ``self.<attr>`` read in
    ``scope`` (a method, or a function nested in one), or ``None``."""
    if not isinstance(expr.value, ast.Name):
        return None
    found = scope.lookup(expr.value.id)
    if found is None:
        return None
    method, bindings = found
    if _self_name(method) != expr.value.id or bindings[0].kind != "parameter":
        return None
    cls = method.parent
    assert cls is not None
    framework = resolver.held_attribute(cls, expr.attr, depth)
    return None if framework is None else ContextRef("attribute", None, expr, framework)


def attribute_framework(resolver: ContextResolver, cls: Scope, attr: str, depth: int) -> str | None:
    """The framework of the contexts every store of ``<self>.<attr>`` in the
    methods of class ``cls`` assigns (see the module docstring), or ``None``."""
    frameworks: set[str] = set()
    explained: set[int] = set()
    for binding in cls.bindings.get(attr, []):
        node = binding.node
        if not (isinstance(node, ast.AnnAssign) and node.value is None and _is_dataclass(cls)):
            return None
        framework = resolver.annotation_framework(node.annotation, cls.parent or cls)
        if framework is None:
            return None
        frameworks.add(framework)
    for method in resolver.child_scopes(cls):
        self_name = _self_name(method)
        if self_name is None:
            continue
        for node in own_nodes(method.node):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
            for target in targets:
                if not (isinstance(target, ast.Attribute) and target.attr == attr):
                    continue
                value = getattr(node, "value", None)
                if len(targets) != 1 or value is None or not _is_name(target.value, self_name):
                    return None
                ref = resolver.of_expr(value, method, depth + 1)
                if ref is None:
                    return None
                frameworks.add(ref.framework)
                explained.add(id(target))
    if not frameworks or len(frameworks) != 1:
        return None
    for node in ast.walk(module_scope(cls).node):
        if isinstance(node, ast.Attribute) and node.attr == attr and not isinstance(node.ctx, ast.Load):
            if id(node) not in explained:
                return None
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("setattr", "delattr"):
            name = node.args[1] if len(node.args) > 1 else None
            if not isinstance(name, ast.Constant) or name.value == attr:
                return None
    return frameworks.pop()


def _is_dataclass(cls: Scope) -> bool:
    """Whether the class of ``cls`` is decorated ``@dataclass`` (its annotated
    fields are set by the generated ``__init__``)."""
    home = cls.parent or cls
    for decorator in getattr(cls.node, "decorator_list", []):
        head = decorator.func if isinstance(decorator, ast.Call) else decorator
        if isinstance(head, (ast.Name, ast.Attribute)) and home.qualified_name(head) == "dataclasses.dataclass":
            return True
    return False


def _is_name(expr: ast.expr, name: str) -> bool:
    return isinstance(expr, ast.Name) and expr.id == name


def passed_context(resolver: ContextResolver, b: Binding, owner: Scope, depth: int) -> ContextRef | None:
    """The :class:`ContextRef` (kind ``"passed"``) of the unannotated parameter
    ``b`` of the function of scope ``owner`` (see the module docstring), or ``None``."""
    node = owner.node
    if b.annotation is not None or not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    if b.value is not None and not (isinstance(b.value, ast.Constant) and b.value.value is None):
        return None
    home = owner.parent
    if home is None or home.kind == "class" or home.bindings.get(node.name, [None])[0] is None:
        return None
    if len(home.bindings[node.name]) != 1 or home.bindings[node.name][0].node is not node:
        return None
    args = node.args
    if b.node in (args.vararg, args.kwarg):
        return None
    positional = [*args.posonlyargs, *args.args]
    index = next((i for i, a in enumerate(positional) if a is b.node), None)
    keyword = b.name if b.node not in args.posonlyargs else None
    framework = resolver.passed_framework(node, home, index, keyword, b.name, depth)
    if framework is None:
        return None
    kind = "passed-elsewhere" if resolver.from_outside(node, b.name) else "passed"
    return ContextRef(kind, b.name, b.node, framework)


def passed_frameworks(
    resolver: ContextResolver, function: ast.AST, home: Scope, index: int | None, keyword: str | None, depth: int
) -> set[str] | None:
    """The frameworks of the contexts the calls of ``function`` (bound in
    ``home``) in the module pass to its parameter at ``index`` / ``keyword``
    that are proven contexts (empty: no such call in the module), or ``None`` (a
    use other than a call, or a call with ``*args`` / ``**kw``). A call passing
    something not known to be a context (a test's fake, a demo under
    ``__main__``) does not refute the others: the helper's ask raises for the
    call that passes a context (fresh10 F1)."""
    name = function.name  # type: ignore[attr-defined]
    frameworks: set[str] = set()
    for scope in [module_scope(home), *resolver.all_scopes()]:
        reads = scope.loads.get(name, [])
        if not reads:
            continue
        found = scope.lookup(name)
        if found is None or found[0] is not home:
            continue
        callees = set()
        for node in own_nodes(scope.node):
            if not (isinstance(node, ast.Call) and _is_name(node.func, name)):
                continue
            callees.add(id(node.func))
            if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
                return None
            if index is not None and index < len(node.args):
                arg = node.args[index]
            else:
                arg = next((k.value for k in node.keywords if keyword is not None and k.arg == keyword), None)
            ref = resolver.of_expr(arg, scope, depth + 1) if arg is not None else None
            if ref is not None:  # an argument not known to be a context does not refute
                frameworks.add(ref.framework)
        if any(id(read) not in callees for read in reads):
            return None
    return frameworks
