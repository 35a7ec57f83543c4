"""``response_title=``/``response_description=`` with a class response type: what
fastmcp 4.2.3 does (the planner's skip and its rewrite of ``None`` rest on it)."""

from __future__ import annotations

import ast
import enum
import textwrap

import pytest
from fastmcp.server.elicitation import parse_elicit_response_type
from pydantic import BaseModel

from elicit_lint.analysis.plan import plan_module
from elicit_lint.analysis.response_labels import labels_on_class
from elicit_lint.model import build_model


class Guest(BaseModel):
    name: str


class Tone(enum.Enum):
    CALM = "calm"


@pytest.mark.parametrize("keyword", ["response_title", "response_description"])
def test_a_label_with_a_model_raises_on_every_call(keyword):
    with pytest.raises(TypeError):
        parse_elicit_response_type(Guest, **{keyword: "Guest"})


@pytest.mark.parametrize("keyword", ["response_title", "response_description"])
def test_none_or_an_enum_takes_the_label(keyword):
    assert parse_elicit_response_type(Guest, **{keyword: None}).response_type is Guest
    parse_elicit_response_type(Tone, **{keyword: "Tone"})


def _reasons(call: str) -> list[str]:
    text = textwrap.dedent(
        f"""
        from fastmcp import Context, FastMCP
        from pydantic import BaseModel

        mcp = FastMCP("x")

        class Guest(BaseModel):
            name: str

        @mcp.tool
        async def t(ctx: Context) -> str:
            r = await ctx.elicit("Who?", {call})
            return r.data.name if r.action == "accept" else ""
        """
    )
    plan = plan_module(build_model(ast.parse(text), text, "m.py"))
    return [s.reason for s in plan.skips]


def test_planner_skips_a_label_with_a_model_and_rewrites_none():
    assert _reasons("response_type=Guest, response_description='d'") == [
        labels_on_class("response_description")
    ]
    assert "`Field(description=...)`" in labels_on_class("response_description")
    assert _reasons("response_type=Guest, response_title=None") == []
