"""Skip reasons about the tool and its registration: the server it is served
by, other uses of its function (a call, ``__all__``, a second framework), a
registration above its ``def``, another decorator, a name the rewrite's import
would shadow.

Part of the skip reasons :mod:`.locate` re-exports (same conventions: each
names the cause, then what to do by hand; docs/codemod.md "Skip reasons").
New reasons of this concern go at the end of this module.
"""

from __future__ import annotations


def unknown_server(receiver: str | None, resolve: bool = False) -> str:
    """The reason for a tool registered on a server this module does not build;
    ``resolve``: the site is a ``Resolve(fn)`` marker (fine on ``MCPServer``), not
    a ``ctx.elicit`` (failing on the modern era with either framework)."""
    shown = f"`{receiver}`" if receiver else "a server"
    action = (
        "if it is a `FastMCP(...)`, declare `Elicit(fn)` by hand (it ignores `Resolve`)"
        if resolve
        else "declare the question by hand, `Resolve(fn)` on `MCPServer`, `Elicit(fn)` "
        "on `FastMCP(...)`"
    )
    return (
        f"served by {shown}, which this module does not build (the framework is "
        f"unknown): {action}"
    )


def used_elsewhere(name: str, row: int) -> str:
    """The reason for a tool whose function the module also reads on ``row``
    (a call, an alias, a value passed on) besides registering it."""
    return (
        f"`{name}` is also used on line {row}, not only registered as a tool: the "
        "rewrite changes its parameters, so that use would break; move the shared "
        "code into a function both call, then run again"
    )


def exported(name: str) -> str:
    """The reason for a tool whose function ``__all__`` exports."""
    return (
        f"`{name}` is listed in `__all__`: other modules may call it, and the rewrite "
        "changes its parameters; drop it from `__all__` if nothing calls it, then run again"
    )


def registered_before(row: int) -> str:
    """The reason for a tool whose call registration (on ``row``) is written above its ``def``."""
    return (
        f"the registration on line {row} is written above the `def` (it registers an "
        "earlier function of that name, or runs from code defined before it): register "
        "the tool after its `def`, then run again"
    )


def other_decorator(text: str) -> str:
    """The reason for a tool with a decorator that does not register it."""
    return (
        f"`@{text}` also decorates the tool: after the rewrite the questions are asked "
        "before it runs, where the original asked from inside it; migrate by hand, or "
        "drop the decorator, then run again"
    )


def served_by_both(name: str, fastmcp_at: str, sdk_at: str) -> str:
    """The reason for a function other modules register as a tool on a ``FastMCP``
    server (``fastmcp_at``: "path:row") and on an ``MCPServer`` (``sdk_at``): the
    rewrite declares its questions for FastMCP's runtime, which ``MCPServer`` does
    not run, so the SDK's tool would change with it (fresh10 F6)."""
    return (
        f"`{name}` is registered as a tool on a FastMCP server in {fastmcp_at} and on an "
        f"MCPServer in {sdk_at}: a rewrite for FastMCP would change the MCPServer tool too "
        "(it does not run FastMCP's declared questions); give each server its own "
        "function, then run again, or declare the question by hand"
    )


def name_taken(name: str) -> str:
    """The reason for a module where the rewrite's import of ``name`` would shadow one."""
    return (
        f"`{name}` already names something else in this module: rename it (or import "
        "it under another name), then run again"
    )
