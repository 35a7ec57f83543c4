"""A statement with effects that binds what the next question reads
(``schema = make_dataclass(...)`` before ``response_type=schema``, ``count =
len(STOCK)`` before a question quoting ``count``): the skip names the body
local, as it does when the binding is pure and as the SDK planner does for the
same shape, instead of "after a statement with side effects"."""

from __future__ import annotations

from elicit_lint.analysis.locate import SIDE_EFFECTS
from elicit_lint.codemod.engine import Options, migrate_file

from .test_checker_agrees import _verdicts

FASTMCP = '''from dataclasses import make_dataclass

from fastmcp import Context, FastMCP

mcp = FastMCP("Forms")
STOCK = {"pens": 4}


@mcp.tool
async def credential(field: str, ctx: Context) -> str:
    schema = make_dataclass("OneField", [(field, str)])
    reply = await ctx.elicit(f"Please give {field}", response_type=schema)
    if reply.action != "accept":
        return "none"
    return str(getattr(reply.data, field))


@mcp.tool
async def sell_all(ctx: Context) -> str:
    count = {COUNT}
    reply = await ctx.elicit(f"Sell all {count} item(s)?", response_type=bool)
    if reply.action == "accept" and reply.data:
        STOCK.clear()
        return "sold"
    return "kept"
'''

SDK = '''from mcp.server.mcpserver import Context, MCPServer
from pydantic import create_model

mcp = MCPServer("Forms")


@mcp.tool()
async def credential(field: str, ctx: Context) -> str:
    schema = create_model("OneField", **{field: (str, ...)})
    reply = await ctx.elicit(f"Please give {field}", schema=schema)
    if reply.action != "accept":
        return "none"
    return str(getattr(reply.data, field))
'''


def _skips(tmp_path, name: str, text: str) -> list[str]:
    """The codemod's skip reasons for ``text`` (file untouched) and MCP001's, which agree."""
    path = tmp_path / name
    path.write_text(text)
    outcome = migrate_file(str(path), Options(target="elicit_lint.runtime"))
    assert outcome.status == "unchanged" and path.read_text() == text
    reasons = [s.reason for s in outcome.skips]
    assert [reason for _, reason in _verdicts(path)] == reasons
    return reasons


def test_a_statement_with_effects_binding_what_the_question_reads(tmp_path):
    schema, count = _skips(tmp_path, "effects.py", FASTMCP.replace("{COUNT}", "len(STOCK)"))
    assert SIDE_EFFECTS not in (schema, count)
    assert "`schema`" in schema and "`count`" in count
    assert "a call (`len(...)`, line 20)" in count  # what the resolver cannot repeat


def test_a_pure_binding_is_computed_again_in_the_resolver(tmp_path):
    """``count = 4`` (a safe expression, analysis/recompute.py): the resolver
    computes it again and the body, which no longer reads it, drops it."""
    path = tmp_path / "pure.py"
    path.write_text(FASTMCP.replace("{COUNT}", "4"))
    outcome = migrate_file(str(path), Options(target="elicit_lint.runtime"))
    assert outcome.status == "rewritten" and len(outcome.skips) == 1
    text = path.read_text()
    resolver = text[text.index("def ask_") : text.index("@mcp.tool\n@declared_elicitation\nasync def sell_all")]
    assert "    count = 4\n" in resolver and 'Elicit(f"Sell all {count} item(s)?")' in resolver
    assert text.count("count = 4") == 1  # left the body


def test_the_sdk_twin_names_the_same_body_local(tmp_path):
    [reason] = _skips(tmp_path, "sdk.py", SDK)
    assert SIDE_EFFECTS not in reason and "`schema`" in reason


SDK_CONTEXT = '''from dataclasses import dataclass, field

from mcp.server.mcpserver import Context, MCPServer
from pydantic import BaseModel

mcp = MCPServer("Pantry")


@dataclass
class Shelf:
    items: list[str] = field(default_factory=list)


class Confirm(BaseModel):
    confirm: bool


@mcp.tool()
async def clear(ctx: Context[Shelf]) -> str:
    shelf = ctx.request_context.lifespan_context
    answer = await ctx.elicit(f"Clear {len(shelf.items)} item(s)?", Confirm)
    if answer.action == "accept" and answer.data.confirm:
        shelf.items.clear()
        return "cleared"
    return "kept"
'''


def test_a_local_read_from_the_context_is_named_as_such(tmp_path):
    """Not a function of tool arguments (the lifespan object the body reads):
    the skip stays and says where the value comes from."""
    [reason] = _skips(tmp_path, "shelf.py", SDK_CONTEXT)
    assert "`shelf`, computed in the body by a read of the context `ctx` (line 20)" in reason
    assert reason.endswith("or write the resolver by hand")
