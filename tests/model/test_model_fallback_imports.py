"""A fallback binding (``except ImportError:`` handler, ``else:`` of ``if
TYPE_CHECKING:``) does not hide the import before it; anything else still does."""

from __future__ import annotations

import pytest

from .model_helpers import model_of, run, site_rows

TOOL = """
        mcp = FastMCP("s")

        @mcp.tool
        async def book(city: Annotated[str | None, Elicit("Where to?")]) -> str:
            return city or ""
"""

MARKER_KEPT = {
    "except-import-error-none": """
        from typing import Annotated
        from fastmcp import FastMCP
        try:
            from elicit_lint.runtime import Elicit
        except ImportError:
            Elicit = None
    """,
    "except-module-not-found-tuple": """
        from typing import Annotated
        from fastmcp import FastMCP
        try:
            from elicit_lint.runtime import Elicit
        except (ModuleNotFoundError, AttributeError):
            def Elicit(*args, **kwargs):
                return None
    """,
    "type-checking-else": """
        from typing import TYPE_CHECKING, Annotated
        from fastmcp import FastMCP
        if TYPE_CHECKING:
            from elicit_lint.runtime import Elicit
        else:
            Elicit = object
    """,
}

MARKER_HIDDEN = {
    "other-exception": """
        from typing import Annotated
        from fastmcp import FastMCP
        try:
            from elicit_lint.runtime import Elicit
        except ValueError:
            Elicit = None
    """,
    "rebound-after-try": """
        from typing import Annotated
        from fastmcp import FastMCP
        try:
            from elicit_lint.runtime import Elicit
        except ImportError:
            pass
        Elicit = None
    """,
    "plain-if-else": """
        from typing import Annotated
        from fastmcp import FastMCP
        if USE_RUNTIME:
            from elicit_lint.runtime import Elicit
        else:
            Elicit = None
    """,
}


@pytest.mark.parametrize("name", sorted(MARKER_KEPT))
def test_fallback_keeps_the_marker(name):
    source = MARKER_KEPT[name] + TOOL
    assert len(model_of(source).elicited_parameters) == 1
    codes = sorted(d.code for d in run(source))
    assert codes == ["MCP009", "MCP019"]


@pytest.mark.parametrize("name", sorted(MARKER_HIDDEN))
def test_non_fallback_rebinding_hides_the_marker(name):
    source = MARKER_HIDDEN[name] + TOOL
    assert model_of(source).elicited_parameters == []
    assert run(source) == []


def test_fallback_context_import_keeps_the_annotation():
    assert len(site_rows("""
        try:
            from fastmcp import Context
        except ImportError:
            Context = None
        async def t(ctx: Context):
            await ctx.elicit("q", response_type=str)
    """)) == 1


def test_binding_records_fallback():
    model = model_of("""
        try:
            from elicit_lint.runtime import Elicit
        except ImportError:
            Elicit = None
    """)
    first, second = model.module_scope.bindings["Elicit"]
    assert (first.kind, first.fallback) == ("import", False)
    assert (second.kind, second.fallback) == ("assign", True)
    assert model.module_scope.last_binding("Elicit") is first
