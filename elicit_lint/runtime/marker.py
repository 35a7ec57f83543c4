"""The ``Elicit`` marker (docs/architecture.md "Terms").

``Elicit`` is an ``uncalled_for.Provider`` -- the dependency base class FastMCP 4.2.3
resolves for ``Annotated[T, <Provider>]`` parameter metadata
(``uncalled_for.introspection.get_dependency_parameters``). That is what makes a
forgotten ``@declared_elicitation`` fail loudly instead of silently: FastMCP then
treats the marked parameter as an injected dependency (so it is *not* exposed to
the model in the input schema) and enters this provider at call time, which
raises a ``ToolError`` naming the missing decorator. Under the decorator the
marker never reaches FastMCP's resolver: the wrapper's signature drops elicited
parameters.
"""

from __future__ import annotations

import copy
import logging
import warnings
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from uncalled_for import Provider

from ..core import messages

T = TypeVar("T")
_MISSING: Any = object()

logger = logging.getLogger("elicit_lint.runtime")


class Elicit(Provider[T], Generic[T]):
    """Marker for an elicited parameter: ``x: Annotated[T, Elicit(...)]``.

    Shapes:

    - ``Elicit("Where to?")`` -- a fixed **question**; the answer schema comes
      from ``response_type`` or, when that is ``None``, from the parameter's
      type ``T`` (``T | None`` asks for ``T``).
    - ``Elicit(resolver)`` -- a **resolver** function run on every round of the
      2026-07-28 era and once per call on the handshake era (as the SDK runs one; sync
      ones in a worker thread, async ones awaited). Its parameters are filled by
      name from tool arguments and other elicited parameters, or by
      ``Depends(...)`` / a ``Context`` annotation. It returns either the value
      (nobody is asked) or ``Elicit("question", response_type=...)``.
    - ``Elicit[X]`` -- generic alias, valid as a resolver return annotation
      (``-> str | Elicit[str]``); ``X`` must equal the parameter's type.

    ``response_type`` accepts everything ``ctx.elicit(response_type=...)`` accepts
    in FastMCP 4.2.3 (scalars, ``Literal``, ``Enum``, dataclasses, pydantic
    models, ``list[X]``, the ``["a", "b"]`` / ``[["a", "b"]]`` / ``{"a": {...}}``
    shorthands), because the schema is built by
    ``fastmcp.server.elicitation.parse_elicit_response_type``. ``title`` and
    ``description`` become that function's ``response_title`` /
    ``response_description`` (labels of the wrapped ``value`` field; FastMCP
    rejects them with ``TypeError`` for models and dataclasses).

    Arguments follow ``ctx.elicit(message, response_type, *, ...)`` as the
    FastMCP declared-elicitation PR (PrefectHQ/fastmcp#4691: "An ``Elicit``
    takes the same ``message`` and ``response_type`` as ``ctx.elicit()``")
    spells them: ``Elicit("q")``, ``Elicit(message="q")``, ``Elicit("q", str)``,
    ``Elicit("q", response_type=str)``. ``message_or_resolver=`` (this
    project's earlier keyword) is still accepted.

    Raises ``TypeError`` at construction when the message is missing or is
    neither a string nor a callable. A blank question (``""``, only whitespace) gives a
    ``UserWarning`` (``messages.empty_question``), not an error: FastMCP 4.2.3's
    ``ctx.elicit("")`` is valid (its own tests, ``tests/client/test_elicitation.py``,
    ask with ``message=""``), and ``elicit-migrate`` rewrites those calls into
    ``Elicit("")``.

    ``unavailable=VALUE`` (keyword only; opt-in, per parameter): when the
    client declared no form elicitation capability (a ``fastmcp.Client``
    without an ``elicitation_handler``, on either era), the parameter receives
    ``VALUE`` and the body runs, instead of the call failing before the body
    (``engine.require_capability``). ``VALUE`` must be a value of the
    parameter's type (checked at decoration: ``None`` needs ``T | None``; an
    outcome-typed parameter takes ``None`` with ``ElicitationResult[T] | None``
    or a ``DeclinedElicitation()`` / ``CancelledElicitation()``). Without it
    such a client fails the call, as the MCP SDK v2's ``Resolve`` does
    (docs/runtime.md "Clients that cannot answer questions").

    Used without ``@declared_elicitation`` on a registered tool, the parameter is
    hidden from the model and the first call fails with a ``ToolError`` naming
    the missing decorator (``elicit_lint.core.messages.missing_decorator``).
    """

    def __init__(
        self,
        message: str | Callable[..., Any] | object = _MISSING,
        response_type: Any = None,
        *,
        title: str | None = None,
        description: str | None = None,
        message_or_resolver: str | Callable[..., Any] | object = _MISSING,
        unavailable: Any = _MISSING,
    ) -> None:
        if message is _MISSING and message_or_resolver is _MISSING:
            raise TypeError(messages.marker_argument("nothing"))
        if message is not _MISSING and message_or_resolver is not _MISSING:
            raise TypeError("Elicit() got both `message` and `message_or_resolver`")
        message_or_resolver = message if message is not _MISSING else message_or_resolver
        if not isinstance(message_or_resolver, str) and not callable(message_or_resolver):
            raise TypeError(messages.marker_argument(type(message_or_resolver).__name__))
        if isinstance(message_or_resolver, str) and not message_or_resolver.strip():
            warnings.warn(messages.empty_question(), UserWarning, stacklevel=2)
        self.message = message_or_resolver
        self.response_type = response_type
        self.title = title
        self.description = description
        self.unavailable = unavailable
        self._parameter: str | None = None

    @property
    def has_unavailable(self) -> bool:
        """True when ``unavailable=`` was given: a client that cannot be asked does not fail the call."""
        return self.unavailable is not _MISSING

    @property
    def is_resolver(self) -> bool:
        """True when the marker holds a resolver function rather than a question."""
        return not isinstance(self.message, str)

    def __repr__(self) -> str:
        extra = ""
        if self.response_type is not None:
            extra = f", response_type={self.response_type!r}"
        if self.has_unavailable:
            extra += f", unavailable={self.unavailable!r}"
        message = self.message if isinstance(self.message, str) else getattr(
            self.message, "__qualname__", repr(self.message)
        )
        return f"Elicit({message!r}{extra})"

    # -- uncalled_for.Provider: the forgotten-decorator alarm -----------------

    def for_parameter(self, name: str) -> Elicit[T]:
        """Copy bound to the parameter FastMCP is resolving (uncalled_for hook)."""
        bound: Elicit[T] = copy.copy(self)  # not Elicit(...): a blank question warned once already
        bound._parameter = name
        return bound

    async def __aenter__(self) -> T:
        """Reached only when FastMCP resolves the marker itself: the decorator is missing."""
        from fastmcp.exceptions import ToolError
        from uncalled_for import current_frame

        try:
            function = current_frame().function
            tool = getattr(function, "__name__", repr(function))
        except RuntimeError:
            tool = "<tool>"
        text = messages.missing_decorator(tool, self._parameter or "<parameter>")
        logger.error(text)
        raise ToolError(text)
