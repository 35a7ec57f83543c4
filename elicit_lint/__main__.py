"""``python -m elicit_lint`` runs the ``elicit-lint`` command line."""

import sys

from .checker.cli import main

sys.exit(main())
