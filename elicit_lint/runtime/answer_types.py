"""Types as the runtime compares and spells them (decoration-time checks, messages).

Split from :mod:`.analysis`: ``type_name`` spells a type as the checker's
``elicit_lint.model.typekeys.type_text`` does (MCP007's message and the runtime's
``TypeError`` agree word for word); ``type_key``/``answer_fits`` compare a
question's answer type with a parameter's annotation; ``answer_type`` reads the
delivered type from FastMCP 4.2.3's ``ElicitConfig``; ``admits_none`` and
``value_adapter`` serve the resolver value checks.
"""

from __future__ import annotations

import enum
import inspect
import types
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

from fastmcp.server.elicitation import ElicitConfig, ScalarElicitationType
from pydantic import TypeAdapter

_NONE = type(None)
_UNIONS = (Union, types.UnionType)
_SCALARS = (str, int, float, bool, bytes)


def type_name(tp: Any) -> str:
    """Readable spelling of a type for messages: ``str``, ``int | None``, ``Literal['a']``.

    Spelled as the checker spells the same annotation from source
    (``elicit_lint.model.typekeys.type_text``), so MCP007's message and the
    decoration ``TypeError`` agree: classes and generic heads by their bare name
    (``list[Pet]``, ``List[int]``, not ``list[module.Pet]``), every union with
    ``|`` (``Optional[X]`` -> ``X | None``), ``Annotated[T, ...]`` -> ``T``.
    """
    if tp is _NONE or tp is None:
        return "None"
    if tp is Ellipsis:
        return "..."
    if isinstance(tp, list):  # ``Callable[[int], str]``'s parameter list
        return f"[{', '.join(type_name(a) for a in tp)}]"
    origin, args = get_origin(tp), get_args(tp)
    if origin in _UNIONS:
        return " | ".join(type_name(a) for a in args)
    if origin is Annotated:
        return type_name(args[0])
    if origin is Literal:  # an enum member as written (``Color.RED``), not its repr
        return f"Literal[{', '.join(f'{type(a).__name__}.{a.name}' if isinstance(a, enum.Enum) else repr(a) for a in args)}]"
    if origin is not None:
        # ``typing.List[int]._name`` is ``List``; ``list[int]`` has none: its origin's name
        head = getattr(tp, "_name", None) or getattr(origin, "__name__", None) or type_name(origin)
        return f"{head}[{', '.join(type_name(a) for a in args)}]" if args else head
    if isinstance(tp, type):
        return tp.__name__
    return repr(tp).replace("typing.", "").replace("typing_extensions.", "")


def type_key(tp: Any) -> Any:
    """A comparable key: ``List[str]`` == ``list[str]``, ``Optional[X]`` == ``X | None``,
    ``Annotated[T, ...]`` == ``T`` (aliases are already resolved at run time)."""
    origin = get_origin(tp)
    if origin in _UNIONS:
        return ("|", frozenset(type_key(a) for a in get_args(tp)))
    if origin is Annotated:
        return type_key(get_args(tp)[0])
    if origin is not None:
        return (origin, tuple(type_key(a) if not isinstance(a, (str, int, bool)) else a for a in get_args(tp)))
    return tp


def _strip_none(tp: Any) -> Any:
    if get_origin(tp) in _UNIONS:
        arms = [a for a in get_args(tp) if a is not _NONE]
        if len(arms) == 1:
            return arms[0]
        if len(arms) < len(get_args(tp)):
            return Union[tuple(arms)]  # noqa: UP007
    return tp


def answer_type(config: ElicitConfig) -> Any:
    """The type of the value an accepted answer to ``config`` delivers.

    Read from FastMCP 4.2.3's ``ElicitConfig`` (``fastmcp.server.elicitation``):
    scalars, ``Literal``, ``Enum``, ``list[X]`` and the ``["a", "b"]`` shorthand are
    wrapped as ``ScalarElicitationType[X]`` (``handle_elicit_accept`` unwraps
    ``.value``: ``X``); the ``[["a", "b"]]`` / ``{"a": {...}}`` shorthands are raw
    (``list[Literal['a', 'b']]`` / ``Literal['a']``); models and dataclasses are
    themselves.
    """
    tp = config.response_type
    if get_origin(tp) is ScalarElicitationType and get_args(tp):
        return get_args(tp)[0]
    return tp


