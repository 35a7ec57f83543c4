"""Which receivers are contexts: alias forms that count, look-alikes that never do."""

from __future__ import annotations

import pytest

from .model_helpers import model_of, site_rows

COUNTS = {
    "from-import": """
        from fastmcp import Context
        async def t(ctx: Context):
            await ctx.elicit("q", response_type=str)
    """,
    "aliased-defining-module": """
        from fastmcp.server.context import Context as Ctx
        async def t(c: Ctx):
            await c.elicit("q", response_type=str)
    """,
    "module-import": """
        import fastmcp
        async def t(anything: fastmcp.Context):
            await anything.elicit("q", response_type=str)
    """,
    "server-package": """
        import fastmcp.server as srv
        async def t(x: "srv.Context"):
            await x.elicit("q", response_type=str)
    """,
    "optional-union": """
        from fastmcp import Context
        async def t(ctx: Context | None = None):
            await ctx.elicit("q", response_type=str)
    """,
    "typing-optional": """
        from typing import Optional
        from fastmcp import Context
        async def t(ctx: Optional[Context] = None):
            await ctx.elicit("q", response_type=str)
    """,
    "string-annotation": """
        from fastmcp import Context
        async def t(ctx: "Context | None"):
            await ctx.elicit("q", response_type=str)
    """,
    "future-annotations": """
        from __future__ import annotations
        from fastmcp import Context
        async def t(ctx: Context):
            await ctx.elicit("q", response_type=str)
    """,
    "current-context-default": """
        from fastmcp.dependencies import CurrentContext
        async def t(c=CurrentContext()):
            await c.elicit("q", response_type=str)
    """,
    "get-context-direct": """
        from fastmcp.server.dependencies import get_context
        async def t():
            await get_context().elicit("q", response_type=str)
    """,
    "get-context-variable": """
        from fastmcp.server.dependencies import get_context as gc
        async def t():
            c = gc()
            await c.elicit("q", response_type=str)
    """,
    "context-instance": """
        from fastmcp import Context, FastMCP
        async def t():
            ctx = Context(fastmcp=FastMCP("s"))
            await ctx.elicit("q")
    """,
    "closure": """
        from fastmcp import Context
        async def outer(ctx: Context):
            async def inner():
                await ctx.elicit("q", response_type=str)
            return inner
    """,
    "import-inside-function": """
        async def test_it():
            from fastmcp import Context
            async def tool(context: Context) -> str:
                return await context.elicit("q", response_type=str)
    """,
    "bare-ctx-in-tool": """
        from fastmcp import FastMCP
        mcp = FastMCP("s")
        @mcp.tool()
        async def t(ctx):
            await ctx.elicit("q", response_type=str)
    """,
    "bare-ctx-in-add-tool": """
        from server import mcp
        async def t(ctx):
            await ctx.elicit("q", response_type=str)
        mcp.add_tool(t)
    """,
    "bare-ctx-from-function": """
        from fastmcp.tools import Tool
        async def t(ctx):
            await ctx.elicit("q", response_type=str)
        tool = Tool.from_function(t)
    """,
    "bare-ctx-tool-decorator": """
        from fastmcp.tools import tool
        @tool
        async def t(ctx):
            await ctx.elicit("q", response_type=str)
    """,
    "bare-ctx-in-prompt": """
        from fastmcp import FastMCP
        mcp = FastMCP("s")
        @mcp.prompt
        async def p(ctx):
            await ctx.elicit("q", response_type=str)
    """,
    "star-import": """
        from fastmcp import *
        async def t(ctx: Context):
            await ctx.elicit("q", response_type=str)
    """,
    "get-context-overwrites-bare-ctx-in-tool": """
        from fastmcp import FastMCP
        from fastmcp.server.dependencies import get_context
        mcp = FastMCP("s")
        @mcp.tool
        async def t(ctx):
            ctx = get_context()
            await ctx.elicit("q", response_type=str)
    """,
    "get-context-overwrites-parameter-of-helper": """
        from fastmcp.server.dependencies import get_context
        async def helper(ctx=None):
            ctx = get_context()
            await ctx.elicit("q", response_type=str)
    """,
    "middleware-hook-context": """
        from fastmcp.server.middleware import Middleware
        class Confirm(Middleware):
            async def on_call_tool(self, context, call_next):
                await context.fastmcp_context.elicit("Run it?", response_type=bool)
                return await call_next(context)
    """,
    "middleware-hook-via-variable": """
        import fastmcp.server.middleware as mw
        class Confirm(mw.Middleware):
            async def on_message(self, context, call_next):
                ctx = context.fastmcp_context
                await ctx.elicit("Run it?", response_type=bool)
    """,
    "fastmcp-middleware-subclass": """
        from fastmcp.server.middleware.logging import LoggingMiddleware
        class Confirm(LoggingMiddleware):
            async def on_call_tool(self, context, call_next):
                await context.fastmcp_context.elicit("Run it?", response_type=bool)
    """,
    "middleware-context-annotation": """
        from fastmcp.server.middleware.middleware import MiddlewareContext
        async def confirm(context: "MiddlewareContext[object] | None"):
            await context.fastmcp_context.elicit("Run it?", response_type=bool)
    """,
    "method-with-context": """
        from fastmcp import Context
        class Tools:
            async def ask(self, ctx: Context):
                return await ctx.elicit("q", response_type=str)
    """,
    "or-get-context": """
        from fastmcp import Context
        from fastmcp.server.dependencies import get_context
        async def t(ctx: Context | None = None):
            ctx = ctx or get_context()
            await ctx.elicit("q", response_type=str)
    """,
    "if-expression-get-context": """
        from fastmcp import Context
        from fastmcp.server.dependencies import get_context
        async def t(ctx: Context | None = None):
            ctx = ctx if ctx is not None else get_context()
            await ctx.elicit("q", response_type=str)
    """,
    "or-inline": """
        from fastmcp import Context
        from fastmcp.server.dependencies import get_context
        async def t(ctx: Context | None = None):
            await (ctx or get_context()).elicit("q", response_type=str)
    """,
    "returned-by-module-function": """
        from fastmcp import Context
        from fastmcp.server.dependencies import get_context
        def handed() -> Context:
            return get_context()
        async def t():
            await handed().elicit("q", response_type=str)
    """,
    "returned-optional-through-variable": """
        from __future__ import annotations
        from typing import TYPE_CHECKING
        from fastmcp.server.dependencies import get_context
        if TYPE_CHECKING:
            from fastmcp.server.context import Context
        def current() -> Context | None:
            try:
                return get_context()
            except RuntimeError:
                return None
        async def t():
            c = current()
            if c is not None:
                await c.elicit("q", response_type=str)
    """,
    "self-attribute-from-init": """
        from fastmcp import Context
        class Svc:
            def __init__(self, ctx: Context):
                self.ctx = ctx
            async def ask(self):
                await self.ctx.elicit("q", response_type=str)
    """,
    "self-attribute-sdk-context": """
        from mcp.server.mcpserver import Context
        class Svc:
            def __init__(self, ctx: Context):
                self.ctx = ctx
            async def ask(self):
                await self.ctx.elicit("q", schema=int)
    """,
    "self-attribute-dataclass-field": """
        from dataclasses import dataclass
        from fastmcp import Context
        @dataclass
        class Svc:
            ctx: Context
            async def ask(self):
                await self.ctx.elicit("q", response_type=str)
    """,
    "self-attribute-through-variable-in-closure": """
        from fastmcp.server.dependencies import get_context
        class Svc:
            def __init__(self):
                self._c = get_context()
            async def ask(self):
                async def inner():
                    c = self._c
                    await c.elicit("q", response_type=str)
                return await inner()
    """,
    "passed-positional-from-tool": """
        from fastmcp import Context, FastMCP
        mcp = FastMCP("s")
        @mcp.tool
        async def remove(name: str, ctx: Context) -> str:
            return await _remove(name, ctx)
        async def _remove(name, ctx):
            r = await ctx.elicit(f"Remove {name}?", response_type=bool)
            return r.action
    """,
    "passed-keyword-get-context": """
        from fastmcp import FastMCP
        from fastmcp.server.dependencies import get_context
        mcp = FastMCP("s")
        async def ask_human(message, context=None):
            return await context.elicit(message, response_type=str)
        @mcp.tool
        async def update(name: str) -> str:
            return (await ask_human(f"Update {name}?", context=get_context())).action
        @mcp.tool
        async def other() -> str:
            return (await ask_human("Other?", get_context())).action
    """,
    # fresh10 F1: a call passing something else does not refute the call that
    # passes a context (the ask raises for that one)
    "passed-one-caller-of-several": """
        from fastmcp import Context
        async def helper(c):
            return await c.elicit("Go?", response_type=bool)
        async def t(ctx: Context):
            await helper(ctx)
            await helper(ctx.session)
    """,
    "passed-one-call-leaves-it-to-default": """
        from fastmcp import Context
        async def helper(text, c=None):
            return await c.elicit(text, response_type=bool)
        async def t(ctx: Context):
            await helper("a", ctx)
            await helper("b")
    """,
    "passed-two-hops": """
        from fastmcp import Context
        async def outer(c, text):
            return await inner(text, c)
        async def inner(text, c):
            return await c.elicit(text, response_type=str)
        async def t(ctx: Context):
            return await outer(ctx, "q")
    """,
}

