"""MCP002 on ``ctx.elicit(...)`` calls (:mod:`.mcp002`): a missing ``response_type``,
``schema=``, a kind FastMCP 4 refuses (``.mcp002_reads.KIND_TEXT``), a class with a
refused field, ``response_type=None``."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Model, names
from ..model.positions import Span
from .mcp001 import receiver_text
from .mcp002_reads import KIND_TEXT, kind, read_site_home, refused_class


def site_findings(model: Model) -> Iterator[tuple[Span, str]]:
    """``(span, message)`` for each FastMCP ``ctx.elicit(...)`` call (a local alias of it
    too) whose ``response_type`` FastMCP 4 refuses; the SDK's ``Context.elicit`` is
    not read (it takes ``schema=``)."""
    for site in [*model.sites, *model.aliased_sites]:  # ``elicit = ctx.elicit`` too
        if site.framework != names.FASTMCP_FRAMEWORK:
            continue  # the SDK's `Context.elicit(message, schema)` takes `schema=`
        call = f"`{receiver_text(site)}()`"
        if site.response_type_form == "missing":
            yield (
                site.span,
                (f"{call} has no `response_type`: a `TypeError` on FastMCP 4; "
                "pass one, e.g. `response_type=bool` for a confirmation"),
            )
        elif site.response_type_form == "schema":
            keyword = next(k for k in site.call.keywords if k.arg == "schema")
            yield (
                model.span(keyword),
                (f"{call} passes `schema=`: a `TypeError` on FastMCP 4; pass the type as "
                "`response_type=` (FastMCP 4 says \"unexpected keyword argument 'schema'\")"),
            )
        elif (what := KIND_TEXT.get(kind((read := read_site_home(model, site))[1]))) is not None:
            yield model.span(site.response_type), f"{call} {what}"  # `read`: (model read in, type)
        elif (refused := refused_class(*read)) is not None:
            cls, field, annotation = refused
            yield (
                model.span(site.response_type),
                (f"{call} passes `{cls}`, whose field `{field}: {annotation}` FastMCP 4 refuses "
                "in an elicitation schema: a `TypeError` on every call; give the field `str`, "
                "`int`, `float`, `bool`, a `Literal[...]`, an Enum, or a `list` of a `Literal[...]` or "
                "an Enum for several choices, without `| None` (FastMCP 4 "
                "says \"Elicitation schema field ... is not a primitive type\")"),
            )
        elif site.response_type_is_none:
            yield (
                model.span(site.response_type),
                (f"{call} passes `response_type=None`: a `TypeError` on FastMCP 4"
                "; ask a `bool` confirmation instead (FastMCP 4 says \"ctx.elicit() requires a "
                "response_type\")"),
            )
