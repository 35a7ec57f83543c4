"""SDK v2 ``Resolve(fn)`` planning (:mod:`elicit_lint.analysis.sdk`): the skips the
fixtures do not show, kind selection, and the cross-tool ``Elicit`` rule."""

from __future__ import annotations

import ast
import textwrap

import pytest

from elicit_lint.analysis.plan import plan_module
from elicit_lint.analysis.sdk import UNSAFE, strip_unsafe
from elicit_lint.codemod.engine import Options, transform_text
from elicit_lint.model import build_model

from .cases import ROOT

HEAD = """\
from typing import Annotated

from fastmcp import FastMCP
from pydantic import BaseModel

from mcp.server.mcpserver import Context, Elicit, ElicitationResult, Resolve, Sample

mcp = FastMCP("Shop")


class Q(BaseModel):
    n: int


def ask() -> Elicit[Q]:
    return Elicit("How many?", Q)
"""


def _plan(body: str, select: set[str] | None = None):
    text = HEAD + textwrap.dedent(body)
    return plan_module(build_model(ast.parse(text), text, "m.py"), select)


def _line(body: str, needle: str) -> int:
    """The 1-based line of ``needle`` in the module built from ``body``."""
    lines = (HEAD + textwrap.dedent(body)).splitlines()
    return next(i for i, line in enumerate(lines, 1) if needle in line)


def _reasons(body: str, select: set[str] | None = None) -> list[str]:
    """The skip reasons, without the UNSAFE prefix every skip on a tool HEAD's
    ``FastMCP`` serves carries (tested by test_fastmcp_skips_say_unsafe)."""
    plan = _plan(body, select)
    assert plan.functions == []
    return [strip_unsafe(s.reason) for s in plan.skips]


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (
            """
            @mcp.tool()
            def t(a: Annotated[Q, Resolve(ask)], b: Annotated[Q, Resolve(ask)]) -> str:
                return ""
            """,
            [
                "the resolver `ask` fills both `a` and `b` (the SDK runs it once per "
                "call): migrate the tool by hand"
            ]
            * 2,
        ),
        (
            """
            def ask_ctx(ctx: Context) -> Elicit[Q]:
                return Elicit("How many?", Q)

            @mcp.tool()
            def t(a: Annotated[Q, Resolve(ask_ctx)]) -> str:
                return ""
            """,
            "the resolver `ask_ctx` takes the SDK `Context`: migrate it by hand",
        ),
        (
            """
            def ask_more(first: Annotated[Q, Resolve(ask)]) -> Elicit[Q]:
                return Elicit("More?", Q)

            @mcp.tool()
            def t(more: Annotated[Q, Resolve(ask_more)]) -> str:
                return ""
            """,
            (
                (
            "the resolver `ask_more` takes `first` from `Resolve(...)`, which no "
            "parameter `first` of the tool resolves the same way: resolve `first` so "
            "in the tool's signature too, then run again"
        )
            ),
        ),
        (
            """
            def ask_kw() -> Elicit[Q]:
                return Elicit("How many?", Q, extra=1)

            @mcp.tool()
            def t(a: Annotated[Q, Resolve(ask_kw)]) -> str:
                return ""
            """,
            (
                "the resolver `ask_kw` calls `Elicit(...)` with other arguments: call "
                "`Elicit(message, Schema)`, then run again"
            ),
        ),
        (
            """
            @mcp.tool()
            def t(a: Annotated[ElicitationResult[Q], Resolve(ask)], b: int) -> str:
                return "yes" if a.action == "accept" else "no"
            """,
            (
                "a later parameter has no default, so `a` cannot become optional: make "
                "the elicited parameters keyword-only (a `*,` before `a`; FastMCP passes "
                "arguments by name), then run again"
            ),
        ),
        (
            """
            def later() -> Q:
                return Elicit("Stray", Q)

            @mcp.tool()
            def t(a: Annotated[Q, Resolve(ask)]) -> str:
                return ""
            """,
            (
                "the SDK's `Elicit` is also called on line {Stray}, outside the "
                "resolvers rewritten: move that use to another module, then run again"
            ),
        ),
        (
            """
            def maybe(flag: bool) -> Q | None | Elicit[Q]:
                if flag:
                    return None
                return Elicit("How many?", Q)

            @mcp.tool()
            def t(flag: bool, a: Annotated[ElicitationResult[Q], Resolve(maybe)]) -> str:
                return "yes" if a.action == "accept" else "no"
            """,
            (
                (
            "the resolver `maybe` may return `None`, which the SDK passes on as "
            "accepted and the rewrite would read as declined: return a value or an "
            "`Elicit` on every path, then run again"
        )
            ),
        ),
        (
            """
            @mcp.tool()
            def t(a: Annotated[Q, Resolve(ask)] = Q(n=1)) -> str:
                return ""
            """,
            (
                (
            "`a` has a default, which the SDK never uses but the runtime would return "
            "on decline: drop it, then run again"
        )
            ),
        ),
        (
            """
            def ask_more(a: Annotated[Q, Resolve(ask)]) -> Elicit[Q]:
                return Elicit("More?", Q)

            @mcp.tool()
            def t(
                more: Annotated[Q, Resolve(ask_more)],
                a: Annotated[ElicitationResult[Q], Resolve(ask)],
            ) -> str:
                return "yes" if a.action == "accept" else "no"
            """,
            [
                (
                    "the resolver `ask_more` reads `a`, which becomes optional: the SDK "
                    "aborts the call when it is declined, the rewrite would pass `None`: "
                    "migrate the tool by hand"
                )
            ]
            * 2,
        ),
        (
            """
            from mcp.server.mcpserver import CancelledElicitation, DeclinedElicitation

            @mcp.tool()
            def t(a: Annotated[ElicitationResult[Q], Resolve(ask)]) -> str:
                if isinstance(a, DeclinedElicitation):
                    return "declined"
                return "other"
            """,
            (
                "a branch tells decline from cancel apart (both become `None`): handle "
                "both alike, then run again"
            ),
        ),
    ],
)
def test_refusals(body, reason):
    if isinstance(reason, str):
        if "{Stray}" in reason:
            reason = reason.replace("{Stray}", str(_line(body, "Stray")))
        reason = [reason]
    assert _reasons(body) == reason


