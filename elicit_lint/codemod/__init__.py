"""Layer 5, ``elicit-migrate``: rewrite handshake-only ``ctx.elicit(...)`` tools into
declared parameters.

Pipeline: discovery (:mod:`elicit_lint.workspace`) -> prefilter -> model ->
plan (:mod:`elicit_lint.analysis.plan`, shared with the checker's rules) ->
:mod:`.render` (libcst, the only place it is imported) -> :mod:`.fileio` +
:mod:`elicit_lint.core.writes` (safe write) -> :mod:`.summary`. The driver
(:mod:`.cli`, :mod:`.engine`) lives here; the planner does not import it
(docs/architecture.md).
"""
