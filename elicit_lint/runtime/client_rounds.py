"""Client rounds driven by hand, across requests (issue 5).

A web app cannot answer in a handler: it shows a form and the reply arrives on
another request, maybe in another process. The 2026-07-28 protocol allows that
(each round is a complete ``tools/call``; the state travels sealed in
``request_state``), but released ``fastmcp.Client`` 4.2.3 exposes it only
through ``client.session.call_tool(name, args, allow_input_required=True,
input_responses=..., request_state=...)``, which returns unparsed protocol
objects. :func:`call_tool_rounds` is that call plus fastmcp's own result parsing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import mcp_types
from mcp_types.version import MODERN_PROTOCOL_VERSIONS
from pydantic_core import to_jsonable_python


@dataclass
class RoundResult:
    """One round of a tool call.

    When the server asks, ``input_required`` is the ``mcp_types.InputRequiredResult``
    (``input_requests`` keyed as the server keyed them -- parameter names for
    ``@declared_elicitation`` tools -- and the opaque ``request_state`` to hand back
    byte-exact) and the other fields are empty. When the tool completed,
    ``input_required`` is ``None`` and ``content`` / ``structured_content`` /
    ``data`` / ``is_error`` / ``meta`` are what ``fastmcp.Client.call_tool`` gives
    (parsed against the tool's output schema by the same fastmcp function).
    """

    input_required: mcp_types.InputRequiredResult | None = None
    content: list[Any] | None = None
    structured_content: dict[str, Any] | None = None
    data: Any = None
    is_error: bool = False
    meta: dict[str, Any] | None = None

    @property
    def request_state(self) -> str | None:
        """Shortcut for ``input_required.request_state`` (``None`` when complete)."""
        return self.input_required.request_state if self.input_required else None

    @property
    def questions(self) -> dict[str, Any]:
        """``{key: ElicitRequestFormParams | ElicitRequestURLParams}`` of this round's elicitations."""
        if self.input_required is None:
            return {}
        return {
            key: request.params
            for key, request in (self.input_required.input_requests or {}).items()
            if isinstance(request, mcp_types.ElicitRequest)
        }


async def answers_by_hand(message: str, response_type: Any, params: Any, context: Any) -> Any:
    """The ``elicitation_handler`` of a client that answers rounds with :func:`call_tool_rounds`.

    ``Client(server, elicitation_handler=answers_by_hand)`` declares the form
    elicitation capability (a ``fastmcp.Client`` declares it only when given a
    handler), which a declared tool requires before it asks anything
    (``engine.require_capability``, as the MCP SDK v2 does). It is never called
    for rounds driven by hand; if it is (``Client.call_tool`` driving the
    rounds itself, or a handshake-era question) it raises ``RuntimeError``,
    which the client reports as an error for that question.
    """
    raise RuntimeError(
        "this client answers questions by hand (call_tool_rounds); it has no handler for "
        f"the question {message!r}"
    )


def _is_modern(client: Any) -> bool:
    """``fastmcp.Client.protocol_version`` (the negotiated version) is a modern one."""
    return client.protocol_version in MODERN_PROTOCOL_VERSIONS


async def call_tool_rounds(
    client: Any,
    name: str,
    arguments: dict[str, Any] | None = None,
    *,
    input_responses: dict[str, Any] | None = None,
    request_state: str | None = None,
) -> RoundResult:
    """Call a tool for one round; nothing is kept client-side between rounds.

    ``client`` is a connected ``fastmcp.Client`` that declares the elicitation
    capability (created with an ``elicitation_handler``, :func:`answers_by_hand`
    when nothing answers during the call). ``input_responses`` maps the keys
    of the previous round's ``input_requests`` to answers (build them with
    :func:`accept` / :func:`decline` / :func:`cancel`); ``request_state`` is the
    previous round's ``RoundResult.request_state``, passed back unchanged.

    Raises ``ValueError`` when ``input_responses`` or ``request_state`` is given on a
    handshake-era connection (there the server asks during the call through the
    client's ``elicitation_handler``; there is nothing to hand back), and
    ``mcp.shared.exceptions.MCPError`` when the server rejects the call (for
    instance a tampered ``request_state``). Tool errors come back as
    ``is_error=True``, not raised.
    """
    if not _is_modern(client) and (input_responses is not None or request_state is not None):
        raise ValueError(
            "input_responses/request_state only exist on 2026-07-28 connections; this "
            "connection negotiated a handshake-era protocol, where the server asks during "
            "the call through the client's elicitation_handler"
        )
    result = await client.session.call_tool(
        name=name,
        arguments=arguments or {},
        input_responses=input_responses,
        request_state=request_state,
        allow_input_required=True,
    )
    if isinstance(result, mcp_types.InputRequiredResult):
        return RoundResult(input_required=result)
    # fastmcp's own parser (what Client.call_tool uses): output-schema-aware `.data`.
    parsed = await client._parse_call_tool_result(name, result, raise_on_error=False)
    return RoundResult(
        content=parsed.content,
        structured_content=parsed.structured_content,
        data=parsed.data,
        is_error=parsed.is_error,
        meta=parsed.meta,
    )


def accept(value_or_fields: Any) -> mcp_types.ElicitResult:
    """An accepted answer as the wire ``mcp_types.ElicitResult``.

    A ``dict`` (or pydantic model / dataclass) is sent as the form's fields; any
    other value is wrapped as ``{"value": value}``, the shape FastMCP asks for
    scalars, ``Literal``, ``Enum`` and lists. Enums are sent by value.
    """
    content = to_jsonable_python(value_or_fields)
    if not isinstance(content, dict):
        content = {"value": content}
    return mcp_types.ElicitResult(action="accept", content=content)


def decline() -> mcp_types.ElicitResult:
    """A declined answer (no content)."""
    return mcp_types.ElicitResult(action="decline")


def cancel() -> mcp_types.ElicitResult:
    """A cancelled (dismissed) answer (no content)."""
    return mcp_types.ElicitResult(action="cancel")
