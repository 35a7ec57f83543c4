"""The marker's labels and other keywords (stdlib only; read by :mod:`.toolask`).

A ``ctx.elicit`` keyword becomes the marker's own (``response_title=`` ->
``title=``) when FastMCP accepts it for the response type
(``fastmcp.server.elicitation.parse_elicit_response_type``), and refuses the
rewrite otherwise (:class:`.response_types.Refused`).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable

from .response_kind import module_classes
from .response_types import Refused, TypePlan


def _labels_allowed(response_type: ast.expr | None, scope_nodes: Iterable[ast.AST]) -> bool:
    """Whether FastMCP accepts ``response_title``/``response_description`` for this
    type: scalars, ``Literal``, shorthands and ``Enum`` classes yes; dataclasses and
    models no (``fastmcp.server.elicitation.parse_elicit_response_type``). A class
    whose definition is not in this module (one of ``scope_nodes``, the model's
    scope-introducing nodes, every ``class`` among them: no walk of the module)
    is treated as a model."""
    rt = response_type
    if not isinstance(rt, ast.Name) or rt.id in ("str", "int", "float", "bool"):
        return True
    found = module_classes(rt, scope_nodes)
    return bool(found) and all(
        any("Enum" in ast.unparse(b) for b in cls.bases) for cls in found
    )


def labels_on_class(keyword: str) -> str:
    """The reason for ``response_title=``/``response_description=`` (not ``None``)
    with a response type that is a class other than an ``Enum``: fastmcp 4.2.3's
    ``parse_elicit_response_type`` raises ``TypeError`` on every call, before
    asking; a declared marker would raise when the tool is decorated."""
    field = keyword.removeprefix("response_")
    return (
        f"`{keyword}=` with a class response type (not an `Enum`) raises `TypeError` "
        "on every call in FastMCP 4, before asking: put the label on the model's "
        f"fields, `Field({field}=...)`, drop the keyword, then run again"
    )


def marker_extras(
    site, tp: TypePlan, scope_nodes: Iterable[ast.AST], segment: Callable[[ast.AST], str]
) -> str:
    """The marker's keyword arguments after the question (``", response_type=..."``,
    ``", title=..."``) from ``site``'s ``ctx.elicit`` keywords; raises
    :class:`Refused` for a keyword with no declared equivalent. ``scope_nodes``:
    the model's ``scopes`` (its ``class`` nodes are looked up by name)."""
    out = ""
    if tp.marker_response_type:
        out += f", response_type={tp.marker_response_type}"
    for kw in site.call.keywords:
        if kw.arg in ("response_title", "response_description"):
            if isinstance(kw.value, ast.Constant) and kw.value.value is None:
                continue  # `None` is no label: FastMCP and the runtime ignore it
            if not _labels_allowed(tp.type_node or site.response_type, scope_nodes):
                raise Refused(labels_on_class(kw.arg))
            out += f", {kw.arg.removeprefix('response_')}={segment(kw.value)}"
        elif kw.arg not in (None, "message", "response_type", "schema"):
            raise Refused(
                f"the `{kw.arg}=` argument has no declared equivalent: drop it, then "
                "run again"
            )
    return out
