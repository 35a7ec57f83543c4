"""SDK v2 ``MCPServer`` tools: ``ctx.elicit`` -> a ``Resolve`` resolver (analysis/sdk_ask.py).

Behaviour: every ``sdk_ask_*`` fixture's original on the handshake era
(``mode="legacy"``) and its rewrite on both eras (``"legacy"`` and ``"auto"``,
which negotiates 2026-07-28 against an ``MCPServer``), through the SDK's own
in-process ``Client``, ask the same questions and give the same results for the
same scripted answers. Planner: the refusals the fixtures do not show, and the
checker-facing verdict (``Analysis.site_verdict``) read from the same plan.
"""

from __future__ import annotations

import ast
import textwrap

import pytest

from elicit_lint.analysis.facts import UNPLANNED, Analysis
from elicit_lint.analysis.locate import aliased_elicit
from elicit_lint.analysis.plan import plan_module
from elicit_lint.analysis.records import KINDS
from elicit_lint.model import build_model

from .behaviour import SCRIPTS, call_sdk, load
from .cases import REWRITES, ROOT

CASES = sorted(case for case, spec in REWRITES.items() if spec.get("sdk_ask"))
RUNNABLE = [
    (case, tool, args) for case in CASES for tool, args in REWRITES[case]["calls"]
]
_modules: dict[str, tuple] = {}


def _pair(case: str):
    if case not in _modules:
        _modules[case] = (
            load(str(ROOT / case / "before.py")),
            load(str(ROOT / case / "after.py")),
        )
    return _modules[case]


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: "-".join(s))
@pytest.mark.parametrize(
    ("case", "tool", "args"), RUNNABLE, ids=lambda v: v if isinstance(v, str) else ""
)
async def test_same_questions_and_results_on_both_eras(case, tool, args, script):
    original, rewritten = _pair(case)
    expected = await call_sdk(original, tool, "legacy", script, args)
    assert await call_sdk(rewritten, tool, "legacy", script, args) == expected
    assert await call_sdk(rewritten, tool, "auto", script, args) == expected.as_carried("auto")
    if expected.prompts:  # "auto" is the sessionless era: the original cannot ask there
        assert (await call_sdk(original, tool, "auto", script, args)).ok is False


async def test_the_paths_are_really_exercised():
    """The fixtures' calls reach the question and the no-question paths."""
    original, _ = _pair("sdk_ask_guarded")
    asked = await call_sdk(
        original, "order", "legacy", ["accept"], {"item": "pen", "gift": True}
    )
    skipped = await call_sdk(
        original, "order", "legacy", ["accept"], {"item": "pen", "gift": False}
    )
    assert asked.prompts == ("Gift note?",) and skipped.prompts == ()
    declined = await call_sdk(
        original, "order", "legacy", ["decline"], {"item": "pen", "gift": True}
    )
    assert declined.ok and declined.text == "Ordered pen."


HEAD = """\
from mcp.server.mcpserver import Context, MCPServer
from pydantic import BaseModel

mcp = MCPServer("Shop")


class Q(BaseModel):
    n: int
"""


def _model(body: str):
    text = HEAD + textwrap.dedent(body)
    return build_model(ast.parse(text), text, "m.py")


