"""The model and rules over real code: installed fastmcp/mcp never crash them, and
the fastmcp 4.2.3 and mcp 2.3.0 sdists (fixtures ``fastmcp_sdist`` / ``mcp_sdist``) give
the known counts."""

from __future__ import annotations

import ast
import collections
import importlib.util
from pathlib import Path

import pytest

from elicit_lint.checker.linter import analyse


def _analyse_tree(root: Path) -> dict[str, collections.Counter]:
    per_file: dict[str, collections.Counter] = {}
    for path in sorted(root.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        found = analyse(tree, source, str(path))
        per_file[str(path.relative_to(root))] = collections.Counter(d.code for d in found)
    return per_file


@pytest.mark.parametrize("package", ["fastmcp", "mcp", "mcp_types"])
def test_installed_packages_do_not_crash_and_library_has_no_mcp001(package):
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        pytest.skip(f"{package} not installed")
    root = Path(next(iter(spec.submodule_search_locations)))
    per_file = _analyse_tree(root)
    assert len(per_file) >= 5
    # fastmcp's proxy relays roots/sampling/elicitation from a handshake-era
    # backend through `ctx.session.*` (its docstrings say so): handshake-only,
    # reported; nothing else in the libraries is
    relay = {f: c["MCP001"] for f, c in per_file.items() if c["MCP001"]}
    assert relay == ({"server/providers/proxy.py": 4} if package == "fastmcp" else {})


def test_fastmcp_sdist_counts(fastmcp_sdist):
    per_file = _analyse_tree(fastmcp_sdist)
    library = [f for f in per_file if f.startswith(("fastmcp_slim/", "fastmcp_tasks/"))]
    relay = "fastmcp_slim/fastmcp/server/providers/proxy.py"  # handshake-era relay, ctx.session.*
    assert library and sum(per_file[f]["MCP001"] for f in library if f != relay) == 0
    assert per_file[relay]["MCP001"] == 4
    assert per_file["examples/elicitation.py"]["MCP001"] == 2
    source = (fastmcp_sdist / "tests/client/test_elicitation.py").read_text(encoding="utf-8")
    calls = source.count("context.elicit(") + source.count("ctx.elicit(")
    assert calls == 25
    assert per_file["tests/client/test_elicitation.py"]["MCP001"] == calls
    assert per_file["tests/client/test_elicitation.py"]["MCP002"] == 2


def test_fastmcp_sdist_new_rule_counts(fastmcp_sdist):
    """Every finding of MCP011/012/015/016 on the sdist was read: the one MCP015 is
    ``confirm`` in tests/downstream/server.py, a real hand-written era branch; every
    ``.data`` read there is checked (``.action`` or ``isinstance`` asserts) first."""
    per_file = _analyse_tree(fastmcp_sdist)
    totals = collections.Counter()
    for counts in per_file.values():
        totals.update(counts)
    assert {code: totals[code] for code in ("MCP011", "MCP012", "MCP015", "MCP016")} == {
        "MCP011": 0,
        "MCP012": 0,
        "MCP015": 1,
        "MCP016": 0,
    }
    assert per_file["tests/downstream/server.py"]["MCP015"] == 1


def test_sdk_sdist_counts(mcp_sdist):
    """SDK v2 code: its `Resolve` resolvers on `MCPServer` work as written, so
    MCP013/MCP014 say nothing (MCP011 checks only `Elicit(fn)` resolvers). What
    is reported: every handshake-only call (MCP001, counted independently in
    tests/rules/test_sdk_real_input.py), broad handlers around them (MCP021), and
    the wiring mistakes the SDK's own tests make on purpose (MCP004, MCP006,
    MCP027, MCP028; its one defaulted `Resolve` sits in a union, MCP006 alone)."""
    per_file = _analyse_tree(mcp_sdist)
    assert len(per_file) > 100
    totals = collections.Counter()
    for counts in per_file.values():
        totals.update(counts)
    assert dict(totals) == {
        "MCP001": 86, "MCP021": 10, "MCP004": 2, "MCP028": 2, "MCP006": 1, "MCP027": 1,
    }  # fmt: skip
