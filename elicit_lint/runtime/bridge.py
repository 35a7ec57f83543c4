"""Client-side bridge: one ``wait_for(Request) -> Answer`` for every elicitation.

Semantics of the published Rust bridge (docs/architecture.md "The runtime"), in Python:

- form mode -> ``Request(kind="input", data={"schema": requested_schema})``;
  URL mode -> ``Request(kind="authorization", url=...)`` (``data`` carries the
  ``elicitation_id`` when the server sent one);
- the request's ``message`` becomes ``prompt``;
- every request gets a fresh unique id with the ``elc-`` prefix;
- ``Answer(ok=True, data=...)`` -> ``{"action": "accept", "content": data}``
  (``{}`` when ``data`` is ``None``); ``ok=False, reason="declined"`` -> decline;
  any other reason (dismissed, expired, empty, ``None``) -> cancel.

``wait_for_handler(wait_for)`` is a valid fastmcp ``elicitation_handler``
(``fastmcp.client.elicitation.ElicitationHandler``). fastmcp 4.2.3 routes both
a handshake-era ``elicitation/create`` request and every elicitation embedded
in a modern ``InputRequiredResult`` through that one handler
(``Client._drive_input_required`` -> ``session.dispatch_input_request``), so the
same ``wait_for`` answers a tool on either era.
"""

from __future__ import annotations

import inspect
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Literal

import mcp_types
from pydantic_core import to_jsonable_python

ID_PREFIX = "elc-"


@dataclass(frozen=True)
class Request:
    """A question to put in front of a person.

    ``kind`` is ``"input"`` (form mode: the JSON schema to render is
    ``data["schema"]``) or ``"authorization"`` (URL mode: send the person to
    ``url``). ``prompt`` is the server's message; ``id`` is unique per request
    (``elc-<uuid4 hex>``).
    """

    id: str
    kind: Literal["input", "authorization"]
    prompt: str
    data: dict[str, Any] = field(default_factory=dict)
    url: str | None = None


@dataclass(frozen=True)
class Answer:
    """What the person did: ``ok=True`` with ``data`` (the form's fields), or
    ``ok=False`` with a ``reason`` (``"declined"`` declines; anything else cancels).
    """

    ok: bool
    data: Any = None
    reason: str | None = None


def _new_id() -> str:
    return f"{ID_PREFIX}{uuid.uuid4().hex}"


def elicitation_to_request(params: Any) -> Request:
    """Map ``mcp_types.ElicitRequestFormParams`` / ``ElicitRequestURLParams`` (or an
    ``ElicitRequest`` wrapping them) to a :class:`Request` with a fresh id.

    Raises ``TypeError`` for anything else.
    """
    if isinstance(params, mcp_types.ElicitRequest):
        params = params.params
    if isinstance(params, mcp_types.ElicitRequestURLParams):
        data = {"elicitation_id": params.elicitation_id} if params.elicitation_id else {}
        return Request(id=_new_id(), kind="authorization", prompt=params.message, data=data, url=params.url)
    if isinstance(params, mcp_types.ElicitRequestFormParams):
        return Request(
            id=_new_id(),
            kind="input",
            prompt=params.message,
            data={"schema": params.requested_schema},
        )
    raise TypeError(f"not an elicitation request: {type(params).__name__}")


def answer_to_elicit_result(answer: Answer) -> mcp_types.ElicitResult:
    """Map an :class:`Answer` to the wire ``mcp_types.ElicitResult``.

    ``ok=True`` -> accept with ``content = data`` (``{}`` when ``None``; pydantic
    models and dataclasses are converted to plain JSON data); ``reason ==
    "declined"`` -> decline; otherwise cancel. Content is never sent on
    decline/cancel.
    """
    if answer.ok:
        content = {} if answer.data is None else to_jsonable_python(answer.data)
        return mcp_types.ElicitResult(action="accept", content=content)
    if answer.reason == "declined":
        return mcp_types.ElicitResult(action="decline")
    return mcp_types.ElicitResult(action="cancel")


WaitFor = Callable[[Request], "Answer | Awaitable[Answer]"]


def wait_for_handler(wait_for: WaitFor) -> Callable[..., Awaitable[mcp_types.ElicitResult]]:
    """A fastmcp ``elicitation_handler`` that asks ``wait_for`` (sync or async).

    ``Client(server, elicitation_handler=wait_for_handler(wait_for))`` then
    answers declared (and hand-written) elicitation on both protocol eras. The
    handler receives fastmcp's ``(message, response_type, params, context)`` and
    returns an ``mcp_types.ElicitResult`` (fastmcp keeps an explicit result's
    action and, on accept, validates the content against the requested schema).
    A scalar ``data`` for a single-``value`` form is wrapped by fastmcp as
    ``{"value": data}``.
    """

    async def handler(message: str, response_type: Any, params: Any, context: Any) -> mcp_types.ElicitResult:
        answer = wait_for(elicitation_to_request(params))
        if inspect.isawaitable(answer):
            answer = await answer
        if not isinstance(answer, Answer):
            raise TypeError(f"wait_for must return an Answer, got {type(answer).__name__}")
        if answer.ok and answer.data is not None and not isinstance(to_jsonable_python(answer.data), dict):
            schema = getattr(params, "requested_schema", None) or {}
            if set(schema.get("properties", {})) == {"value"}:
                return mcp_types.ElicitResult(
                    action="accept", content={"value": to_jsonable_python(answer.data)}
                )
        return answer_to_elicit_result(answer)

    return handler
