"""What each protocol era's wire carries of a form's requested schema.

Measured (docs/runtime.md, "What the runtime guarantees"): on the handshake era
a question goes out as an ``elicitation/create`` request, which the MCP SDK
dumps whole (``ServerSession.send_request``: ``model_dump``, no per-version
surface), so FastMCP's schema arrives as ``parse_elicit_response_type`` built
it. On the 2026-07-28 era the question rides a ``tools/call`` result
(``InputRequiredResult``), and the SDK's server runner sieves every core result
through the per-version surface (``mcp/server/runner.py`` ``_serialize`` ->
``mcp_types.methods.serialize_server_result``), whose ``RequestedSchema``
keeps only ``$schema``, ``properties``, ``required`` and ``type``: a model's
``title``, its docstring (``description``) and any other top-level key are
dropped, for our runtime's questions and the SDK's own ``Resolve`` alike.

``as_carried`` applies that same SDK function, so a test can say "the same
schema, as far as the era's wire carries it" without a hand-written key list.
"""

from __future__ import annotations

from typing import Any

from mcp_types.methods import serialize_server_result

MODERN = "2026-07-28"


def as_carried(schema: dict[str, Any], mode: str) -> dict[str, Any]:
    """``schema`` as a ``fastmcp.Client`` of ``mode`` receives it.

    ``mode`` is the client's: ``"legacy"`` (handshake era: unchanged) or
    ``"auto"`` (2026-07-28: what the SDK's own result sieve lets through).
    """
    if mode == "legacy":
        return schema
    if mode != "auto":
        raise ValueError(f"unknown client mode {mode!r}")
    result = {
        "resultType": "input_required",
        "inputRequests": {
            "q": {
                "method": "elicitation/create",
                "params": {"mode": "form", "message": "", "requestedSchema": schema},
            }
        },
    }
    sent = serialize_server_result("tools/call", MODERN, result)
    return sent["inputRequests"]["q"]["params"]["requestedSchema"]