NEVER = {
    "self-session": """
        class X:
            async def run(self):
                await self.session.elicit("q", requestedSchema={})
    """,
    "ctx-session": """
        from fastmcp import Context
        async def t(ctx: Context):
            await ctx.session.elicit("q", requestedSchema={})
    """,
    "super-override": """
        from fastmcp import Context
        class MyContext(Context):
            async def elicit(self, message, response_type=None):
                return await super().elicit(message, response_type)
    """,
    "local-class-named-context": """
        class Context:
            async def elicit(self, q): ...
        async def t(ctx: Context):
            await ctx.elicit("q", response_type=str)
    """,
    "local-class-shadows-import": """
        from fastmcp import Context
        class Context:
            async def elicit(self, q): ...
        async def t(ctx: Context):
            await ctx.elicit("q", response_type=str)
    """,
    "strings-comments-docstrings": '''
        async def t(ctx):
            """Call ctx.elicit("q", response_type=str) to ask."""
            # await ctx.elicit("q", response_type=str)
            return "ctx.elicit('q')"
    ''',
    "bare-ctx-not-a-tool": """
        async def helper(ctx):
            await ctx.elicit("q", response_type=str)
    """,
    "bare-ctx-with-default": """
        from fastmcp import FastMCP
        mcp = FastMCP("s")
        @mcp.tool
        async def t(ctx=None):
            await ctx.elicit("q", response_type=str)
    """,
    "rebound-name": """
        from fastmcp import Context
        async def t(ctx: Context):
            ctx = make_other()
            await ctx.elicit("q", response_type=str)
    """,
    "attribute-receiver": """
        from fastmcp import Context
        class X:
            ctx: Context
            async def run(self):
                await self.ctx.elicit("q", response_type=str)
    """,
    "parameter-overwritten-only-after-use": """
        from fastmcp.server.dependencies import get_context
        async def helper(ctx=None):
            await ctx.elicit("q", response_type=str)
            ctx = get_context()
    """,
    "parameter-overwritten-conditionally": """
        from fastmcp.server.dependencies import get_context
        async def helper(ctx=None, fresh=False):
            if fresh:
                ctx = get_context()
            await ctx.elicit("q", response_type=str)
    """,
    "overwrite-in-enclosing-function-of-closure": """
        from fastmcp.server.dependencies import get_context
        async def helper(ctx=None):
            async def inner():
                await ctx.elicit("q", response_type=str)
            ctx = get_context()
            return inner
    """,
    "middleware-hook-of-unrelated-class": """
        class Confirm:
            async def on_call_tool(self, context, call_next):
                await context.fastmcp_context.elicit("Run it?", response_type=bool)
    """,
    "middleware-subclass-from-elsewhere": """
        from myapp.middleware import AuditMiddleware
        class Confirm(AuditMiddleware):
            async def on_call_tool(self, context, call_next):
                await context.fastmcp_context.elicit("Run it?", response_type=bool)
    """,
    "non-middleware-class-of-the-package": """
        from fastmcp.server.middleware.caching import CacheableToolResult
        class Confirm(CacheableToolResult):
            async def on_call_tool(self, context, call_next):
                await context.fastmcp_context.elicit("Run it?", response_type=bool)
    """,
    "middleware-non-hook-method": """
        from fastmcp.server.middleware import Middleware
        class Confirm(Middleware):
            async def ask(self, context):
                await context.fastmcp_context.elicit("Run it?", response_type=bool)
    """,
    "middleware-hook-rebound-context": """
        from fastmcp.server.middleware import Middleware
        class Confirm(Middleware):
            async def on_call_tool(self, context, call_next):
                context = wrap(context)
                await context.fastmcp_context.elicit("Run it?", response_type=bool)
    """,
    "middleware-hook-other-attribute-or-session": """
        from fastmcp.server.middleware import Middleware
        class Confirm(Middleware):
            async def on_call_tool(self, context, call_next):
                await context.session.elicit("q", requestedSchema={})
                await self.session.elicit("q", requestedSchema={})
                await self.fastmcp_context.elicit("q", response_type=bool)
    """,
    "middleware-hook-call-next-parameter": """
        from fastmcp.server.middleware import Middleware
        class Confirm(Middleware):
            async def on_call_tool(self, call_next, context):
                await context.fastmcp_context.elicit("q", response_type=bool)
    """,
    "other-annotation-named-context": """
        from fastmcp.server.middleware import Middleware
        class Confirm(Middleware):
            async def on_call_tool(self, context: dict, call_next):
                await context.fastmcp_context.elicit("q", response_type=bool)
    """,
    "unrelated-elicit-method": """
        import questionary
        async def t(form: questionary.Form):
            await form.elicit("q")
    """,
    "or-with-something-else": """
        from fastmcp import Context
        async def t(ctx: Context | None = None):
            ctx = ctx or make_context()
            await ctx.elicit("q", response_type=str)
    """,
    "or-unknown-parameter": """
        from fastmcp.server.dependencies import get_context
        def helper(c=None):
            c = c or get_context()
            return c.elicit("q", response_type=str)
    """,
    "and-is-not-or": """
        from fastmcp import Context
        from fastmcp.server.dependencies import get_context
        async def t(ctx: Context | None = None):
            ctx = ctx and get_context()
            await ctx.elicit("q", response_type=str)
    """,
    "returned-unannotated": """
        from fastmcp.server.dependencies import get_context
        def handed():
            return get_context()
        async def t():
            await handed().elicit("q", response_type=str)
    """,
    "returned-other-type": """
        from fastmcp import Context
        def handed() -> str:
            return "ctx"
        async def t():
            await handed().elicit("q", response_type=str)
    """,
    "returned-name-defined-twice": """
        from fastmcp import Context
        from fastmcp.server.dependencies import get_context
        def handed() -> Context:
            return get_context()
        def handed() -> object:
            return object()
        async def t():
            await handed().elicit("q", response_type=str)
    """,
    "returned-sdk-context": """
        from mcp.server.mcpserver import Context
        def handed() -> Context:
            return Context()
        async def t():
            await handed().elicit("q", response_type=str)
    """,
    "self-attribute-also-set-elsewhere": """
        from fastmcp import Context
        class Svc:
            def __init__(self, ctx: Context):
                self.ctx = ctx
            async def ask(self):
                await self.ctx.elicit("q", response_type=str)
        s = Svc.__new__(Svc)
        s.ctx = object()
    """,
    "self-attribute-other-value-in-class": """
        from fastmcp import Context
        class Svc:
            def __init__(self, ctx: Context):
                self.ctx = ctx
            def reset(self, other):
                self.ctx = other
            async def ask(self):
                await self.ctx.elicit("q", response_type=str)
    """,
    "self-attribute-session": """
        class Svc:
            def __init__(self, session):
                self.session = session
            async def ask(self):
                await self.session.elicit("q", requestedSchema={})
    """,
    "self-attribute-property": """
        from fastmcp import Context
        class Svc:
            ctx = property(lambda self: self._ctx)
            def __init__(self, ctx: Context):
                self._ctx = ctx
            async def ask(self):
                await self.ctx.elicit("q", response_type=str)
    """,
    "self-attribute-setattr": """
        from fastmcp import Context
        class Svc:
            def __init__(self, ctx: Context, name):
                self.ctx = ctx
                setattr(self, name, None)
            async def ask(self):
                await self.ctx.elicit("q", response_type=str)
    """,
    "self-attribute-of-staticmethod-argument": """
        from fastmcp import Context
        class Svc:
            def __init__(self, ctx: Context):
                self.ctx = ctx
            @staticmethod
            async def ask(self):
                await self.ctx.elicit("q", response_type=str)
    """,
    "passed-no-caller": """
        async def helper(context):
            r = await context.elicit("Go?", response_type=bool)
            return r.action
    """,
    "passed-name-used-as-a-value": """
        from fastmcp import Context
        async def helper(c):
            return await c.elicit("Go?", response_type=bool)
        HANDLERS = [helper]
        async def t(ctx: Context):
            await helper(ctx)
    """,
    "passed-star-arguments": """
        from fastmcp import Context
        async def helper(c):
            return await c.elicit("Go?", response_type=bool)
        async def t(ctx: Context, *rest):
            await helper(ctx)
            await helper(*rest)
    """,
    "passed-recursive-helper": """
        async def helper(c, n):
            if n:
                return await helper(c, n - 1)
            return await c.elicit("Go?", response_type=bool)
    """,
    "passed-method-parameter": """
        from fastmcp import Context
        class Svc:
            async def helper(self, c):
                return await c.elicit("Go?", response_type=bool)
        async def t(ctx: Context):
            await Svc().helper(ctx)
    """,
}


