"""Fallback bindings (see :mod:`.scopes`): the statements of an ``except
ImportError`` handler or of the ``else:`` of ``if TYPE_CHECKING:`` bind a name
only when the import before them did not run, so they do not hide it.
"""

from __future__ import annotations

import ast
from typing import Protocol, TypeVar


class _MaybeFallback(Protocol):
    """What :func:`in_effect` reads of a binding (:class:`.scopes.Binding`); a
    protocol, so this module does not import :mod:`.scopes`, which imports it."""

    fallback: bool


_B = TypeVar("_B", bound=_MaybeFallback)


def in_effect(bindings: list[_B]) -> _B:
    """The binding of a non-empty list that the model takes as the name's value:
    the last one that is not a fallback, else the last one."""
    for binding in reversed(bindings):
        if not binding.fallback:
            return binding
    return bindings[-1]


_IMPORT_ERRORS = frozenset({"ImportError", "ModuleNotFoundError"})


def catches_import_error(handler: ast.ExceptHandler) -> bool:
    """Whether an ``except`` clause names ``ImportError`` or ``ModuleNotFoundError``
    (alone or in a tuple)."""
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(isinstance(t, ast.Name) and t.id in _IMPORT_ERRORS for t in types)


def is_type_checking(test: ast.expr) -> bool:
    """``TYPE_CHECKING`` or ``<module>.TYPE_CHECKING`` (by spelling: the flag is a convention)."""
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )
