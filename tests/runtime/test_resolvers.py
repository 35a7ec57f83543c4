"""Resolvers (`Elicit(fn)`), on both eras: a failing resolver is named with its
parameter (a ToolError of its own stays verbatim); a declined optional dependency
skips a resolver that rejects None; a resolver's plain value is validated as tool
arguments are; a resolver's question is checked against the parameter."""

from typing import Annotated, Any, Literal, Optional

import pytest
from fastmcp import FastMCP
from fastmcp.exceptions import ToolError
from pydantic import BaseModel

from elicit_lint.core import messages
from elicit_lint.runtime import Elicit, declared_elicitation
from elicit_lint.runtime.answer_types import admits_none, type_name
from elicit_lint.runtime.resolver_calls import resolver_failed

from .conftest import CANCEL, DECLINE, Human, run, say


class Pet(BaseModel):
    name: str


# -- a resolver that raises -------------------------------------------------------


@pytest.mark.parametrize("mask", [False, True])
async def test_a_failing_resolver_is_named_with_its_parameter(era, mask, caplog):
    mcp = FastMCP("s", mask_error_details=mask)

    def lookup() -> str:
        raise RuntimeError("db down")

    @mcp.tool
    @declared_elicitation
    async def raises(seat: Annotated[str, Elicit(lookup)]) -> str:
        return seat

    result, _ = await run(mcp, era, Human({}), "raises", raise_on_error=False)
    assert result.is_error
    assert result.content[0].text == resolver_failed("lookup", "seat", "raises", None if mask else "db down")
    assert ("db down" in result.content[0].text) is (not mask)
    # the traceback is not lost: FastMCP logs a ToolError without one, the runtime logs it
    logged = [r for r in caplog.records if r.name == "elicit_lint.runtime" and r.exc_info]
    assert logged and isinstance(logged[0].exc_info[1], RuntimeError)


async def test_a_resolver_tool_error_stays_verbatim(era):
    mcp = FastMCP("s", mask_error_details=True)

    async def lookup() -> str:
        raise ToolError("no seats left")

    @mcp.tool
    @declared_elicitation
    async def t(seat: Annotated[str, Elicit(lookup)]) -> str:
        return seat

    result, _ = await run(mcp, era, Human({}), "t", raise_on_error=False)
    assert result.is_error and result.content[0].text == "no seats left"


# -- a resolver whose optional dependency was declined ----------------------------


def _gated(mcp: FastMCP, got: dict[str, Any], *, b_default: bool, accepts_none: bool) -> None:
    def ask_b(a: str) -> Elicit[str]:
        got["called"] = a
        return Elicit(f"b for {a}?")

    def ask_b_none(a: str | None) -> str | Elicit[str]:
        got["called"] = a
        return "no a" if a is None else Elicit(f"b for {a}?")

    resolver = ask_b_none if accepts_none else ask_b
    if b_default:

        @mcp.tool
        @declared_elicitation
        async def t(
            a: Annotated[str | None, Elicit("a?")] = None,
            b: Annotated[str, Elicit(resolver)] = "default b",
        ) -> str:
            return f"{a}/{b}"

    else:

        @mcp.tool
        @declared_elicitation
        async def t(
            b: Annotated[str, Elicit(resolver)],
            a: Annotated[str | None, Elicit("a?")] = None,
        ) -> str:
            return f"{a}/{b}"


async def test_declined_dependency_skips_a_resolver_that_rejects_none(era):
    mcp = FastMCP("s")
    got: dict[str, Any] = {}
    _gated(mcp, got, b_default=True, accepts_none=False)
    human = Human({"a?": DECLINE})
    result, _ = await run(mcp, era, human, "t")
    assert result.data == "None/default b"
    assert human.prompts == ["a?"] and "called" not in got


async def test_declined_dependency_without_a_default_fails_naming_both(era):
    mcp = FastMCP("s")
    got: dict[str, Any] = {}
    _gated(mcp, got, b_default=False, accepts_none=False)
    human = Human({"a?": CANCEL})
    result, _ = await run(mcp, era, human, "t", raise_on_error=False)
    assert result.is_error and "called" not in got
    text = result.content[0].text
    assert "`b` of `t` was not asked" in text and "`a` has no value" in text and "`ask_b`" in text


