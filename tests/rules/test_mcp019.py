"""MCP019 (missing-declared-elicitation): which markers, which tools, and the fix."""

from __future__ import annotations

import ast
import textwrap

import pytest

from elicit_lint.core import messages
from elicit_lint.core.diagnostic import Applicability

from .rule_helpers import run


def apply(source: str, fix) -> str:
    """Apply insertions (1-based rows/columns; a row one past the end is allowed)."""
    lines = source.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    out = source
    for edit in sorted(fix.edits, key=lambda e: (e.location.row, e.location.column), reverse=True):
        assert edit.location == edit.end_location
        offset = starts[edit.location.row - 1] + edit.location.column - 1
        out = out[:offset] + edit.content + out[offset:]
    return out


def one(source: str):
    source = textwrap.dedent(source)
    found = run(source, "MCP019")
    assert len(found) == 1, [d.message for d in found]
    return source, found[0]


def test_message_location_and_fix_with_import():
    src, d = one("""\
        from typing import Annotated
        from fastmcp import FastMCP
        from elicit_lint.runtime import Elicit  # the marker

        mcp = FastMCP("Booking")

        class Box:
            @mcp.tool
            @staticmethod
            async def book(n: int, destination: Annotated[str, Elicit("Where to?")], seat: Annotated[str, Elicit("Seat?")]) -> str:
                return destination
        """)
    assert d.message == (
        "Parameter `destination` of `book` is marked `Elicit(...)` but the tool lacks "
        "`@declared_elicitation`"
    )
    assert d.help == "Without it the question is never asked and every call fails"
    assert (d.location.row, d.location.column) == (10, 15)
    assert d.fix.applicability is Applicability.SAFE
    assert d.fix.message == "Add `@declared_elicitation` and its import"
    fixed = apply(src, d.fix)
    # added to the existing runtime import, at ruff's isort place (no second line: I001)
    assert "from elicit_lint.runtime import Elicit, declared_elicitation  # the marker\n" in fixed
    assert "    @mcp.tool\n    @declared_elicitation\n    @staticmethod\n" in fixed
    ast.parse(fixed)
    assert run(fixed, "MCP019") == []


@pytest.mark.parametrize(
    ("imports", "marker", "decorator"),
    [
        ("import elicit_lint.runtime as rt", "rt.Elicit", "rt.declared_elicitation"),
        ("import elicit_lint.runtime", "elicit_lint.runtime.Elicit", "elicit_lint.runtime.declared_elicitation"),
        ("from elicit_lint.runtime import Elicit as Ask, declared_elicitation as de", "Ask", "de"),
        ("from elicit_lint.runtime import *", "Elicit", "declared_elicitation"),
    ],
)
def test_fix_reuses_what_the_module_can_spell(imports, marker, decorator):
    src, d = one(f"""\
        from typing import Annotated
        {imports}

        @server.tool(name="b")
        def book(destination: Annotated[str, {marker}("Where to?")]) -> str:
            return destination
        """)
    assert d.fix.applicability is Applicability.SAFE
    assert [e.content for e in d.fix.edits] == [f"@{decorator}\n"]
    fixed = apply(src, d.fix)
    assert f'@server.tool(name="b")\n@{decorator}\ndef book' in fixed
    assert run(fixed, "MCP019") == []


def test_string_annotation_future_and_crlf():
    src = (
        "from __future__ import annotations\r\nfrom typing import Annotated\r\n"
        "from elicit_lint.runtime import Elicit\r\n\r\n@mcp.tool\r\n"
        "async def book(destination: 'Annotated[str, Elicit(\"Where?\")]') -> str:\r\n    return destination\r\n"
    )
    [d] = run(src, "MCP019")
    # edits carry ``\n`` whatever the file uses; ``apply_fixes`` converts
    assert [e.content for e in d.fix.edits] == [", declared_elicitation", "@declared_elicitation\n"]
    from elicit_lint.checker.fixes import apply_fixes

    fixed, count = apply_fixes(src, [d.fix])
    assert count == 1
    assert fixed == src.replace(
        "import Elicit\r\n", "import Elicit, declared_elicitation\r\n", 1
    ).replace("@mcp.tool\r\n", "@mcp.tool\r\n@declared_elicitation\r\n")
    assert "\r\r" not in fixed and fixed.count("\n") == fixed.count("\r\n")


