"""A server parameter annotated with a generic server class (``MCPServer[Deps]``)
is read as that server (model/servers.py ``annotated_server``): a ``Resolve``
tool registered on it inside a ``register`` function is the SDK's own form,
which the codemod leaves without a skip and MCP001 does not report (mig16: the
codemod skipped it as served by an unknown server, the checker was silent)."""

from __future__ import annotations

import ast

from elicit_lint.checker.linter import analyse
from elicit_lint.codemod.engine import Options, transform_text

SOURCE = '''\
from typing import Annotated, Generic, TypeVar

from mcp.server.mcpserver import Elicit, ElicitationResult, MCPServer, Resolve
from pydantic import BaseModel

T = TypeVar("T")


class Deps(Generic[T]):
    pass


class Confirm(BaseModel):
    ok: bool


async def ask_ok(job: str) -> Elicit[Confirm]:
    return Elicit(f"Run {job}?", schema=Confirm)


def register(server: {annotation}) -> None:
    @server.tool()
    async def run_job(
        job: str,
        answer: Annotated[ElicitationResult[Confirm], Resolve(ask_ok)],
    ) -> str:
        return f"{job}: {answer.action}"
'''


def _skips(annotation: str) -> list[str]:
    text = SOURCE.replace("{annotation}", annotation)
    new, plan = transform_text(text, "jobs.py", Options(), isolate=False)
    assert new == text
    return [s.reason for s in (plan.skips if plan is not None else [])]


def test_a_generic_mcpserver_parameter_is_an_mcpserver():
    assert _skips("MCPServer") == []
    assert _skips("MCPServer[Deps]") == []
    text = SOURCE.replace("{annotation}", "MCPServer[Deps]")
    assert not [d for d in analyse(ast.parse(text), text, "jobs.py") if d.code == "MCP001"]


def test_an_unannotated_server_parameter_is_still_unknown():
    (reason,) = _skips("object")
    assert reason.startswith("served by `server`, which this module does not build")
