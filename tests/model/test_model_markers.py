"""Elicited parameters, markers, resolvers and guard returns in the model."""

from __future__ import annotations

import ast

import pytest

from .model_helpers import model_of

MARKER_FORMS = {
    "runtime": "from elicit_lint.runtime import Elicit\nM = 'Elicit'",
    "runtime-alias": "from elicit_lint.runtime import Elicit as Ask\nM = 'Ask'",
    "runtime-module": "import elicit_lint.runtime as rt\nM = 'rt.Elicit'",
    "fastmcp-elicitation": "import fastmcp.elicitation as fe\nM = 'fe.Elicit'",
    "fastmcp-elicitation-from": "from fastmcp.elicitation import Elicit as E\nM = 'E'",
}


@pytest.mark.parametrize("name", sorted(MARKER_FORMS))
def test_marker_alias_forms(name):
    header, spelled = MARKER_FORMS[name].split("\nM = ")
    spelled = spelled.strip("'")
    model = model_of(f"{header}\nfrom typing import Annotated\nasync def t(x: Annotated[str, {spelled}('Q?')]): ...\n")
    [param] = model.elicited_parameters
    assert param.name == "x" and param.marker.family == "elicit" and param.marker.placement == "top"
    assert param.marker.question.value == "Q?"


def test_unrelated_elicit_is_not_a_marker():
    model = model_of("""
        from typing import Annotated
        from mylib import Elicit
        class Local:
            pass
        def Elicit2(q): ...
        async def t(x: Annotated[str, Elicit("q")], y: Annotated[str, Elicit2("q")]): ...
    """)
    assert model.elicited_parameters == []


def test_string_annotation_and_future_import():
    model = model_of("""
        from __future__ import annotations
        from typing import Annotated
        from elicit_lint.runtime import Elicit
        async def t(a: "Annotated[int, Elicit('A?')]", b: Annotated[str, Elicit("B?")]): ...
    """)
    assert [p.name for p in model.elicited_parameters] == ["a", "b"]
    assert model.elicited_parameters[0].marker.span.start.row == 5


def test_resolver_parameters_and_returns():
    model = model_of("""
        from typing import Annotated, Optional
        from fastmcp import Context
        from fastmcp.dependencies import Depends, CurrentContext
        from elicit_lint.runtime import Elicit
        def db(): ...
        def which(dest: str, c: Context, d=Depends(db), cc=CurrentContext(), extra=3, *a, **k) -> Optional[str] | Elicit[str]:
            if dest:
                return "x"
            return Elicit(f"Which {dest}?", response_type=str)
        async def book(dest: str, airport: Annotated[str, Elicit(which)]): ...
    """)
    [param] = model.elicited_parameters
    resolver = param.marker.resolver
    assert param.marker.resolver_name == "which"
    assert [(p.name, p.kind) for p in resolver.parameters] == [
        ("dest", "dependency"), ("c", "context"), ("d", "depends"), ("cc", "context"),
        ("extra", "defaulted"), ("a", "variadic"), ("k", "variadic"),
    ]
    assert resolver.dependencies == ["dest"]
    assert [ast.unparse(t) for t in resolver.elicit_types] == ["str"]
    assert len(resolver.returned_markers) == 1


def test_question_constant_and_unknown_resolver():
    model = model_of("""
        from typing import Annotated
        from elicit_lint.runtime import Elicit
        from helpers import remote_resolver
        Q = "Which city?"
        async def t(a: Annotated[str, Elicit(Q)], b: Annotated[str, Elicit(remote_resolver)]): ...
    """)
    a, b = model.elicited_parameters
    assert a.marker.question is not None and a.marker.resolver is None
    assert b.marker.resolver_name == "remote_resolver" and b.marker.resolver is None


def test_sdk_resolve_markers():
    model = model_of("""
        from typing import Annotated
        from mcp.server.mcpserver import Resolve
        async def check_stock(title: str) -> int: ...
        async def order(title: str, stock: Annotated[int, Resolve(check_stock)]): ...
    """)
    [param] = model.elicited_parameters
    assert param.marker.family == "resolve" and param.marker.resolver.name == "check_stock"


