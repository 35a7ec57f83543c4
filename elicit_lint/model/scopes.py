"""Scopes and the import table: which local name means which qualified name.

Like ruff's semantic model, every name a rule looks at is resolved through the
bindings of its scope (module, class or function, Python's LEGB rules minus
builtins), never by its spelling. Flow-insensitive on purpose: within one scope
the *last* binding of a name in source order wins, so a local ``class Context``
after ``from fastmcp import Context`` shadows the import, and an import inside a
function body binds only in that function.

One exception: a **fallback** binding does not hide the bindings before it. A
fallback is a statement directly in the body of an ``except ImportError`` /
``except ModuleNotFoundError`` handler (``try: from elicit_lint.runtime import
Elicit`` / ``except ImportError: Elicit = None``) or in the ``else:`` branch of
``if TYPE_CHECKING:``: the code that runs when the import works (or that a type
checker reads) is the import, which is what the rules judge.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field

from .fallbacks import catches_import_error, in_effect, is_type_checking
from .names import STAR_EXPORTS, canonical
from .scope_calls import CALL_ATTRS as _CALL_ATTRS
from .scope_calls import CALL_NAMES as _CALL_NAMES
from .scope_calls import passes_elicit as _passes_elicit
from .scope_calls import record_call
from .walk import _FIELDS, _fields, outer_parts, own_nodes, parameter_defaults
from .walk import SCOPE_TYPES as _SCOPE_TYPES

__all__ = ["Binding", "FunctionNode", "Scope", "build_scopes", "own_nodes", "parameter_defaults"]

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef
_BLOCK_TYPES = frozenset(
    {ast.Try, ast.With, ast.AsyncWith, *([ast.TryStar] if hasattr(ast, "TryStar") else [])}
)
"""``try`` and ``with`` statements (:attr:`Scope.blocks`)."""
_BINDING_TYPES = frozenset(
    {
        ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
        ast.Lambda, ast.Assign, ast.AnnAssign, ast.AugAssign, ast.For, ast.AsyncFor,
        ast.withitem, ast.ExceptHandler, ast.NamedExpr, ast.Call, ast.Return,
        ast.MatchAs, ast.MatchStar, ast.MatchMapping, ast.If, ast.Global, ast.Nonlocal,
        *_BLOCK_TYPES,
    }
)
"""Node types :func:`_collect` acts on (:func:`_bind`); every other node is only walked through."""


@dataclass(slots=True)
class Binding:
    """One binding of ``name`` in a scope.

    ``kind`` is ``"import"`` (``qualified`` holds the canonical imported name),
    ``"function"`` / ``"class"`` (``node`` is the definition), ``"assign"``
    (``value`` is the assigned expression when the target is a plain name, else
    ``None``; ``annotation`` for ``x: T = v``), ``"parameter"`` (``node`` is the
    ``ast.arg``, ``value`` its default) or ``"other"`` (loop targets, ``with ... as``,
    ``except ... as``, walrus, match captures: ``value`` holds the ``with`` context
    expression when there is one).

    ``fallback`` marks a binding by a statement directly in an ``except
    ImportError`` / ``except ModuleNotFoundError`` handler or in the ``else:`` of
    ``if TYPE_CHECKING:`` (see the module docstring).
    """

    name: str
    kind: str
    node: ast.AST
    qualified: str | None = None
    value: ast.expr | None = None
    annotation: ast.expr | None = None
    fallback: bool = False


@dataclass(slots=True)
class Scope:
    """A module, class or function scope with its bindings in source order."""

    node: ast.AST
    kind: str
    parent: Scope | None
    bindings: dict[str, list[Binding]] = field(default_factory=dict)
    elicit_calls: list[ast.Call] = field(default_factory=list)
    """Calls ``<expr>.elicit(...)`` evaluated in this scope (candidate sites)."""
    elicit_aliases: list[ast.Assign] = field(default_factory=list)
    """Assignments ``name = <expr>.elicit`` in this scope (candidate aliases)."""
    handshake_calls: list[ast.Call] = field(default_factory=list)
    """Calls ``<expr>.elicit_url(...)``, ``<expr>.session.<method>(...)`` for a
    back-channel method, and ``elicit_with_validation(...)`` in this scope
    (candidate handshake-only calls other than ``.elicit``)."""
    name_calls: list[ast.Call] = field(default_factory=list)
    """Calls whose first argument is a plain name (candidate registrations)."""
    attribute_calls: list[ast.Call] = field(default_factory=list)
    """Calls whose first argument is ``<name>.<attribute>`` (candidate registrations
    of a bound method: ``mcp.add_tool(shop.buy)``)."""
    declarations: list[ast.Global | ast.Nonlocal] = field(default_factory=list)
    """``global`` and ``nonlocal`` statements of this scope."""
    returns: list[ast.Return] = field(default_factory=list)
    """``return <value>`` statements of this scope."""
    loads: dict[str, list[ast.Name]] = field(default_factory=dict)
    """The reads (``Name`` loads) evaluated in this scope, by name, in :func:`.walk.own_nodes` order."""
    branches: list[ast.If] = field(default_factory=list)
    """The ``if`` statements of this scope, in :func:`.walk.own_nodes` order."""
    blocks: list[ast.AST] = field(default_factory=list)
    """The ``try`` (``try``/``except*`` too) and ``with`` statements of this scope,
    in :func:`.walk.own_nodes` order."""
    fallback_statements: set[int] = field(default_factory=set)
    """``id()`` of the statements whose bindings are fallbacks (filled while collecting)."""

    def add(self, binding: Binding) -> None:
        if self.fallback_statements and id(binding.node) in self.fallback_statements:
            binding.fallback = True
        self.bindings.setdefault(binding.name, []).append(binding)

    def lookup(self, name: str) -> tuple[Scope, list[Binding]] | None:
        """The nearest scope binding ``name`` and its bindings, skipping class scopes
        for lookups that start in a nested function (Python's rule); ``None`` when unbound."""
        scope: Scope | None = self
        first = True
        while scope is not None:
            if (first or scope.kind != "class") and name in scope.bindings:
                return scope, scope.bindings[name]
            first = False
            scope = scope.parent
        return None

    def last_binding(self, name: str) -> Binding | None:
        """The binding in effect for ``name`` here, or ``None``: the last in source
        order that is not a fallback (the last fallback when all are)."""
        found = self.lookup(name)
        if found is None:
            return None
        last = found[1][-1]
        return in_effect(found[1]) if last.fallback else last

    def qualified_name(self, expr: ast.expr) -> str | None:
        """The canonical qualified name of a ``Name`` / ``Attribute`` chain, or ``None``.

        ``Ctx`` bound by ``from fastmcp.server.context import Context as Ctx`` gives
        ``"fastmcp.server.context.Context"``; ``fe.Elicit`` with ``import
        fastmcp.elicitation as fe`` gives ``"elicit_lint.runtime.Elicit"`` (see
        :func:`.names.canonical`). Names bound by anything but an import (a local
        class, an assignment, a parameter) give ``None``.
        """
        imported = self.imported_name(expr)
        return canonical(imported) if imported is not None else None

    def imported_name(self, expr: ast.expr) -> str | None:
        """The dotted name a ``Name`` / ``Attribute`` chain refers to through an import,
        exactly as imported (no canonical mapping), or ``None``.

        Tells ``fastmcp.elicitation.Elicit`` from ``elicit_lint.runtime.Elicit``, which
        :meth:`qualified_name` deliberately treats as one marker.
        """
        parts: list[str] = []
        while isinstance(expr, ast.Attribute):
            parts.append(expr.attr)
            expr = expr.value
        if not isinstance(expr, ast.Name):
            return None
        binding = self.last_binding(expr.id)
        if binding is None or binding.kind != "import" or binding.qualified is None:
            return None
        parts.append(binding.qualified)
        return ".".join(reversed(parts))


def _import_bindings(node: ast.Import | ast.ImportFrom) -> Iterator[Binding]:
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.asname:
                yield Binding(alias.asname, "import", node, qualified=alias.name)
            else:
                head = alias.name.split(".", 1)[0]
                yield Binding(head, "import", node, qualified=head)
        return
    module = "." * node.level + (node.module or "")
    for alias in node.names:
        if alias.name == "*":
            for name in STAR_EXPORTS.get(module, ()):
                yield Binding(name, "import", node, qualified=f"{module}.{name}")
            continue
        sep = "" if module.endswith(".") else "."
        yield Binding(alias.asname or alias.name, "import", node, qualified=f"{module}{sep}{alias.name}")


def _target_names(target: ast.AST) -> Iterator[ast.Name]:
    if isinstance(target, ast.Name):
        yield target
    elif isinstance(target, (ast.Tuple, ast.List)):
        for elt in target.elts:
            yield from _target_names(elt)
    elif isinstance(target, ast.Starred):
        yield from _target_names(target.value)


_ENTER: dict[type, bool] = {ast.Name: True}
"""Per class: does :func:`_collect` need to see a node of it (acts on it or on a descendant)?"""


def _enter(cls: type) -> bool:
    enter = _ENTER.get(cls)
    if enter is None:
        enter = _ENTER[cls] = issubclass(cls, ast.AST) and (
            cls in _BINDING_TYPES or cls in _SCOPE_TYPES or bool(_fields(cls))
        )
    return enter


def _start(scope: Scope) -> list[ast.AST]:
    """Bind ``scope``'s parameters; the stack of its own nodes to walk."""
    node = scope.node
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        bindings = scope.bindings  # a new scope: nothing is a fallback yet (Scope.add)
        for arg, default, _kind in parameter_defaults(node.args):
            found = bindings.get(arg.arg)
            binding = Binding(arg.arg, "parameter", arg, value=default, annotation=arg.annotation)
            if found is None:
                bindings[arg.arg] = [binding]
            else:
                found.append(binding)
    if isinstance(node, ast.Lambda):
        return [node.body]
    return getattr(node, "body", [])[::-1]


def _collect(root: Scope, children: dict[ast.AST, Scope]) -> None:
    """Fill ``root`` and the scopes nested in it from their own nodes.

    Visits exactly what :func:`own_nodes` yields that can matter, in the same
    order (a nested scope is collected when its node is reached, before its
    decorators, defaults and annotations), but skips leaves (constants,
    operators; a name is only recorded in :attr:`Scope.loads` when read) without
    yielding them: building the scopes is most of the model's cost, and this
    walk is about twice as fast as iterating :func:`own_nodes`.
    Iterative: nested scopes are frames of an explicit stack, so a thousand
    nested lambdas (which CPython parses) need no recursion limit.
    """
    frames: list[tuple[Scope, list[ast.AST]]] = [(root, _start(root))]
    fields_of, enter_of = _FIELDS.get, _ENTER.get
    name_type, load_type, call_type = ast.Name, ast.Load, ast.Call
    attribute_type = ast.Attribute
    while frames:
        scope, stack = frames[-1]
        pop, push = stack.pop, stack.append
        loads = scope.loads
        entered = False
        while stack:
            sub = pop()
            cls = type(sub)
            if cls is name_type:  # a leaf: recorded when a read, in walk order
                if type(sub.ctx) is load_type:
                    found = loads.get(sub.id)
                    if found is None:
                        loads[sub.id] = [sub]
                    else:
                        found.append(sub)
                continue
            # the commonest nodes, by hand: what the loop over fields below does
            # for them (same children, same order), without the loop
            if cls is attribute_type:
                value = sub.value
                enter = enter_of(type(value))
                if enter or (enter is None and _enter(type(value))):
                    push(value)
                continue
            if cls is call_type:
                func, args = sub.func, sub.args
                kind = type(func)
                if (kind is attribute_type and func.attr in _CALL_ATTRS) or (
                    kind is name_type and func.id in _CALL_NAMES
                ) or _passes_elicit(sub):
                    record_call(scope, sub)
                elif args:  # record_call's last step, the only one left for this call
                    first = args[0]
                    kind = type(first)
                    if kind is name_type:
                        scope.name_calls.append(sub)
                    elif kind is attribute_type and type(first.value) is name_type:
                        scope.attribute_calls.append(sub)
                for item in reversed(sub.keywords):
                    value = item.value  # a keyword's one child (its name is an identifier)
                    enter = enter_of(type(value))
                    if enter or (enter is None and _enter(type(value))):
                        push(value)
                for item in reversed(args):
                    enter = enter_of(type(item))
                    if enter or (enter is None and _enter(type(item))):
                        push(item)
                push(func)
                continue
            if cls in _BINDING_TYPES:
                _bind(scope, sub, cls)
                if cls in _SCOPE_TYPES:
                    kind = "class" if cls is ast.ClassDef else "function"
                    child = Scope(sub, kind, scope)
                    children[sub] = child
                    # walked in this scope once the child scope is filled
                    stack.extend(reversed(outer_parts(sub)))
                    frames.append((child, _start(child)))
                    entered = True
                    break
            fields = fields_of(cls)
            if fields is None:
                fields = _fields(cls)
            for name in fields:
                value = getattr(sub, name, None)
                if value is None:
                    continue
                if type(value) is list:
                    for item in reversed(value):
                        enter = enter_of(type(item))
                        if enter or (enter is None and _enter(type(item))):
                            push(item)
                else:
                    enter = enter_of(type(value))
                    if enter or (enter is None and _enter(type(value))):
                        push(value)
        if not entered:
            frames.pop()


def _bind(scope: Scope, sub: ast.AST, cls: type) -> None:
    """Record what one node of a :data:`_BINDING_TYPES` class contributes to ``scope``."""
    if cls is ast.Call:
        record_call(scope, sub)
    elif cls is ast.If:
        scope.branches.append(sub)
        if sub.orelse and is_type_checking(sub.test):
            scope.fallback_statements.update(id(stmt) for stmt in sub.orelse)
    elif cls is ast.Assign:
        value = sub.value
        if isinstance(value, ast.Attribute) and value.attr == "elicit":
            scope.elicit_aliases.append(sub)
        for target in sub.targets:
            plain = isinstance(target, ast.Name)
            for name in _target_names(target):
                scope.add(Binding(name.id, "assign", sub, value=sub.value if plain else None))
    elif cls is ast.Import or cls is ast.ImportFrom:
        for binding in _import_bindings(sub):
            scope.add(binding)
    elif cls is ast.FunctionDef or cls is ast.AsyncFunctionDef:
        scope.add(Binding(sub.name, "function", sub))
    elif cls is ast.ClassDef:
        scope.add(Binding(sub.name, "class", sub))
    elif cls is ast.Return:
        if sub.value is not None:
            scope.returns.append(sub)
    elif cls is ast.AnnAssign:
        if isinstance(sub.target, ast.Name):
            scope.add(Binding(sub.target.id, "assign", sub, value=sub.value, annotation=sub.annotation))
    elif cls is ast.AugAssign:
        if isinstance(sub.target, ast.Name):
            scope.add(Binding(sub.target.id, "assign", sub))
    elif cls is ast.For or cls is ast.AsyncFor:
        for name in _target_names(sub.target):
            scope.add(Binding(name.id, "other", sub))
    elif cls is ast.withitem:
        if sub.optional_vars is not None:
            for name in _target_names(sub.optional_vars):
                scope.add(Binding(name.id, "other", sub, value=sub.context_expr))
    elif cls is ast.ExceptHandler:
        if sub.name:
            scope.add(Binding(sub.name, "other", sub))
        if sub.type is not None and catches_import_error(sub):
            scope.fallback_statements.update(id(stmt) for stmt in sub.body)
    elif cls is ast.NamedExpr:
        if isinstance(sub.target, ast.Name):
            scope.add(Binding(sub.target.id, "assign", sub, value=sub.value))
    elif cls is ast.MatchAs or cls is ast.MatchStar:
        if sub.name:
            scope.add(Binding(sub.name, "other", sub))
    elif cls is ast.MatchMapping:
        if sub.rest:
            scope.add(Binding(sub.rest, "other", sub))
    elif cls is ast.Global or cls is ast.Nonlocal:
        scope.declarations.append(sub)
    elif cls in _BLOCK_TYPES:
        scope.blocks.append(sub)


def build_scopes(tree: ast.Module) -> tuple[Scope, dict[ast.AST, Scope]]:
    """Collect every scope of ``tree``.

    Returns the module scope and a map from each ``def``/``class``/``lambda`` node
    to its own :class:`Scope`.
    """
    module = Scope(tree, "module", None)
    children: dict[ast.AST, Scope] = {}
    _collect(module, children)
    return module, children
