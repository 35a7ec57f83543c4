"""Module-wide indexes of the :class:`.build.Model`, from the scope walk's records
(docs/architecture.md "Data flow: `elicit-lint check`", step 4): name reads by
scope and by name, ``global``/``nonlocal`` declarations, classes by name. Each is
built on first ask and kept, so asking once per tool stays linear in the module."""

from __future__ import annotations

import ast
from functools import cached_property

from .scopes import Scope, own_nodes


class Indexes:
    """Mixed into :class:`.build.Model`, whose fields (``tree``, ``module_scope``,
    ``scopes``, ``_loads``) it reads."""

    tree: ast.Module
    module_scope: Scope
    scopes: dict[ast.AST, Scope]
    _loads: dict[ast.AST, dict[str, list[ast.Name]]]

    def references(self, scope_node: ast.AST, name: str) -> list[ast.Name]:
        """The reads (``Name`` loads) of ``name`` evaluated in the scope of
        ``scope_node`` (a ``def``/``class``/``lambda`` node or ``tree``; nested
        scopes' bodies excluded, :func:`.scopes.own_nodes`), in walk order:
        recorded by the scope walk (:attr:`.scopes.Scope.loads`); any other node is
        indexed once, on first ask, and kept."""
        scope = self.module_scope if scope_node is self.tree else self.scopes.get(scope_node)
        if scope is not None:
            return scope.loads.get(name, [])
        index = self._loads.get(scope_node)
        if index is None:
            index = self._loads[scope_node] = {}
            for node in own_nodes(scope_node):
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                    index.setdefault(node.id, []).append(node)
        return index.get(name, [])

    def references_everywhere(self, name: str) -> list[tuple[ast.AST, ast.Name]]:
        """``(scope node, read)`` for every read (``Name`` load) of ``name`` in the
        module: :meth:`references` of every scope, ``tree`` first, then the scopes
        in :attr:`scopes` order, each in walk order (:attr:`.scopes.Scope.loads`).
        One index of all the module's reads, built on first ask and kept: asking it
        for each tool of a module stays linear in the module (docs/architecture.md
        "Data flow: `elicit-lint check`", step 4)."""
        return [
            (scope_node, read)
            for scope_node, reads in self._reads_everywhere.get(name, ())
            for read in reads
        ]

    @cached_property
    def _reads_everywhere(self) -> dict[str, list[tuple[ast.AST, list[ast.Name]]]]:
        """name -> ``(scope node, its reads of the name)`` for each scope reading it."""
        index: dict[str, list[tuple[ast.AST, list[ast.Name]]]] = {}
        for scope_node, scope in [(self.tree, self.module_scope), *self.scopes.items()]:
            for name, reads in scope.loads.items():
                entry = (scope_node, reads)
                found = index.get(name)
                if found is None:
                    index[name] = [entry]
                else:
                    found.append(entry)
        return index

    def declares(self, scope: Scope, name: str) -> bool:
        """Whether a ``global`` / ``nonlocal`` statement naming ``name`` sits in
        ``scope`` or in a scope nested in it at any depth (what ``ast.walk`` of the
        scope's node would find: a statement is always in some scope's body).
        From the scope walk's records (:attr:`.scopes.Scope.declarations`), indexed
        by name on first ask."""
        for holder in self._declared.get(name, ()):
            current: Scope | None = holder
            while current is not None:
                if current is scope:
                    return True
                current = current.parent
        return False

    @cached_property
    def _declared(self) -> dict[str, list[Scope]]:
        index: dict[str, list[Scope]] = {}
        for scope in (self.module_scope, *self.scopes.values()):
            for statement in scope.declarations:
                for name in statement.names:
                    index.setdefault(name, []).append(scope)
        return index

    @cached_property
    def class_defs(self) -> dict[str, list[ast.ClassDef]]:
        """The module's ``class`` statements (at any depth) by name, in :attr:`scopes` order."""
        index: dict[str, list[ast.ClassDef]] = {}
        for scope_node in self.scopes:
            if isinstance(scope_node, ast.ClassDef):
                index.setdefault(scope_node.name, []).append(scope_node)
        return index