@pytest.mark.parametrize(
    "annotation, placement",
    [
        ("Annotated[int, Elicit('q')]", "top"),
        ("Annotated[int, Elicit('q')] | None", "optional"),
        ("None | Annotated[int, Elicit('q')]", "optional"),
        ("Optional[Annotated[int, Elicit('q')]]", "optional"),
        ("Union[Annotated[int, Elicit('q')], None]", "optional"),
        ("Annotated[Annotated[int, Elicit('q')], 'doc']", "top"),
        ("Annotated[int, Elicit('q')] | str", "a union arm"),
        ("Union[Annotated[int, Elicit('q')], str, None]", "a union arm"),
        ("list[Annotated[int, Elicit('q')]]", "a container"),
        ("dict[str, Annotated[int, Elicit('q')]]", "a container"),
        ("list[Annotated[int, Elicit('q')]] | None", "a union arm"),
        ("Annotated[list[Annotated[int, Elicit('q')]], 'doc']", "a nested annotation"),
        ("Annotated[int, Field(description=Elicit('q'))]", "a nested annotation"),
    ],
)
def test_marker_placement(annotation, placement):
    model = model_of(
        "from typing import Annotated, Optional, Union\nfrom pydantic import Field\n"
        "from elicit_lint.runtime import Elicit\n"
        f"async def t(x: {annotation} = None): ...\n"
    )
    [param] = model.elicited_parameters
    assert [m.placement for m in param.markers] == [placement]


@pytest.mark.parametrize(
    "annotation",
    [
        # a lambda resolver's returned Elicit(...) is a value, not metadata
        "Annotated[bool, Elicit(lambda d, a: Elicit(f'Book {d}/{a}?', response_type=bool))]",
        "Annotated[str, Elicit(message=lambda: Elicit('q'))]",
        "Annotated[str, Elicit(make_resolver(Elicit('q')))]",
        "Annotated[str, Field(default_factory=lambda: Elicit('q')), Elicit('Which?')]",
    ],
)
def test_marker_calls_inside_a_marker_argument_are_not_markers(annotation):
    model = model_of(
        "from typing import Annotated\nfrom pydantic import Field\n"
        "from elicit_lint.runtime import Elicit\n"
        f"async def t(x: {annotation}): ...\n"
    )
    [param] = model.elicited_parameters
    assert [m.placement for m in param.markers] == ["top"]


def test_marker_buried_in_response_type_is_still_nested():
    model = model_of(
        "from typing import Annotated\nfrom elicit_lint.runtime import Elicit\n"
        "async def t(x: Annotated[int, Elicit('q', response_type=Annotated[int, Elicit('r')])]): ...\n"
    )
    [param] = model.elicited_parameters
    assert [m.placement for m in param.markers] == ["top", "a nested annotation"]


def test_guard_returns_through_aliases():
    model = model_of("""
        import mcp.types
        from mcp import types as mcp_types
        import mcp_types as mt
        async def a() -> "mt.InputRequiredResult":
            return 1
        async def b():
            return mcp_types.InputRequiredResult(input_requests={})
        async def c():
            result = mcp.types.InputRequiredResult(input_requests={})
            return result
        async def d():
            from mylib import InputRequiredResult
            return InputRequiredResult()
    """)
    assert [(g.function.name, g.kind) for g in model.guard_returns] == [
        ("a", "annotation"), ("b", "return"), ("c", "return"),
    ]


def test_registration_forms():
    model = model_of("""
        from fastmcp import FastMCP
        from fastmcp.tools import Tool, tool
        from fastmcp.tools.function_tool import FunctionTool
        mcp = FastMCP("s")
        @mcp.tool
        def a(): ...
        @mcp.tool(name="b")
        def b(): ...
        def c(): ...
        mcp.add_tool(c)
        def d(): ...
        Tool.from_function(d)
        @tool
        def e(): ...
        @tool()
        def f(): ...
        def g(): ...
        mcp.tool(g)
        def h(): ...
        mcp.tool(name="h")(h)
        @mcp.prompt
        def p(): ...
        @mcp.resource("res://x")
        def r(): ...
        def plain(): ...
        def i(): ...
        FunctionTool.from_function(i)
    """)
    kinds = {f.name: [(r.component, r.form) for r in f.registrations] for f in model.functions}
    assert kinds["a"] == [("tool", "decorator")]
    assert kinds["b"] == [("tool", "decorator-call")]
    assert kinds["c"] == [("tool", "call")]
    assert kinds["d"] == [("tool", "call")]
    assert kinds["e"] == [("tool", "function-decorator")]
    assert kinds["f"] == [("tool", "function-decorator")]
    assert kinds["g"] == [("tool", "call")]
    assert kinds["h"] == [("tool", "call")]
    assert kinds["i"] == [("tool", "call")]
    assert kinds["p"] == [("prompt", "decorator")]
    assert kinds["r"] == [("resource", "decorator-call")]
    assert kinds["plain"] == []