def _reasons(body: str, select: set[str] | None = None) -> list[str]:
    plan = plan_module(_model(body), select)
    assert plan.sdk_asks == []
    return [s.reason for s in plan.skips if s.family == "sdk-site"]


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (
            """
            @mcp.tool()
            async def t(ctx: Context) -> str:
                for _ in range(2):
                    r = await ctx.elicit("How many?", Q)
                return r.action
            """,
            (
                "inside a loop: ask once before the loop (a `list[...]` response type for "
                "several answers), then run again"
            ),
        ),
        (
            """
            @mcp.tool()
            async def t(flag: bool, ctx: Context) -> str:
                if flag:
                    return "no"
                else:
                    r = await ctx.elicit("How many?", Q)
                    return r.action
            """,
            (
                "inside an `else` branch: negate the test so the question sits in the "
                "`if` body, then run again"
            ),
        ),
        (
            """
            @mcp.tool()
            async def t(flag: bool, ctx: Context) -> str:
                if flag:
                    r = await ctx.elicit("How many?", Q)
                return r.action
            """,
            (
                "the result `r` is read outside the block the question opens: read it "
                "after the question, in the same block, then run again"
            ),
        ),
        (
            """
            @mcp.tool()
            async def t(ctx: Context) -> str:
                ask = ctx.elicit
                r = await ctx.elicit("How many?", Q)
                return r.action
            """,
            (
                "`ctx.elicit` is aliased or called elsewhere: call `await "
                "ctx.elicit(...)` directly, once, then run again"
            ),
        ),
        (
            """
            @mcp.tool()
            async def t(name: str, ctx: Context) -> str:
                name = name.strip()
                r = await ctx.elicit(f"How many {name}?", Q)
                return r.action
            """,
            (
                "the question or its gate reads `name`, a tool argument the body binds "
                "again (line 12): keep the argument and assign the new value to "
                "another name, or write the resolver by hand"
            ),
        ),
        (
            """
            @mcp.tool()
            async def t(name, ctx: Context) -> str:
                # no type: `.upper()` may be any object's method (a `str`'s is
                # accepted, as the FastMCP planner accepts it: recompute_call)
                r = await ctx.elicit(f"How many {name.upper()}?", Q)
                return r.action
            """,
            (
                "the question or its gate calls a function (the resolver would call it): "
                "compute the value without a call, or write the resolver by hand"
            ),
        ),
        (
            """
            @mcp.tool()
            async def t(ctx: Context) -> str:
                r = await ctx.elicit(f"Request {ctx.request_id}: how many?", Q)
                return r.action
            """,
            (
                "the question or its gate reads the context: build it from tool arguments "
                "only, then run again"
            ),
        ),
        (
            """
            ARGS = ("How many?", Q)

            @mcp.tool()
            async def t(ctx: Context) -> str:
                r = await ctx.elicit(*ARGS)
                return r.action
            """,
            (
            "the call passes `*args` or `**kwargs` (the planner cannot read the "
            'question and type from them): spell them out, `ctx.elicit("question", '
            "response_type=T)`, then run again"
        ),
        ),
        (
            """
            @mcp.tool()
            async def t(ctx: Context) -> str:
                await ctx.info("asking")
                r = await ctx.elicit("How many?", Q)
                return r.action
            """,
            (
                "line 12 runs before the question in the original (the resolver would ask "
                "before it): move the question above it if it does not depend on it, then "
                "run again"
            ),
        ),
        (
            """
            @mcp.tool()
            async def t(ctx: Context) -> str:
                r = await ctx.elicit("How many?", Later)
                return r.action

            class Later(BaseModel):
                n: int
            """,
            (
                (
            "the response type `Later` is defined after the tool (the rewrite reads "
            "it when the tool is defined): move it above the tool, then run again"
        )
            ),
        ),
        (
            """
            @mcp.tool()
            async def t(ctx: Context) -> str:
                await ctx.elicit("How many?", Q)
                return "done"
            """,
            (
                "the answer is not bound to one name: write `r = await ctx.elicit(...)` "
                "on its own line, then run again"
            ),
        ),
        (
            """
            @mcp.tool()
            async def t(ctx: Context) -> str:
                r = await ctx.elicit("How many?", Q)
                return str(r)
            """,
            (
                (
            "the result `r` escapes (used other than `.action`, `.data`, "
            "`isinstance`, `match`): read only `r.action` and `r.data`, in the tool's "
            "own body, then run again"
        )
            ),
        ),
        (
            """
            @mcp.tool()
            async def t(ctx: Context) -> str:
                r = await ctx.elicit("How many?", Q)
                later = lambda: r.action
                return later()
            """,
            (
                "the result `r` escapes (read in a nested function): read only `r.action` "
                "and `r.data`, in the tool's own body, then run again"
            ),
        ),
        (
            """
            @mcp.tool()
            async def t(n: int, ctx: Context) -> str:
                r = await ctx.elicit("How many?", Q)
                return await t(n, ctx) if n else r.action
            """,
            "the tool refers to itself (`t`): recursion; migrate it by hand",
        ),
        (
            """
            @mcp.tool()
            async def t(ctx: Context) -> str:
                r = await ctx.elicit("How many?", Q)
                await ctx.session.create_message([], max_tokens=1)
                return r.action
            """,
            (
                (
            "the tool also uses `ctx.session` (handshake-only, or a session the "
            "rewrite cannot follow); tools are rewritten whole: migrate the tool by "
            "hand"
        )
            ),
        ),
        (
            """
            from elicit_lint.runtime import Elicit

            @mcp.tool()
            async def t(ctx: Context) -> str:
                r = await ctx.elicit("How many?", Q)
                return r.action
            """,
            (
                "`Elicit` already names something else in this module: rename it (or "
                "import it under another name), then run again"
            ),
        ),
        (
            """
            from mcp.server.mcpserver import Elicit, Resolve
            from typing import Annotated

            async def first() -> Elicit[Q]:
                return Elicit("First?", Q)

            @mcp.tool()
            async def t(ctx: Context, a: Annotated[Q, Resolve(first)]) -> str:
                r = await ctx.elicit("How many?", Q)
                return r.action
            """,
            (
                (
            "the tool already has `Resolve` parameters (the order of its questions "
            "after the rewrite is not proven): add this question as another `Resolve` "
            "parameter by hand"
        )
            ),
        ),
        (
            """
            async def helper(ctx: Context) -> str:
                r = await ctx.elicit("How many?", Q)
                return r.action
            """,
            (
                "not in a tool body (a helper called by a tool, or module level): declare "
                "the question on the tool that needs the answer, by hand"
            ),
        ),
        (
            """
            from elsewhere import server

            @server.tool()
            async def t(ctx: Context) -> str:
                r = await ctx.elicit("How many?", Q)
                return r.action
            """,
            (
                (
            "served by `server`, which this module does not build (the framework is "
            "unknown): declare the question by hand, `Resolve(fn)` on `MCPServer`, "
            "`Elicit(fn)` on `FastMCP(...)`"
        )
            ),
        ),
    ],
)
def test_refusals(body, reason):
    assert _reasons(body) == [reason]


