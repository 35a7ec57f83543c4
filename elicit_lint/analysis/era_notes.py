"""What a rewritten ask loses on the 2026-07-28 era that the person running the
codemod should know: told per tool in the run's summary (``note (N):``, JSON
``notes``; docs/codemod.md, "Schemas are the same with one exception")."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable

TITLE_NOTE = (
    "on 2026-07-28 the client receives the response model's fields without the class's "
    "top-level `title` and docstring (`description`): that era's requested schema keeps only "
    "`properties`, `required` and `type` (docs/runtime.md); a handshake-era client still "
    "receives them, so put anything the person must read in the question itself"
)


def title_note(classes: Iterable[ast.ClassDef], qualify: Callable[[ast.expr], str | None]) -> str | None:
    """:data:`TITLE_NOTE` when the response type is one of this module's classes
    (``classes``: the ``class`` statements its name denotes) and not an ``Enum``
    (FastMCP wraps an ``Enum`` in a ``value`` field: its schema arrives whole on both
    eras); ``None`` otherwise (a scalar, a ``Literal``, a shorthand, an imported
    class, whose shape this module does not show). ``qualify``: an expression's
    qualified name. Every class-based schema has a top-level ``title`` (pydantic
    writes the class name when none is given)."""
    classes = list(classes)
    if not classes:
        return None
    for node in classes:
        if any((qualify(base) or "").split(".")[0] == "enum" for base in node.bases):
            return None
    return TITLE_NOTE