def test_every_blocking_reason_of_a_tool_is_told_at_once():
    """F8: two parameters, each with its own problem: one run names both (each
    skipped site of the tool carries the joined reason)."""
    body = """
    def other() -> Elicit[Q]:
        return Elicit("How many more?", Q)


    @mcp.tool()
    async def t(
        r: Annotated[ElicitationResult[Q], Resolve(ask)],
        more: Annotated[Q, Resolve(other)] = None,
    ) -> str:
        return f"kept {r.action}"
    """
    first = (
        "`r.action` is used outside an outcome test: compare it "
        '(`r.action == "accept"`), then run again'
    )
    second = (
        "`more` has a default, which the SDK never uses but the runtime would return "
        "on decline: drop it, then run again"
    )
    reasons = _reasons(body)
    assert reasons and set(reasons) == {f"{first}; also {second}"}
    # one problem fixed, the other is still told
    fixed = body.replace("Resolve(other)] = None", "Resolve(other)]")
    assert set(_reasons(fixed)) == {first}


def test_every_reason_of_one_parameter_is_told_at_once():
    """F8, within one parameter: its independent checks (a resolver that may
    return ``None``, a default already there) and its resolver's (``*args``, a
    defaulted parameter, one that is no tool argument) are all told in one run, and
    the checker (MCP013) reads the same joined reason."""
    body = """
    def maybe(*rest, n: int = 1) -> Elicit[Q] | None:
        if n:
            return None
        return Elicit("How many?", Q)


    @mcp.tool()
    async def t(
        r: Annotated[ElicitationResult[Q], Resolve(maybe)] = None, later: int = 0
    ) -> str:
        if r.action == "accept":
            return "yes"
        return "no"
    """
    wanted = [
        "the resolver `maybe` may return `None`, which the SDK passes on as accepted "
        "and the rewrite would read as declined: return a value or an `Elicit` on "
        "every path, then run again",
        "`r` already has a default: drop it, then run again",
        "the resolver `maybe` takes `*args`/`**kwargs`: name its parameters, then "
        "run again",
        "the resolver `maybe` has a parameter with a default: drop the default, then "
        "run again",
        "the resolver `maybe` takes `n`, which is neither a tool argument nor a "
        "`Resolve(...)` dependency: make it one, then run again",
    ]
    assert _reasons(body) == ["; also ".join(wanted)]
    from elicit_lint.checker.linter import analyse

    text = HEAD + textwrap.dedent(body)
    found = [
        d.help for d in analyse(ast.parse(text), text, "m.py") if d.code == "MCP013"
    ]
    assert found == [
        "Declare it `Annotated[T, Elicit(maybe)]`; `elicit-migrate` cannot rewrite "
        "it: " + "; also ".join(wanted)
    ]
    # a parameter that is no result: a result class in it and a default, both told
    single = """
    @mcp.tool()
    async def t(r: Annotated[list[ElicitationResult[Q]], Resolve(ask)] = None) -> str:
        return "kept"
    """
    assert _reasons(single) == [
        "`r` takes a single result class: annotate it `ElicitationResult[T]`, then "
        "run again; also `r` has a default, which the SDK never uses but the runtime "
        "would return on decline: drop it, then run again"
    ]


