"""Layer 4, the workspace: which files to read (discovery, gitignore, excludes),
and the configuration each one is read with (``[tool.elicit-lint]`` tables, their
validated schema and cache, rule selection). Shared by the checker and the codemod
drivers (docs/architecture.md).
"""
