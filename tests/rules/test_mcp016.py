"""MCP016 (unchecked-elicitation-result): which uses count as checks, which are
reported, where, and with which message."""

from __future__ import annotations

import pytest

from .rule_helpers import run

HEAD = "from fastmcp import Context\nfrom fastmcp.server.elicitation import AcceptedElicitation\n"


def tool(body: str, response_type: str = "str") -> str:
    """A tool asking once (line 4) and running ``body`` (indented 4) after it."""
    lines = "".join(f"    {line}\n" for line in body.strip("\n").split("\n"))
    return HEAD + f"async def t(ctx: Context):\n    r = await ctx.elicit('q', response_type={response_type})\n" + lines


def found(source: str) -> list[tuple[int, int, str]]:
    return [(d.location.row, d.location.column, f"{d.message} | {d.help}") for d in run(source, "MCP016")]


REPORTED = {
    "data-first": ("return r.data", [(5, 12)]),
    "data-then-check": ("x = r.data\nif r.action == 'accept':\n    return x", [(5, 9)]),
    "data-in-fstring": ("print(f'{r.data}')", [(5, 14)]),
    "truth-if": ("if r:\n    return 1", [(5, 8)]),
    "truth-not": ("if not r:\n    return 1", [(5, 12)]),
    "truth-while-and": ("while r and ready():\n    pass", [(5, 11)]),
    "truth-beside-other-name": ("if not r or not ready(other):\n    return 1", [(5, 12)]),
    "truth-bool-call": ("ok = bool(r)", [(5, 15)]),
    "truth-ifexp": ("return 1 if r else 2", [(5, 17)]),
    "unknown-attribute": ("if r.action == 'accept':\n    return r.value", [(6, 16)]),
    "unknown-attribute-even-checked": ("assert isinstance(r, AcceptedElicitation)\nreturn r.content", [(6, 12)]),
    "two-reads-both-reported": ("a = r.data\nb = r.data", [(5, 9), (6, 9)]),
}

CLEAN = {
    "action-check": "if r.action == 'accept':\n    return r.data",
    "action-guard-return": "if r.action != 'accept':\n    return None\nreturn r.data",
    "isinstance-assert": "assert isinstance(r, AcceptedElicitation)\nreturn r.data",
    "match": "match r:\n    case AcceptedElicitation(data=d):\n        return d",
    "ifexp-check-after-read": "return r.data if r.action == 'accept' else None",
    "boolop-check-first": "return r.action == 'accept' and r.data",
    "passed-on": "if not accepted(r):\n    return None\nreturn r.data",
    "hasattr": "return r.data if hasattr(r, 'data') else None",
    "try-attribute-error": "try:\n    return r.data\nexcept AttributeError:\n    return None",
    "basemodel-method": "return r.model_dump()",
    "rebound-before-use": "r = other()\nreturn r.data",
    "rebound-then-truth": "r = other()\nif r:\n    return 1",
    "closure-not-followed": "def later():\n    return r.data\nreturn later",
    "action-only": "return f'{r.action}'",
    "redundant-truth-beside-a-check": "if r and r.action == 'accept':\n    return r.data",
    "not-beside-a-check": "if not r or r.action != 'accept':\n    return None\nreturn r.data",
}


@pytest.mark.parametrize("name", sorted(REPORTED))
def test_reported(name):
    body, where = REPORTED[name]
    assert [(row, col) for row, col, _ in found(tool(body))] == where


@pytest.mark.parametrize("name", sorted(CLEAN))
def test_clean(name):
    assert found(tool(CLEAN[name])) == []


