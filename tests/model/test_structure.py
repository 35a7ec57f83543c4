"""The model's one set of structural queries (model/structure.py, Model.parents...)."""

from __future__ import annotations

import ast
import textwrap

from elicit_lint.model import build_model

SOURCE = textwrap.dedent("""
    from fastmcp import Context

    async def tool(ctx: Context):
        try:
            for _ in range(3):
                r = await ctx.elicit("q", response_type=str)
        except ValueError:
            pass
        with open("f") as fh:
            x = r
        print(r, r.data)
        def nested():
            return r
""")


def _model():
    return build_model(ast.parse(SOURCE), SOURCE, "t.py")


def test_one_parent_map_built_once_and_kept():
    model = _model()
    assert model.parents is model.parents
    [site] = model.sites
    assert model.parent(site.call) is site.await_node
    function = model.functions[0].node
    loop = model.enclosing(site.call, ast.For, stop=function)
    assert isinstance(loop, ast.For)
    assert model.enclosing(site.call, ast.ClassDef) is None
    assert model.enclosing(site.call, ast.For, stop=loop) is None


def test_try_and_body_queries():
    model = _model()
    [site] = model.sites
    function = model.functions[0].node
    try_node, with_node = function.body[0], function.body[1]
    assert model.guarded_by_try(site.call, function)
    assert not model.guarded_by_try(site.call, try_node)  # the try itself is not below the stop
    assert model.in_body(site.call, try_node) and not model.in_body(site.call, with_node)
    handler_pass = try_node.handlers[0].body[0]
    assert not model.in_body(handler_pass, try_node)  # a handler is not the body
    assert [a for a, _ in model.ancestors(site.await_node, function)][-1] is try_node


def test_references_are_the_scope_own_reads():
    model = _model()
    function = model.functions[0].node
    reads = model.references(function, "r")
    assert [n.lineno for n in reads] == [11, 12, 12]  # not the nested function's read
    assert model.references(function, "r") is reads
    nested = model.functions[1].node
    assert [n.lineno for n in model.references(nested, "r")] == [14]


_LEAVES = (ast.expr_context, ast.operator, ast.unaryop, ast.cmpop, ast.boolop)
"""Shared singletons: their parent is never asked (``parent_map``'s docstring)."""

TRICKY = textwrap.dedent('''
    import os; x = 1; y = ctx.elicit("a")

    @deco(
        lambda q: q,
    )
    class Shop(Base):
        """Doc."""
        def buy(self, n: int = 1) -> str:
            if n: return "a"
            elif n > 2:
                pass
            else:
                try:
                    z = [i for i in range(n) if i]
                except (ValueError, TypeError) as err:
                    raise err
                else:
                    pass
                finally:
                    w = f"{n} {n!r:>{n}}"
            while n:
                n -= 1
            else:
                match n:
                    case [1, *rest] if rest:
                        pass
                    case {"k": v, **others}:
                        pass
            return str(n)

        async def sell(self):
            async with a as b, c:
                async for q in b:
                    await q
''')


def _check_parents(source: str, seed: int) -> None:
    import random

    from elicit_lint.model.structure import ParentMap, parent_map

    tree = ast.parse(source)
    truth = parent_map(tree)
    nodes = [n for n in ast.walk(tree) if n is not tree and not isinstance(n, _LEAVES)]
    random.Random(seed).shuffle(nodes)
    shared = ParentMap(tree)
    for i, node in enumerate(nodes):
        if i % 25 == 0:  # a fresh map: the first question of a module
            assert ParentMap(tree).get(node) is truth[node], ast.dump(node)[:80]
        assert shared.get(node) is truth[node], ast.dump(node)[:80]
    assert shared.get(tree) is None
    assert shared.get(ast.Name("foreign", ast.Load(), lineno=3, col_offset=0)) is None


def test_parents_filled_statement_by_statement_are_the_whole_map_s():
    for seed in range(40):
        _check_parents(TRICKY, seed)


def test_parents_of_real_modules():
    import os
    from pathlib import Path

    for name in ("ast.py", "textwrap.py", "tempfile.py"):
        _check_parents(Path(os.path.dirname(os.__file__), name).read_text(encoding="utf-8"), 0)


def test_in_asks_the_parent_map_and_ends():
    """`node in model.parents` is a membership test (it looped over `[0]`, `[1]`...)."""
    import ast

    from elicit_lint.model import build_model

    text = "x = 1\n\ndef f():\n    return x\n"
    model = build_model(ast.parse(text), text, "m.py")
    ret = model.tree.body[1].body[0]
    assert ret in model.parents
    assert model.tree not in model.parents
    assert ast.Pass() not in model.parents
    assert "x" not in model.parents
