"""docs/sdk.md: its quick example's "before" is an MCP001 finding, its "after"
is clean, and both register on the installed SDK's ``MCPServer``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from elicit_lint.checker.linter import analyse

PAGE = Path(__file__).resolve().parents[2] / "docs" / "sdk.md"


def _blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.DOTALL)


def test_before_is_reported_and_after_is_clean():
    before, after = _blocks()
    found = analyse(ast.parse(before), before, "server.py")
    assert [d.code for d in found] == ["MCP001"]
    shown = re.search(r"server\.py:(\d+):(\d+): MCP001 (.*)\n", PAGE.read_text(encoding="utf-8"))
    assert shown and (found[0].location.row, found[0].location.column) == (int(shown[1]), int(shown[2]))
    assert found[0].message == shown[3]
    assert found[0].help.startswith("Declare the value as a parameter: `Annotated[ElicitationResult[T], Resolve(fn)]`")
    assert analyse(ast.parse(after), after, "server.py") == []


def test_both_register_on_the_sdk():
    for block in _blocks():
        namespace: dict = {}
        exec(compile(block, "sdk.md", "exec"), namespace)  # noqa: S102 - registration raises on a wiring mistake
        assert namespace["mcp"].__class__.__name__ == "MCPServer"
