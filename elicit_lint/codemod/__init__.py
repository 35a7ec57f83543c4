"""``elicit-migrate``: rewrite handshake-only ``ctx.elicit(...)`` tools into declared
parameters (DESIGN.md §5).

Pipeline (DESIGN.md §3): discovery -> prefilter -> model -> :mod:`.plan` ->
:mod:`.transform` (libcst) -> :mod:`.fileio` + :mod:`elicit_lint.writes` (safe write) -> :mod:`.summary`.

Only :mod:`.plan` and the modules it imports (:mod:`.naming`, :mod:`.response_types`,
:mod:`.outcomes`, :mod:`.locate`, and for SDK ``Resolve(fn)`` markers :mod:`.sdk`,
:mod:`.sdk_tool`, :mod:`.sdk_server`) are on the checker's path (MCP001 and
MCP013/MCP014 ask the planner whether a site can be rewritten); they use the
standard library only. libcst is
imported by :mod:`.transform` alone, when a file is actually rewritten.
"""
