"""``python -m elicit_lint`` runs the ``elicit-lint`` command line."""

from .checker.cli import console

console()
