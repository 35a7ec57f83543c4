"""The check path imports only the standard library (docs/architecture.md "Layers")."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def test_model_and_rules_import_no_third_party():
    code = textwrap.dedent("""
        import ast, sys
        from elicit_lint.checker.linter import analyse
        src = open(sys.argv[1], encoding="utf-8").read()
        analyse(ast.parse(src), src, sys.argv[1])
        bad = sorted(m for m in sys.modules if m.split(".")[0] in {"libcst", "pydantic", "fastmcp", "mcp", "mcp_types", "rich", "pathspec"})
        print(",".join(bad))
    """)
    from elicit_lint import rules
    from elicit_lint.rules.cases import as_invalid

    example = as_invalid(rules.ALL_RULES[0].invalid[0]).code
    import os
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False, encoding="utf-8") as fh:
        fh.write(example)
    try:
        out = subprocess.run([sys.executable, "-c", code, fh.name], capture_output=True, text=True, check=True)
    finally:
        os.unlink(fh.name)
    assert out.stdout.strip() == ""