def test_a_rebound_argument_is_called_an_argument_with_its_line():
    """F7: ``name`` is a tool argument the block rebinds, not "a value computed in
    the body"; MCP001's verdict says the same."""
    body = """
    @mcp.tool()
    async def t(ctx: Context, name: str = "") -> str:
        if not name:
            name = "friend"
            r = await ctx.elicit(f"Your name, {name}?", Q)
            if r.action != "accept":
                return "anon"
            name = str(r.data.n)
        return f"hi {name}"
    """
    reason = (
        "the question or its gate reads `name`, a tool argument the body binds again "
        "(line 13): keep the argument and assign the new value to another name, or "
        "write the resolver by hand"
    )
    assert _reasons(body) == [reason]
    analysis = Analysis(_model(body))
    [ask] = analysis.sdk_asks()
    assert analysis.site_verdict(ask).reason == reason
    # a body local that is no argument keeps the "computed in the body" reason
    # (one bound by a safe expression, `name = given`, is computed again instead)
    local = """
    @mcp.tool()
    async def t(ctx: Context, given: str = "") -> str:
        name = NAMES.get(given, "")
        if not name:
            r = await ctx.elicit(f"Your name, not {name}?", Q)
            return r.action
        return name
    """
    assert [r.split(",")[0] for r in _reasons(local)] == [
        "the question or its gate depends on `name`"
    ]


def test_kind_selection():
    body = """
    @mcp.tool()
    async def t(ctx: Context) -> str:
        r = await ctx.elicit("How many?", Q)
        return r.action
    """
    assert _reasons(body, set(KINDS) - {"sdk-ask"}) == [
        "rewrite kind `sdk-ask` not selected: add it to `--select` to rewrite it"
    ]
    assert len(plan_module(_model(body), {"sdk-ask"}).sdk_asks) == 1


