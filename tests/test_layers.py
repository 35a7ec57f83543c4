"""The import graph of ``elicit_lint`` keeps the layers of docs/architecture.md.

Every module is parsed with ``ast`` (imports at module level, inside functions and
under ``if TYPE_CHECKING:`` alike). A module may import its own package and lower
layers only; ``runtime`` is an island that imports ``core`` only and that no other
layer imports; no two modules import each other, directly or through others.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "elicit_lint"

LAYERS = {
    "core": 0,
    "model": 1,
    "analysis": 2,
    "rules": 3,
    "workspace": 4,
    "report": 4,
    "checker": 5,
    "codemod": 5,
}
"""Layer of each top-level package; ``runtime`` is handled apart (an island)."""

ROOT_LAYERS = {"elicit_lint": 0, "elicit_lint.__main__": 6}
"""The package root holds only ``__version__``; ``python -m elicit_lint`` sits on top."""

KNOWN: set[tuple[str, str]] = set()
"""Known offending edges ``(importer, imported)``, ignored by both checks."""


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(name: str, source: str, is_package: bool, known: set[str]) -> set[str]:
    """The ``elicit_lint`` modules that module ``name`` imports anywhere in ``source``,
    each resolved to the most specific module in ``known`` (a ``from pkg import sub``
    of a submodule names the submodule)."""
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()

    def resolve(target: str) -> str | None:
        while target and target not in known:
            target = target.rpartition(".")[0]
        return target or None

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            targets = [f"{stem}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in targets:
            if target.split(".")[0] != "elicit_lint":
                continue
            resolved = resolve(target)
            if resolved and resolved != name:
                found.add(resolved)
    return found


def import_graph(root: Path) -> dict[str, set[str]]:
    """``{module: {imported elicit_lint modules}}`` for every ``.py`` under ``root``."""
    paths = {module_name(p, root): p for p in sorted(root.rglob("*.py"))}
    return {
        name: imports_of(name, path.read_text(encoding="utf-8"), path.name == "__init__.py", set(paths))
        for name, path in paths.items()
    }


def _group(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS | {"runtime": 0} else module


def _layer(module: str) -> int:
    return ROOT_LAYERS.get(module, LAYERS.get(_group(module), 0))


def layer_violations(graph: dict[str, set[str]], known=KNOWN) -> list[str]:
    """Every import of a higher layer, of a sibling package on the same layer, of
    ``runtime`` from outside it, or by ``runtime`` of anything but ``core``."""
    bad = []
    for importer, targets in sorted(graph.items()):
        for target in sorted(targets):
            if (importer, target) in known:
                continue
            mine, theirs = _group(importer), _group(target)
            if mine == theirs:
                continue
            if mine == "runtime":
                ok = theirs == "core" or target == "elicit_lint"
            elif theirs == "runtime":
                ok = False
            else:
                ok = _layer(target) < _layer(importer) or target == "elicit_lint"
            if not ok:
                bad.append(f"{importer} (layer {_layer(importer)}) imports {target} (layer {_layer(target)})")
    return bad


def import_cycles(graph: dict[str, set[str]], known=KNOWN) -> list[list[str]]:
    """The import cycles (strongly connected components of more than one module,
    or a module importing itself), each as the path ``[a, b, ..., a]``."""
    edges = {m: sorted(t for t in ts if (m, t) not in known and t in graph) for m, ts in graph.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            connect(v)
    return [_cycle_path(c, edges) for c in components]


def _cycle_path(component: list[str], edges: dict[str, list[str]]) -> list[str]:
    """One concrete cycle through the first module of ``component`` (BFS back to it)."""
    members = set(component)
    start = component[0]
    parents = {start: None}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in edges[v]:
            if w == start:
                path = [v]
                while parents[path[-1]] is not None:
                    path.append(parents[path[-1]])
                return [start, *reversed(path[:-1]), start] if len(path) > 1 else [start, v, start]
            if w in members and w not in parents:
                parents[w] = v
                queue.append(w)
    return component


GRAPH = import_graph(PACKAGE)


def test_the_graph_sees_every_module_and_lazy_import():
    assert "elicit_lint.core.settings" in GRAPH and "elicit_lint.codemod.render.transform" in GRAPH
    # function-level imports count: config imports config_schema (pydantic) only when needed
    assert "elicit_lint.workspace.config_schema" in GRAPH["elicit_lint.workspace.config"]


def test_no_module_imports_a_higher_layer():
    assert layer_violations(GRAPH) == []


def test_no_import_cycles():
    assert import_cycles(GRAPH) == []


def test_known_offenders_are_still_offending():
    """An entry of KNOWN that no longer matches an import is stale: delete it."""
    stale = [edge for edge in KNOWN if edge[1] not in GRAPH.get(edge[0], set())]
    assert stale == []


def _synthetic(tmp_path: Path, files: dict[str, str]) -> dict[str, set[str]]:
    root = tmp_path / "elicit_lint"
    for name, text in {"__init__.py": "", "core/__init__.py": "", "rules/__init__.py": "", **files}.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return import_graph(root)


@pytest.mark.parametrize(
    "text",
    [
        "from ..rules import base\n",
        "import elicit_lint.rules.base\n",
        "def f():\n    from elicit_lint.rules.base import X\n",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..rules.base import X\n",
    ],
    ids=["relative", "absolute", "in-function", "type-checking"],
)
def test_an_upward_import_is_caught(tmp_path, text):
    graph = _synthetic(tmp_path, {"rules/base.py": "X = 1\n", "core/low.py": text})
    assert layer_violations(graph, known=set()) == [
        "elicit_lint.core.low (layer 0) imports elicit_lint.rules.base (layer 3)"
    ]


def test_runtime_stays_an_island(tmp_path):
    graph = _synthetic(tmp_path, {
        "runtime/__init__.py": "from ..core import low\nfrom ..rules import base\n",
        "core/low.py": "",
        "rules/base.py": "from elicit_lint.runtime import x\n",
    })
    assert layer_violations(graph, known=set()) == [
        "elicit_lint.rules.base (layer 3) imports elicit_lint.runtime (layer 0)",
        "elicit_lint.runtime (layer 0) imports elicit_lint.rules.base (layer 3)",
    ]


def test_a_cycle_is_caught_and_reported(tmp_path):
    graph = _synthetic(tmp_path, {
        "core/a.py": "from . import b\n",
        "core/b.py": "def f():\n    from .c import X\n",
        "core/c.py": "from .a import Y\n",
        "core/d.py": "from .a import Y\n",
    })
    assert layer_violations(graph, known=set()) == []
    assert import_cycles(graph, known=set()) == [
        ["elicit_lint.core.a", "elicit_lint.core.b", "elicit_lint.core.c", "elicit_lint.core.a"]
    ]
