"""Response-type translation: ``ctx.elicit(..., response_type=X)`` -> the parameter's type.

Facts (FastMCP 4.2.3 ``fastmcp.server.elicitation.parse_elicit_response_type``):
a scalar, ``Literal``, ``Enum``, dataclass, TypedDict or pydantic model is both a
valid ``response_type`` and a valid annotation, so it is kept as written (the
runtime derives the schema from the annotation; defaults and ``Field``
constraints live in the class and survive). ``["a", "b"]`` is one choice ->
``Literal["a", "b"]`` (FastMCP builds the same schema for both). ``[["a", "b"]]``
(several) gives the type ``list[Literal["a", "b"]]`` but keeps
``response_type=[["a", "b"]]`` on the marker: FastMCP builds that shorthand's
schema by hand, without the ``"title": "Value"`` its ``list[Literal[...]]``
schema has on the field, and a rewrite must send the original's schema.
A dict shorthand (``{"a": {"title": ...}}``) has no annotation equivalent: it is
kept as ``response_type=`` with ``str`` / ``list[str]`` as the type. ``None`` or a
missing type is refused: FastMCP 4 raises ``TypeError`` for both
(``Context.elicit`` requires ``response_type``), so the original never asks and
no declared question behaves the same.

Anything built at run time (calls, comprehensions, names bound in the tool body
other than hoistable classes) is refused with a reason, except what is provably
the named type when FastMCP or the SDK reads it (:func:`read`, the one reader
the checker rules and every planner ask): ``typing.cast(T, X)`` is ``X`` at run
time (``cast`` returns its second argument unchanged, Python docs
``typing.cast``), so ``response_type=cast(Any, ContactForm)`` is read as
``ContactForm`` when ``cast`` and ``T`` are names the module binds once, at its
top level, that evaluate without effect (a ``cast`` that is not so shown keeps
its own reason, :func:`cast_unproven`).
"""

from __future__ import annotations

import ast
import builtins
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from . import module_writes
from .response_kind import (
    BUILT,
    BUILTIN_SCALARS,
    CHOICES,
    MISSING,
    SEVERAL,
    SHORTHAND,
    ResponseType,
    module_classes,
    read_response_type,
)

RUN_TIME = (
    "the response type is built at run time: name a type defined at module level, "
    "then run again"
)


class Refused(Exception):
    """A site the codemod will not rewrite; ``args[0]`` is the reason (a phrase)."""


_CASTS = frozenset({"typing.cast", "typing_extensions.cast"})


def cast_unproven(written: str) -> str:
    """The reason for a ``typing.cast(...)`` response type not shown to be its
    second argument at run time (``cast`` or the first argument is not a name the
    module binds once at its top level, or the call's arguments are not ``(T, X)``)."""
    return (
        f"the response type `{written}` is a `cast(...)` the codemod cannot show "
        "evaluates to its second argument without effect (`cast` and its first "
        "argument must be names imported or defined once at module level): pass the "
        "type itself, `response_type=X`, then run again"
    )


def _top_level(model, scope, name: str, kinds=("import", "class")) -> ast.AST | None:
    """The binding node of ``name`` read in ``scope`` when one statement at the top
    level of the module (not under an ``if``/``try``, so not only for type checkers)
    binds it, by one of ``kinds``; ``None`` otherwise. A builtin nothing binds
    gives the ``builtins`` module itself."""
    found = (scope or model.module_scope).lookup(name)
    if found is None:
        return builtins if hasattr(builtins, name) else None  # type: ignore[return-value]
    owner, bindings = found
    if owner.kind != "module" or len(bindings) != 1 or bindings[0].kind not in kinds:
        return None
    binding = bindings[0]
    if binding.fallback or not any(binding.node is s for s in model.tree.body):
        return None
    return binding.node