def test_site_verdict_is_the_planner_s():
    """MCP001's verdict on an SDK call (``Analysis.site_verdict``) is the plan's."""
    model = _model(
        """
        @mcp.tool()
        async def fine(ctx: Context) -> str:
            r = await ctx.elicit("How many?", Q)
            return r.action

        @mcp.tool()
        async def looping(ctx: Context) -> str:
            for _ in range(2):
                r = await ctx.elicit("How many?", Q)
            return "x"
        """
    )
    analysis = Analysis(model)
    asks = analysis.sdk_asks()
    assert [a.function.name for a in asks] == ["fine", "looping"]
    verdicts = [analysis.site_verdict(a) for a in asks]
    assert (
        verdicts[0].rewritable and verdicts[0].text == "`elicit-migrate` can rewrite it"
    )
    assert verdicts[1].reason == "inside a loop: ask once before the loop (a `list[...]` response type for several answers), then run again"
    plan = analysis.plan()
    assert [p.function.name for p in plan.sdk_asks] == ["fine"]


def test_a_call_the_planner_never_saw_is_never_can_rewrite():
    """A site the SDK planner does not see (here: a call through an alias, as
    another rule's model may report it) gets a reason, not "can rewrite"."""
    model = _model(
        """
        @mcp.tool()
        async def t(ctx: Context) -> str:
            ask = ctx.elicit
            r = await ask("How many?", Q)
            return r.action
        """
    )
    analysis = Analysis(model)
    assert analysis.sdk_asks() == []
    call = next(
        n
        for n in ast.walk(model.tree)
        if isinstance(n, ast.Call) and ast.unparse(n.func) == "ask"
    )

    class Site:  # what a model's SDK site offers: its span
        span = model.lines.span(call)

    # the plan skips the alias call in MCP001's words (plan.py, locate.aliased_elicit)
    assert analysis.site_verdict(Site()).reason == aliased_elicit("ask", "ctx.elicit")
    bound = next(n for n in ast.walk(model.tree) if isinstance(n, ast.Attribute) and n.attr == "elicit")

    class Unseen:  # a span no planner reads
        span = model.lines.span(bound)

    assert analysis.site_verdict(Unseen()).reason == UNPLANNED


def test_elicitation_result_from_mcp_server_elicitation_is_reused():
    """``mcp.server.mcpserver`` re-exports ``mcp.server.elicitation.ElicitationResult``:
    an existing import of it is the same object, not a clash."""
    from elicit_lint.codemod.engine import Options, transform_text

    text = HEAD.replace(
        "from pydantic",
        "from mcp.server.elicitation import ElicitationResult\nfrom pydantic",
    ) + textwrap.dedent(
        """
        @mcp.tool()
        async def t(ctx: Context) -> str:
            r = await ctx.elicit("How many?", Q)
            return r.action
        """
    )
    new, plan = transform_text(text, "m.py", Options(write=False, diff=True))
    assert len(plan.sdk_asks) == 1
    # `ctx` is read by nothing else: the parameter and its import go (fresh5 F15)
    assert "from mcp.server.mcpserver import Elicit, MCPServer, Resolve\n" in new
    assert "async def t(r: Annotated[ElicitationResult[Q], Resolve(ask_r)]) -> str:" in new


def test_a_method_tool_is_refused():
    reasons = _reasons(
        """
        class Shop:
            @mcp.tool()
            async def t(self, ctx: Context) -> str:
                r = await ctx.elicit("How many?", Q)
                return r.action
        """
    )
    assert reasons == [
        "the tool is a method: register a module-level function as the tool, then run again, or declare the question by hand"
    ]


@pytest.mark.parametrize(
    ("registration", "method"),
    [
        ("mcp.add_tool(shop.buy)", True),
        ("mcp.tool()(shop.buy)", True),
        ("mcp.add_tool(Shop.buy)", True),
        ("mcp.add_tool(shop.sell)", False),  # another method: `buy` is a helper
        ("print(shop.buy)", False),  # no registration
    ],
)
def test_a_method_registered_through_an_instance_is_called_a_method(registration, method):
    """F13: ``mcp.add_tool(shop.buy)`` registers a tool the model does not see as
    one; the reason is the method's, not "not in a tool body (a helper...)"."""
    reasons = _reasons(
        f"""
        class Shop:
            async def buy(self, ctx: Context) -> str:
                r = await ctx.elicit("How many?", Q)
                return r.action

        shop = Shop()
        {registration}
        """
    )
    from elicit_lint.analysis.locate import METHOD, NOT_A_TOOL

    assert reasons == [METHOD if method else NOT_A_TOOL]