def test_messages():
    [(_, _, data)] = found(tool("return r.data"))
    assert data == (
        "`r.data` is read before any check of `r.action` | A declined or cancelled elicitation has no "
        '`data` (`AttributeError`): check `.action == "accept"` first'
    )
    [(_, _, truth)] = found(tool("if r:\n    return 1", response_type="bool"))
    assert 'A decline, a cancel and an accepted "no" (`data=False`) all pass this test' in truth
    [(_, _, truth_str)] = found(tool("if r:\n    return 1"))
    assert truth_str == (
        "`r` is an elicitation result, which is always truthy | A decline and a cancel all pass this test: "
        'check `r.action == "accept"` and `r.data`'
    )
    [(_, _, attr)] = found(tool("return r.value"))
    assert attr.startswith("`r.value` does not exist on an elicitation result | It has `action`, and `data` when accepted")


def test_direct_reads():
    source = HEAD + (
        "async def t(ctx: Context):\n"
        "    a = (await ctx.elicit('q', response_type=str)).data\n"
        "    b = (await ctx.elicit('q', response_type=str)).action\n"
        "    c = (await ctx.elicit('q', response_type=str)).answer\n"
        "    try:\n"
        "        d = (await ctx.elicit('q', response_type=str)).data\n"
        "    except AttributeError:\n"
        "        d = None\n"
    )
    rows = [(row, message.split(" ")[0]) for row, _, message in found(source)]
    assert rows == [(4, "`(await"), (6, "`(await")]
    assert "is read directly" in found(source)[0][2]


def test_only_contexts_and_awaited_results():
    source = (
        "class S:\n"
        "    async def ask(self, ctx):\n"
        "        r = await self.session.elicit('q', requestedSchema={})\n"
        "        pending = ctx.elicit('q', response_type=str)\n"
        "        return r.content, pending.data\n"
    )
    assert found(source) == []


def test_each_site_judged_up_to_the_next_binding():
    body = (
        "if r.action != 'accept':\n"
        "    return None\n"
        "city = r.data\n"
        "r = await ctx.elicit('sure?', response_type=bool)\n"
        "if r:\n"
        "    return city\n"
    )
    assert [(row, col) for row, col, _ in found(tool(body))] == [(9, 8)]


WALRUS = HEAD + "async def t(ctx: Context):\n"


@pytest.mark.parametrize(
    ("body", "where"),
    [
        ("    if (r := await ctx.elicit('q', response_type=str)).action == 'accept':\n        return r.data\n", []),
        ("    if (r := await ctx.elicit('q', response_type=bool)):\n        return r.data\n", [(4, 9), (5, 16)]),
        ("    print((r := await ctx.elicit('q', response_type=str)))\n    return r.data\n", []),
        ("    x = (r := await ctx.elicit('q', response_type=str)).data\n    return x, r.value\n", [(4, 9), (5, 15)]),
    ],
)
def test_walrus_binding(body, where):
    assert [(row, col) for row, col, _ in found(WALRUS + body)] == where


def outcome_tool(body: str, answer: str = "str") -> str:
    """A declared tool whose parameter ``r`` (line 4) is outcome-typed; ``body`` from line 5."""
    lines = "".join(f"    {line}\n" for line in body.strip("\n").split("\n"))
    return (
        "from typing import Annotated\n"
        "from elicit_lint.runtime import Elicit, ElicitationResult\n"
        "from fastmcp.server.elicitation import AcceptedElicitation\n"
        f"async def t(r: Annotated[ElicitationResult[{answer}], Elicit('q')], other: str = ''):\n" + lines
    )


@pytest.mark.parametrize("name", sorted(REPORTED))
def test_outcome_parameter_reported_as_a_result(name):
    """Issue 11: ``Annotated[ElicitationResult[T], Elicit(...)]`` receives ``ctx.elicit``'s
    objects, so every misuse of a result is one of the parameter too."""
    body, where = REPORTED[name]
    assert [(row, column) for row, column, _ in found(outcome_tool(body))] == where


@pytest.mark.parametrize("name", sorted(CLEAN))
def test_outcome_parameter_clean(name):
    assert found(outcome_tool(CLEAN[name])) == []


