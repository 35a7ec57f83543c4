"""The fast scope walk (``scopes._collect``) records exactly what a plain walk over
``own_nodes`` records, in the same order: bindings, ``elicit`` calls, name calls,
returns, calls on ``name.attr``, ``global``/``nonlocal`` statements and
nested scopes. The reference below is the straightforward version
(every node ``own_nodes`` yields, one ``isinstance`` chain); the fast one skips
leaves, so a new node type or field in a future Python must not change results."""

from __future__ import annotations

import ast
import os
import textwrap
from pathlib import Path

import pytest

from elicit_lint.model import scopes as sc


def _reference(scope: sc.Scope, children: dict) -> None:
    node = scope.node
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        for arg, default, _kind in sc.parameter_defaults(node.args):
            scope.add(sc.Binding(arg.arg, "parameter", arg, value=default, annotation=arg.annotation))
    for sub in sc.own_nodes(node):
        if isinstance(sub, (ast.Import, ast.ImportFrom)):
            for binding in sc._import_bindings(sub):
                scope.add(binding)
        elif isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)):
            scope.add(sc.Binding(sub.name, "function", sub))
        elif isinstance(sub, ast.ClassDef):
            scope.add(sc.Binding(sub.name, "class", sub))
        elif isinstance(sub, ast.Assign):
            for target in sub.targets:
                plain = isinstance(target, ast.Name)
                for name in sc._target_names(target):
                    scope.add(sc.Binding(name.id, "assign", sub, value=sub.value if plain else None))
        elif isinstance(sub, ast.AnnAssign) and isinstance(sub.target, ast.Name):
            scope.add(sc.Binding(sub.target.id, "assign", sub, value=sub.value, annotation=sub.annotation))
        elif isinstance(sub, ast.AugAssign) and isinstance(sub.target, ast.Name):
            scope.add(sc.Binding(sub.target.id, "assign", sub))
        elif isinstance(sub, (ast.For, ast.AsyncFor)):
            for name in sc._target_names(sub.target):
                scope.add(sc.Binding(name.id, "other", sub))
        elif isinstance(sub, ast.withitem) and sub.optional_vars is not None:
            for name in sc._target_names(sub.optional_vars):
                scope.add(sc.Binding(name.id, "other", sub, value=sub.context_expr))
        elif isinstance(sub, ast.ExceptHandler) and sub.name:
            scope.add(sc.Binding(sub.name, "other", sub))
        elif isinstance(sub, ast.NamedExpr) and isinstance(sub.target, ast.Name):
            scope.add(sc.Binding(sub.target.id, "assign", sub, value=sub.value))
        elif isinstance(sub, ast.Call):
            if isinstance(sub.func, ast.Attribute) and sub.func.attr == "elicit":
                scope.elicit_calls.append(sub)
            if sub.args and isinstance(sub.args[0], ast.Name):
                scope.name_calls.append(sub)
            elif sub.args and isinstance(sub.args[0], ast.Attribute) and isinstance(sub.args[0].value, ast.Name):
                scope.attribute_calls.append(sub)
        elif isinstance(sub, (ast.Global, ast.Nonlocal)):
            scope.declarations.append(sub)
        elif isinstance(sub, ast.Return) and sub.value is not None:
            scope.returns.append(sub)
        elif isinstance(sub, (ast.MatchAs, ast.MatchStar)) and sub.name:
            scope.add(sc.Binding(sub.name, "other", sub))
        elif isinstance(sub, ast.MatchMapping) and sub.rest:
            scope.add(sc.Binding(sub.rest, "other", sub))
        if isinstance(sub, ast.If):
            scope.branches.append(sub)
        if isinstance(sub, (ast.Try, ast.With, ast.AsyncWith, getattr(ast, "TryStar", ast.Try))):
            scope.blocks.append(sub)
        if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            child = sc.Scope(sub, "class" if isinstance(sub, ast.ClassDef) else "function", scope)
            children[sub] = child
            _reference(child, children)


def _dump(module: sc.Scope, children: dict) -> list:
    def ident(node):
        return None if node is None else id(node)

    out = []
    for scope in [module, *children.values()]:
        bindings = [
            (name, [(b.name, b.kind, id(b.node), b.qualified, ident(b.value), ident(b.annotation)) for b in bs])
            for name, bs in scope.bindings.items()
        ]
        out.append((id(scope.node), scope.kind, ident(scope.parent and scope.parent.node), bindings,
                    [id(c) for c in scope.elicit_calls], [id(c) for c in scope.name_calls],
                    [id(r) for r in scope.returns], [id(c) for c in scope.attribute_calls],
                    [id(d) for d in scope.declarations], [id(b) for b in scope.branches],
                    [id(b) for b in scope.blocks]))
    return out


def _same(tree: ast.Module) -> None:
    module = sc.Scope(tree, "module", None)
    children: dict = {}
    _reference(module, children)
    assert _dump(*sc.build_scopes(tree)) == _dump(module, children)


TRICKY = textwrap.dedent(
    '''
    import a.b as c, d
    from .x import *
    from fastmcp import *

    @deco(lambda q=1: q)
    async def f(x: "T" = (y := 2), *a, k=lambda: ctx.elicit("q"), **kw) -> [z for z in w]:
        global g
        nonlocal_ = [i async for i in it if (j := i)]
        async with get_context() as ctx, open(p) as (h, *t):
            r = await ctx.elicit("a", response_type=str)
        for u, (v, *w) in pairs:
            x += 1
        try:
            pass
        except* (E, F) as err:
            raise err from None
        match subject:
            case {"k": [1, *rest], **others} if (m := rest):
                pass
            case Point(x=0, y=yy) | [_, *_] as cap:
                pass
        class Inner(Base, metaclass=Meta, key=lambda: 0):
            attr: int = f(self)
            def method(self): return super().elicit("x")
        def nested():
            nonlocal x
            mcp.add_tool(shop.buy, name=z)
        return Inner(f"{x!r:>{width}}", *args, **kwargs)[0:1:2]
    '''
)


def test_tricky_module():
    _same(ast.parse(TRICKY))


def _python_files():
    roots = [Path(sc.__file__).parents[1], Path(os.__file__).parent / "asyncio"]
    files = [os.__file__, ast.__file__, textwrap.__file__]
    for root in roots:
        files.extend(sorted(str(p) for p in root.rglob("*.py")))
    return files


@pytest.mark.parametrize("path", _python_files(), ids=lambda p: Path(p).name)
def test_real_modules(path):
    _same(ast.parse(Path(path).read_bytes()))


def _same_loads(tree: ast.Module) -> None:
    """``Scope.loads`` (recorded by the scope walk) against ``own_nodes``, scope by scope."""
    module, children = sc.build_scopes(tree)
    for node, scope in [(tree, module), *children.items()]:
        expected: dict = {}
        for sub in sc.own_nodes(node):
            if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load):
                expected.setdefault(sub.id, []).append(sub)
        assert scope.loads == expected


def test_name_loads_of_the_tricky_module():
    _same_loads(ast.parse(TRICKY))


@pytest.mark.parametrize("path", _python_files()[::5], ids=lambda p: Path(p).name)
def test_name_loads_of_real_modules(path):
    _same_loads(ast.parse(Path(path).read_bytes()))
