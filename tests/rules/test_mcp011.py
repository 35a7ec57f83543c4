"""MCP011 (unread-resolver-parameter): which parameters are dependencies, what
counts as a read, which resolvers are checked, and the messages."""

from __future__ import annotations

import pytest

from .rule_helpers import run

HEAD = (
    "from typing import Annotated\n"
    "from fastmcp import Context\n"
    "from fastmcp.dependencies import CurrentContext, Depends\n"
    "from elicit_lint.runtime import Elicit\n"
)


def module(resolver_body: str, signature: str = "city: str, note: str") -> str:
    """A resolver ``r`` (line 5) and a tool using it; ``city`` is elicited, ``note`` a tool argument."""
    body = "".join(f"    {line}\n" for line in resolver_body.strip("\n").split("\n"))
    return HEAD + (
        f"def r({signature}) -> str | Elicit[str]:\n{body}"
        "async def t(note: str, city: Annotated[str, Elicit('Where?')], x: Annotated[str, Elicit(r)]) -> str:\n"
        "    return x\n"
    )


def unread(source: str) -> list[str]:
    return [d.message.split("`")[3] for d in run(source, "MCP011")]


CASES = {
    "neither-read": ("return Elicit('Q?', response_type=str)", ["city", "note"]),
    "one-read": ("return Elicit(f'Q {city}?', response_type=str)", ["note"]),
    "read-in-closure": ("ask = lambda: Elicit(f'{city} {note}', response_type=str)\nreturn ask()", []),
    "read-in-comprehension": ("return [c for c in (city, note)][0]", []),
    "store-is-not-a-read": ("city = 'x'\nnote = 'y'\nreturn Elicit('Q?', response_type=str)", ["city", "note"]),
    "del-is-a-read-of-sorts": ("del city, note\nreturn Elicit('Q?', response_type=str)", []),
    "locals": ("return Elicit('{city}'.format(**locals()), response_type=str)", []),
    "stub-ellipsis": ("...", []),
    "stub-raise": ("'''Not yet.'''\nraise NotImplementedError", []),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_reads(name):
    body, expected = CASES[name]
    assert unread(module(body)) == expected


def test_injected_parameters_are_not_dependencies():
    signature = "city: str, ctx: Context, c2=CurrentContext(), db=Depends(dict), *args, **kwargs"
    assert unread(module("return Elicit(f'{city}', response_type=str)", signature)) == []


def test_messages_and_span():
    first, second = run(module("return Elicit('Q?', response_type=str)"), "MCP011")
    assert first.message == "Resolver `r` never reads its parameter `city`"
    assert first.help == (
        "Its question waits a round for `city` to be "
        "answered and does not use it: quote the value in the question, or drop the parameter"
    )
    assert second.message == "Resolver `r` never reads its parameter `note`"
    assert second.help == "Use it, or drop the parameter"
    assert (first.location.row, first.location.column, first.end_location.column) == (5, 7, 16)


def test_resolver_shared_by_two_tools_reported_once():
    source = module("return Elicit('Q?', response_type=str)", "city: str") + (
        "async def u(city: Annotated[str, Elicit(r)]) -> str:\n    return city\n"
    )
    assert unread(source) == ["city"]


def test_sdk_resolvers_are_left_alone():
    source = (
        "from typing import Annotated\n"
        "from mcp.server.mcpserver import Elicit, Resolve\n"
        "def r(city: str) -> Elicit[str]:\n"
        "    return Elicit('Q?', str)\n"
        "async def t(city: str, x: Annotated[str, Resolve(r)]) -> str:\n"
        "    return x\n"
    )
    assert run(source, "MCP011") == []


def test_unknown_parameter_is_left_to_mcp004():
    source = module("return Elicit(f'{city}', response_type=str)", "city: str, cabin: str")
    assert unread(source) == []
    assert [d.code for d in run(source)] == ["MCP004"]


def test_cycle_is_left_to_mcp003():
    source = HEAD + (
        "def ra(b: str) -> Elicit[str]:\n    return Elicit('a?')\n"
        "def rb(a: str) -> Elicit[str]:\n    return Elicit('b?')\n"
        "async def t(a: Annotated[str, Elicit(ra)], b: Annotated[str, Elicit(rb)]) -> str:\n    return a\n"
    )
    assert [d.code for d in run(source)] == ["MCP003"]
