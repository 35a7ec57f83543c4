"""Rule behaviour beyond the embedded examples: precision cases and messages."""

from __future__ import annotations

from .rule_helpers import run

HEAD = "from typing import Annotated, Optional\nfrom elicit_lint.runtime import Elicit\n"


def test_mcp001_message_names_era_and_fix():
    [d] = run("""
        from fastmcp import Context
        async def t(ctx: Context):
            await ctx.elicit("q", response_type=str)
    """, "MCP001")
    assert d.message == "`ctx.elicit()` raises on modern (2026-07-28) connections"
    assert "Annotated[T, Elicit(...)]" in d.help
    assert d.name == "imperative-elicitation" and d.fix is None and d.noqa_row == 4


def test_mcp001_message_ends_with_the_analysis_verdict():
    import ast
    import textwrap

    from elicit_lint.analysis.facts import Analysis, Verdict
    from elicit_lint.core.settings import RuleSettings
    from elicit_lint.model import build_model
    from elicit_lint.rules.mcp001 import ImperativeElicitation

    src = textwrap.dedent("""
        from fastmcp import Context, FastMCP
        mcp = FastMCP("x")
        @mcp.tool
        async def t(ctx: Context):
            for _ in range(2):
                await ctx.elicit("q", response_type=str)
    """)
    model = build_model(ast.parse(src), src, "x.py")
    analysis = Analysis(model)
    verdict = analysis.site_verdict(model.sites[0])
    assert not verdict.rewritable and "loop" in verdict.reason
    [d] = ImperativeElicitation().check(model, analysis, RuleSettings())
    assert d.help.endswith(f"; `elicit-migrate` cannot rewrite it: {verdict.reason}")

    class Asked(Analysis):  # the rule reads the analysis it is given, nothing else
        def site_verdict(self, site):
            return Verdict("a reason from the analysis")

    [d] = ImperativeElicitation().check(model, Asked(model), RuleSettings())
    assert d.help.endswith("; `elicit-migrate` cannot rewrite it: a reason from the analysis")


def test_mcp002_spans():
    found = run("""
        from fastmcp import Context
        async def t(ctx: Context):
            await ctx.elicit("q", response_type=None)
            await ctx.elicit("q")
            await ctx.elicit("q", schema=str)
    """, "MCP002")
    # ``schema=`` (the pre-4 keyword) is a TypeError on FastMCP 4.2.3 too: reported at the keyword
    assert [(d.location.row, d.location.column) for d in found] == [(4, 41), (5, 11), (6, 27)]


def test_mcp003_message_names_path_and_skips_acyclic():
    src = HEAD + """
def ra(b: str) -> Elicit[str]: ...
def rb(c: str) -> Elicit[str]: ...
def rc(a: str) -> Elicit[str]: ...
async def trip(a: Annotated[str, Elicit(ra)], b: Annotated[str, Elicit(rb)], c: Annotated[str, Elicit(rc)]): ...
"""
    [d] = run(src, "MCP003")
    assert d.message == "Elicited parameters of `trip` form a resolver cycle: a -> b -> c -> a"
    assert run(src.replace("def rc(a: str)", "def rc(x: int = 1)").replace("c: Annotated", "x: int, c: Annotated"), "MCP003") == []


def test_mcp004_reports_each_unknown_once_per_tool():
    src = HEAD + """
def r(city: str, zip_code: str = "") -> Elicit[str]: ...
async def t1(a: Annotated[str, Elicit(r)], b: Annotated[str, Elicit(r)]): ...
async def t2(city: str, a: Annotated[str, Elicit(r)]): ...
"""
    found = run(src, "MCP004")
    assert sorted(d.message for d in found) == [
        "Resolver `r` asks for `city`, which is neither a parameter of `t1` nor a `Depends(...)`",
        "Resolver `r` asks for `zip_code`, which is neither a parameter of `t1` nor a `Depends(...)`",
        "Resolver `r` asks for `zip_code`, which is neither a parameter of `t2` nor a `Depends(...)`",
    ]
    assert found[0].location.row == 4  # the resolver parameter itself


def test_mcp004_ignores_imported_resolvers_and_sdk_resolve():
    src = HEAD + """
from other import remote
from mcp.server.mcpserver import Resolve
def local(nope: str) -> int: ...
async def t(a: Annotated[str, Elicit(remote)], b: Annotated[int, Resolve(local)]): ...
"""
    assert run(src) == []


def test_mcp005_only_with_declared_markers():
    src = """
from typing import Annotated
import mcp_types
from mcp.server.mcpserver import Resolve
def r(x: str) -> int: ...
async def t(x: str, y: Annotated[int, Resolve(r)]):
    return mcp_types.InputRequiredResult(input_requests={})
"""
    assert run(src, "MCP005") == []


