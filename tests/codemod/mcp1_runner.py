"""Run tools of an mcp 1.x server module under mcp 1.x (run by the mcp 1.x
interpreter, tests/mcp1_env.py): ``python mcp1_runner.py MODULE`` reads a JSON list
of ``[tool, arguments, script]`` calls on stdin (``script`` a list of answers,
tests/codemod/mcp1_answers.py, or ``null`` for a client without an elicitation
callback) and prints a JSON list of outcomes, one per call: ``prompts``,
``ok``, ``text``, ``schemas``, ``notifications`` (tests/codemod/behaviour.py's
``Outcome`` fields). Drives the server through mcp 1.x's own in-memory client
(``mcp.shared.memory.create_connected_server_and_client_session``)."""

from __future__ import annotations

import importlib.util
import json
import sys

import anyio
from mcp.shared.memory import create_connected_server_and_client_session
from mcp.types import ElicitResult

from mcp1_answers import content  # beside this file


async def run(module, tool: str, arguments: dict, script: list | None) -> dict:
    prompts: list[str] = []
    schemas: list[dict] = []
    notifications: list[list] = []

    async def elicitation(context, params) -> ElicitResult:
        action = script[len(prompts)] if len(prompts) < len(script) else "accept"
        prompts.append(params.message)
        schemas.append(params.requestedSchema)
        if action in ("decline", "cancel"):
            return ElicitResult(action=action)
        return ElicitResult(action="accept", content=content(params.requestedSchema, action))

    async def log(params) -> None:
        notifications.append(["log", params.level, params.logger, repr(params.data)])

    async def progress(value, total, message) -> None:
        notifications.append(["progress", value, total, message])

    async with create_connected_server_and_client_session(
        module.mcp._mcp_server,
        elicitation_callback=elicitation if script is not None else None,
        logging_callback=log,
    ) as client:
        try:
            result = await client.call_tool(tool, arguments, progress_callback=progress)
        except Exception:  # noqa: BLE001 - an error response: "it failed"
            return {"prompts": prompts, "ok": False, "text": None, "schemas": schemas, "notifications": []}
    if result.isError:  # the words are compared once a question was answered (a tool's own error)
        text = "".join(getattr(c, "text", "") for c in result.content) if prompts else None
        return {"prompts": prompts, "ok": False, "text": text, "schemas": schemas, "notifications": []}
    text = "".join(getattr(c, "text", "") for c in result.content)
    return {"prompts": prompts, "ok": True, "text": text, "schemas": schemas, "notifications": notifications}


async def main(path: str, calls: list) -> list:
    spec = importlib.util.spec_from_file_location("_mcp1_original", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # pydantic's generic models (`Context[S, L]`) look it up
    spec.loader.exec_module(module)
    return [await run(module, *call) for call in calls]


if __name__ == "__main__":
    print(json.dumps(anyio.run(main, sys.argv[1], json.load(sys.stdin))))