def _class_of(tp: Any) -> type | None:
    """The runtime class every value of ``tp`` is an instance of, when there is one."""
    if get_origin(tp) is Literal:
        kinds = {type(a) for a in get_args(tp)}
        return kinds.pop() if len(kinds) == 1 else None
    origin = get_origin(tp)
    if isinstance(origin, type):
        return origin
    return tp if isinstance(tp, type) else None


def answer_fits(answer: Any, parameter: Any) -> bool:
    """False only when every value of ``answer`` is plainly not a ``parameter``.

    The same key comparison as the resolver ``-> Elicit[X]`` check (``type_key``)
    accepts first; beyond it the check is lenient -- whatever it cannot decide
    is accepted: ``Any``/``object``/a ``TypeVar``, a union (fits one arm),
    ``Annotated`` (its base), a ``Literal`` parameter (fits a ``Literal`` answer
    whose every value is one of its own: ``["a"]`` on ``Literal["a", "b"]``, not
    ``["a", "c"]``; never a builtin scalar such as ``str``),
    a subclass of the parameter's class, ``int`` for ``float`` (Python's numeric
    tower), and a container compared by its head and then its item type.
    """
    if type_key(answer) == type_key(parameter):
        return True
    if get_origin(parameter) is Annotated:
        return answer_fits(answer, get_args(parameter)[0])
    if get_origin(answer) is Annotated:
        return answer_fits(get_args(answer)[0], parameter)
    if get_origin(answer) is Literal and len(get_args(answer)) > 1:  # each choice on its own
        return all(answer_fits(Literal[choice], parameter) for choice in get_args(answer))
    if get_origin(parameter) is Literal and (get_origin(answer) is Literal or answer in _SCALARS):
        # an offered choice (or any value of a scalar) outside the parameter's literal
        # would reach the tool body: ``["bug", "docs"]`` on ``Literal["bug", "feature"]``
        choices = get_args(parameter)
        return get_origin(answer) is Literal and all(
            any(type(v) is type(c) and v == c for c in choices) for v in get_args(answer)
        )
    if get_origin(parameter) in _UNIONS:
        return any(answer_fits(answer, arm) for arm in get_args(parameter))
    if get_origin(answer) in _UNIONS:
        return all(answer_fits(arm, parameter) for arm in get_args(answer))
    if parameter is Any or answer is Any:
        return True
    wanted, got = _class_of(parameter), _class_of(answer)
    if wanted is None or got is None or wanted is object:
        return True
    if not (issubclass(got, wanted) or (got is int and wanted is float)):
        return False
    p_args, a_args = get_args(parameter), get_args(answer)
    containers = get_origin(parameter) not in (None, Literal) and get_origin(answer) not in (None, Literal)
    if containers and len(p_args) == 1 and len(a_args) == 1:
        return answer_fits(a_args[0], p_args[0])
    return True


def spell_response_type(response_type: Any) -> str:
    """``response_type`` as a message shows it: a type by ``type_name``, a shorthand by ``repr``."""
    if isinstance(response_type, (list, dict)):
        return repr(response_type)
    return type_name(response_type)


def admits_none(annotation: Any) -> bool:
    """True unless ``annotation`` plainly rejects ``None``: missing, unevaluated
    (a string), ``None``, ``Any``, ``object``, a ``TypeVar``, a union with a
    ``None`` arm, ``Literal[None, ...]`` and ``Annotated`` over any of those admit it."""
    if annotation is inspect.Parameter.empty or isinstance(annotation, (str, TypeVar)):
        return True
    if annotation is None or annotation is _NONE or annotation is Any or annotation is object:
        return True
    origin = get_origin(annotation)
    if origin is Annotated:
        return admits_none(get_args(annotation)[0])
    if origin in _UNIONS:
        return any(admits_none(a) for a in get_args(annotation))
    if origin is Literal:
        return None in get_args(annotation)
    return False


def value_adapter(tp: Any) -> TypeAdapter[Any] | None:
    """A pydantic ``TypeAdapter`` for ``tp`` (as FastMCP validates tool arguments), or ``None``
    when pydantic cannot build one (an arbitrary class: its values are not checked)."""
    try:
        return TypeAdapter(tp)
    except Exception:  # noqa: BLE001 - pydantic raises several kinds for unsupported types
        return None