def _evaluates_quietly(model, scope, node: ast.expr, qualify) -> bool:
    """``node`` (a ``cast``'s first argument) evaluates without effect or error: a
    string, a name bound once at the module's top level by an import or a class
    (or an unshadowed builtin), or ``typing.X`` of a top-level ``import typing``
    with ``X`` in the standard library's ``typing``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return True
    if isinstance(node, ast.Name):
        return _top_level(model, scope, node.id) is not None
    return (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and _top_level(model, scope, node.value.id, ("import",)) is not None
        and qualify(node.value) == "typing"
        and hasattr(typing, node.attr)
    )


def runtime_type(model, node: ast.expr | None, scope=None, qualify=None) -> ast.expr | None:
    """The expression ``node`` (a ``response_type`` as written, read in ``scope``)
    holds at run time: ``node`` itself, or for ``typing.cast(T, X)`` (also
    ``typing_extensions.cast``, positional or ``typ=``/``val=``) the
    ``runtime_type`` of ``X`` (``cast`` returns its second argument unchanged).
    ``qualify``: qualified names as read at the site (default: the model's,
    read in ``scope``). Raises :class:`Refused` (:func:`cast_unproven`) for a ``cast`` whose
    evaluation is not shown to be free of effects and errors."""
    if qualify is None:
        def qualify(expr: ast.expr) -> str | None:
            return model.qualified_name(expr, scope)
    for _ in range(8):
        if not (isinstance(node, ast.Call) and qualify(node.func) in _CASTS):
            return node
        head = node.func
        while isinstance(head, ast.Attribute):
            head = head.value
        given = dict(zip(("typ", "val"), node.args))
        for keyword in node.keywords:
            if keyword.arg in (None, *given):
                given = {}
                break
            given[keyword.arg] = keyword.value
        if not (
            not module_writes.writes_namespace(model)
            and set(given) == {"typ", "val"}
            and len(node.args) <= 2
            and not any(isinstance(a, ast.Starred) for a in node.args)
            and isinstance(head, ast.Name)
            and _top_level(model, scope, head.id, ("import",)) not in (None, builtins)
            and _evaluates_quietly(model, scope, given["typ"], qualify)
        ):
            raise Refused(
                cast_unproven(ast.get_source_segment(model.source, node) or ast.unparse(node))
            )
        node = given["val"]
    return node


def read(model, node: ast.expr | None, scope=None, qualify=None) -> ResponseType:
    """What a site's ``response_type`` ``node`` denotes when FastMCP or the SDK
    reads it: :func:`.response_kind.read_response_type` of its
    :func:`runtime_type`. The one reader for the checker rules and the planners
    (FastMCP, sdk-ask). Raises :class:`Refused` as :func:`runtime_type` does."""
    return read_response_type(model, runtime_type(model, node, scope, qualify), scope, qualify)


NO_RESPONSE_TYPE = (
    "`ctx.elicit(...)` without a `response_type` raises `TypeError` on FastMCP 4 (MCP002): "
    "the original never asks; pass `response_type=bool` and check the answer, then run again"
)
"""Why a missing or ``None`` response type is not rewritten (fastmcp 4.2.3
``Context.elicit(message, response_type, ...)``: a missing argument is a
``TypeError``, ``None`` raises "ctx.elicit() requires a response_type")."""

SCHEMA_KEYWORD = (
    "`ctx.elicit(..., schema=...)` raises `TypeError` on FastMCP 4 (MCP002): the original "
    "never asks; rename the keyword `response_type=` and check the answer, then run again"
)
"""Why the old ``schema=`` keyword is not rewritten (fastmcp 4.2.3: "got an
unexpected keyword argument 'schema'")."""


UNION_TYPE = (
    "a union `response_type` (`T | None`, `Optional[T]`, `Union[...]`) raises `TypeError` "
    "on FastMCP 4 (MCP002): the original never asks, and a tool that always failed must "
    "not start working; pass `T` itself (a decline already gives no value), then run again"
)
"""Why a union response type is not rewritten (fastmcp 4.2.3
``parse_elicit_response_type``: a union is no scalar, list or dict shorthand, so
its schema is pydantic's ``anyOf``, and ``validate_elicitation_json_schema``
raises "Elicitation schema must be an object schema, got type 'None'")."""

LIST_TYPE = (
    "a `list[...]` `response_type` of `str`, `int`, `float`, `bool` or a one-member "
    "`Literal` raises "
    "`TypeError` on FastMCP 4 (MCP002): the original never asks, and a tool that always "
    "failed must not start working; for several choices pass `[[\"a\", \"b\"]]` or "
    "`list[SomeEnum]`, then run again"
)
"""Why such a list type is not rewritten (fastmcp 4.2.3
``validate_elicitation_json_schema``: "arrays are only allowed when items are
enums"; ``list[Literal["a"]]`` (one member) gives ``items: {const}`` and fails
too, while ``list[Literal["a", "b"]]`` gives ``items: {enum}`` and is asked, as
is ``list[SomeEnum]``: checked through ``fastmcp.Client`` on the legacy era)."""


def typing_typed_dict(name: str) -> str:
    """Why a ``typing.TypedDict`` response type ``name`` is not rewritten: pydantic
    (as FastMCP 4.2.3 builds the schema) raises ``PydanticUserError`` for it on
    Python < 3.12 -- ``ctx.elicit`` when called, so only that tool fails, but
    ``@declared_elicitation`` builds the schema at import, so no tool would load."""
    return (
        f"the response type `{name}` is a `typing.TypedDict`, which pydantic refuses on "
        "Python < 3.12 (the original fails when called, the rewrite would fail at import): "
        "import `TypedDict` from `typing_extensions`, then run again"
    )


def typed_dict_refusal(
    response_type: ast.expr | None,
    scope_nodes: Iterable[ast.AST],
    qualify: Callable[[ast.expr], str | None],
) -> str | None:
    """:func:`typing_typed_dict`'s reason when ``response_type`` names a class of
    this module (one of ``scope_nodes``) with ``typing.TypedDict`` among its bases
    (``qualify``: an expression's qualified name), else ``None``."""
    for node in module_classes(response_type, scope_nodes):
        if any(qualify(base) == "typing.TypedDict" for base in node.bases):
            return typing_typed_dict(node.name)
    return None


@dataclass
class TypePlan:
    """The translated type of one ask.

    ``annotation``: source of ``T``; ``marker_response_type``: source of a
    ``response_type=`` kept on the marker (dict shorthands), else ``None``;
    ``imports``: ``(module, name)`` pairs the annotation needs;
    ``class_name``: a user class's name (for naming); ``hoist``: body-local classes
    to move above the tool.
    """

    annotation: str
    marker_response_type: str | None = None
    imports: list[tuple[str, str]] = field(default_factory=list)
    class_name: str | None = None
    hoist: list[ast.ClassDef] = field(default_factory=list)
    literal: str | None = None
    """The ``Literal[...]`` text a shorthand list became, or the source's own
    ``Literal[...]`` of constants (:mod:`.aliases`)."""
    literal_spelled: bool = False
    """``literal`` is the source's own ``Literal[...]`` (no import planned for it)."""
    type_node: ast.expr | None = None
    """The type expression the annotation was read from, when it is not the
    site's ``response_type`` as written (``X`` of ``cast(T, X)``, :func:`read`)."""


def _literal(values: list[ast.Constant], segment: Callable[[ast.AST], str]) -> str:
    """``Literal[...]`` of the choices, each spelled as in the source (quotes kept)."""
    return "Literal[" + ", ".join(segment(v) for v in values) + "]"


def _names(node: ast.AST) -> list[str]:
    return [n.id for n in ast.walk(node) if isinstance(n, ast.Name)]


def translate(
    response: ResponseType,
    segment: Callable[[ast.AST], str],
    local_classes: dict[str, ast.ClassDef],
    local_names: set[str],
) -> TypePlan:
    """Translate a ``response_type`` by what it is written as (``response.shape``,
    :func:`.response_kind.read_response_type`); ``segment`` gives a node's source text.

    ``local_classes``: classes defined at the top of the tool body (hoistable when
    they close over nothing); ``local_names``: every other name bound in the tool
    (parameters, assignments). Raises :class:`Refused`, with
    :data:`NO_RESPONSE_TYPE` for a missing or ``None`` type.
    """
    node = response.written
    if response.shape == MISSING:
        raise Refused(NO_RESPONSE_TYPE)
    text = segment(node)
    if response.shape == CHOICES:
        literal = _literal(response.choices, segment)
        return TypePlan(literal, imports=[("typing", "Literal")], literal=literal)
    if response.shape == SEVERAL:
        literal = _literal(response.choices, segment)
        return TypePlan(
            f"list[{literal}]",
            marker_response_type=text,
            imports=[("typing", "Literal")],
            literal=literal,
        )
    if response.shape == SHORTHAND:
        if any(n in local_names or n in local_classes for n in _names(node)):
            raise Refused(RUN_TIME)
        choices = node if isinstance(node, ast.Dict) else node.elts[0]
        keys = {k.value for k in choices.keys if isinstance(k, ast.Constant)}  # type: ignore[union-attr]
        if keys & {"type", "properties", "$schema"} or None in choices.keys:  # type: ignore[union-attr]
            raise Refused(
                "a JSON-schema dict response type has no declared equivalent: write "
                "it as a dataclass or pydantic model, then run again"
            )
        return TypePlan(
            "str" if isinstance(node, ast.Dict) else "list[str]",
            marker_response_type=text,
        )
    if response.shape == BUILT:
        raise Refused(RUN_TIME)
    plan = TypePlan(text, type_node=node)
    if _own_literal(node):
        plan.literal, plan.literal_spelled = text, True
    for name in _names(node):
        if name in local_classes:
            plan.hoist.append(local_classes[name])
        elif name in local_names:
            raise Refused(
                f"the response type `{name}` is built at run time: define it at "
                "module level, then run again"
            )
    if (
        isinstance(node, ast.Name)
        and node.id not in BUILTIN_SCALARS
        and node.id.lstrip("_")[:1].isupper()
    ):
        plan.class_name = node.id
    return plan


def _own_literal(node: ast.expr) -> bool:
    """``Literal[...]`` (spelled ``Literal``, or ``typing.Literal``: a module name,
    a dot, ``Literal``) of constants on one line: the same text in any signature
    of the module means the same type (:mod:`.aliases` checks what the leading
    imports bind)."""
    head = node.value if isinstance(node, ast.Subscript) else None
    if isinstance(head, ast.Attribute) and isinstance(head.value, ast.Name):
        spelled = head.attr == "Literal"
    else:
        spelled = isinstance(head, ast.Name) and head.id == "Literal"
    if not (spelled and node.lineno == node.end_lineno):
        return False
    members = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
    return all(isinstance(m, ast.Constant) for m in members)


def closes_over(cls: ast.ClassDef, function_locals: set[str]) -> str | None:
    """The first tool-local name the class body uses (``None``: it can be hoisted)."""
    own = {cls.name}
    for stmt in cls.body:
        for n in ast.walk(stmt):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                own.add(n.id)
    for n in ast.walk(cls):
        if (
            isinstance(n, ast.Name)
            and isinstance(n.ctx, ast.Load)
            and n.id in function_locals
            and n.id not in own
        ):
            return n.id
    return None
