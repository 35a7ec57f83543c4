"""Qualified names the model knows, and the re-exports that alias them.

Every fact here was read from the installed packages (fastmcp 4.2.3, mcp 2.3.0,
mcp-types 2.3.0) and their sdists:

- ``fastmcp/__init__.py`` and ``fastmcp/server/__init__.py`` re-export
  ``fastmcp.server.context.Context`` lazily as ``fastmcp.Context`` /
  ``fastmcp.server.Context``; the same holds for ``FastMCP``.
- ``fastmcp/server/dependencies.py`` defines ``get_context`` (line 515) and
  ``CurrentContext`` (line 1050); ``fastmcp/dependencies.py`` re-exports
  ``CurrentContext`` and ``Depends`` (which comes from ``uncalled_for``).
- ``fastmcp/tools/__init__.py`` re-exports ``tool`` and ``FunctionTool`` from
  ``function_tool`` and ``Tool`` from ``base``; prompts and resources likewise.
- ``mcp/types/__init__.py`` mirrors ``mcp_types`` name for name, and
  ``mcp_types/__init__.py`` re-exports ``InputRequiredResult`` from ``_types``.
- ``mcp/server/mcpserver/__init__.py`` re-exports ``Resolve``, ``Elicit``,
  ``Sample``, ``ListRoots`` from ``mcp.server.mcpserver.resolve`` (SDK v2 resolvers).
- ``fastmcp.elicitation`` does not exist in 4.2.3; it is the declared-parameter
  module a later FastMCP is expected to ship, and ``elicit_lint.runtime``
  is this project's engine for released 4.x (docs/architecture.md "Terms").
"""

from __future__ import annotations

CONTEXT = "fastmcp.server.context.Context"
GET_CONTEXT = "fastmcp.server.dependencies.get_context"
CURRENT_CONTEXT = "fastmcp.server.dependencies.CurrentContext"
DEPENDS = "uncalled_for.Depends"
DEPENDENCY_MODULES = (
    "uncalled_for.",
    "fastmcp.dependencies.",
    "fastmcp.server.dependencies.",
    "fastmcp_tasks.dependencies.",
    "docket.",
)
"""Modules whose callables build injected parameters: ``Depends``, ``Shared``,
``CurrentContext``, ``CurrentFastMCP``, ``CurrentRequest``, ``CurrentHeaders``,
``TokenClaim``, ``Progress`` (``fastmcp/dependencies.py``) and docket's
``Depends`` / ``CurrentDocket`` / ``CurrentWorker``: uncalled-for injects any
``Dependency`` default (``get_dependency_parameters``)."""
MIDDLEWARE = "fastmcp.server.middleware.middleware.Middleware"
MIDDLEWARE_CONTEXT = "fastmcp.server.middleware.middleware.MiddlewareContext"
"""``fastmcp/server/middleware/middleware.py``: ``MiddlewareContext.fastmcp_context``
is a ``Context | None`` (line 101); ``Middleware``'s hooks (``on_message`` ...
``on_list_prompts``, and ``__call__``) take it as ``context``; both classes are
re-exported by ``fastmcp/server/middleware/__init__.py``."""


def is_middleware_class(qualified: str | None) -> bool:
    """Whether a (canonical) qualified name is FastMCP's ``Middleware`` or one of the
    middleware classes of ``fastmcp.server.middleware`` (every ``*Middleware`` class
    there derives from ``Middleware`` in fastmcp 4.2.3: ``AuthMiddleware``,
    ``PingMiddleware``, ``LoggingMiddleware``, ``ErrorHandlingMiddleware``, ...)."""
    return qualified is not None and qualified.startswith("fastmcp.server.middleware.") and qualified.endswith(
        "Middleware"
    )