@pytest.mark.parametrize("name", sorted(COUNTS))
def test_context_counts(name):
    assert len(site_rows(COUNTS[name])) == 1


@pytest.mark.parametrize("name", sorted(NEVER))
def test_never_a_context(name):
    assert site_rows(NEVER[name]) == []


def test_site_records_arguments_and_target():
    model = model_of("""
        from fastmcp import Context
        async def t(ctx: Context):
            answer = await ctx.elicit("Which city?", response_type=str)
            await ctx.elicit(message="m", schema=int)
            await ctx.elicit("m", bool)
    """)
    first, second, third = model.sites
    assert first.targets == ["answer"]
    assert first.message.value == "Which city?"
    assert first.response_type_form == "keyword" and first.response_type.id == "str"
    assert first.await_node is not None and first.statement is not None
    assert first.function.name == "t"
    assert first.context.kind == "annotation" and first.context.name == "ctx"
    assert second.response_type_form == "schema" and second.message.value == "m"
    assert third.response_type_form == "positional"
    assert second.targets == []


def test_held_and_passed_context_kinds_and_frameworks():
    held = model_of(COUNTS["self-attribute-sdk-context"]).sites[0].context
    assert (held.kind, held.framework) == ("attribute", "mcpserver")
    passed = model_of(COUNTS["passed-two-hops"]).sites[0].context
    assert (passed.kind, passed.name) == ("passed", "c")
