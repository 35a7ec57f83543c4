"""Skip reasons about the response type (FastMCP) or schema (SDK): one built in
the body, tuple choices, a JSON-schema dict, a field FastMCP refuses, an SDK
schema that is no pydantic model.

Part of the skip reasons :mod:`.locate` re-exports (same conventions: each
names the cause, then what to do by hand; docs/codemod.md "Skip reasons").
New reasons of this concern go at the end of this module.
"""

from __future__ import annotations


def computed_type(name: str, how: str | None = None) -> str:
    """The reason for a response type the body builds (``schema =
    make_dataclass(...)``); ``how``: what binds it (:func:`.bindings.how_bound`)."""
    where = f" by {how}" if how else ""
    return (
        f"the response type `{name}` is built in the body{where}: a declared "
        "parameter's type is fixed when the tool is defined; define the type at "
        "module level and pass its name, then run again"
    )


TUPLE_CHOICES = (
    "choices as a tuple `response_type` (`(\"a\", \"b\")`, `[(\"a\", \"b\")]`) fail every "
    "call on FastMCP 4 (MCP002), which reads only a list as choices: the original never "
    "asks, and a tool that always failed must not start working; pass a list "
    "(`[\"a\", \"b\"]`, or `[[\"a\", \"b\"]]` for several answers), then run again"
)
"""Why tuple choices are not rewritten (``response_kind.tuple_choices``)."""


SCHEMA_DICT = (
    "a JSON-schema dict `response_type` (`{\"type\": \"object\", ...}`) fails every call on "
    "FastMCP 4 (MCP002), which reads a dict as titled choices: the original never asks, "
    "and a tool that always failed must not start working; write the schema as a "
    "dataclass or pydantic model, then run again"
)
"""Why a dict FastMCP cannot read as choices is not rewritten (``response_kind.schema_dict``)."""


def refused_field(cls: str, field: str, annotation: str) -> str:
    """The reason for a response class with a field fastmcp 4.2.3 refuses in an
    elicitation schema (:mod:`.fastmcp_fields`): the original fails every call
    before asking, the runtime would raise when the module is imported."""
    return (
        f"the response type `{cls}` has a field `{field}: {annotation}` that FastMCP 4 refuses "
        "in an elicitation schema (only `str`, `int`, `float`, `bool`, a `Literal[...]`, an "
        "Enum, or a `list` of a `Literal[...]` or an Enum for several choices, without `| None`): the original fails every call before asking, and the "
        "rewritten tool would fail when its module is imported; give the field one of those "
        "types (a decline already gives no value), then run again"
    )


def sdk_schema_not_a_model(what: str) -> str:
    """The reason for an SDK ``ctx.elicit`` whose schema the module shows is no
    pydantic model class (:func:`.sdk_schema.not_a_model`, MCP027): mcp's
    ``render_elicitation_schema`` calls ``schema.model_json_schema()`` and raises
    ``AttributeError`` before asking, so the original never asks."""
    return (
        f"the schema is {what}, not a pydantic model class: the SDK calls "
        "`schema.model_json_schema()` and raises `AttributeError` before asking, so the "
        "original never asks and every call fails (MCP027); write the fields as a "
        "`BaseModel` subclass and pass the class, then run again"
    )


REFUSED_TYPE = (
    "a `response_type` that is an array (`list`, `tuple[...]`, `set[...]`, a `list` of models or "
    "of lists), `bytes` or `Any` raises `TypeError` on FastMCP 4 (MCP002): the original never "
    "asks, and a tool that always failed must not start working; pass a scalar, a model, or "
    "`[[\"a\", \"b\"]]` or `list[SomeEnum]` for several choices, then run again"
)
"""Why a ``response_type`` that fastmcp 4.2.3 refuses before asking
(:func:`.refused_types.refused_type`) is not rewritten: MCP002's finding, the same
words."""
