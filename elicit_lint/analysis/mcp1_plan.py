"""Planning a module that imports mcp 1.x's ``mcp.server.fastmcp`` (elicit-migrate's
mcp 1.x path; docs/architecture.md "Data flow: `elicit-migrate`").

When MCP017's rename is offered (:func:`.mcp1.upgrade`), the module is planned as
its renamed text (mcp 2 SDK code) and the plan is mapped back onto the original's
rows and columns (``ModulePlan.positions``); the codemod renders from the renamed
text's model (``ModulePlan.model``), so one run does the rename and the SDK ask
rewrite (:mod:`.sdk_ask`). All or nothing: unless every SDK ask of the renamed
module is rewritten, nothing is, and the file stays as it is. Without the rename
every SDK site keeps :data:`.plan.MCP1_SITE` followed by the first thing to change
by hand.
"""

from __future__ import annotations

import ast
from dataclasses import replace

from ..model import Model, build_model
from .mcp1 import NO_SERVER, Edit, Upgrade, original_column, renamed
from .mcp1 import upgrade as _upgrade
from .records import ModulePlan, Skip

SITE_FAMILIES = ("site", "sdk-site")


def not_offered(reason: str) -> str:
    """The skip reason of an SDK site of an mcp 1.x module the rename is not offered for."""
    return (
        "the file imports mcp 1.x (`mcp.server.fastmcp`) and uses what mcp 2 changed, "
        f"so MCP017 offers no rename: {reason}; change that by hand, import `Context` and "
        "`MCPServer` from `mcp.server.mcpserver`, then run again"
    )


def all_or_nothing(row: int, reason: str) -> str:
    """The skip reason of an SDK site that could be rewritten, in an mcp 1.x module
    where the ask at ``row`` cannot."""
    return (
        "elicit-migrate upgrades an mcp 1.x file from `mcp.server.fastmcp` whole or not at "
        f"all, and the ask at line {row} cannot be rewritten ({reason}): fix that, "
        "then run again"
    )


def after_rename(reason: str) -> str:
    """The skip reason of an SDK site of an mcp 1.x module the rename is offered for,
    which the SDK planner does not rewrite after it."""
    return f"after MCP017's rename to `mcp.server.mcpserver` (mcp 2): {reason}"


OPT_IN = (
    "the file imports mcp 1.x (`mcp.server.fastmcp`), and moving it to mcp 2 changes more "
    "than its questions (error texts, logs, schemas: docs/sdk.md \"What the upgrade to mcp 2 "
    "changes\"), so elicit-migrate leaves it by default: read that list, then apply MCP017's "
    "unsafe fix (`elicit-lint check --select MCP017 --fix --unsafe-fixes`), pass "
    "`--upgrade-mcp1` or set `upgrade-mcp1 = true` in the configuration "
    "(`[tool.elicit-lint]`, docs/configuration.md), then run again"
)
"""The skip reason of an SDK site of an mcp 1.x module MCP017's rename is offered
for, when the run did not opt in to the upgrade (``upgrade=False``)."""


def plan_mcp1(
    model: Model, select: set[str] | None, plan_module, mcp1_site: str, upgrade: bool = False
) -> ModulePlan:
    """The plan of ``model`` (a module with ``model.mcp1_imports``); ``plan_module``:
    :func:`.plan.plan_module` with the run's target and round limit, called
    with ``mcp1=None`` (the module as it is), and ``mcp1_site`` its :data:`.plan.MCP1_SITE` (passed
    in: this module is imported by it). ``upgrade``: the run opted in to the
    rename (``--upgrade-mcp1``); without it every SDK site is skipped with
    :data:`OPT_IN` (or why the rename is not offered) and the file stays as it is."""
    found = _upgrade(model)
    elsewhere = (found.reason or "").startswith(NO_SERVER)
    if upgrade and found.offered and (select is None or "sdk-ask" in select):
        upgraded = _upgraded(model, found, select, plan_module)
        if upgraded is not None:
            return upgraded
    plan = plan_module(model, select, mcp1=None)
    for skip in plan.skips:
        if skip.reason != mcp1_site:
            continue
        if elsewhere:  # fresh14 M2, in its own words (closing9)
            skip.reason = SERVER_ELSEWHERE
        elif found.helper is not None:  # closing9: in its own words too
            skip.reason = helper_elsewhere(*found.helper)
        elif found.importers:  # corpus16 F9: in its own words too
            skip.reason = server_importers(list(found.importers))
        elif found.readers:  # fresh16 HIGH-8: in its own words too
            skip.reason = server_readers(list(found.readers))
        elif not found.offered:
            skip.reason = not_offered(found.reason or "")
        elif not upgrade:
            skip.reason = OPT_IN
    return plan