def test_import_inside_a_block_makes_the_fix_unsafe():
    _, d = one("""\
        from typing import Annotated
        try:
            from elicit_lint.runtime import Elicit
        except ImportError:
            raise

        @mcp.tool
        async def book(destination: Annotated[str, Elicit("Where to?")]) -> str:
            return destination
        """)
    assert d.fix.applicability is Applicability.UNSAFE
    assert d.fix.edits[0].content == ", declared_elicitation"


def test_import_error_fallbacks_do_not_hide_the_imports():
    """``declared_elicitation = None`` in an ``except ImportError`` is a fallback:
    the import stays the binding in effect, so the fix reuses the name."""
    src, d = one("""\
        from typing import Annotated
        try:
            from elicit_lint.runtime import Elicit, declared_elicitation
        except ImportError:
            Elicit = declared_elicitation = None

        @mcp.tool
        async def book(destination: Annotated[str, Elicit("Where to?")]) -> str:
            return destination
        """)
    assert d.fix is not None and d.fix.applicability is Applicability.SAFE
    assert apply(src, d.fix) == src.replace("@mcp.tool\n", "@mcp.tool\n@declared_elicitation\n")


def test_an_elicit_fallback_still_lets_the_fix_add_the_import():
    _, d = one("""\
        from typing import Annotated
        try:
            from elicit_lint.runtime import Elicit
        except ImportError:
            Elicit = None

        @mcp.tool
        async def book(destination: Annotated[str, Elicit("Where to?")]) -> str:
            return destination
        """)
    assert d.fix.applicability is Applicability.UNSAFE
    assert d.fix.edits[0].content == ", declared_elicitation"


@pytest.mark.parametrize(
    "source",
    [
        # the name is taken by something else
        ("from typing import Annotated\nfrom elicit_lint.runtime import Elicit\ndeclared_elicitation = 1\n"
        "@mcp.tool\nasync def book(d: Annotated[str, Elicit('q')]): ...\n"),
        # registered by a call and already decorated otherwise
        ("import functools\nfrom typing import Annotated\nfrom elicit_lint.runtime import Elicit\n"
        "@functools.lru_cache\nasync def book(d: Annotated[str, Elicit('q')]): ...\nmcp.add_tool(book)\n"),
        # imported after the tool
        ("from typing import Annotated\n@mcp.tool\nasync def book(d: 'Annotated[str, Elicit(\"q\")]'): ...\n"
        "from elicit_lint.runtime import Elicit\n"),
    ],
)
def test_no_fix(source):
    [d] = run(source, "MCP019")
    assert d.fix is None


def test_call_registration_fix_goes_above_def():
    src, d = one("""\
        from typing import Annotated
        from elicit_lint.runtime import Elicit

        async def book(destination: Annotated[str, Elicit("Where to?")]) -> str:
            return destination

        mcp.add_tool(book)
        """)
    fixed = apply(src, d.fix)
    assert "\n@declared_elicitation\nasync def book" in fixed
    assert run(fixed, "MCP019") == []


@pytest.mark.parametrize("head", ["@mcp.prompt", "@mcp.resource('doc://today')", "@mcp.resource('doc://{name}')"])
def test_prompts_and_resources_are_reported_and_fixed(head):
    """The runtime serves declared parameters in prompts and resources through the same
    decorator (tests/runtime/test_surfaces.py) and fails every call without it (fresh13)."""
    src, d = one(f"""\
        from typing import Annotated
        from elicit_lint.runtime import Elicit

        {head}
        async def b(name: str, d: Annotated[str | None, Elicit("q")] = None) -> str:
            return d or ""
        """)
    assert d.message == messages.missing_decorator("b", "d").split(";")[0]
    fixed = apply(src, d.fix)
    assert f"{head}\n@declared_elicitation\nasync def b" in fixed
    assert run(fixed, "MCP019") == []


