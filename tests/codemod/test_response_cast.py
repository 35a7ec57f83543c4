"""``typing.cast(T, X)`` as a response type (analysis/response_types.py ``read``):
``X`` when the cast provably returns it without effect, else a reason; the
checker rules (MCP002, MCP027) and the planners read it the same way. The
rewrites themselves are the ``response_type_cast`` and ``sdk_ask_cast``
fixtures (before/after, behaviour through real clients on both eras)."""

from __future__ import annotations

import ast
import textwrap
import typing

import pytest

from elicit_lint.analysis.response_types import Refused, cast_unproven, runtime_type
from elicit_lint.checker.linter import analyse
from elicit_lint.codemod.engine import Options, transform_text
from elicit_lint.model import build_model

HEAD = """\
from fastmcp import Context, FastMCP
from pydantic import BaseModel

mcp = FastMCP("x")


class Form(BaseModel):
    name: str

"""


def _read(src: str) -> str:
    """The response type the first site is read as (its source), or the refusal."""
    src = textwrap.dedent(src)
    model = build_model(ast.parse(src), src, "t.py")
    site = model.sites[0]
    try:
        node = runtime_type(model, site.response_type, site.function.scope)
    except Refused as refused:
        return refused.args[0]
    return ast.get_source_segment(src, node)


@pytest.mark.parametrize(
    "head, written",
    [
        ("from typing import Any, cast", "cast(Any, Form)"),
        ("from typing import cast", 'cast("Any", Form)'),
        ("import typing", "typing.cast(typing.Any, Form)"),
        ("import typing as t", "t.cast(t.Any, Form)"),
        ("from typing_extensions import cast", "cast(type, Form)"),
        ("from typing import Any, cast", "cast(typ=Any, val=Form)"),
        ("from typing import Any, cast", "cast(Any, cast(Any, Form))"),
    ],
)
def test_a_cast_is_read_as_its_argument(head, written):
    src = f"""\
{head}
from fastmcp import Context
class Form: ...
async def tool(ctx: Context):
    await ctx.elicit("q", response_type={written})
"""
    assert _read(src) == "Form"


@pytest.mark.parametrize(
    "src, written",
    [
        # only imported for the type checker: a NameError before asking
        (
            (
                "from typing import TYPE_CHECKING, Any\n"
                "if TYPE_CHECKING:\n    from typing import cast\n"
            ),
            "cast(Any, Form)",
        ),
        # the first argument is looked up when the call runs
        ("from typing import cast\nHINTS = {}\n", 'cast(HINTS["f"], Form)'),
        ("from typing import cast\nJson = dict\n", "cast(Json, Form)"),
        ("import typing\n", "typing.cast(typing.Anything, Form)"),
        ("from typing import Any, cast\n", "cast(Any, Form, 1)"),
        ("from typing import Any, cast\nargs = ()\n", "cast(*args)"),
    ],
)
def test_a_cast_not_shown_harmless_is_refused_with_its_reason(src, written):
    src += f"""\
from fastmcp import Context
class Form: ...
async def tool(ctx: Context):
    await ctx.elicit("q", response_type={written})
"""
    assert _read(src) == cast_unproven(written)


def test_a_cast_the_tool_shadows_is_no_cast():
    src = """\
from typing import Any, cast
from fastmcp import Context
class Form: ...
async def tool(ctx: Context):
    def cast(a, b):
        return str
    await ctx.elicit("q", response_type=cast(Any, Form))
"""
    assert _read(src) == "cast(Any, Form)"  # a call of the tool's own function


def test_the_refusals_have_a_reason_the_planner_reports():
    src = HEAD.replace("from fastmcp", "from typing import cast\nfrom fastmcp") + (
        "HINTS = {}\n\n@mcp.tool\nasync def tool(ctx: Context) -> str:\n"
        '    r = await ctx.elicit("q", response_type=cast(HINTS["f"], Form))\n'
        "    return r.action\n"
    )
    new, plan = transform_text(src, "t.py", Options())
    assert new == src
    assert [s.reason for s in plan.skips] == [cast_unproven('cast(HINTS["f"], Form)')]


def test_the_fact_cast_returns_its_argument_unchanged():
    """The fact the reading rests on (Python docs ``typing.cast``)."""

    class Form:
        pass

    assert typing.cast(typing.Any, Form) is Form
    assert typing.cast("type[Form]", Form) is Form


def _codes(src: str, code: str) -> list[int]:
    src = textwrap.dedent(src)
    return [
        d.location.row for d in analyse(ast.parse(src), src, "t.py") if d.code == code
    ]


def test_mcp002_reads_through_a_cast():
    src = """\
        from typing import Any, Optional, cast
        from fastmcp import Context
        class Form: ...
        async def tool(ctx: Context):
            await ctx.elicit("q", response_type=cast(Any, Optional[int]))
            await ctx.elicit("q", response_type=cast(Any, list[str]))
            await ctx.elicit("q", response_type=cast(Any, Form))
        """
    assert _codes(src, "MCP002") == [5, 6]


def test_mcp027_reads_an_sdk_schema_through_a_cast():
    src = """\
        from typing import Any, cast
        from mcp.server.mcpserver import Context, MCPServer
        from pydantic import BaseModel
        mcp = MCPServer("x")
        class Address(BaseModel):
            city: str
        class Form(BaseModel):
            address: Address
        @mcp.tool()
        async def tool(ctx: Context) -> str:
            r = await ctx.elicit("q", cast(Any, Form))
            return r.action
        """
    assert _codes(src, "MCP027") == [11]


def test_the_rewrite_drops_the_cast_imports_it_left_unused_only():
    tool = (
        "\n@mcp.tool\nasync def tool(ctx: Context) -> str:\n"
        '    r = await ctx.elicit("q", response_type=cast(Any, Form))\n'
        "    return r.action\n"
    )
    src = "from typing import Any, cast\n" + HEAD + tool
    new, _ = transform_text(src, "t.py", Options())
    assert "from typing import Annotated\n" in new and "cast" not in new
    kept, _ = transform_text(src + "\nLIMIT: Any = cast(int, 3)\n", "t.py", Options())
    assert "from typing import Annotated, Any, cast\n" in kept


@pytest.mark.parametrize("header", ["", "#!/usr/bin/env python\n\n", '"""Tools."""\n\n'])
def test_a_first_import_dropped_leaves_no_blank_first_line(header):
    """fresh12: `from typing import Any, cast` alone at the top, dropped by the
    rewrite, left the file starting with the blank line after it."""
    tool = (
        "\n@mcp.tool\nasync def tool(ctx: Context) -> str:\n"
        '    r = await ctx.elicit("q", response_type=cast(Any, Form))\n'
        "    return r.action\n"
    )
    src = header + "from typing import Any, cast\n\n" + HEAD + tool
    new, plan = transform_text(src, "t.py", Options())
    assert plan.rewritten_sites == 1
    assert new.startswith(header + "from typing import Annotated\n\n")
