"""The names ``config``, ``config_schema`` and ``config_cache`` share: the table name,
the output formats and :class:`ConfigError`.

A leaf module (stdlib only) so that the three import it instead of each other
(no import circle; layers: docs/architecture.md).
"""

from __future__ import annotations

TABLE = "elicit-lint"
OUTPUT_FORMATS = ("concise", "full", "json", "json-lines", "github", "gitlab", "sarif", "junit", "pylint",
                  "azure")
"""The ``output-format`` values (``elicit_lint.report.FORMATS``, which this leaf cannot import)."""


class ConfigError(Exception):
    """Invalid or unreadable configuration; ``str()`` is the whole user-facing message."""
