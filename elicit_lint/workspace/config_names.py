"""The names ``config``, ``config_schema`` and ``config_cache`` share: the table name,
the output formats and :class:`ConfigError`.

A leaf module (stdlib only) so that the three import it instead of each other
(no import circle; layers: docs/architecture.md).
"""

from __future__ import annotations

TABLE = "elicit-lint"
CONFIG_FILES = (".elicit-lint.toml", "elicit-lint.toml", "pyproject.toml")
"""The configuration files of one directory, first wins: ruff's ``.ruff.toml`` >
``ruff.toml`` > ``pyproject.toml`` (https://docs.astral.sh/ruff/configuration/#config-file-discovery).
The two standalone files hold the keys at their top level; a ``pyproject.toml``
counts only with a ``[tool.elicit-lint]`` table."""
OUTPUT_FORMATS = ("concise", "full", "json", "json-lines", "github", "gitlab", "sarif", "junit", "pylint",
                  "azure", "grouped")
"""The ``output-format`` values (``elicit_lint.report.FORMATS``, which this leaf cannot import)."""


class ConfigError(Exception):
    """Invalid or unreadable configuration; ``str()`` is the whole user-facing message."""
