"""Helper parameters other modules fill with a context (model/passed.py): which
parameters are open to the question, and what the answer adds."""

from __future__ import annotations

from elicit_lint.model import names
from elicit_lint.model.passed import add_outside, open_parameters

from .model_helpers import model_of

HELPERS = """
    from fastmcp import Context
    async def handler(message, context):
        return await context.elicit(message, response_type=bool)
    async def kw(*, ctx=None):
        return await ctx.session.create_message(messages=[], max_tokens=5)
    async def positional(ctx, /):
        alias = ctx.elicit
        return await alias("q", response_type=str)
    async def typed(ctx: Context):
        return await ctx.elicit("q", response_type=str)
    async def defaulted(ctx=3):
        return await ctx.elicit("q", response_type=str)
    async def unused(ctx):
        return ctx
    class Box:
        async def method(self, ctx):
            return await ctx.elicit("q", response_type=str)
"""


def test_open_parameters_are_unproven_receivers_of_module_level_helpers():
    model = model_of(HELPERS)
    found = [(p.function.name, p.name, p.index, p.keyword) for p in open_parameters(model)]
    assert found == [
        ("handler", "context", 1, "context"),
        ("kw", "ctx", None, "ctx"),
        ("positional", "ctx", 0, None),
    ]


def test_a_parameter_the_module_proves_is_not_open():
    model = model_of(HELPERS + """
    async def tool_like(ctx: Context):
        return await handler("m", ctx)
    """)
    assert "handler" not in [p.function.name for p in open_parameters(model)]
    assert [s.context.kind for s in model.sites if s.function.name == "handler"] == ["passed"]


def _outside(model, framework):
    return {(p.function.name, p.name): framework for p in open_parameters(model)}


def test_outside_answers_add_passed_elsewhere_sites():
    model = model_of(HELPERS)
    before = [(s.function.name, s.context.kind) for s in model.sites]
    add_outside(model, _outside(model, names.FASTMCP_FRAMEWORK))
    after = [(s.function.name, s.context.kind) for s in model.sites]
    assert set(before) < set(after)
    assert ("handler", "passed-elsewhere") in after
    assert [c.function.name for c in model.handshake_calls] == ["kw"]
    assert [s.function.name for s in model.aliased_sites] == ["positional"]
    assert ("method", "passed-elsewhere") not in after and ("defaulted", "passed-elsewhere") not in after


def test_a_refusal_outside_adds_nothing():
    model = model_of(HELPERS)
    before = [(s.call.lineno, s.context.kind) for s in model.sites]
    add_outside(model, _outside(model, None))
    assert [(s.call.lineno, s.context.kind) for s in model.sites] == before
    assert model.handshake_calls == [] and model.aliased_sites == []


def test_an_in_module_call_passing_something_else_does_not_refute_outside_calls():
    """fresh10 F1: `handler("m", None)` in the module (a batch job, a demo) does not
    hide the calls of other modules that pass a context."""
    model = model_of(HELPERS + """
    async def nightly():
        return await handler("m", None)
    """)
    add_outside(model, _outside(model, names.FASTMCP_FRAMEWORK))
    assert "handler" in [s.function.name for s in model.sites]