def test_sample_resolver_refuses_its_eliciting_sibling():
    body = """
        def suggest() -> Sample:
            return Sample([], max_tokens=5)

        @mcp.tool()
        def t(a: Annotated[Q, Resolve(ask)], s: Annotated[str, Resolve(suggest)]) -> str:
            return ""
        """
    sample = "SDK v2 `Sample`/`ListRoots` resolver: no declared equivalent (report only); serve the tool with `MCPServer`"
    row = _line(body, "def t(")
    assert _reasons(body) == [
        f"another resolver of this tool (line {row}) cannot be rewritten: {sample}",
        sample,
    ]


def test_a_tool_left_on_the_sdk_keeps_the_other_from_being_rewritten():
    """Both tools share the SDK's ``Elicit``: rewriting one would re-point it."""
    body = """
        from mcp.server import MCPServer

        sdk = MCPServer("Old")

        @sdk.tool()
        def old(a: Annotated[Q, Resolve(ask)]) -> str:
            return ""

        @mcp.tool()
        def new(a: Annotated[Q, Resolve(ask)]) -> str:
            return ""
        """
    reasons = _reasons(body)
    assert reasons == [
        (
            f"another SDK tool of this module (line {_line(body, 'def old(')}) keeps "
            "the SDK's `Elicit`, which the rewrite would replace: move the "
            "`FastMCP(...)` tools to a module of their own, then run again"
        )
    ]


def test_kind_selection():
    body = """
        @mcp.tool()
        def t(a: Annotated[Q, Resolve(ask)]) -> str:
            return ""
        """
    assert _reasons(body, {"question"}) == ["rewrite kind `sdk-resolve` not selected: add it to `--select` to rewrite it"]
    assert len(_plan(body).functions) == 1


def test_server_built_in_a_factory_is_seen():
    """mcp 2.3.0 ``examples/stories/refund_desk`` builds its server in a function."""
    reasons = _reasons(
        """
        from mcp.server import MCPServer

        def build() -> MCPServer:
            server = MCPServer("x")

            @server.tool()
            def t(a: Annotated[Q, Resolve(ask)]) -> str:
                return ""

            return server
        """
    )
    assert reasons == []  # the SDK's own form on `MCPServer`: nothing to do


def test_value_only_tool_on_fastmcp_is_planned_with_the_module_elicit_rule():
    """FastMCP ignores a value-only ``Resolve`` too, so the tool is planned; here the
    SDK's ``Elicit`` is still called by ``ask``, which keeps the module's name."""
    reasons = _reasons(
        """
        def count() -> Q:
            return Q(n=1)

        @mcp.tool()
        def t(a: Annotated[Q, Resolve(count)]) -> str:
            return ""
        """
    )
    assert reasons == [
        "the SDK's `Elicit` is also called on line 16, outside the resolvers rewritten: "
        "move that use to another module, then run again"
    ]


