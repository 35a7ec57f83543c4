"""Sites the author suppressed with ``# noqa`` (one reading for both planners).

The FastMCP planner (:mod:`.plan`) and the SDK planner (:mod:`.sdk_ask`) skip a
question whose MCP001 finding a ``# noqa: MCP001`` comment or a file-level
``# ruff: noqa: MCP001`` directive suppresses, with one reason (:data:`NOQA`),
read exactly as the checker reads it (``elicit_lint.core.noqa``), so the
checker's "suppressed" and the codemod's skip agree (docs/codemod.md "Skip
reasons").
"""

from __future__ import annotations

from ..model import Model

NOQA = (
    "suppressed with `# noqa` (MCP001): the author keeps it; remove the `# noqa` to "
    "migrate it"
)


def sibling_noqa(row: int) -> str:
    """The reason for a site that is not suppressed itself, in a tool where the
    question on ``row`` is: tools are rewritten all-or-nothing."""
    return (
        f"another question of this tool (line {row}) is suppressed with `# noqa` "
        "(MCP001); tools are rewritten whole: remove that `# noqa` or migrate the "
        "tool by hand"
    )


def suppressed_by_noqa(model: Model):
    """``suppressed(site) -> bool`` for anything with a ``span`` (a FastMCP
    ``ElicitationSite`` or an SDK ``SdkAsk``): a ``# noqa`` / file-level directive
    covers the MCP001 finding at the site's start (read as the checker reads it,
    ``elicit_lint.core.noqa``). Never raises on valid models."""
    if "noqa" not in model.source.lower():
        return lambda site: False
    from ..core.diagnostic import Diagnostic
    from ..core.noqa import noqa_row, parse_directives

    directives = parse_directives(model.source)

    def suppressed(site) -> bool:
        start = site.span.start
        probe = Diagnostic(
            "MCP001", "", "", model.filename, start, site.span.end,
            noqa_row=noqa_row(model.source, start.row, model.tree),
        )
        return directives.suppresses(probe)

    return suppressed
