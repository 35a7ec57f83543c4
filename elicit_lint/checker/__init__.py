"""Layer 5, the checker driver: ``elicit-lint check`` (CLI, files -> diagnostics,
``# noqa``, ``--fix``, stdin) and the flake8 plugin. Runs the rules of
:mod:`elicit_lint.rules` over the model; nothing below imports it
(docs/architecture.md).
"""