@pytest.fixture
def tutorial001(mcp_sdist) -> str:
    """mcp 2.3.0's value-only resolver example (on ``MCPServer``)."""
    return (mcp_sdist / "docs_src" / "dependencies" / "tutorial001.py").read_text(encoding="utf-8")


def test_value_only_tools_on_mcpserver_are_left_alone(tutorial001):
    """They work there: no rewrite and no report (mcp 2.3.0 dependencies/tutorial001)."""
    text = tutorial001
    assert "MCPServer(" in text and "Resolve(check_stock)" in text
    plan = plan_module(build_model(ast.parse(text), text, "m.py"))
    assert plan.functions == [] and plan.skips == []


def test_value_only_tool_swapped_to_fastmcp_is_rewritten(tutorial001):
    """mcp 2.3.0 dependencies/tutorial001 with the server swapped: no SDK ``Elicit``
    is imported, so the target's ``Elicit`` is simply added."""
    text = (
        tutorial001
        .replace("from mcp.server import MCPServer", "from fastmcp import FastMCP")
        .replace('MCPServer("Bookshop")', 'FastMCP("Bookshop")')
    )
    new, _ = transform_text(text, "m.py", Options())
    assert "stock: Annotated[Stock, Elicit(check_stock)]" in new
    assert "@declared_elicitation\n" in new
    assert "Resolve" not in new and "mcp.server" not in new


def test_value_only_tool_keeps_an_unrelated_elicit_name_out():
    """A module whose ``Elicit`` names something else is refused, not shadowed."""
    text = textwrap.dedent(
        """\
        from typing import Annotated

        from fastmcp import FastMCP

        from mcp.server.mcpserver import Resolve
        from shop import Elicit

        mcp = FastMCP("Shop")


        def count() -> int:
            return Elicit.n


        @mcp.tool()
        def t(a: Annotated[int, Resolve(count)]) -> str:
            return ""
        """
    )
    plan = plan_module(build_model(ast.parse(text), text, "m.py"))
    assert plan.functions == []
    assert [strip_unsafe(s.reason) for s in plan.skips] == [
        "`Elicit` already names something else in this module: rename it (or import it under another name), then run again"
    ]


def test_sdk_elicit_under_another_name_is_refused():
    text = (ROOT / "sdk_question_resolver" / "before.py").read_text()
    text = text.replace("import Elicit,", "import Elicit as Ask,").replace(
        "return Elicit(", "return Ask("
    )
    assert "Ask(" in text
    plan = plan_module(build_model(ast.parse(text), text, "m.py"))
    assert plan.functions == []
    assert {strip_unsafe(s.reason) for s in plan.skips} == {
        "the SDK's `Elicit` is not imported under its own name: import it as `Elicit`, then run again"
    }


def test_fastmcp_elicitation_target():
    text = (ROOT / "sdk_question_resolver" / "before.py").read_text()
    new, _ = transform_text(text, "m.py", Options(target="fastmcp.elicitation"))
    assert "from fastmcp.elicitation import Elicit\n" in new
    assert "declared_elicitation" not in new and "mcp.server.mcpserver" not in new
    assert 'Elicit("How many copies?", response_type=Quantity)' in new


def test_declared_elicitation_binding_blocks_only_the_runtime_target():
    text = (ROOT / "sdk_question_resolver" / "before.py").read_text()
    text = text.replace("\n\n\nclass ", "\n\ndeclared_elicitation = 1\n\n\nclass ", 1)
    assert "declared_elicitation = 1" in text
    model = build_model(ast.parse(text), text, "m.py")
    runtime = plan_module(model)
    assert runtime.functions == []
    assert {strip_unsafe(s.reason) for s in runtime.skips} == {
        "`declared_elicitation` already names something else in this module: rename it (or import it under another name), then run again"
    }
    model = build_model(ast.parse(text), text, "m.py")
    assert plan_module(model, target="fastmcp.elicitation").skips == []
    new, _ = transform_text(text, "m.py", Options(target="fastmcp.elicitation"))
    assert "Elicit(ask_quantity)" in new and "declared_elicitation = 1" in new


