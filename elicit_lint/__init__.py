"""elicit-lint: checker, codemod and runtime engine for MCP elicitation in FastMCP.

Importing this package is cheap on purpose: the check path (``elicit_lint.checker.cli``,
``elicit_lint.model``, ``elicit_lint.rules``) uses only the standard library, and
libcst, pydantic and fastmcp are imported lazily by the parts that need them
(codemod, configuration validation, ``elicit_lint.runtime``). Layers: docs/architecture.md.
"""

__version__ = "0.1.0"