def test_outcome_parameter_messages_and_scope():
    [(_, _, truth)] = found(outcome_tool("if r:\n    return 1", answer="bool"))
    assert 'an accepted "no" (`data=False`)' in truth
    plain = outcome_tool("return r.data").replace("ElicitationResult[str]", "str")
    assert found(plain) == []  # a value-typed parameter is no result
    sdk = outcome_tool("return r.data").replace(
        "from elicit_lint.runtime import Elicit, ElicitationResult",
        "from elicit_lint.runtime import Elicit\nfrom mcp.server.mcpserver import ElicitationResult",
    )
    assert found(sdk) == []


FOREIGN = {
    "eq": ("if r.action == 'yes':\n    return 1", [(5, 20)], "always false"),
    "reversed": ("if 'yes' == r.action:\n    return 1", [(5, 8)], "always false"),
    "not-equal": ("if r.action != 'y':\n    return 1", [(5, 20)], "always true"),
    "in-tuple": ("if r.action in ('yes', 'ok'):\n    return 1", [(5, 20)], "always false"),
    "not-in-list": ("if r.action not in ['yes']:\n    return 1", [(5, 24)], "always true"),
    "match-or": (
        "match r.action:\n    case 'accept':\n        pass\n    case 'ok' | 'sure':\n        pass",
        [(8, 14)],
        "never matches",
    ),
}


@pytest.mark.parametrize("name", FOREIGN)
def test_action_compared_with_a_value_no_result_has(name):
    body, where, words = FOREIGN[name]
    got = found(tool(body))
    assert [(row, col) for row, col, _ in got] == where
    assert all(words in text and '"accept", "decline" or "cancel"' in text for _, _, text in got)


@pytest.mark.parametrize(
    "body",
    [
        "if r.action in ('accept', 'yes'):\n    return 1",  # one value can hold: not fixed
        "if r.action == 'decline':\n    return 1",
        "if r.action == kind:\n    return 1",
        "match r.action:\n    case 'cancel' | 'decline':\n        pass\n    case other:\n        pass",
    ],
)
def test_action_compared_with_a_possible_value_is_not_reported(body):
    assert found(tool(body)) == []


def test_foreign_action_value_on_the_sdk_and_on_an_outcome_parameter():
    sdk = (
        "from mcp.server.mcpserver import Context, MCPServer\nfrom pydantic import BaseModel\n\n"
        "mcp = MCPServer('s')\n\n\nclass Ok(BaseModel):\n    ok: bool\n\n\n@mcp.tool()\n"
        "async def t(ctx: Context) -> str:\n    r = await ctx.elicit('q', Ok)\n"
        "    return 'y' if r.action == 'confirmed' else 'n'\n"
    )
    assert [(row, col) for row, col, _ in found(sdk)] == [(14, 31)]
    declared = (
        "from typing import Annotated\n"
        "from elicit_lint.runtime import Elicit, ElicitationResult, declared_elicitation\n\n"
        "@declared_elicitation\nasync def t(sure: Annotated[ElicitationResult[bool], Elicit('Go?')]) -> str:\n"
        "    return 'y' if sure.action == 'yes' else 'n'\n"
    )
    ((row, _, text),) = found(declared)
    assert row == 6 and text.startswith("`sure.action` is compared with \"yes\"")


ORDER = '''
from fastmcp import Context


async def ask(ctx: Context) -> str:
    result = await ctx.elicit("Your name?", response_type=str)
    {line}
    return "ok"
'''


@pytest.mark.parametrize(
    ("line", "reported"),
    [
        ('if result.data is None or result.action != "accept": return "no"', True),  # data runs first
        ('name = result.data if result.data and result.action == "accept" else None', True),
        ('if result.action != "accept" or result.data is None: return "no"', False),  # action first
        ('name = result.data if result.action == "accept" else None', False),  # the test runs first
        ('ok = result.action == "accept" and result.data == "x"', False),
    ],
)
def test_a_check_in_the_same_statement_guards_only_a_read_it_runs_before(line, reported):
    found = [d for d in run(ORDER.replace("{line}", line), "MCP016") if "before any check" in d.message]
    assert bool(found) is reported
