"""Where the cache directory is (``elicit_lint.core.cache`` keeps what is in it).

Apart so that naming the directory, which every run with the cache on does for
its configuration, loads nothing else: a run whose files all fail the prefilter
never opens the cache (``elicit_lint.checker.runner.READ_FIRST``).
"""

from __future__ import annotations

import os

DEFAULT_NAME = ".elicit_lint_cache"
ENV = "ELICIT_LINT_CACHE_DIR"


def directory(root: str, configured: str | None = None) -> str:
    """The cache directory of a project rooted at ``root`` whose configuration says
    ``cache-dir = configured`` (``None``: unset); ``$ELICIT_LINT_CACHE_DIR`` wins."""
    chosen = os.environ.get(ENV) or configured or DEFAULT_NAME
    return os.path.join(root, os.path.expanduser(chosen))
