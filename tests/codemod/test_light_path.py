"""The planner (what MCP001 and ``--check`` use) stays on the standard library:
no libcst, rich, pydantic or fastmcp is imported unless a file is rewritten."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from .cases import ROOT

HEAVY = {"libcst", "pydantic", "fastmcp", "mcp", "mcp_types", "rich"}


def _imported(code: str, *args: str) -> list[str]:
    probe = textwrap.dedent(code) + textwrap.dedent(f"""
        bad = sorted({{m.split(".")[0] for m in sys.modules}} & set({sorted(HEAVY)!r}))
        print(",".join(bad))
    """)
    out = subprocess.run(
        [sys.executable, "-c", probe, *args], capture_output=True, text=True, check=True
    )
    return [m for m in out.stdout.strip().split(",") if m]


def test_planner_imports_no_third_party():
    code = """
        import ast, sys
        from elicit_lint.model import build_model
        from elicit_lint.analysis.plan import plan_module
        src = open(sys.argv[1], encoding="utf-8").read()
        plan = plan_module(build_model(ast.parse(src), src, sys.argv[1]))
        assert plan.functions, "the fixture is rewritable"
    """
    assert _imported(code, str(ROOT / "sequential_asks" / "before.py")) == []


def test_check_mode_imports_no_libcst_even_with_rewritable_sites():
    code = """
        import sys
        from elicit_lint.codemod.cli import main
        assert main(["--check", "--jobs", "1", sys.argv[1]]) == 1
    """
    assert _imported(code, str(ROOT / "literal_accept_decline")) == []


def test_rewrite_does_import_libcst(tmp_path):
    target = tmp_path / "tool.py"
    target.write_bytes((ROOT / "literal_accept_decline" / "before.py").read_bytes())
    code = """
        import sys
        from elicit_lint.codemod.cli import main
        assert main(["--jobs", "1", sys.argv[1]]) == 0
    """
    assert "libcst" in _imported(code, str(target))


def test_checker_on_sdk_resolvers_imports_no_third_party():
    """MCP013/MCP014 ask the SDK planner (``codemod.sdk``): standard library only."""
    code = """
        import contextlib, io, sys
        from elicit_lint.checker.cli import main
        with contextlib.redirect_stdout(io.StringIO()) as out:
            assert main(["check", "--select", "MCP013", sys.argv[1]]) == 1
        assert "MCP013" in out.getvalue()
    """
    assert _imported(code, str(ROOT / "sdk_value_resolver" / "before.py")) == []
