"""The parts the SDK differential test (``test_differential_sdk.py``) builds tools from.

One SDK v2 ``MCPServer`` module, one tool ``tool`` asking ``r = await
ctx.elicit(...)`` with a pydantic schema; :func:`build` joins named parts:
what runs before the question (``PRELUDES``), a guard on the arguments around
the question (``GUARDS``, or none), the question (``QUESTIONS``), the call shape
(``CALLS``), the schema (``SCHEMAS``: a text field, a number, a confirmation, a
``Literal`` choice), how ``r`` is read (``READS``: outcome tests, ``match``,
decline told from cancel, ``.action`` as data, the result passed on, truth
tests), an optional later question (``SECONDS``) and the registration
(``@mcp.tool()`` or ``mcp.add_tool(tool)``). Every part is valid Python the
original server runs.
"""

from __future__ import annotations

from hypothesis import strategies as st

from . import differential as common
from .differential import REGISTERS, RESULT_NAMES, part

IMPORTS = """\
from typing import Literal

from mcp.server import MCPServer
from mcp.server.elicitation import AcceptedElicitation
from mcp.server.mcpserver import Context
from pydantic import BaseModel

mcp = MCPServer("Variants")


class Text(BaseModel):
    text: str


class Number(BaseModel):
    n: int


class Confirm(BaseModel):
    ok: bool
    note: str = "none"


class Choice(BaseModel):
    size: Literal["small", "large"]


""" + common.FUNCTIONS

SCHEMAS = {"Text": "text", "Number": "n", "Confirm": "ok", "Choice": "size"}

PRELUDES = {
    **common.PRELUDES,
    "raise_gate": ['if word == "":', '    raise ValueError("no word")'],
}

QUESTIONS = common.QUESTIONS

CALLS = {
    "positional": "await ctx.elicit({q}, {s})",
    "keyword": "await ctx.elicit(message={q}, schema={s})",
    "schema_first": "await ctx.elicit(schema={s}, message={q})",
}

READS = {
    "action_eq": ['if r.action == "accept":', '    return f"got {r.data.{f}!r}{tail}"', 'return "none"'],
    "action_ne": ['if r.action != "accept":', '    return "none"', 'return f"got {r.data.{f}!r}{tail}"'],
    "isinstance": [
        "if isinstance(r, AcceptedElicitation):",
        '    return f"got {r.data.{f}!r}{tail}"',
        'return "none"',
    ],
    "match": [
        "match r:",
        "    case AcceptedElicitation(data=value):",
        '        return f"got {value.{f}!r}{tail}"',
        "    case _:",
        '        return "none"',
    ],
    "match_action": [
        "match r.action:",
        '    case "accept":',
        '        return f"got {r.data.{f}!r}{tail}"',
        '    case "decline":',
        '        return "declined"',
        "    case _:",
        '        return "cancelled"',
    ],
    "decline_vs_cancel": [
        'if r.action == "decline":',
        '    return "declined"',
        'if r.action == "cancel":',
        '    return "cancelled"',
        'return f"got {r.data.{f}!r}{tail}"',
    ],
    "action_as_data": ["return f\"{r.action}: {getattr(r, 'data', None)!r}{tail}\""],
    "passed_on": ['return f"{describe(r)}{tail}"'],
    "truth": ["if r:", '    return f"got {r.data.{f}!r}{tail}"', 'return "none"'],
    "data_truth": [
        'if r.action == "accept" and r.data.{f}:',
        '    return f"got {r.data.{f}!r}{tail}"',
        'return "none or falsy"',
    ],
    "data_only": ['return f"got {r.data.{f}!r}{tail}"'],
}

SECONDS = {
    "none": [],
    "literal": ['s = await ctx.elicit("Also?", Text)'],
    "quoting_answer": ['s = await ctx.elicit(f"Also for {r.data}?", Text)'],
}

GUARDS = {"none": None, **common.GUARDS}

# the backfill written out under the guard: `name` takes the answer's text
BACKFILLS = {
    "none": None,
    "decline_return": ['if r.action != "accept":', '    return "none"', "name = r.data.{f}"],
    "if_else": ['if r.action == "accept":', "    name = r.data.{f}", "else:", '    return "none"'],
    "no_return": ['name = r.data.{f} if r.action == "accept" else "nobody"'],
}


def build(
    *,
    prelude: str = "none",
    guard: str = "none",
    question: str = "literal",
    shape: str = "positional",
    schema: str = "Text",
    read: str = "action_eq",
    second: str = "none",
    register: str = "decorator",
    backfill: str = "none",
    result: str = "r",
) -> str:
    """The source of one ``MCPServer`` module with one tool ``tool`` from the named parts."""
    tail = ""
    lines = ["r = " + CALLS[shape].format(q=QUESTIONS[question], s=schema), *SECONDS[second]]
    if SECONDS[second]:
        lines.append('extra = s.data.text if s.action == "accept" else None')
        tail = " {extra!r}"
    reads, after = READS[read], 'return "skipped"'
    if BACKFILLS[backfill] is not None:
        reads, after = BACKFILLS[backfill], 'return f"got {name!r}"'
    lines += [line.replace("{tail}", tail).replace("{f}", SCHEMAS[schema]) for line in reads]
    if GUARDS[guard] is not None:
        lines = [f"if {GUARDS[guard]}:", *(f"    {line}" for line in lines), after]
    lines = common.rename_result(lines, result)
    body = "".join(f"    {line}\n" for line in [*PRELUDES[prelude], *lines])
    return common.module(IMPORTS, "", "@mcp.tool()\n", body, register)


@st.composite
def variants(draw) -> str:
    """The source of one ``MCPServer`` module with one tool ``tool``."""
    return build(
        prelude=part(draw, PRELUDES, "none"),
        guard=draw(st.sampled_from(sorted(GUARDS))),
        question=draw(st.sampled_from(sorted(QUESTIONS))),
        shape=draw(st.sampled_from(sorted(CALLS))),
        schema=draw(st.sampled_from(sorted(SCHEMAS))),
        read=draw(st.sampled_from(sorted(READS))),
        second=part(draw, SECONDS, "none"),
        register=draw(st.sampled_from(REGISTERS)),
        backfill=part(draw, BACKFILLS, "none"),
        result=part(draw, RESULT_NAMES, "r"),
    )
