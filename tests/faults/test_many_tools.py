"""Issue F7, scale: a generated server with many tools in one module (OpenAPI ->
tools) gets, tool by tool, the findings and the rewrite each tool gets alone.
The module-wide questions (``__all__``, other uses of a tool's name, the server
a registration names, a class used as a response type, resolver names taken,
``# noqa`` rows after docstrings) are answered from indexes built once per
module; these tests check the answers, never timings."""

from __future__ import annotations

import re

from elicit_lint.checker.runner import RunOptions, check_source
from elicit_lint.codemod.engine import Options, transform_text

HEAD = '''"""A generated shop server."""
from dataclasses import dataclass
from typing import TypedDict

from fastmcp import Context, FastMCP

mcp = FastMCP("shop")


@dataclass
class Item:
    name: str


class Bag(TypedDict):
    size: int
'''

EXPORTED, REFERENCED, TYPED_DICT = 3, 5, 7


def tool(i: int) -> str:
    """Tool ``op{i}``: two questions, the first the same text in every tool (its
    resolver names number on: ``ask_item``, ``ask_item_2``, ...)."""
    kind = "Bag" if i == TYPED_DICT else "Item"
    return f'''

@mcp.tool
async def op{i}(ctx: Context, n: int) -> str:
    """Operation {i}."""
    r = await ctx.elicit("Proceed?", response_type=bool)
    if r.action != "accept" or not r.data:
        return "no"
    item = await ctx.elicit(f"Item {i} for {{n}}?", response_type={kind})
    if item.action != "accept":
        return "none"
    return str(item.data)
'''


def module(count: int, only: int | None = None) -> str:
    """``count`` tools, then an ``__all__`` naming ``op3`` and a dict reading ``op5``;
    with ``only``, every other tool's rows are blank (the same rows, one tool)."""
    text = HEAD
    for i in range(count):
        text += tool(i) if only in (None, i) else "\n" * tool(i).count("\n")
    return text + f'\n__all__ = ["op{EXPORTED}"]\n\nROUTES = {{"op": op{REFERENCED}}}\n'


def findings(text: str) -> list[tuple]:
    """``(code, row, column, end, noqa row, message, help, fix)`` of every finding."""
    result = check_source("shop.py", text.encode(), RunOptions())
    assert result.error is None
    return [
        (d.code, d.row, d.location.column, (d.end_location.row, d.end_location.column),
         d.noqa_row, d.message, d.help, d.fix)
        for d in result.diagnostics
    ]  # fmt: skip


def test_each_tool_of_a_large_module_has_the_findings_it_has_alone():
    count = 60
    big = findings(module(count))
    expected = [f for i in range(count) for f in findings(module(count, only=i))]
    assert big == sorted(expected, key=lambda f: (f[1], f[2], f[0]))
    assert len(big) == 2 * count
    head_rows, tool_rows = HEAD.count("\n"), tool(0).count("\n")
    verdicts = {f[1]: f[6] for f in big if f[0] == "MCP001"}
    routes_row = module(count).split("\n").index(f'ROUTES = {{"op": op{REFERENCED}}}') + 1
    assert "can rewrite" in verdicts[head_rows + 6]
    assert "__all__" in verdicts[head_rows + EXPORTED * tool_rows + 6]
    assert f"used on line {routes_row}," in verdicts[head_rows + REFERENCED * tool_rows + 6]
    assert "TypedDict" in verdicts[head_rows + TYPED_DICT * tool_rows + 9]
    assert sum("can rewrite" in v for v in verdicts.values()) == 2 * (count - 3)


def test_a_large_module_is_rewritten_tool_by_tool_with_numbered_resolvers():
    count = 60
    new, plan = transform_text(module(count), "shop.py", Options())
    skipped = {EXPORTED, REFERENCED, TYPED_DICT}
    assert plan.rewritten_sites == 2 * (count - len(skipped))
    compile(new, "shop.py", "exec")
    resolvers = re.findall(r"^def (ask_item\w*)\(n: int, confirm_proceed: bool \| None\)", new, re.MULTILINE)
    rewritten = [i for i in range(count) if i not in skipped]
    assert resolvers == ["ask_item"] + [f"ask_item_{k}" for k in range(2, len(rewritten) + 1)]
    for k, i in enumerate(rewritten):
        name = resolvers[k]
        body = new.split(f"def {name}(", 1)[1].split("\n\n\n", 1)[0]
        assert f'return Elicit(f"Item {i} for {{n}}?")' in body
        assert f"async def op{i}(\n" in new and f"Elicit({name})] = None" in new
    for i in skipped:
        assert tool(i).strip() in new  # byte for byte
