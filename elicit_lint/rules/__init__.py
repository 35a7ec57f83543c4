"""The rules MCP001–MCP008 (DESIGN.md §4), one module each.

``ALL_RULES`` is what :func:`elicit_lint.analysis.analyse` runs;
``PREFILTER_PATTERN`` is the byte regex the prefilter uses to skip files in which
no rule can fire (a test checks every rule's invalid examples match it).
"""

from __future__ import annotations

from .base import Rule
from .mcp001 import ImperativeElicitation
from .mcp002 import MissingResponseType
from .mcp003 import ResolverCycle
from .mcp004 import UnknownResolverParameter
from .mcp005 import MixedWithInputRequired
from .mcp006 import MisplacedMarker
from .mcp007 import ResolverTypeMismatch
from .mcp008 import ResolverReturnsCallable

PREFILTER_PATTERN: bytes = rb"elicit|Elicit|InputRequired|Resolve"
"""Every finding needs ``.elicit(`` (MCP001/002) or an ``Elicit`` marker
(MCP003–MCP008; MCP005 needs one too), so a file matching none of these bytes
cannot produce a diagnostic."""

ALL_RULES: tuple[Rule, ...] = (
    ImperativeElicitation(),
    MissingResponseType(),
    ResolverCycle(),
    UnknownResolverParameter(),
    MixedWithInputRequired(),
    MisplacedMarker(),
    ResolverTypeMismatch(),
    ResolverReturnsCallable(),
)

RULES_BY_CODE: dict[str, Rule] = {rule.code: rule for rule in ALL_RULES}

__all__ = ["ALL_RULES", "PREFILTER_PATTERN", "RULES_BY_CODE", "Rule"]