def test_mcp006_optional_forms_are_fine_and_union_arm_is_not():
    ok = HEAD + "async def t(a: Optional[Annotated[int, Elicit('A?')]] = None, b: 'Annotated[int, Elicit(\"B?\")] | None' = None): ...\n"
    assert run(ok) == []
    [d] = run(HEAD + "async def t(a: 'Annotated[int, Elicit(\"A?\")] | str'): ...\n", "MCP006")
    assert d.message.startswith("`Elicit` marker of `a` sits in a union arm")


def test_mcp007_precision():
    cases = [
        ("-> Elicit[int]", ["str"], True),
        ("-> Elicit[int]", ["int", "Optional[int]", "int | None"], False),
        ("-> Elicit[Optional[str]]", ["str | None", "Optional[str]"], False),
        ("-> str | Elicit[str]", ["str"], False),
        ("-> Elicit[T]", ["str"], False),
        ("-> Elicit[Alias]", ["str"], False),
        ("-> Elicit[Unknown]", ["str"], False),
        ("-> Elicit[list[str]]", ["List[str]"], False),
        ("-> Elicit[list[str]]", ["list[int]"], True),
        ("-> Elicit[Literal['a', 'b']]", ["Literal['b', 'a']"], False),
        ("-> Elicit[Literal['a']]", ["Literal['b']"], True),
        ("-> Elicit[Model]", ["Model"], False),
        ("-> Elicit[Model]", ["Other"], True),
        ("-> 'Elicit[int]'", ["str"], True),
    ]
    for returns, types, expected in cases:
        for ptype in types:
            src = (
                "from typing import Annotated, Optional, List, Literal, TypeVar\n"
                "from elicit_lint.runtime import Elicit\n"
                "T = TypeVar('T')\nAlias = str\nclass Model: ...\nclass Other: ...\n"
                f"def r(x: str) {returns}: ...\n"
                f"async def t(x: str, y: Annotated[{ptype}, Elicit(r)]): ...\n"
            )
            found = run(src, "MCP007")
            assert bool(found) is expected, (returns, ptype, [d.message for d in found])


def test_mcp007_message_and_location():
    src = HEAD + "def ask(f: str) -> int | Elicit[str]: ...\nasync def book(f: str, seats: Annotated[int, Elicit(ask)]): ...\n"
    [d] = run(src, "MCP007")
    assert d.message == "Resolver `ask` returns `Elicit[str]` but parameter `seats` is `int`"
    assert (d.location.row, d.location.column, d.end_location.column) == (3, 33, 36)


def test_mcp008_forms():
    src = """
from elicit_lint.runtime import Elicit
def other(): ...
ask = lambda: "q"
def r1(): return Elicit(other)
def r2(): return Elicit(ask)
def r3():
    def inner(): ...
    return Elicit(message=inner)
def ok1(): return Elicit("q", response_type=str)
def ok2(q: str): return Elicit(q)
def ok3(): return Elicit(f"{other}")
"""
    assert [d.message.split("`")[1] for d in run(src, "MCP008")] == ["r1", "r2", "r3"]


def test_no_findings_in_strings_and_comments():
    src = '''
"""Use ctx.elicit("q") or Annotated[int, Elicit(lambda: 1)] | str here."""
# await ctx.elicit("q")
MESSAGE = "return mcp_types.InputRequiredResult()"
'''
    assert run(src) == []


def test_mcp007_spells_types_like_the_runtime():
    src = (
        "import typing\nfrom typing import Annotated\nimport mcp_types\nfrom elicit_lint.runtime import Elicit\n"
        "def wrong() -> int | Elicit[str]: ...\n"
        "async def book(seats: Annotated[typing.Optional[int], Elicit(wrong)] = None): ...\n"
        "def w2() -> Elicit[mcp_types.TextContent]: ...\n"
        "async def b2(x: Annotated[int, Elicit(w2)] | None = None): ...\n"
    )
    assert [d.message for d in run(src, "MCP007")] == [
        "Resolver `wrong` returns `Elicit[str]` but parameter `seats` is `int | None`",
        "Resolver `w2` returns `Elicit[TextContent]` but parameter `x` is `int | None`",
    ]


def test_mcp003_reports_every_distinct_cycle():
    src = HEAD + """
def ra(b: str) -> Elicit[str]: ...
def rb(c: str) -> Elicit[str]: ...
def rc(a: str) -> Elicit[str]: ...
def rs(s: str) -> Elicit[str]: ...
async def trip(
    a: Annotated[str, Elicit(ra)], b: Annotated[str, Elicit(rb)], c: Annotated[str, Elicit(rc)],
    s: Annotated[str, Elicit(rs)],
): ...
"""
    found = run(src, "MCP003")
    assert [d.message.split(": ", 1)[1] for d in found] == ["a -> b -> c -> a", "s -> s"]
    assert [d.location.row for d in found] == [9, 10]


