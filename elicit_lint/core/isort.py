"""The order ruff's isort rule (I001) gives names in one ``from x import ...`` (stdlib only).

Shared by the codemod's import placement and the checker's fixes that add an
imported name, so both leave an import block ruff's default isort settings
accept.
"""

from __future__ import annotations


def member_key(name: str) -> tuple[int, str, str]:
    """ruff's ``order-by-type`` key of an imported name: constants, classes, others;
    case-insensitive within each (ruff 0.17 defaults, checked with ``ruff check --select I``)."""
    if len(name) > 1 and name.isupper():
        rank = 0
    elif name[:1].isupper():
        rank = 1
    else:
        rank = 2
    return (rank, name.lower(), name)