@pytest.mark.parametrize(
    "source",
    [
        # fastmcp.elicitation's marker: honoured natively by a FastMCP that ships it
        "from typing import Annotated\nimport fastmcp.elicitation as fe\n@mcp.tool\nasync def b(d: Annotated[str, fe.Elicit('q')]): ...\n",
        # a misplaced marker is MCP006's finding
        "from typing import Annotated\nfrom elicit_lint.runtime import Elicit\n@mcp.tool\nasync def b(d: list[Annotated[str, Elicit('q')]]): ...\n",
        # the decorator is there, even above the tool decorator (that is MCP020)
        ("from typing import Annotated\nfrom elicit_lint.runtime import Elicit, declared_elicitation\n"
        "@declared_elicitation\n@mcp.tool\nasync def b(d: Annotated[str, Elicit('q')]): ...\n"),
        # a local class named Elicit is not the marker
        "from typing import Annotated\nclass Elicit:\n    def __init__(self, q): ...\n@mcp.tool\nasync def b(d: Annotated[str, Elicit('q')]): ...\n",
    ],
)
def test_not_reported(source):
    assert run(source, "MCP019") == []


@pytest.mark.parametrize(
    ("imports", "merged"),
    [
        ("from elicit_lint.runtime import Elicit", "from elicit_lint.runtime import Elicit, declared_elicitation"),
        ("from elicit_lint.runtime import Elicit, wait_for_handler",
         "from elicit_lint.runtime import Elicit, declared_elicitation, wait_for_handler"),
        ("from elicit_lint.runtime import Answer, Elicit",
         "from elicit_lint.runtime import Answer, Elicit, declared_elicitation"),
        ("from elicit_lint.runtime import (\n    Elicit,\n    wait_for_handler,\n)",
         "from elicit_lint.runtime import (\n    Elicit,\n    declared_elicitation,\n    wait_for_handler,\n)"),
        ("from elicit_lint.runtime import (\n    Answer,\n    Elicit,\n)",
         "from elicit_lint.runtime import (\n    Answer,\n    Elicit,\n    declared_elicitation,\n)"),
    ],
)
def test_the_fix_extends_an_existing_runtime_import_as_ruff_isort_would(imports, merged):
    """fresh5 F5: a second ``from elicit_lint.runtime import`` line is ruff I001 after ``--fix``."""
    src = (
        "from typing import Annotated\n\nfrom fastmcp import FastMCP\n" + imports + "\n\n"
        'mcp = FastMCP("Booking")\n\n\n@mcp.tool\n'
        'async def book(destination: Annotated[str, Elicit("Where to?")]) -> str:\n    return destination\n'
    )
    [d] = run(src, "MCP019")
    fixed = apply(src, d.fix)
    assert fixed == src.replace(imports, merged).replace("@mcp.tool\n", "@mcp.tool\n@declared_elicitation\n")
    assert run(fixed, "MCP019") == []


@pytest.mark.parametrize(
    ("after", "unsafe"),
    [
        ("", False),
        ('\n\nasync def plan() -> str:\n    return await book("Ritz", city="Paris")\n', True),
        ("\n\nreserve = book\n", True),
        ('\n\n__all__ = ["book"]\n', True),
    ],
)
def test_a_direct_python_use_makes_the_fix_unsafe(after, unsafe):
    """fresh8 F2: the decorator takes `city` out of the Python signature, so
    `await book("Ritz", city="Paris")` raises `TypeError` once it is added."""
    source = (
        "from typing import Annotated\n\nfrom fastmcp import FastMCP\n\n"
        "from elicit_lint.runtime import Elicit\n\nmcp = FastMCP('s')\n\n\n"
        "@mcp.tool\nasync def book(hotel: str, city: Annotated[str, Elicit('City?')]) -> str:\n"
        "    return hotel + city\n" + after
    )
    [d] = run(source, "MCP019")
    assert d.fix.applicability is (Applicability.UNSAFE if unsafe else Applicability.SAFE)


@pytest.mark.parametrize("decorator", ["", "@declared_elicitation\n"])
def test_runtime_marker_on_an_mcpserver_tool_is_reported_without_fix(decorator):
    """fresh13 #11: no decorator makes the runtime's marker work on `MCPServer`
    (tests/runtime/test_mcpserver_marker.py): the SDK's `Resolve` is the way there."""
    source = (
        "from typing import Annotated\nfrom mcp.server.mcpserver import MCPServer\n"
        "from elicit_lint.runtime import Elicit, declared_elicitation\n\nmcp = MCPServer('s')\n\n"
        f"@mcp.tool()\n{decorator}async def b(d: Annotated[str | None, Elicit('q')] = None) -> str:\n    return ''\n"
    )
    (d,) = run(source, "MCP019")
    assert d.message == messages.runtime_marker_on_mcpserver("b", "d").split(";")[0]
    assert d.fix is None
