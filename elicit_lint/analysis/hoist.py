"""Body-local response type classes hoisted above their tool: when that is refused
(docs/architecture.md "Data flow: `elicit-migrate`", skip list). Standard library only."""

from __future__ import annotations

from . import order
from .response_types import Refused, closes_over


def check(planner, plan) -> None:
    """Raise ``Refused`` (with ``planner.culprit`` set to the asking site) when a
    class in ``plan.hoist`` closes over a local or argument, collides with a
    module-level name, or refers to a name bound after the tool."""
    for cls in plan.hoist:
        planner.culprit = next(a.site for a in plan.asks if cls in a.types.hoist)
        name = closes_over(cls, planner.local_names | set(planner.args))
        if name is not None:
            raise Refused(
                f"the response type class `{cls.name}` closes over `{name}`: "
                "define the class at module level without it, then run again"
            )
        if cls.name in planner.module_taken:
            raise Refused(
                f"hoisting `{cls.name}` would collide with a module-level name: "
                "rename the class, then run again"
            )
        late = order.first_bound_later(planner.function, order.loaded_names(cls))
        if late is not None:
            raise Refused(
                f"the response type class `{cls.name}` refers to `{late}`, "
                "defined after the tool (hoisted above it, it would not exist "
                f"yet): move `{late}` above the tool, then run again"
            )