def test_fastmcp_skips_say_unsafe():
    """On FastMCP a ``Resolve`` left as is is model-supplied: every skip there says
    so first, so the summary groups these live holes apart; on ``MCPServer`` nothing is said."""
    body = """
        from mcp.server import MCPServer

        sdk = MCPServer("Old")

        def stray() -> Elicit[Q]:
            return Elicit("How many?", Q, 3)

        @sdk.tool()
        def old(a: Annotated[Q, Resolve(stray)]) -> str:
            return ""

        @mcp.tool()
        def new(a: Annotated[Q, Resolve(stray)]) -> str:
            return ""
        """
    plan = _plan(body)
    (new,) = (s.reason for s in plan.skips)  # `old` works as written on `MCPServer`
    assert new.startswith(UNSAFE)
    assert strip_unsafe(new) == (
        "the resolver `stray` calls `Elicit(...)` with other arguments: call "
        "`Elicit(message, Schema)`, then run again"
    )


ON_SDK = """\
from typing import Annotated

from pydantic import BaseModel

from mcp.server import MCPServer
from mcp.server.mcpserver import Elicit, Resolve

mcp = MCPServer("Shop")


class Q(BaseModel):
    n: int


def ask() -> Elicit[Q]:
    return Elicit("How many?", Q)


def load(order_id: str) -> int:
    return 1
"""


def _sdk_reasons(body: str) -> list[str]:
    text = ON_SDK + textwrap.dedent(body)
    plan = plan_module(build_model(ast.parse(text), text, "m.py"))
    assert plan.functions == []
    return [s.reason for s in plan.skips]


@pytest.mark.parametrize(
    "body",
    [
        # would be rewritten after a swap
        """
        @mcp.tool()
        def t(a: Annotated[Q, Resolve(ask)]) -> str:
            return ""
        """,
        # would be refused after a swap (mcp 2.3.0 examples/stories/refund_desk)
        """
        def amount(order: Annotated[int, Resolve(load)]) -> Elicit[Q]:
            return Elicit("How many?", Q)

        @mcp.tool()
        def t(order_id: str, a: Annotated[Q, Resolve(amount)]) -> str:
            return ""
        """,
        # a value-only tool beside an eliciting one
        """
        @mcp.tool()
        def t(a: Annotated[Q, Resolve(ask)]) -> str:
            return ""

        @mcp.tool()
        def v(order_id: str, n: Annotated[int, Resolve(load)], m: Annotated[int, Resolve(load)]) -> str:
            return ""
        """,
    ],
)
def test_mcpserver_resolve_tools_are_not_reported(body):
    """``Resolve(fn)`` on ``MCPServer`` is the SDK's declared form: it works on both
    eras, so elicit-migrate says nothing about it (nor advises a swap)."""
    assert _sdk_reasons(body) == []


REFUND_DESK = "examples/stories/refund_desk/server.py"


def test_refund_desk_is_not_reported(mcp_sdist):
    text = (mcp_sdist / REFUND_DESK).read_text(encoding="utf-8")
    plan = plan_module(build_model(ast.parse(text), text, "server.py"))
    assert plan.skips == [] and plan.functions == []


def test_refund_desk_swapped_anyway_says_unsafe(mcp_sdist):
    """Swapped against the advice, the refund amount is model-supplied: the skips
    say UNSAFE first, so the summary does not file them with benign skips."""
    text = (mcp_sdist / REFUND_DESK).read_text(encoding="utf-8")
    text = text.replace("from pydantic import BaseModel\n", "from fastmcp import FastMCP\nfrom pydantic import BaseModel\n")
    text = text.replace('MCPServer("refund-desk")', 'FastMCP("refund-desk")')
    plan = plan_module(build_model(ast.parse(text), text, "server.py"))
    assert plan.functions == []
    assert [(s.row, s.reason) for s in plan.skips] == [
        (
            row,
            UNSAFE
            + "; also ".join(  # both resolvers' reasons, every one of each (F8)
                f"the resolver `{resolver}` takes `{dep}` from `Resolve(...)`, "
                f"which no parameter `{dep}` of the tool resolves the same way: resolve "
                f"`{dep}` so in the tool's signature too, then run again"
                for resolver in ("refund_amount", "ask_restock")
                for dep in ("order", "scope")
            ),
        )
        for row in (115, 116)
    ]