async def test_answered_dependency_still_calls_the_resolver(era):
    mcp = FastMCP("s")
    got: dict[str, Any] = {}
    _gated(mcp, got, b_default=True, accepts_none=False)
    human = Human({"a?": say("x"), "b for x?": say("y")})
    result, _ = await run(mcp, era, human, "t")
    assert result.data == "x/y" and got["called"] == "x"


async def test_resolver_that_accepts_none_is_called_with_none(era):
    mcp = FastMCP("s")
    got: dict[str, Any] = {}
    _gated(mcp, got, b_default=True, accepts_none=True)
    human = Human({"a?": DECLINE})
    result, _ = await run(mcp, era, human, "t")
    assert result.data == "None/no a" and got["called"] is None


@pytest.mark.parametrize(
    "annotation,admits",
    [
        (str, False),
        (str | None, True),
        (Optional[str], True),  # noqa: UP045
        (Annotated[str, "doc"], False),
        (Annotated[str | None, "doc"], True),
        (Any, True),
        (object, True),
        (Literal["a", None], True),  # noqa: PYI061 - the literal spelling on purpose
        (Literal["a"], False),
        ("Unevaluated", True),
    ],
)
def test_admits_none(annotation, admits):
    assert admits_none(annotation) is admits


# -- a resolver's plain value is validated as tool arguments are ------------------


@pytest.mark.parametrize(
    "annotation,value,type_spelled",
    [(str, 3, "int"), (int, "three", "str"), (str, None, "NoneType"), (list[int], ["x"], "list")],
)
async def test_a_resolver_value_of_the_wrong_type_fails_naming_it(era, annotation, value, type_spelled):
    mcp = FastMCP("s")
    reached: list[Any] = []

    @mcp.tool
    @declared_elicitation
    async def t(x: Annotated[annotation, Elicit(lambda: value)]) -> str:
        reached.append(x)
        return "ok"

    result, _ = await run(mcp, era, Human({}), "t", raise_on_error=False)
    assert result.is_error and reached == []
    text = result.content[0].text
    assert text.startswith(
        f"Resolver `<lambda>` of `x` in `t` returned `{type_spelled}`, not a valid `{type_name(annotation)}`: "
    )


@pytest.mark.parametrize(
    "annotation,value,expected",
    [
        (int, "3", 3),  # lax, as FastMCP validates arguments: coerced
        (str | None, None, None),
        (Pet, Pet(name="Rex"), Pet(name="Rex")),
        (Literal["a", "b"], "b", "b"),
    ],
)
async def test_a_resolver_value_of_the_right_type_is_delivered(era, annotation, value, expected):
    mcp = FastMCP("s")
    reached: list[Any] = []

    @mcp.tool
    @declared_elicitation
    async def t(x: Annotated[annotation, Elicit(lambda: value)]) -> str:
        reached.append(x)
        return "ok"

    result, _ = await run(mcp, era, Human({}), "t")
    assert result.data == "ok"
    assert reached == [expected] and type(reached[0]) is type(expected)


async def test_a_value_pydantic_cannot_describe_is_passed_as_is(era):
    class Connection:
        pass

    conn = Connection()
    mcp = FastMCP("s")
    reached: list[Any] = []

    @mcp.tool
    @declared_elicitation
    async def t(db: Annotated[Connection, Elicit(lambda: conn)]) -> str:
        reached.append(db)
        return "ok"

    result, _ = await run(mcp, era, Human({}), "t")
    assert result.data == "ok" and reached[0] is conn


async def test_a_resolver_question_whose_response_type_disagrees_fails_the_call(era):
    mcp = FastMCP("s")
    reached: list[Any] = []

    def ask():  # no -> Elicit[X] annotation: only the call can tell
        return Elicit("How many?", response_type=int)

    @mcp.tool
    @declared_elicitation
    async def t(x: Annotated[str, Elicit(ask)]) -> str:
        reached.append(x)
        return "ok"

    human = Human({"How many?": say(3)})
    result, _ = await run(mcp, era, human, "t", raise_on_error=False)
    assert result.is_error and reached == [] and human.asked == []
    assert result.content[0].text == messages.marker_type_mismatch("x", "int", "str")


async def test_a_resolver_question_with_a_fitting_response_type_is_asked(era):
    mcp = FastMCP("s")

    def ask():
        return Elicit("Pick", response_type=["a", "b"])

    @mcp.tool
    @declared_elicitation
    async def t(x: Annotated[str | None, Elicit(ask)] = None) -> str:
        return f"{x}"

    result, _ = await run(mcp, era, Human({"Pick": say("b")}), "t")
    assert result.data == "b"
