"""MCP007: a resolver's ``Elicit[X]`` disagrees with the parameter's type."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..analysis.type_aliases import expanded
from ..core import messages
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import Model, names
from ..model import annotation as ann
from ..model.params import marker_response_type
from ..model.typekeys import answer_fits, constant_fits, type_key, type_text
from .base import Rule
from .cases import Invalid, Valid


class ResolverTypeMismatch(Rule):
    """## What it does
    Finds a resolver annotated `-> Elicit[X]` or `-> T | Elicit[X]` whose `X`
    differs from the type of the parameter it fills.

    Types are compared after normalisation (`Optional[X]` is `X | None`,
    `typing.List` is `list`, union arms are unordered, `Annotated` metadata is
    ignored, and a `None` arm of the parameter's type may be left out). A
    module-level alias bound once (`Either = int | str`, then `p:
    Annotated[Either, Elicit(...)]`) is read through its value, as the runtime
    evaluates it. A comparison the checker cannot be sure of (other aliases,
    type variables, names it cannot resolve) is never reported.

    The same mistake spelled as a value is found too: a question marker whose
    `response_type` gives answers the parameter does not take
    (`p: Annotated[int, Elicit("How many?", response_type=str)]`), and a
    resolver that returns `Elicit(..., response_type=X)` for such a parameter,
    whatever its return annotation says. These are decided only for types
    built from `str`, `int`, `float`, `bool`, `bytes`, `None`, `Literal` and
    builtin containers of those, by what the parameter takes unchanged
    (`Literal["a", "b"]` fits `str`, `bool` fits `int`, `int` fits
    `float | None`); FastMCP's choice shorthands answer with their `Literal`
    (`["a", "b"]` and `{"a": {...}}` give `Literal["a", "b"]`, `[["a", "b"]]`
    and `[{"a": {...}}]` give `list[Literal[...]]`), so a choice the
    parameter's `Literal` lacks is reported (`tag: Annotated[Literal["bug",
    "feature"] | None, Elicit("Tag?", response_type=["bug", "docs"])]`: the
    body would receive `"docs"`), as is a shorthand or a `str` for a `Literal`
    of another shape or for a parameter typed by the module's `Enum` class; a
    narrower choice list (`["bug"]` there) is fine. A parameter typed by a
    module's pydantic model or plain class (a dataclass) takes none of these
    either, and a `response_type` naming a module's pydantic model, Enum or
    dataclass (`Annotated[bool, Elicit("Sure?", response_type=Form)]`) gives
    answers only a parameter of that class, or of a class of the module it
    derives from, takes. Any other type (an imported class, a class with another
    base, an `IntEnum` or `str` Enum) is never reported. `response_type=None` asks for the
    parameter's own type. The second positional argument of `Elicit` is its
    `response_type` (`Elicit("How many?", str)`), as for `ctx.elicit`.

    An outcome-typed parameter (`Annotated[ElicitationResult[T], Elicit(...)]`,
    which receives `ctx.elicit`'s result object) is compared by its `T`: its
    resolver returns `Elicit[T]` and its question asks for a `T`. A bare
    `ElicitationResult` says no `T`: its resolver's `-> Elicit[int]` is refused
    at decoration (only `Elicit[Any]` passes) and reported.

    The fallback a client that cannot be asked gets, `Elicit(...,
    unavailable=VALUE)`, is checked the same way when `VALUE` is a literal:
    `unavailable=None` on a parameter whose type does not admit `None`
    (`Annotated[str, Elicit("q", unavailable=None)]`; an outcome-typed one needs
    `ElicitationResult[T] | None`), or a string where a `bool` is declared.
    The value is judged as the runtime judges it, by pydantic's strict mode: a
    `bool` is not an `int` or a `float` (`unavailable=True` on an `int` is
    reported), an `int` is a `float`, `str` and `bytes` do not mix, and a
    `Literal` takes a value equal to one of its own (`True` fits `Literal[1]`).

    ## Why is this bad?
    The question's answer is validated against `X` and then handed to a
    parameter declared as something else: the body receives a value of the
    wrong type. `@declared_elicitation` rejects a mismatching `-> Elicit[X]`
    with a `TypeError` (this same message) at import, and a question marker
    whose `response_type` cannot give the parameter's type likewise; a
    resolver that *returns* such a question is known only when it runs, so
    the call fails with a `ToolError` (the same words) when the question is
    asked. The checker reports all three before the server starts, for a
    resolver defined in the tool's own module only: one imported from another
    module (`from .resolvers import ask_count`) is not read, and its mismatch
    shows only when the package is imported or the question is asked.
    """

    code = "MCP007"
    name = "resolver-type-mismatch"
    invalid = (
        Invalid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit


def ask_seats(flight: str) -> int | Elicit[str]:
    return Elicit(f"How many seats on {flight}?", response_type=str)


async def book(flight: str, seats: Annotated[int, Elicit(ask_seats)]) -> str:
    return f"{seats} on {flight}"
''',
            message='Resolver `ask_seats` returns `Elicit[str]` but parameter `seats` is `int`',
            span=((6, 44), (6, 47)),
            diagnostics=2,
        ),
        '''
from typing import Annotated
from elicit_lint.runtime import Elicit

def ask_seats(flight: str) -> int | Elicit[str]:
    return Elicit(f"How many seats on {flight}?", response_type=str)

async def book(flight: str, seats: Annotated[int, Elicit(ask_seats)]) -> str:
    return f"{seats} on {flight}"
''',
        '''
from typing import Annotated
from elicit_lint.runtime import Elicit

async def order(count: Annotated[int, Elicit("How many?", response_type=str)]) -> str:
    return str(count + 1)
''',
        '''
from typing import Annotated, Literal
from elicit_lint.runtime import Elicit

async def one_tag(
    tag: Annotated[Literal["bug", "feature"] | None, Elicit("Tag?", response_type=["bug", "feature", "docs"])] = None,
) -> str:
    return f"{tag}"
''',
        '''
from typing import Annotated
from elicit_lint.runtime import Elicit

async def remove(name: str, sure: Annotated[str, Elicit("Remove it?", unavailable=None)]) -> str:
    return name if sure == "yes" else ""
''',
        '''
from typing import Annotated
from elicit_lint.runtime import Elicit

async def order(count: Annotated[int, Elicit("How many?", unavailable=True)]) -> str:
    return str(count + 1)
''',
        '''
from typing import Annotated
from elicit_lint.runtime import Elicit, ElicitationResult

def ask_count(flight: str) -> Elicit[str]:
    return Elicit(f"How many on {flight}?", str)

async def book(
    flight: str,
    seats: Annotated[ElicitationResult[int], Elicit(ask_count)],
    bags: Annotated[ElicitationResult[int], Elicit("Bags?", str)],
) -> str:
    return flight
''',
        '''
from typing import Annotated
from elicit_lint.runtime import Elicit

def ask_seat(flight: str) -> str | Elicit[str]:
    return Elicit(f"Which seat on {flight}?", response_type=int)

async def book(flight: str, seat: Annotated[str, Elicit(ask_seat)]) -> str:
    return seat.upper()
''',
    )
    valid = (
        Valid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit


def ask_seats(flight: str) -> int | Elicit[int]:
    return Elicit(f"How many seats on {flight}?", response_type=int)


async def book(flight: str, seats: Annotated[int, Elicit(ask_seats)]) -> str:
    return f"{seats} on {flight}"
'''
        ),
        '''
from typing import Annotated, Optional, List
from elicit_lint.runtime import Elicit

def ask_tags(topic: str) -> "Elicit[list[str]]":
    return Elicit(f"Tags for {topic}?", response_type=list[str])

def ask_note(topic: str) -> str | Elicit[str]:
    return Elicit("Note?", response_type=str)

async def post(
    topic: str,
    tags: Annotated[List[str], Elicit(ask_tags)],
    note: Annotated[Optional[str], Elicit(ask_note)] = None,
) -> str:
    return topic
''',
        '''
from typing import Annotated, TypeVar
from elicit_lint.runtime import Elicit

UserId = str

def ask_user(team: str) -> Elicit[str]:
    return Elicit("Who?", response_type=str)

async def assign(team: str, user: Annotated[UserId, Elicit(ask_user)]) -> str:
    return user
''',
        '''
from typing import Annotated, Literal, Optional
from elicit_lint.runtime import Elicit

class Pet: ...

def ask_size(kind: str) -> float | Elicit[float]:
    if kind == "default":
        return 1.0
    return Elicit("Size?", response_type=int)

async def order(
    kind: str,
    size: Annotated[float, Elicit(ask_size)],
    colour: Annotated[str, Elicit("Colour?", response_type=Literal["red", "blue"])],
    count: Annotated[Optional[int], Elicit("How many?", response_type=int)] = None,
    pet: Annotated[Pet | None, Elicit("Which pet?", response_type=Pet)] = None,
    tags: Annotated[str, Elicit("Tag?", response_type=["a", "b"])] = "a",
    labels: Annotated[list[Literal["a", "b", "c"]] | None, Elicit("Labels?", response_type=[["a", "b"]])] = None,
    note: Annotated[str, Elicit("Note?", response_type=None)] = "",
) -> str:
    return colour
''',
        '''
from typing import Annotated, Literal
from elicit_lint.runtime import Elicit, ElicitationResult

def ask_count(flight: str) -> int | Elicit[int]:
    return Elicit(f"How many on {flight}?", int)

async def book(
    flight: str,
    seats: Annotated[ElicitationResult[int], Elicit(ask_count)],
    size: Annotated[ElicitationResult[str], Elicit(message="Size?", response_type=Literal["S", "L"])],
    sure: Annotated[ElicitationResult[bool], Elicit("Sure?", bool)],
) -> str:
    return flight
''',
        '''
from typing import Annotated, Literal
from elicit_lint.runtime import Elicit

async def order(
    size: Annotated[float, Elicit("Size?", unavailable=1)],
    level: Annotated[Literal[1, 2], Elicit("Level?", unavailable=True)],
    count: Annotated[int, Elicit("How many?", unavailable=-1)],
) -> str:
    return str(size)
''',
        '''
from typing import Annotated
from pydantic import BaseModel
from elicit_lint.runtime import Elicit

class Address(BaseModel):
    city: str

class HomeAddress(Address):
    door: int = 0

async def ship(to: Annotated[Address, Elicit("Where to?", response_type=HomeAddress)]) -> str:
    return to.city
''',
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        for param in model.elicited_parameters:
            marker = param.marker
            if marker.family != "elicit" or not marker.honoured:
                continue
            param_scope = param.function.scope.parent or param.function.scope
            declared = marker.type
            if not marker.outcome and declared is not None:
                declared = expanded(model, declared, param_scope)  # `Either = int | str`: evaluated
            expected_text = type_text(declared, param_scope) if declared is not None else ""
            if marker.placement == "optional" and "None" not in expected_text.split(" | "):
                expected_text += " | None"  # Annotated[T, M] | None declares T | None
            wanted = marker.answer_type  # ``T`` of an outcome-typed ``ElicitationResult[T]``
            if declared is not marker.type:
                wanted = declared
            yield from self._unavailable(model, param, param_scope, expected_text)
            if wanted is None:
                if marker.outcome and marker.resolver is not None:
                    yield from self._bare_outcome(model, param, marker.resolver, expected_text)
                continue
            if marker.question is not None:
                answer = _asked(marker.response_type)
                if answer is not None and answer_fits(answer, param_scope, wanted, param_scope) is False:
                    message = messages.marker_type_mismatch(
                        param.name, type_text(answer, param_scope), expected_text
                    )
                    yield self.diagnostic(model, model.span(answer), message)
            resolver = marker.resolver
            if resolver is None:
                continue
            yield from self._annotated(model, param, resolver, param_scope, expected_text)
            own_scope = model.scopes[resolver.node]
            for call in resolver.returned_markers:
                answer = _asked(marker_response_type(call))
                if answer is not None and answer_fits(answer, own_scope, wanted, param_scope) is False:
                    message = messages.returned_marker_mismatch(
                        resolver.name, type_text(answer, own_scope), param.name, expected_text
                    )
                    yield self.diagnostic(model, model.span(answer), message)

    def _unavailable(self, model, param, param_scope, expected_text) -> Iterator[Diagnostic]:
        """``Elicit(..., unavailable=VALUE)`` whose literal ``VALUE`` the parameter cannot hold
        (the runtime's decoration check, ``elicit_lint.runtime.analysis.check_unavailable``)."""
        marker = param.marker
        value = next((k.value for k in marker.call.keywords if k.arg == "unavailable"), None)
        if value is None or marker.type is None:
            return
        optional = marker.placement == "optional"
        arms = ann.union_arms(marker.type, param_scope.qualified_name) or []
        if marker.outcome or any(_is_outcome(a, param_scope) for a in arms):
            # takes ``None`` (with ``| None``) or an outcome object, never another literal
            if not isinstance(value, ast.Constant):
                return
            fits = value.value is None and (optional or any(ann.is_none(a) for a in arms))
        else:
            fits = constant_fits(value, marker.type, param_scope)
            if fits is False and optional and isinstance(value, ast.Constant) and value.value is None:
                fits = True
        if fits is False:
            message = messages.unavailable_type_mismatch(param.name, ast.unparse(value), expected_text)
            yield self.diagnostic(model, model.span(value), message)

    def _bare_outcome(self, model, param, resolver, expected_text) -> Iterator[Diagnostic]:
        """``-> Elicit[X]`` on a bare ``ElicitationResult`` parameter: the runtime takes
        ``X`` only when it is ``Any`` or the parameter's own type, so a plain type
        (``Elicit[int]``) is refused at decoration."""
        resolver_scope = model.scopes[resolver.node].parent or model.module_scope
        for declared in resolver.elicit_types:
            key = type_key(declared, resolver_scope)
            if key is None or _outcome_or_any(key):
                continue
            message = messages.resolver_type_mismatch(
                resolver.name, type_text(declared, resolver_scope), param.name, expected_text
            )
            yield self.diagnostic(model, model.span(declared), message)

    def _annotated(self, model, param, resolver, param_scope, expected_text) -> Iterator[Diagnostic]:
        """``-> Elicit[X]`` against the parameter's type (the runtime's decoration check)."""
        marker = param.marker
        resolver_scope = model.scopes[resolver.node].parent or model.module_scope
        wanted = marker.answer_type
        if not marker.outcome and marker.type is not None:
            wanted = expanded(model, marker.type, param_scope)
        expected = {type_key(wanted, param_scope), type_key(wanted, param_scope, drop_none=True)}
        if None in expected:
            return
        if marker.outcome:  # the runtime also takes ``-> Elicit[ElicitationResult[T]]``
            expected.add(type_key(marker.type, param_scope))
        for declared in resolver.elicit_types:
            key = type_key(declared, resolver_scope)
            if key is None or key in expected:
                continue
            message = messages.resolver_type_mismatch(
                resolver.name, type_text(declared, resolver_scope), param.name, expected_text
            )
            yield self.diagnostic(model, model.span(declared), message)


def _outcome_or_any(key: str) -> bool:
    return key == "typing.Any" or key.split("[", 1)[0] == names.ELICITATION_RESULT


def _is_outcome(tp: ast.expr, scope) -> bool:
    """``ElicitationResult`` or ``ElicitationResult[T]`` (the runtime's outcome-typed parameter)."""
    head = tp.value if isinstance(tp, ast.Subscript) else tp
    return scope.qualified_name(head) == names.ELICITATION_RESULT


def _asked(response_type: ast.expr | None) -> ast.expr | None:
    """``response_type`` when it names a type; ``None`` when absent or ``None``
    (the question then asks for the parameter's own type)."""
    if response_type is None or (isinstance(response_type, ast.Constant) and response_type.value is None):
        return None
    return response_type
