"""Contexts held by ``self`` or passed to an unannotated helper parameter
(model/held.py): what reaches that analysis, and the other calls it serves."""

from __future__ import annotations

import pytest

from elicit_lint.model import held

from .model_helpers import model_of

HOLDER = """
    from fastmcp import Context
    class Svc:
        def __init__(self, ctx: Context):
            self.ctx = ctx
        async def ask(self):
            await self.ctx.{call}
    async def helper(c):
        return await c.{call}
    async def t(ctx: Context):
        return await helper(ctx)
"""


@pytest.fixture
def counted(monkeypatch):
    calls = []
    for name in ("attribute_framework", "passed_frameworks"):
        real = getattr(held, name)

        def spy(*args, _real=real, _name=name, **kwargs):
            calls.append(_name)
            return _real(*args, **kwargs)

        monkeypatch.setattr(held, name, spy)
    return calls


def test_a_module_without_elicitation_words_never_reaches_it(counted):
    model = model_of(HOLDER.format(call="report('done')"))
    assert model.sites == [] and model.handshake_calls == []
    assert counted == []


def test_a_module_that_elicits_asks_it_once_per_receiver(counted):
    model = model_of(HOLDER.format(call='elicit("q", response_type=str)'))
    assert [s.context.kind for s in model.sites] == ["attribute", "passed"]
    assert sorted(counted) == ["attribute_framework", "passed_frameworks"]


def test_a_held_sdk_context_serves_the_other_handshake_calls_too():
    model = model_of("""
        from mcp.server.mcpserver import Context
        class Svc:
            def __init__(self, ctx: Context):
                self.ctx = ctx
            async def sample(self):
                return await self.ctx.session.create_message(messages=[], max_tokens=5)
    """)
    [call] = model.handshake_calls
    assert call.method == "create_message" and call.context.kind == "attribute"
    assert call.framework == "mcpserver"
