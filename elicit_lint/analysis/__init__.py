"""Layer 2, the analysis: questions answered about a :mod:`elicit_lint.model`
that more than one consumer asks — the byte prefilter, and the planner's verdict
on every elicitation site (can it be rewritten, into what, or why not).

Rules (:mod:`elicit_lint.rules`) and the codemod (:mod:`elicit_lint.codemod`) both
read it; it imports only :mod:`elicit_lint.core` and :mod:`elicit_lint.model`,
and the standard library (docs/architecture.md).
"""
