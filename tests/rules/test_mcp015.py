"""MCP015 (hand-written-era-branch): which branches pick between the two paths."""

from __future__ import annotations

import pytest

from .rule_helpers import run

HEAD = (
    "from fastmcp import Context\n"
    "from mcp_types import InputRequiredResult\n"
    "async def t(ctx: Context):\n"
)
ASK = "await ctx.elicit('Go?', response_type=bool)"
GUARD = "return InputRequiredResult(input_requests={})"
TEST = "ctx.request_context.protocol_version == '2026-07-28'"


def rows(body: str) -> list[tuple[int, int]]:
    indented = "".join(f"    {line}\n" for line in body.strip("\n").split("\n"))
    return [(d.location.row, d.location.column) for d in run(HEAD + indented, "MCP015")]


REPORTED = {
    "guard-in-body-elicit-after": f"if {TEST}:\n    {GUARD}\n{ASK}",
    "elicit-in-body-guard-in-else": f"if {TEST}:\n    {ASK}\nelse:\n    {GUARD}",
    "elicit-in-body-guard-after": f"if {TEST}:\n    {ASK}\n    return 1\n{GUARD}",
    "nested-in-branch": f"if not {TEST}:\n    for _ in range(2):\n        {ASK}\nelse:\n    if ready():\n        {GUARD}",
    "inside-a-with-block": f"with lock:\n    if {TEST}:\n        {GUARD}\n    {ASK}",
}

CLEAN = {
    "both-in-body": f"if {TEST}:\n    {GUARD}\n    {ASK}",
    "no-version-test": f"if modern:\n    {GUARD}\n{ASK}",
    "version-but-no-guard": f"if {TEST}:\n    return 'modern'\n{ASK}",
    "guard-before-the-branch": f"{GUARD}\nif {TEST}:\n    {ASK}",
    "other-branch-sibling-block": f"if x:\n    if {TEST}:\n        {ASK}\nelse:\n    {GUARD}",
}


@pytest.mark.parametrize("name", sorted(REPORTED))
def test_reported(name):
    [(row, _)] = rows(REPORTED[name])
    assert row in (4, 5)


@pytest.mark.parametrize("name", sorted(CLEAN))
def test_clean(name):
    assert rows(CLEAN[name]) == []


def test_span_is_the_test_and_one_finding_per_branch():
    body = f"if {TEST}:\n    {GUARD}\n{ASK}\n{ASK}"
    [d] = run(HEAD + "".join(f"    {line}\n" for line in body.split("\n")), "MCP015")
    assert (d.location.row, d.location.column, d.end_location.column) == (4, 8, 8 + len(TEST))
    assert d.message.startswith("Hand-written protocol-era branch between `ctx.elicit(...)` and an")
