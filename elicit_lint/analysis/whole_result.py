"""Whether a result may be kept whole as an outcome-typed parameter (docs/architecture.md
"Data flow: `elicit-migrate`", outcome translation). Standard library only."""

from __future__ import annotations

import ast

from .response_types import Refused


def outcome_form(planner, placement, refused: Refused) -> None:
    """Raise ``refused`` again unless the result ``placement.variable`` can be
    kept whole as an outcome-typed parameter: the target has the form
    (``elicit_lint.runtime``), ``ElicitationResult`` names nothing else here,
    and the body reads the variable only after the ask (before it, the
    original raised ``UnboundLocalError``)."""
    variable = placement.variable
    if planner.target != "elicit_lint.runtime":
        raise refused
    if "ElicitationResult" in planner.model.module_scope.bindings and (
        planner.model.qualified_name(ast.Name(id="ElicitationResult", ctx=ast.Load()))
        != "elicit_lint.runtime.ElicitationResult"
    ):
        raise refused
    start = (placement.statement.lineno, placement.statement.col_offset)
    for n in planner.nodes:
        if (
            isinstance(n, ast.Name)
            and n.id == variable
            and (n.lineno, n.col_offset) < start
        ):
            raise refused