def test_qualified_names_and_qualnames():
    model = model_of("""
        import fastmcp
        class K:
            def m(self):
                def inner(): ...
    """)
    expr = ast.parse("fastmcp.Context", mode="eval").body
    assert model.qualified_name(expr) == "fastmcp.server.context.Context"
    assert [f.qualname for f in model.functions] == ["K.m", "K.m.<locals>.inner"]
    assert model.functions[0].is_method and not model.functions[1].is_method


def test_resolver_dependency_factories_are_injected():
    model = model_of("""
        from typing import Annotated
        from fastmcp.dependencies import Shared, CurrentFastMCP
        from docket import Depends as DocketDepends
        from elicit_lint.runtime import Elicit
        from datetime import datetime
        def make_db(): ...
        def r(a=Shared(make_db), b=CurrentFastMCP(), c=DocketDepends(make_db), d=make_db(), e=datetime.now()) -> int: ...
        async def t(x: Annotated[int, Elicit(r)]): ...
    """)
    resolver = model.elicited_parameters[0].marker.resolver
    assert [p.kind for p in resolver.parameters] == ["depends", "depends", "depends", "call-default", "defaulted"]


def test_markers_that_cannot_be_built():
    model = model_of("""
        from typing import Annotated, Optional
        from elicit_lint.runtime import Elicit
        import elicit_lint.runtime as rt
        Q = 5
        async def t(
            a: Annotated[str, Elicit],
            b: Annotated[str, Elicit()],
            c: Annotated[int, Elicit(123)],
            d: Annotated[str, Elicit(Elicit("Which?"))] | None = None,
            e: Annotated[str, rt.Elicit] | None = None,
            f: Optional[Annotated[str, Elicit(None)]] = None,
            g: Annotated[str, Elicit(Q)] = "",
            h: Annotated[str, Elicit(*args)] = "",
            i: Annotated[str, Elicit(message_or_resolver="q")] = "",
            j: Annotated[list[str], Elicit(["a", "b"])] = "",
            k: Annotated[str, Elicit(f"q")] = "",
            m: Annotated[str, Elicit(lambda: "q")] = "",
        ): ...
    """)
    assert [(u.name, u.span.start.row) for u in model.uncalled_markers] == [("a", 7), ("e", 11)]
    bad = {p.name: p.marker.bad_argument for p in model.elicited_parameters}
    assert bad == {
        "b": "nothing", "c": "int", "d": "Elicit", "f": "NoneType", "g": None, "h": None,
        "i": None, "j": "list", "k": None, "m": None,
    }


def test_sdk_resolve_markers_never_have_a_bad_argument():
    model = model_of("""
        from typing import Annotated
        from mcp.server.mcpserver import Resolve
        async def t(x: Annotated[int, Resolve()], y: Annotated[int, Resolve]): ...
    """)
    assert [p.marker.bad_argument for p in model.elicited_parameters] == [None]
    assert model.uncalled_markers == []


def test_positional_response_type_and_outcome_parameters():
    """``Elicit("q", T)`` reads ``T`` as the response type (``ctx.elicit``'s order);
    ``ElicitationResult[T]`` from ``elicit_lint.runtime`` marks an outcome-typed parameter."""
    model = model_of("""
        from typing import Annotated
        import elicit_lint.runtime as rt
        from elicit_lint.runtime import Elicit, ElicitationResult
        from mcp.server.mcpserver import ElicitationResult as SdkResult
        async def t(
            a: Annotated[int, Elicit("q", str)],
            b: Annotated[int, Elicit(message="q", response_type=bool)],
            c: Annotated[ElicitationResult[int], Elicit("q")],
            d: Annotated[rt.ElicitationResult[list[str]], Elicit("q", ["x"])],
            e: Annotated[ElicitationResult, Elicit("q", int)],
            f: Annotated[SdkResult[int], Elicit("q")],
            g: Annotated[int, Elicit("q", *rest)],
        ): ...
    """)
    facts = {
        p.name: (
            ast.unparse(p.marker.response_type) if p.marker.response_type is not None else None,
            p.marker.outcome,
            ast.unparse(p.marker.answer_type) if p.marker.answer_type is not None else None,
        )
        for p in model.elicited_parameters
    }
    assert facts == {
        "a": ("str", False, "int"),
        "b": ("bool", False, "int"),
        "c": (None, True, "int"),
        "d": ("['x']", True, "list[str]"),
        "e": ("int", True, None),
        "f": (None, False, "SdkResult[int]"),
        "g": (None, False, "int"),
    }