MIDDLEWARE_HOOKS = frozenset(
    {
        "__call__", "on_message", "on_request", "on_notification", "on_initialize",
        "on_discover", "on_call_tool", "on_read_resource", "on_get_prompt",
        "on_list_tools", "on_list_resources", "on_list_resource_templates", "on_list_prompts",
    }
)  # fmt: skip
"""The methods of fastmcp 4.2.3's ``Middleware`` that receive a ``MiddlewareContext``
as their first parameter after ``self``, named ``context``."""
ELICIT = "elicit_lint.runtime.Elicit"
"""The declared-parameter marker; ``fastmcp.elicitation.Elicit`` maps here too."""
DECLARED_ELICITATION = "elicit_lint.runtime.declared_elicitation"
ELICITATION_RESULT = "elicit_lint.runtime.ElicitationResult"
"""The outcome type of an outcome-typed elicited parameter
(``Annotated[ElicitationResult[T], Elicit(...)]``, ``elicit_lint/runtime/outcome.py``):
``ctx.elicit``'s own result classes. ``fastmcp.elicitation`` has no such form."""
INPUT_REQUIRED_RESULT = "mcp_types.InputRequiredResult"
SDK_RESOLVE = "mcp.server.mcpserver.Resolve"
SDK_ELICIT = "mcp.server.mcpserver.Elicit"
SDK_SAMPLE = "mcp.server.mcpserver.Sample"
SDK_LIST_ROOTS = "mcp.server.mcpserver.ListRoots"
FASTMCP = "fastmcp.server.server.FastMCP"
SDK_SERVER = "mcp.server.mcpserver.MCPServer"
SDK_TOOL = "mcp.server.mcpserver.tools.base.Tool"
SDK_CONTEXT = "mcp.server.mcpserver.Context"
"""mcp 2.3.0 ``mcp/server/mcpserver/context.py``, re-exported by ``mcp.server.mcpserver``:
what ``MCPServer`` injects into a parameter annotated with it."""
SDK_REQUEST_CONTEXT = "mcp.server.context.ServerRequestContext"
"""The low-level ``Server``'s handler context (``mcp/server/context.py``, re-exported by
``mcp.server``): its ``session`` is the ``ServerSession``."""
SDK_ELICIT_WITH_VALIDATION = "mcp.server.elicitation.elicit_with_validation"
SDK_ELICITATION_RESULT = "mcp.server.mcpserver.ElicitationResult"
SDK_ACCEPTED = "mcp.server.mcpserver.AcceptedElicitation"
MCP1_FASTMCP = "mcp.server.fastmcp"
"""mcp 1.x's server module; a stub in mcp 2 whose import raises ``ModuleNotFoundError``
(``src/mcp/server/fastmcp/__init__.py`` in the mcp 2.3.0 sdist)."""
HANDSHAKE_SESSION_METHODS = frozenset(
    {"elicit", "elicit_form", "elicit_url", "create_message", "list_roots"}
)
"""``ServerSession`` methods that send a request back to the client mid-call
(mcp 2.3.0 ``src/mcp/server/session.py``): they need the handshake era's back channel."""
FASTMCP_REMOVED_METHODS = frozenset({"sample", "sample_step", "list_roots", "elicit_url"})
"""Methods a FastMCP 4 ``Context`` does not have (fastmcp 4.2.3: ``sample``,
``sample_step`` and ``list_roots`` removed, ``tests/server/test_protocol_eras.py``;
``elicit_url`` is the SDK's ``Context``'s): ``AttributeError`` on every era (MCP029)."""
FASTMCP_FRAMEWORK, MCPSERVER_FRAMEWORK, LOWLEVEL_FRAMEWORK = "fastmcp", "mcpserver", "lowlevel"
"""The frameworks a server, tool or context belongs to (docs/architecture.md "Terms")."""
TOOL_DECORATOR = "fastmcp.tools.function_tool.tool"
PROMPT_DECORATOR = "fastmcp.prompts.function_prompt.prompt"
RESOURCE_DECORATOR = "fastmcp.resources.function_resource.resource"
TOOL_CLASSES = frozenset(
    {
        "fastmcp.tools.base.Tool",
        "fastmcp.tools.function_tool.FunctionTool",
        "mcp.server.mcpserver.tools.base.Tool",
    }
)
PROMPT_CLASSES = frozenset(
    {"fastmcp.prompts.base.Prompt", "fastmcp.prompts.function_prompt.FunctionPrompt"}
)
RESOURCE_CLASSES = frozenset(
    {
        "fastmcp.resources.base.Resource",
        "fastmcp.resources.function_resource.FunctionResource",
        "fastmcp.resources.template.ResourceTemplate",
    }
)
OPTIONAL = "typing.Optional"
UNION = "typing.Union"
ANNOTATED = "typing.Annotated"
LITERAL = "typing.Literal"

STAR_EXPORTS: dict[str, tuple[str, ...]] = {
    "fastmcp": ("Context", "FastMCP"),
    "fastmcp.server": ("Context", "FastMCP"),
    "fastmcp.server.dependencies": ("CurrentContext", "get_context"),
    "fastmcp.dependencies": ("CurrentContext", "Depends"),
    "fastmcp.tools": ("Tool", "FunctionTool", "tool"),
    "elicit_lint.runtime": ("Elicit", "ElicitationResult", "declared_elicitation"),
    "fastmcp.elicitation": ("Elicit", "declared_elicitation"),
    "mcp_types": ("InputRequiredResult",),
    "mcp.types": ("InputRequiredResult",),
    "mcp.server.mcpserver": (
        "Context", "Resolve", "Elicit", "Sample", "ListRoots", "MCPServer",
        "ElicitationResult", "AcceptedElicitation",
    ),
    "mcp.server": ("ServerRequestContext", "MCPServer"),
}
"""The names the model cares about that ``from <module> import *`` binds
(each listed in the module's ``__all__`` in fastmcp 4.2.3 / mcp 2.3.0, or in
this project's ``elicit_lint.runtime.__all__``)."""

