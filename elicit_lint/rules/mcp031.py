"""MCP031: a direct call of a ``@declared_elicitation`` function passing an elicited parameter."""

from __future__ import annotations

from collections.abc import Iterator

from ..analysis.direct_calls import direct_calls
from ..analysis.facts import Analysis
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import Model
from .base import Rule
from .cases import Invalid, Valid


class ElicitedArgumentPassed(Rule):
    """## What it does
    Finds a call, in the module, of a function under `@declared_elicitation`
    (`elicit_lint.runtime`) that passes one of its elicited parameters
    (`Annotated[T, Elicit(...)]`), by keyword or by position: a batch job or
    another function calling a migrated tool as it called the original
    (`await withdraw(10, confirm=True)`).

    ## Why is this bad?
    The decorator takes the elicited parameters out of the function's
    signature and asks the user for them. A call that passes one by keyword
    raises `TypeError` ("`withdraw` got `confirm`, an elicited parameter ...
    call the undecorated function `withdraw.__wrapped__` with every
    argument"); one passed by position lands on another parameter, or is one
    argument too many. `elicit-migrate` rewrites the tool, not its callers.

    Only a module-level function called by its own name (bound once, by its
    `def`) is read. A call in another module of the run (`from .server import
    withdraw`, the name bound once there too) is reported on the elicited
    parameter in the function's `def`, naming the caller's file and row; a
    `noqa` comment goes on that parameter's line. Files outside the run, and
    calls through a module (`server.withdraw(...)`) or another alias, are not
    read.

    ## Use instead
    Call the undecorated function with every argument,
    `await withdraw.__wrapped__(10, confirm=True)`, or move the shared work
    into a plain function that both the tool and the caller call.
    """

    code = "MCP031"
    name = "elicited-argument-passed"
    invalid = (
        Invalid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit, declared_elicitation
from fastmcp import FastMCP

mcp = FastMCP("Bank")


@mcp.tool
@declared_elicitation
async def withdraw(amount: int, confirm: Annotated[bool, Elicit("Withdraw it?")]) -> str:
    return f"withdrew {amount}" if confirm else "kept"


async def nightly() -> list[str]:
    return [await withdraw(10, confirm=True), await withdraw(20, False)]
''',
            message=(
                "`withdraw` is called with `confirm`, an elicited parameter: "
                "`@declared_elicitation` takes it out of the signature, so the call fails"
            ),
            help=(
                "Call the undecorated function with every argument, "
                "`withdraw.__wrapped__(...)` (the runtime says \"call the undecorated function\")"
            ),
            span=((16, 32), (16, 44)),
            diagnostics=2,
        ),
    )
    valid = (
        Valid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit, declared_elicitation
from fastmcp import FastMCP

mcp = FastMCP("Bank")


@mcp.tool
@declared_elicitation
async def withdraw(amount: int, confirm: Annotated[bool, Elicit("Withdraw it?")]) -> str:
    return f"withdrew {amount}" if confirm else "kept"


async def nightly() -> list[str]:
    return [await withdraw.__wrapped__(10, confirm=True)]
'''
        ),
        Valid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit, declared_elicitation
from fastmcp import FastMCP

mcp = FastMCP("Bank")
_count = 0


@mcp.tool
@declared_elicitation
async def withdraw(amount: int, confirm: Annotated[bool, Elicit("Withdraw it?")]) -> str:
    global _count
    _count += 1
    return f"withdrew {amount}" if confirm else "kept"


def counter():
    seen = 0

    def bump():
        nonlocal seen
        seen += 1
        return seen

    return bump
'''
        ),
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        for found in direct_calls(model):
            yield self.diagnostic(model, model.span(found.argument), _message(found.function, found.param))
        for remote in getattr(model, "calls_elsewhere", ()):
            yield self.diagnostic(
                model, model.span(remote.node), _message(remote.function, remote.param, remote.where)
            )


def _message(function: str, param: str, where: str | None = None) -> str:
    called = f"is called in {where}" if where else "is called"
    return (
        f"`{function}` {called} with `{param}`, an elicited parameter: "
        "`@declared_elicitation` takes it out of the signature, so the call fails; call the "
        f"undecorated function with every argument, `{function}.__wrapped__(...)` (the "
        "runtime says \"call the undecorated function\")"
    )
