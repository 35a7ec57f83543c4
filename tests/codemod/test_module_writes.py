"""fresh6 H1: a module that rebinds names through ``globals()`` and the like has
no fixed names, so a question quoting a module constant is not frozen into a
marker (the original reads the rebound value each call)."""

from __future__ import annotations

import ast
import textwrap

import pytest

from elicit_lint.analysis.module_writes import writes_namespace
from elicit_lint.analysis.purity import fixed_name
from elicit_lint.model import build_model


def _model(tail: str):
    src = textwrap.dedent("""\
        import sys
        E = "e0"
        def tool():
            return E
        """) + textwrap.dedent(tail)
    return build_model(ast.parse(src), src, "server.py")


@pytest.mark.parametrize(
    "tail",
    [
        'globals()["E"] = "e1"\n',
        'globals()["E"] += "!"\n',
        'del globals()["E"]\n',
        'globals().update(E="e1")\n',
        'globals().setdefault("E", "e1")\n',
        'vars()["E"] = "e1"\n',
        'setattr(sys.modules[__name__], "E", "e1")\n',
        'sys.modules[__name__].E = "e1"\n',
        'exec("E = 1")\n',
        'def load(ns):\n    ns["E"] = "e1"\nload(globals())\n',
    ],
)
def test_a_namespace_write_leaves_no_name_fixed(tail):
    model = _model(tail)
    tool = next(n for n in ast.walk(model.tree) if isinstance(n, ast.FunctionDef) and n.name == "tool")
    assert writes_namespace(model)
    assert not fixed_name(model, model.function(tool).scope, "E")
    assert not fixed_name(model, model.function(tool).scope, "len")  # a builtin may be shadowed


@pytest.mark.parametrize(
    "tail",
    ['x = globals()["E"]\n', 'y = globals().get("E")\n', 'z = "E" in globals()\n', "w = vars(object())\n", ""],
)
def test_a_namespace_read_keeps_names_fixed(tail):
    model = _model(tail)
    tool = next(n for n in ast.walk(model.tree) if isinstance(n, ast.FunctionDef) and n.name == "tool")
    assert not writes_namespace(model)
    assert fixed_name(model, model.function(tool).scope, "E")