RUNTIME_EXPORTS = frozenset(
    {
        "Answer", "Elicit", "ElicitationResult", "Request", "RoundResult", "accept",
        "answer_to_elicit_result", "answers_by_hand", "call_tool_rounds", "cancel",
        "declared_elicitation", "decline", "elicitation_to_request", "wait_for_handler",
    }
)
"""``elicit_lint.runtime.__all__``: names a generated module-level name never takes
(a later ``from elicit_lint.runtime import Answer`` would rebind it)."""

# Exact re-exports: public spelling -> defining module's spelling.
_SYMBOLS: dict[str, str] = {
    "fastmcp.Context": CONTEXT,
    "fastmcp.server.Context": CONTEXT,
    "fastmcp.FastMCP": FASTMCP,
    "fastmcp.server.FastMCP": FASTMCP,
    "fastmcp.dependencies.get_context": GET_CONTEXT,
    "fastmcp.dependencies.CurrentContext": CURRENT_CONTEXT,
    "fastmcp.dependencies.Depends": DEPENDS,
    "fastmcp.server.dependencies.Depends": DEPENDS,
    "fastmcp.tools.tool": TOOL_DECORATOR,
    "fastmcp.tools.Tool": "fastmcp.tools.base.Tool",
    "fastmcp.tools.FunctionTool": "fastmcp.tools.function_tool.FunctionTool",
    "fastmcp.prompts.prompt": PROMPT_DECORATOR,
    "fastmcp.prompts.Prompt": "fastmcp.prompts.base.Prompt",
    "fastmcp.prompts.FunctionPrompt": "fastmcp.prompts.function_prompt.FunctionPrompt",
    "fastmcp.resources.resource": RESOURCE_DECORATOR,
    "fastmcp.resources.Resource": "fastmcp.resources.base.Resource",
    "fastmcp.resources.FunctionResource": "fastmcp.resources.function_resource.FunctionResource",
    "fastmcp.resources.ResourceTemplate": "fastmcp.resources.template.ResourceTemplate",
    "fastmcp.server.middleware.Middleware": MIDDLEWARE,
    "fastmcp.server.middleware.MiddlewareContext": MIDDLEWARE_CONTEXT,
    "fastmcp.elicitation.Elicit": ELICIT,
    "fastmcp.server._elicit_resolution.Elicit": ELICIT,
    "fastmcp.elicitation.declared_elicitation": DECLARED_ELICITATION,
    "mcp.server.MCPServer": SDK_SERVER,
    "mcp.server.mcpserver.context.Context": SDK_CONTEXT,
    # mcp 1.x spellings, read as the SDK v2 names they were renamed to
    "mcp.server.fastmcp.Context": SDK_CONTEXT,
    "mcp.server.fastmcp.server.Context": SDK_CONTEXT,
    "mcp.server.fastmcp.FastMCP": SDK_SERVER,
    "mcp.server.fastmcp.server.FastMCP": SDK_SERVER,
    "mcp.server.ServerRequestContext": SDK_REQUEST_CONTEXT,
    "mcp.server.mcpserver.resolve.ElicitationResult": SDK_ELICITATION_RESULT,
    "mcp.server.elicitation.ElicitationResult": SDK_ELICITATION_RESULT,
    "mcp.server.elicitation.AcceptedElicitation": SDK_ACCEPTED,
    "mcp.server.mcpserver.server.MCPServer": SDK_SERVER,
    "mcp.server.mcpserver.Tool": "mcp.server.mcpserver.tools.base.Tool",
    "mcp.server.mcpserver.tools.Tool": "mcp.server.mcpserver.tools.base.Tool",
    "typing_extensions.Annotated": ANNOTATED,
    "typing_extensions.Optional": OPTIONAL,
    "typing_extensions.Union": UNION,
    "typing_extensions.Literal": LITERAL,
}

# Module re-exports: a prefix that mirrors another module name for name.
_MODULES: tuple[tuple[str, str], ...] = (
    ("mcp.types.", "mcp_types."),
    ("mcp_types._types.", "mcp_types."),
    ("mcp.server.mcpserver.resolve.", "mcp.server.mcpserver."),
)


def canonical(qualified: str) -> str:
    """Map a public spelling to the one name the model compares against.

    ``"fastmcp.Context"`` -> ``"fastmcp.server.context.Context"``;
    ``"mcp.types.InputRequiredResult"`` -> ``"mcp_types.InputRequiredResult"``;
    any ``elicit_lint.runtime.<submodule>.Elicit`` -> ``"elicit_lint.runtime.Elicit"``.
    Unknown names come back unchanged.
    """
    for prefix, target in _MODULES:
        if qualified.startswith(prefix):
            qualified = target + qualified[len(prefix):]
            break
    if qualified.startswith("elicit_lint.runtime.") and qualified.count(".") > 2:
        leaf = qualified.rsplit(".", 1)[1]
        if leaf in ("Elicit", "ElicitationResult", "declared_elicitation"):
            qualified = f"elicit_lint.runtime.{leaf}"
    return _SYMBOLS.get(qualified, qualified)
