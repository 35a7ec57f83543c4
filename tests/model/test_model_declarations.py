"""``Model.declares`` (from the scope walk's ``global``/``nonlocal`` records)
answers what ``ast.walk`` of a scope's node finds, for every scope and every
declared name (and one never declared), on a tricky module and real ones."""

from __future__ import annotations

import ast
import os
import textwrap
from pathlib import Path

import pytest

from elicit_lint.model import build_model

TRICKY = textwrap.dedent(
    '''
    counter = 0

    def bump():
        global counter
        counter += 1

    class Box:
        def outer(self):
            total = 0
            def inner():
                nonlocal total
                total += 1
                def deeper():
                    global seen, counter
            return inner

    lam = lambda: [x for x in range(3)]
    '''
)


def _walked(node: ast.AST, name: str) -> bool:
    return any(isinstance(n, (ast.Global, ast.Nonlocal)) and name in n.names for n in ast.walk(node))


def _same(source: str) -> None:
    tree = ast.parse(source)
    model = build_model(tree, source, "m.py")
    declared = {
        name
        for n in ast.walk(tree)
        if isinstance(n, (ast.Global, ast.Nonlocal))
        for name in n.names
    }
    for node, scope in [(tree, model.module_scope), *model.scopes.items()]:
        for name in [*sorted(declared), "never_declared_here"]:
            assert model.declares(scope, name) == _walked(node, name), (getattr(node, "name", node), name)


def test_tricky_module():
    _same(TRICKY)


def _python_files():
    root = Path(os.__file__).parent
    return [str(root / name) for name in ("os.py", "ast.py", "tempfile.py", "threading.py", "inspect.py")]


@pytest.mark.parametrize("path", _python_files(), ids=lambda p: Path(p).name)
def test_real_modules(path):
    _same(Path(path).read_text(encoding="utf-8"))
