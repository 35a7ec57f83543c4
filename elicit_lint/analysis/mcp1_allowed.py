"""What mcp 2 keeps of mcp 1.x's server surface as it was: the allow-list MCP017's
fix and elicit-migrate's mcp 1.x path read (:mod:`.mcp1`). Sources: mcp 2.3.0's
``docs/migration.md`` ("MCPServer (formerly FastMCP)", "What is unchanged on
`MCPServer`"), signatures compared on mcp 1.30.0 and 2.3.0 (tests/rules/
test_mcp1_upgrade.py imports every allowed name from both). Standard library only.
"""

from __future__ import annotations

from ..model import names

ALLOWED_IMPORTS: dict[str, frozenset[str]] = {
    names.MCP1_FASTMCP: frozenset({"Context", "FastMCP", "Image", "Audio"}),
    names.MCP1_FASTMCP + ".exceptions": frozenset({"ToolError", "ResourceError"}),
    "mcp.server.elicitation": frozenset(
        {"AcceptedElicitation", "DeclinedElicitation", "CancelledElicitation", "ElicitationResult"}
    ),
    "mcp.server.session": frozenset({"ServerSession"}),
    "mcp.server.auth.provider": frozenset({"TokenVerifier", "AccessToken"}),
    "mcp.server.auth.middleware.auth_context": frozenset({"get_access_token"}),
    "mcp.types": frozenset({"ToolAnnotations"}),
    names.MCP1_FASTMCP + ".tools.base": frozenset({"ToolAnnotations"}),
}
"""``from <module> import <names>`` of mcp a module may hold (the guide: "All
submodules under `mcp.server.fastmcp.*` are now under `mcp.server.mcpserver.*`",
"`ToolError`, `ResourceError` -- from `mcp.server.mcpserver.exceptions`", "`Image`,
`Audio` -- from `mcp.server.mcpserver`", "Auxiliary import paths ... have not
moved"; "Resource-server surface": ``TokenVerifier``, ``AccessToken``,
``get_access_token`` "carry over", with the same fields and signatures on 1.30.0 and
2.3.0, tests/rules/test_mcp1_upgrade.py); the ``mcp.server.fastmcp`` ones are
renamed. Any other import of ``mcp`` or a module below it refuses the upgrade
(:data:`KNOWN_CHANGES` says why for the ones known to differ)."""

KNOWN_CHANGES: dict[str, str] = {
    "mcp.server.auth.settings.AuthSettings": (
        "mcp 2 adds the field `identity_assertion_enabled` and keeps the empty path of a "
        "path-less `issuer_url` given as a string (`url_preserve_empty_path`; docs/migration.md "
        "of the mcp 2 sdist)"
    ),
    "mcp.server.transport_security.TransportSecuritySettings": (
        "`allowed_hosts` and `allowed_origins` have no default on mcp 2 (`[]` on mcp 1), and "
        "mcp 2 takes `transport_security=` with the transport, not in the constructor"
    ),
    "mcp.types.ClientCapabilities": (
        "mcp 2 adds the field `extensions` (docs/migration.md of the mcp 2 sdist)"
    ),
}
"""Names the guide says carry over (or does not mention) whose fields differ between
mcp 1.30.0 and 2.3.0 (compared on both installs): the refusal says what differs."""

BUILT_ONLY = frozenset({"ToolAnnotations"})
"""Names a module may only call with keywords (``ToolAnnotations(readOnlyHint=True)``):
mcp 2 renamed the fields to snake_case but still builds them from the camelCase
keywords and sends the same JSON (checked on 1.30.0 and 2.3.0); reading a field
would differ."""

CONSTRUCTOR_KEYWORDS = frozenset(
    {
        "name", "instructions", "website_url", "icons", "auth", "token_verifier",
        "auth_server_provider", "lifespan", "dependencies", "tools", "debug", "log_level",
        "warn_on_duplicate_resources", "warn_on_duplicate_tools", "warn_on_duplicate_prompts",
    }
)
"""``FastMCP(...)`` keywords the guide lists as the unchanged rest of the
constructor (transport keywords moved to ``run()``; ``mount_path`` removed)."""

SERVER_ATTRIBUTES = frozenset(
    {"tool", "resource", "prompt", "completion", "add_tool", "add_resource", "add_prompt", "run"}
)
"""What a module may read of its server ("Decorators", "Listing and registration methods")."""

HANDLER_DECORATORS = frozenset({"tool", "resource", "prompt"})
TRANSPORTS = frozenset({"stdio", "sse", "streamable-http"})

CONTEXT_CALLS: dict[str, tuple[int, int, frozenset[str]]] = {
    "elicit": (0, 2, frozenset({"message", "schema"})),
    "info": (1, 1, frozenset()),
    "debug": (1, 1, frozenset()),
    "warning": (1, 1, frozenset()),
    "error": (1, 1, frozenset()),
    "log": (2, 2, frozenset({"logger_name"})),
    "report_progress": (0, 3, frozenset({"progress", "total", "message"})),
    "read_resource": (0, 1, frozenset({"uri"})),
}
"""``ctx.<method>(...)``: ``(fewest positional, most positional, keywords)`` with the
same meaning on both (``info(message)`` positional only: mcp 2 renamed the
parameter to ``data`` and dropped ``**extra``)."""
