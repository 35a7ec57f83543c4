"""The project index reads a file's imports from its statements only
(``model.walk.statements``, which ``workspace.run_files`` and MCP030 use): every import ``ast.walk`` finds, nested
in any block, and nothing an expression holds."""

from __future__ import annotations

import ast

import pytest

from elicit_lint.model.walk import statements

NESTED = '''
import a
if x:
    import b
else:
    from c import d
try:
    import e
except ImportError:
    from . import f
else:
    import g
finally:
    import h
for i in y:
    import j
while z:
    import k
with w:
    import l
class C:
    import m
    def method(self):
        async def inner():
            async with v:
                import n
            async for q in r:
                from .o import p
f = lambda: __import__("not_a_statement")
'''

MATCH = '''
match x:
    case 1:
        import s
    case _:
        from t import u
'''

TRY_STAR = '''
try:
    import v
except* ValueError:
    import w
'''


@pytest.mark.parametrize("text", [NESTED, MATCH, TRY_STAR])
def test_every_import_ast_walk_finds(text):
    tree = ast.parse(text)
    imports = (ast.Import, ast.ImportFrom)
    expected = {id(n) for n in ast.walk(tree) if isinstance(n, imports)}
    assert expected
    assert {id(n) for n, _ in statements(tree) if isinstance(n, imports)} == expected
    assert not any(isinstance(n, ast.expr) for n, _ in statements(tree))