@pytest.mark.parametrize(
    ("registration", "method"),
    [
        ("mcp.tool(self.buy)", True),
        ("mcp.add_tool(self.buy)", True),
        ("mcp.add_tool(me.buy)", False),  # not the method's own first parameter
        ("mcp.add_tool(self.sell)", False),  # another method: `buy` is a helper
    ],
)
def test_a_method_registered_in_its_class_through_self_is_called_a_method(registration, method):
    """fresh5 F13: ``mcp.tool(self.buy)`` inside ``__init__`` registers ``buy`` as a tool."""
    reasons = _reasons(
        f"""
        class Shop:
            def __init__(self, mcp, me=None):
                {registration}

            async def buy(self, ctx: Context) -> str:
                r = await ctx.elicit("How many?", Q)
                return r.action
        """
    )
    from elicit_lint.analysis.locate import METHOD, NOT_A_TOOL

    assert reasons == [METHOD if method else NOT_A_TOOL]


def test_fastmcp_module_keeps_its_target():
    """A FastMCP tool's ``ctx.elicit`` is the FastMCP planner's (no SDK plan)."""
    text = textwrap.dedent(
        """
        from fastmcp import Context, FastMCP

        mcp = FastMCP("x")

        @mcp.tool()
        async def t(ctx: Context) -> str:
            r = await ctx.elicit("Name?", str)
            return r.data if r.action == "accept" else "no"
        """
    )
    plan = plan_module(build_model(ast.parse(text), text, "m.py"))
    assert plan.sdk_asks == [] and len(plan.functions) == 1


async def _no_elicitation(module, tool: str, mode: str, args: dict):
    """``(ok, text)`` from a client that declares no elicitation capability."""
    from mcp import Client as SdkClient

    async with SdkClient(module.mcp, mode=mode, raise_exceptions=False) as client:
        try:
            result = await client.call_tool(tool, args)
        except Exception:  # noqa: BLE001 - an SDK error response raises here
            return False, None
    text = "".join(getattr(c, "text", "") for c in result.content)
    return not result.is_error, None if result.is_error else text


@pytest.mark.parametrize(
    "args",
    [{"item": "pen", "gift": True}, {"item": "pen", "gift": False}],
    ids=["asks", "no-question"],
)
async def test_client_without_elicitation(args):
    """The SDK checks the capability only when a resolver asks: the no-question
    path still works for such a client, and the question path fails in both."""
    original, rewritten = _pair("sdk_ask_guarded")
    expected = await _no_elicitation(original, "order", "legacy", args)
    assert expected[0] is (not args["gift"])
    for mode in ("legacy", "auto"):
        assert await _no_elicitation(rewritten, "order", mode, args) == expected


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (  # annotated FastMCP: an SDK `Context` there is MCP013's mismatch, never a `Resolve`
            """
            from fastmcp import FastMCP

            def register(app: FastMCP) -> None:
                @app.tool()
                async def t(ctx: Context) -> str:
                    r = await ctx.elicit("How many?", Q)
                    return r.action
            """,
            "an SDK `Context` on a tool `FastMCP(...)` serves: annotate it `fastmcp.Context` "
            "(MCP013), then run again",
        ),
        (  # annotated twice, two kinds, or not annotated at all: unknown
            """
            from fastmcp import FastMCP

            def register(app: MCPServer, other: FastMCP) -> None:
                app: FastMCP = other
                @app.tool()
                async def t(ctx: Context) -> str:
                    r = await ctx.elicit("How many?", Q)
                    return r.action
            """,
            "served by `app`, which this module does not build (the framework is "
            "unknown): declare the question by hand, `Resolve(fn)` on `MCPServer`, "
            "`Elicit(fn)` on `FastMCP(...)`",
        ),
        (
            """
            def register(app) -> None:
                @app.tool()
                async def t(ctx: Context) -> str:
                    r = await ctx.elicit("How many?", Q)
                    return r.action
            """,
            "served by `app`, which this module does not build (the framework is "
            "unknown): declare the question by hand, `Resolve(fn)` on `MCPServer`, "
            "`Elicit(fn)` on `FastMCP(...)`",
        ),
    ],
)
def test_a_server_taken_as_a_parameter_is_read_from_its_annotation(body, reason):
    assert _reasons(body) == [reason]
