"""Issue 15, scale: ``elicit-migrate`` and the planner do work in proportion to
what they rewrite. Bounded by counting operations, never by timings."""

from __future__ import annotations

import sys
from pathlib import Path

import libcst as cst
import pytest

from elicit_lint.analysis import text as text_module
from elicit_lint.codemod.engine import Options, transform_text
from elicit_lint.codemod.render import transform, unused
from elicit_lint.model import structure

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from bench_large import lines, questions, tools


def _count(monkeypatch, owner, name, when=lambda result: True) -> list[int]:
    calls = [0]
    real = getattr(owner, name)

    def counted(*args, **kwargs):
        result = real(*args, **kwargs)
        if when(result):
            calls[0] += 1
        return result

    monkeypatch.setattr(owner, name, counted)
    return calls


def test_rewriter_does_not_descend_into_unrelated_lines(monkeypatch):
    descents = _count(monkeypatch, transform._Rewriter, "on_visit", when=lambda r: r is not False)
    counts = []
    for n in (200, 2_000):
        descents[0] = 0
        new, plan = transform_text(lines(n), "m.py", Options())
        assert plan.rewritten_sites == 1 and new.endswith(f"x{n - 1} = {n - 1}\n")
        counts.append(descents[0])
    assert counts[0] == counts[1]  # the nodes of the tool, whatever the module's size


def test_unused_imports_need_no_whole_module_scope_analysis(monkeypatch):
    sizes = []
    real = unused._full
    monkeypatch.setattr(unused, "_full", lambda m, r: sizes.append(len(m.body)) or real(m, r))
    new, _ = transform_text(lines(2_000), "m.py", Options())
    assert "import Context" not in new and "FastMCP" in new
    assert sizes == [1]  # only the import statement itself


@pytest.mark.parametrize(
    "source, plain",
    [
        ("from fastmcp import Context, FastMCP\nx: Context = 1\n", True),  # used
        ("from fastmcp import Context, FastMCP\nx = FastMCP\n", True),  # unused
        ("from fastmcp import (\n    Context,  # c\n    FastMCP,\n)\nx = FastMCP\n", True),
        ("from fastmcp import Context as C\nC()\n", True),
        ("from fastmcp import Context\n__all__ = ['Context']\n", False),  # a string
        ("from fastmcp import Context\nx: 'Context' = 1\n", False),
        ("from fastmcp import Context\ndef f(Context):\n    return Context\n", False),  # shadowed
        ("from fastmcp import Context\ndef f():\n    from fastmcp import Context\n", False),
        ("from fastmcp import Context\nContext = 1\n", False),
        ("from fastmcp import Context\nclass Context: ...\n", False),
    ],
)
def test_unused_imports_match_libcst(monkeypatch, source, plain):
    module = cst.parse_module(source)
    request = ("fastmcp", "Context", "C" if " as C" in source else None)
    expected = unused._full(module, [request]).code
    whole = []
    real = unused._full
    monkeypatch.setattr(
        unused, "_full", lambda m, r: whole.append(m is module) or real(m, r)
    )
    assert unused.remove_unused(module, [request]).code == expected
    assert (True not in whole) is plain  # decided without libcst's scope analysis


@pytest.mark.parametrize("shape, n", [(tools, 60), (questions, 40)])
def test_planner_measures_and_walks_in_proportion(monkeypatch, shape, n):
    offsets = _count(monkeypatch, text_module.Renderer, "offset")
    walks = _count(monkeypatch, structure, "_walk")
    counts = []
    for size in (n, 2 * n):
        offsets[0] = walks[0] = 0
        structure._WALKS.clear()
        _new, plan = transform_text(shape(size), "m.py", Options(), isolate=False)
        assert plan.rewritten_sites == size
        counts.append((offsets[0], walks[0]))
    (o1, w1), (o2, w2) = counts
    # twice the tools or questions, about twice the measuring and walking (each
    # node was measured again per question, each tool walked again per question)
    assert o2 < 2.5 * o1 and w2 < 2.5 * w1
