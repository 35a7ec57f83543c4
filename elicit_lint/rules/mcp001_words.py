"""MCP001's words for a handshake-only call by framework and place: the SDK's
exception and declared form (a ``Resolve`` resolver in a tool, a returned
``Elicit``/``Sample``/``ListRoots`` in a resolver, none on prompts and resources,
``UrlElicitationRequiredError`` for URL mode, ``InputRequiredResult`` on the
low-level ``Server``) and FastMCP's ``ctx.session.<method>(...)``."""

from __future__ import annotations

from ..model import Model, names

LOWLEVEL = names.LOWLEVEL_FRAMEWORK

_SDK_DECLARED = {
    "form": "`Annotated[ElicitationResult[T], Resolve(fn)]`, `fn` returning `Elicit(message, T)`",
    "sampling": "`Annotated[CreateMessageResult, Resolve(fn)]`, `fn` returning `Sample(...)`",
    "roots": "`Annotated[ListRootsResult, Resolve(fn)]`, `fn` returning `ListRoots()`",
}
_SDK_RETURNED = {"form": "`Elicit(message, T)`", "sampling": "`Sample(...)`", "roots": "`ListRoots()`"}
_URL_ADVICE = (
    "raise `UrlElicitationRequiredError([...])` instead: it reaches the client as "
    "-32042 on both eras"
)


def sdk_message(model: Model, callee: str, function, mode: str, framework: str) -> str:
    """MCP001's words for a handshake-only call on the MCP Python SDK: the SDK's
    exception (``NoBackChannelError``, -32600, mcp 2.3.0
    ``src/mcp/shared/exceptions.py``) and its declared form by place (a
    ``Resolve`` resolver in a tool; a returned ``Elicit``/``Sample``/``ListRoots``
    in a resolver; none on prompts and resources; ``UrlElicitationRequiredError``
    for URL mode; ``InputRequiredResult`` on the low-level ``Server``)."""
    head = f"`{callee}()` raises `NoBackChannelError` (-32600) on modern (2026-07-28) connections"
    if model.mcp1_imports:  # mcp 1.x code (MCP017), read as the SDK v2 code it becomes
        head = f"after the rename to `mcp.server.mcpserver` (mcp 2), {head}"
    place = model.place(function)
    if mode == "url":
        advice = _URL_ADVICE
    elif framework == LOWLEVEL:
        advice = (
            "the low-level `Server` has no resolvers: return `InputRequiredResult` "
            "from the handler to ask the client (multi-round-trip requests)"
        )
    elif place == "resolver":
        advice = f"inside a resolver, return {_SDK_RETURNED[mode]} instead"
    elif place in ("prompt", "resource"):
        advice = (
            f"`MCPServer` serves `Resolve` resolvers on tools only, not on a {place}: "
            "ask in a tool instead"
        )
    else:
        advice = f"declare the value as a parameter: {_SDK_DECLARED[mode]}"
    return f"{head}; {advice}"


def fastmcp_session_message(callee: str, mode: str) -> str:
    """MCP001's words for ``ctx.session.<method>(...)`` on a FastMCP context."""
    head = f"`{callee}()` fails on modern (2026-07-28) connections: it sends a request back to the client mid-call"
    if mode == "form":
        return f"{head}; declare the value as a parameter: `Annotated[T, Elicit(...)]`"
    if mode == "url":
        return f"{head}; there is no declared URL-mode question: keep it for handshake-era clients"
    return f"{head}; there is no declared equivalent: keep it for handshake-era clients"
