"""Drive a module's tools through a real in-memory ``fastmcp.Client`` with scripted answers.

A *script* is a list of actions, one per question in the order asked:
``"accept"`` (a valid value built from the schema), ``"no"`` (accept with a
``False``/first-choice value: an accepted "no" for confirmations), ``"decline"``
or ``"cancel"``; questions past the script's end are accepted. An outcome is
``(prompts asked, ok, result text, requested schemas, notifications)`` -- error
texts differ between an ``AttributeError`` in the original and a ``ToolError`` in
the rewrite, so only "it failed" is compared for errors. Each question's whole
``requestedSchema`` is compared: the original on the handshake era is the
measure, and a 2026-07-28 outcome is compared with ``expected.as_carried("auto")``
(``tests/wire.py``: what the SDK's own result sieve lets through on that era).
*Notifications* are the client log messages
and progress notifications the call received, as a sorted tuple (the same set:
a notification the original sent before a question is sent after it once
rewritten); on a failed call they are not
compared (the original sent those before the question it failed at, the
rewrite fails before its body runs).
"""

from __future__ import annotations

import importlib.util
import itertools
import sys
from dataclasses import dataclass, replace
from typing import Any

from fastmcp import Client

from elicit_lint.runtime import Answer, Request, wait_for_handler

from ..wire import as_carried

_counter = itertools.count()


def load(path: str) -> Any:
    """Import ``path`` as a fresh module (unique name) and return it."""
    name = f"_codemod_case_{next(_counter)}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _value(schema: dict[str, Any], accept_no: bool) -> Any:
    if "enum" in schema:
        return schema["enum"][-1 if accept_no else 0]
    for key in ("oneOf", "anyOf"):
        if key in schema:
            consts = [s.get("const") for s in schema[key] if "const" in s]
            if consts:
                return consts[-1 if accept_no else 0]
    kind = schema.get("type")
    if kind == "boolean":
        return not accept_no
    if kind == "integer":
        return 3 if accept_no else 7
    if kind == "number":
        return 2.5
    if kind == "array":
        items = schema.get("items", {})
        return [_value(items, accept_no)]
    return "Bob" if accept_no else "Ada"


def answer(request: Request, action: str) -> Answer:
    if action == "decline":
        return Answer(ok=False, reason="declined")
    if action == "cancel":
        return Answer(ok=False, reason="dismissed")
    schema = request.data.get("schema", {})
    props = schema.get("properties", {})
    return Answer(
        ok=True, data={k: _value(v, action == "no") for k, v in props.items()}
    )


@dataclass(frozen=True)
class Outcome:
    prompts: tuple[str, ...]
    ok: bool
    text: str | None
    schemas: tuple[dict[str, Any], ...]  # each question's requestedSchema, as received
    notifications: tuple[tuple, ...] = ()

    def as_carried(self, mode: str) -> Outcome:
        """This outcome as a client of ``mode`` would receive its questions."""
        return replace(self, schemas=tuple(as_carried(s, mode) for s in self.schemas))


async def call(
    module: Any, tool: str, mode: str, script: list[str], arguments: dict | None = None
) -> Outcome:
    """Call ``tool`` of ``module.mcp`` on ``mode`` (``"legacy"``/``"auto"``) answering by ``script``."""
    prompts: list[str] = []
    schemas: list[dict[str, Any]] = []

    def wait_for(request: Request) -> Answer:
        action = script[len(prompts)] if len(prompts) < len(script) else "accept"
        prompts.append(request.prompt)
        schemas.append(request.data.get("schema", {}))
        return answer(request, action)

    notifications: list[tuple] = []

    async def log(message) -> None:
        notifications.append(("log", message.level, message.logger, repr(message.data)))

    async def progress(value: float, total: float | None, message: str | None) -> None:
        notifications.append(("progress", value, total, message))

    async with Client(
        module.mcp,
        mode=mode,
        elicitation_handler=wait_for_handler(wait_for),
        log_handler=log,
        progress_handler=progress,
    ) as client:
        result = await client.call_tool(tool, arguments or {}, raise_on_error=False)
    if result.is_error:
        return Outcome(tuple(prompts), False, None, tuple(schemas))
    text = "".join(getattr(c, "text", "") for c in result.content)
    return Outcome(
        tuple(prompts), True, text, tuple(schemas), tuple(sorted(notifications, key=repr))
    )


SDK_SWAP = ("from fastmcp import FastMCP\n", "from mcp.server import MCPServer as FastMCP\n")
"""An SDK fixture's ``before.py`` is the SDK original with step 1 of the migration
(``MCPServer`` -> ``FastMCP``) done; undoing that one import gives the original."""


def load_sdk_original(path: str, tmp_dir: str) -> Any:
    """Import ``path`` with its ``FastMCP`` swapped back for the SDK's ``MCPServer``."""
    import os

    with open(path, encoding="utf-8") as source:
        text = source.read()
    assert text.count(SDK_SWAP[0]) == 1, "an SDK fixture imports FastMCP once, plainly"
    copy = os.path.join(tmp_dir, f"sdk_original_{next(_counter)}.py")
    with open(copy, "w", encoding="utf-8") as out:
        out.write(text.replace(*SDK_SWAP))
    return load(copy)


async def call_sdk(
    module: Any, tool: str, mode: str, script: list[str], arguments: dict | None = None
) -> Outcome:
    """As :func:`call`, for an SDK ``MCPServer`` through the SDK's own in-memory
    ``mcp.Client`` (mcp 2.3.0), with the same scripted answers. Log messages
    (the client opts in to every level: on 2026-07-28 a server sends them only to
    a request that asks, ``Client.log_level``) and progress notifications are
    recorded as :func:`call` records them."""
    from mcp import Client as SdkClient
    from mcp_types import ElicitResult

    prompts: list[str] = []
    schemas: list[dict[str, Any]] = []

    async def elicitation(context, params) -> ElicitResult:
        action = script[len(prompts)] if len(prompts) < len(script) else "accept"
        prompts.append(params.message)
        schemas.append(params.requested_schema)
        if action in ("decline", "cancel"):
            return ElicitResult(action=action)
        props = (params.requested_schema or {}).get("properties", {})
        return ElicitResult(
            action="accept",
            content={k: _value(v, action == "no") for k, v in props.items()},
        )

    notifications: list[tuple] = []

    async def log(params) -> None:
        notifications.append(("log", params.level, params.logger, repr(params.data)))

    async def progress(value: float, total: float | None, message: str | None) -> None:
        notifications.append(("progress", value, total, message))

    async with SdkClient(
        module.mcp,
        mode=mode,
        elicitation_callback=elicitation,
        logging_callback=log,
        log_level="debug",
        raise_exceptions=False,
    ) as client:
        try:
            result = await client.call_tool(tool, arguments or {}, progress_callback=progress)
        except Exception:  # noqa: BLE001 - an SDK error response raises here: "it failed"
            return Outcome(tuple(prompts), False, None, tuple(schemas))
    if result.is_error:
        return Outcome(tuple(prompts), False, None, tuple(schemas))
    text = "".join(getattr(c, "text", "") for c in result.content)
    return Outcome(
        tuple(prompts), True, text, tuple(schemas), tuple(sorted(notifications, key=repr))
    )


SCRIPTS = (
    ["accept"] * 4,
    ["no"] * 4,
    ["decline"],
    ["cancel"],
    ["accept", "decline"],
    ["accept", "cancel"],
    ["accept", "accept", "decline"],
)
