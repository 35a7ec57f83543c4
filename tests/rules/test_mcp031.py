"""MCP031 against the runtime: the call it reports fails, the call it leaves works."""

from __future__ import annotations

import asyncio

import pytest

from .rule_helpers import run

HEAD = '''
from typing import Annotated

from elicit_lint.runtime import Elicit, declared_elicitation
from fastmcp import FastMCP

mcp = FastMCP("Bank")


@mcp.tool
@declared_elicitation
async def withdraw(amount: int, confirm: Annotated[bool, Elicit("Withdraw it?")]) -> str:
    return f"withdrew {amount}" if confirm else "kept"
'''


def _call(expr: str):
    namespace: dict = {}
    exec(compile(HEAD, "bank.py", "exec", dont_inherit=True), namespace)
    return asyncio.run(eval(expr, namespace))


def test_reported_call_fails_at_run_time():
    with pytest.raises(TypeError, match="__wrapped__"):
        _call("withdraw(10, confirm=True)")
    assert run(HEAD + "\n\nasync def job():\n    return await withdraw(10, confirm=True)\n", "MCP031")


def test_the_undecorated_call_works_and_is_not_reported():
    assert _call("withdraw.__wrapped__(10, confirm=True)") == "withdrew 10"
    assert not run(HEAD + "\n\nasync def job():\n    return await withdraw.__wrapped__(10, confirm=True)\n", "MCP031")


def test_positional_elicited_argument_is_reported():
    found = run(HEAD + "\n\nasync def job():\n    return await withdraw(10, True)\n", "MCP031")
    assert [d.message.split(":")[0] for d in found] == ["`withdraw` is called with `confirm`, an elicited parameter"]


@pytest.mark.parametrize(
    "tail",
    [
        "\n\nasync def job():\n    return await withdraw(10)\n",  # nothing elicited passed
        "\n\nasync def job(withdraw):\n    return await withdraw(10, confirm=True)\n",  # another `withdraw`
        "\n\nwithdraw = mcp\n\n\nasync def job():\n    return await withdraw(10, confirm=True)\n",  # rebound
        "\n\nasync def job(args):\n    return await withdraw(*args)\n",  # starred: unknown positions
    ],
)
def test_unproven_calls_are_not_reported(tail):
    assert not run(HEAD + tail, "MCP031")


GLOBALS = "\n_total = 0\n\n\ndef bump():\n    global _total\n    _total += 1\n\n\ndef outer():\n    n = 0\n\n    def inner():\n        nonlocal n\n        n += 1\n"


def test_global_and_nonlocal_of_other_names_do_not_crash_and_keep_the_check():
    found = run(HEAD + GLOBALS + "\n\nasync def job():\n    return await withdraw(10, confirm=True)\n", "MCP031")
    assert [d.message.split(":")[0] for d in found] == ["`withdraw` is called with `confirm`, an elicited parameter"]
    assert not run(HEAD + GLOBALS, "MCP031")


def test_a_global_statement_of_the_declared_name_counts_as_a_rebinding():
    tail = "\n\ndef swap():\n    global withdraw\n    withdraw = None\n\n\nasync def job():\n    return await withdraw(10, confirm=True)\n"
    assert not run(HEAD + tail, "MCP031")