def test_mcp001_ctx_or_get_context_is_reported_like_the_if_form():
    src = """
        from fastmcp import Context
        from fastmcp.server.dependencies import get_context
        async def a(ctx: Context | None = None):
            ctx = ctx or get_context()
            return await ctx.elicit("q", response_type=str)
        async def b(ctx: Context | None = None):
            if ctx is None:
                ctx = get_context()
            return await ctx.elicit("q", response_type=str)
    """
    assert [d.location.row for d in run(src, "MCP001")] == [6, 10]


def test_mcp001_reports_a_local_alias_of_context_elicit():
    src = """
        from fastmcp import Context
        from fastmcp.server.dependencies import get_context

        async def a(ctx: Context):
            elicit = ctx.elicit
            return await elicit("Where?", response_type=str)

        async def b(session):
            elicit = session.elicit
            return await elicit("Where?")

        async def c(ctx: Context, other):
            elicit = ctx.elicit
            if other:
                elicit = other.elicit
            return await elicit("Where?", response_type=str)

        async def d():
            ask = get_context().elicit
            return await ask("Name?", response_type=str)

        async def e(ctx: Context):
            elicit = ctx.elicit
            elicit = print
            return await elicit("Where?")
    """
    found = run(src, "MCP001")
    assert [d.location.row for d in found] == [7, 21]
    assert found[0].message == "`elicit()` (`ctx.elicit`) raises on modern (2026-07-28) connections"
    assert found[0].help.endswith(
        "cannot rewrite it: it calls `ctx.elicit` through the alias `elicit`: call "
        "`ctx.elicit(...)` directly, then run again"
    )
    assert "`ask()` (`get_context().elicit`)" in found[1].message


def test_aliased_sites_stay_out_of_the_codemods_sites():
    import ast
    import textwrap

    from elicit_lint.model import build_model

    src = textwrap.dedent("""
        from fastmcp import Context
        async def a(ctx: Context):
            elicit = ctx.elicit
            return await elicit("Where?", response_type=str)
    """)
    model = build_model(ast.parse(src), src, "x.py")
    assert model.sites == []
    [site] = model.aliased_sites
    assert ast.unparse(site.receiver) == "ctx" and site.alias is not None
    assert site.response_type_form == "keyword" and site.await_node is not None


def test_mcp006_marker_argument_wording_is_the_runtimes():
    import pytest

    from elicit_lint.core import messages
    from elicit_lint.runtime import Elicit

    with pytest.raises(TypeError) as raised:
        Elicit(123)
    assert str(raised.value) == messages.marker_argument("int")
    with pytest.raises(TypeError) as raised:
        Elicit(Elicit("q"))
    assert str(raised.value) == messages.marker_argument("Elicit")


def test_mcp006_uncalled_marker_class_fails_tool_registration():
    """The doc's claim: FastMCP 4.2.3 calls the class without an argument at registration."""
    import pytest
    from fastmcp import FastMCP

    namespace: dict = {}
    exec(
        "from typing import Annotated\nfrom elicit_lint.runtime import Elicit\n"
        "async def t(x: Annotated[str, Elicit]) -> str:\n    return x\n",
        namespace,
    )
    with pytest.raises(TypeError):
        FastMCP("s").tool(namespace["t"])


def test_mcp006_reports_unbuildable_markers_once_each():
    found = run(HEAD + """
async def t(
    a: Annotated[str, Elicit],
    b: Annotated[str, Elicit()] | str,
    c: Annotated[int, Elicit(1.5)],
): ...
""", "MCP006")
    from elicit_lint.core import messages

    assert [(d.location.row, d.message, d.help) for d in found] == [
        (5, *messages.split_help(messages.marker_not_called("a"))),
        (6, *messages.split_help(messages.marker_argument("nothing"))),
        (6, *messages.split_help(messages.marker_misplaced("b", "a union arm"))),
        (7, *messages.split_help(messages.marker_argument("float"))),
    ]


def test_aliased_elicit_is_checked_by_mcp002_and_mcp021():
    found = run("""
        import contextlib
        from fastmcp import Context
        async def t(ctx: Context):
            elicit = ctx.elicit
            with contextlib.suppress(Exception):
                await elicit("q")
            try:
                await elicit("q", response_type=None)
            except Exception:
                pass
    """)
    assert sorted((d.code, d.location.row) for d in found) == [
        ("MCP001", 7), ("MCP001", 9), ("MCP002", 7), ("MCP002", 9), ("MCP021", 6), ("MCP021", 10),
    ]
