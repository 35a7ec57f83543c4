"""``# noqa`` suppression as the CLI applies it: :mod:`elicit_lint.core.noqa`.

The reading lives in layer 0 so that the planner (layer 2) reads a site's
``# noqa`` exactly as the checker does without importing the checker
(docs/architecture.md); this module re-exports it for the checker's callers.
"""

from __future__ import annotations

from ..core.noqa import Directives, filter_suppressed, parse_directives

__all__ = ["Directives", "filter_suppressed", "parse_directives"]