def _upgraded(model: Model, found: Upgrade, select, plan_module) -> ModulePlan | None:
    text = renamed(model.source, found.edits)
    try:
        other = build_model(ast.parse(text), text, model.filename)
    except SyntaxError:  # not expected: the edits rename names only
        return None
    from .elsewhere import carry

    carry(model, other)
    plan = plan_module(other, select, mcp1=None)
    positions = {}
    for ask in plan.sdk_asks:
        start = ask.ask.span.start
        positions[(start.row, start.column)] = _back(found.edits, start.row, start.column)
    if plan.functions:
        return None  # a FastMCP rewrite in an mcp 1.x module: not expected, not taken
    skips = [
        Skip(
            s.row,
            original_column(found.edits, s.row, s.column),
            after_rename(s.reason) if s.family in SITE_FAMILIES else s.reason,
            s.family,
        )
        for s in plan.skips
    ]
    refused = [s for s in skips if s.family in SITE_FAMILIES]
    if refused:
        first = min(refused, key=lambda s: (s.row, s.column))
        skips += [
            Skip(row, column, all_or_nothing(first.row, first.reason[len(after_rename("")) :]), "sdk-site")
            for row, column in positions.values()
        ]
        skips.sort(key=lambda s: (s.row, s.column))
        return ModulePlan([], skips)
    skips.sort(key=lambda s: (s.row, s.column))
    return replace(plan, skips=skips, model=other, positions=positions, upgrade=found.edits)


def _back(edits: tuple[Edit, ...], row: int, column: int) -> tuple[int, int]:
    return (row, original_column(edits, row, column))


SERVER_ELSEWHERE = (
    "the file imports mcp 1.x (`mcp.server.fastmcp`) but does not build its server "
    "(`name = FastMCP(...)`): its tools are served by a server built in another module, "
    "and both must move to mcp 2 in one step: change this file's `mcp.server.fastmcp` "
    "imports to `mcp.server.mcpserver` by hand, then upgrade the module that builds the "
    "server (`--upgrade-mcp1`) and run again"
)
"""The skip reason of an SDK site of an mcp 1.x module that builds no server
(:data:`.mcp1.NO_SERVER`, fresh14 M2), with or without ``--upgrade-mcp1``."""


def helper_elsewhere(context: str, helper: str, row: int) -> str:
    """The skip reason of an SDK site of an mcp 1.x module that passes its ``Context``
    to a function of another module (:attr:`.mcp1.Upgrade.helper`), with or without
    ``--upgrade-mcp1``: one module at a time cannot move both, and the run inlines
    another module's asking helper into FastMCP tools only (:mod:`.inline_elsewhere`)."""
    return (
        "the file imports mcp 1.x (`mcp.server.fastmcp`) and passes its `Context` to a "
        f"function of another module (`{context}` to `{helper}`, line {row}), so MCP017 offers "
        "no rename: it moves one module at a time and reads a `Context` only through the "
        "module's own functions, and elicit-migrate inlines another module's asking helper "
        f"only into FastMCP tools; move `{helper}` into this module (or ask its question in "
        "the tool), then run again"
    )


def server_importers(where: list[str]) -> str:
    """The skip reason of an SDK site of an mcp 1.x module building a server that
    modules of the run (``where``: ``"path:row"``) register on without a rename of
    their own (:func:`.mcp1.importers_reason`), with or without ``--upgrade-mcp1``."""
    return (
        "the file imports mcp 1.x (`mcp.server.fastmcp`) and builds a server that other "
        f"modules of the run register on while importing mcp 1.x ({', '.join(where)}): "
        "renamed alone, this file would serve them from mcp 2 and the project would import "
        "on neither; change their `mcp.server.fastmcp` imports to `mcp.server.mcpserver` by "
        "hand, then run again"
    )


def server_readers(uses: list[str]) -> str:
    """The skip reason of an SDK site of an mcp 1.x module building a server that
    other modules of the run read outside the allow-list (``uses``: ``"path:row:
    use"``, :func:`.mcp1.readers_reason`), with or without ``--upgrade-mcp1``."""
    return (
        "the file imports mcp 1.x (`mcp.server.fastmcp`) and builds a server that other "
        f"modules of the run use other than mcp 2 keeps it ({'; '.join(uses)}): renamed, "
        "this file would change what they do; change those uses by hand, then run again"
    )
