"""Decoration-time errors (same wording as the checker), the forgotten decorator,
postponed annotations and the import guard."""

import functools
import subprocess
import sys
import textwrap
from typing import Annotated

import mcp_types
import pytest
from fastmcp import Client, Context, FastMCP
from fastmcp.dependencies import Depends
from fastmcp.tools import tool as standalone_tool

from elicit_lint.core import messages
from elicit_lint.runtime import Elicit, declared_elicitation, hints

from .conftest import Human, fields, run, say


def test_resolver_cycle_names_the_path():
    def ra(b: str) -> Elicit[str]:
        return Elicit("a?")

    def rb(a: str) -> Elicit[str]:
        return Elicit("b?")

    with pytest.raises(TypeError) as info:

        @declared_elicitation
        async def t(a: Annotated[str, Elicit(ra)], b: Annotated[str, Elicit(rb)]) -> str:
            return ""

    assert str(info.value) == messages.resolver_cycle("t", ["a", "b", "a"])


def test_self_cycle():
    def ra(a: str) -> Elicit[str]:
        return Elicit("a?")

    with pytest.raises(TypeError) as info:

        @declared_elicitation
        async def t(a: Annotated[str, Elicit(ra)]) -> str:
            return ""

    assert str(info.value) == messages.resolver_cycle("t", ["a", "a"])


def test_unknown_resolver_parameter():
    def r(cabin: str) -> Elicit[str]:
        return Elicit("?")

    with pytest.raises(TypeError) as info:

        @declared_elicitation
        async def book(seat: Annotated[str, Elicit(r)], destination: str) -> str:
            return ""

    assert str(info.value) == messages.unknown_resolver_parameter("r", "cabin", "book")


@pytest.mark.parametrize(
    "make,where",
    [
        (lambda: Annotated[str, Elicit("q")] | int, "a union arm"),
        (lambda: list[Annotated[str, Elicit("q")]], "a container"),
        (lambda: dict[str, Annotated[int, Elicit("q")]], "a container"),
        (lambda: Annotated[list[Annotated[str, Elicit("q")]], "doc"], "a nested annotation"),
    ],
)
def test_marker_misplaced(make, where):
    hint = make()

    async def t(x) -> str:
        return ""

    t.__annotations__ = {"x": hint, "return": str}
    with pytest.raises(TypeError) as info:
        declared_elicitation(t)
    assert str(info.value) == messages.marker_misplaced("x", where)


async def test_optional_outside_annotated_is_fine(era):
    mcp = FastMCP("s")

    @mcp.tool
    @declared_elicitation
    async def t(x: Annotated[str, Elicit("X?")] | None = None) -> str:
        return repr(x)

    result, _ = await run(mcp, era, Human({"X": say("v")}), "t")
    assert result.data == "'v'"


def test_resolver_type_mismatch():
    def r() -> str | Elicit[int]:
        return Elicit("?")

    with pytest.raises(TypeError) as info:

        @declared_elicitation
        async def t(x: Annotated[str, Elicit(r)]) -> str:
            return ""

    assert str(info.value) == messages.resolver_type_mismatch("r", "int", "x", "str")


def test_resolver_type_match_with_optional_parameter():
    def r() -> str | Elicit[str]:
        return "v"

    @declared_elicitation
    async def t(x: Annotated[str | None, Elicit(r)] = None) -> str:
        return ""


def test_resolver_type_match_across_spellings():
    # the same verdicts as the checker's MCP007 valid examples
    import typing

    UserId = str

    def tags() -> "Elicit[list[str]]":
        return Elicit("Tags?", response_type=list[str])

    def note() -> str | Elicit[str]:
        return "n"

    def user() -> Elicit[str]:
        return Elicit("Who?")

    @declared_elicitation
    async def post(
        tags: Annotated[typing.List[str], Elicit(tags)],  # noqa: UP006
        note: Annotated[typing.Optional[str], Elicit(note)] = None,  # noqa: UP045
        user: Annotated[UserId, Elicit(user)] = "",
    ) -> str:
        return ""

    def wrong() -> int | Elicit[str]:
        return 1

    with pytest.raises(TypeError) as info:

        @declared_elicitation
        async def book(seats: Annotated[typing.Optional[int], Elicit(wrong)] = None) -> str:  # noqa: UP045
            return ""

    assert str(info.value) == messages.resolver_type_mismatch("wrong", "str", "seats", "int | None")


def test_mixing_with_input_required_result():
    with pytest.raises(TypeError) as info:

        @declared_elicitation
        async def t(x: Annotated[str, Elicit("q")]) -> str | mcp_types.InputRequiredResult:
            return ""

    assert str(info.value) == messages.mixed_with_input_required("t")


def test_decorator_above_mcp_tool():
    mcp = FastMCP("s")
    with pytest.raises(TypeError) as info:

        @declared_elicitation
        @mcp.tool
        async def t(x: Annotated[str, Elicit("q")]) -> str:
            return ""

    assert str(info.value) == messages.decorator_above_tool("t")


def test_decorator_above_standalone_tool():
    with pytest.raises(TypeError) as info:

        @declared_elicitation(run_in_thread=False)
        @standalone_tool
        def t(x: Annotated[str, Elicit("q")]) -> str:
            return ""

    assert str(info.value) == messages.decorator_above_tool("t")


def test_unresolvable_annotation_names_the_parameter():
    async def t(x: "Annotated[str, Elicit('q')]", y: "Nowhere") -> str:  # noqa: F821
        return ""

    with pytest.raises(TypeError) as info:
        declared_elicitation(t)
    assert str(info.value).startswith(messages.unresolvable_annotation("t", "y", "NameError: "))


def test_response_type_fastmcp_cannot_ask_is_a_type_error():
    with pytest.raises(TypeError, match="`x`.*cannot be asked"):

        @declared_elicitation
        async def t(x: Annotated[list[int], Elicit("q")]) -> str:
            return ""


def test_elicit_rejects_non_question():
    with pytest.raises(TypeError):
        Elicit(42)  # type: ignore[arg-type]


def test_elicit_is_generic():
    assert Elicit[str] is not None
    assert Elicit[str].__origin__ is Elicit


async def test_forgotten_decorator_fails_loudly_and_hides_the_parameter(era):
    mcp = FastMCP("s")

    @mcp.tool
    async def forgot(city: Annotated[str, Elicit("City?")], n: int = 1) -> str:
        return city

    async with Client(mcp, mode=era) as client:
        (tool,) = await client.list_tools()
        assert set(tool.input_schema["properties"]) == {"n"}
        supplied = await client.call_tool("forgot", {"city": "model-supplied"}, raise_on_error=False)
        result = await client.call_tool("forgot", {}, raise_on_error=False)
    assert supplied.is_error  # the model cannot supply it either
    assert result.is_error
    assert result.content[0].text == messages.missing_decorator("forgot", "city")
    assert "@declared_elicitation" in result.content[0].text


async def test_postponed_annotations_module(era):
    from .future_tools import make_server

    human = Human({"Which size": say("L"), "Confirm L": say(True)})
    result, _ = await run(make_server(), era, human, "order", {"item": "tee"})
    assert result.data == "tee:L:True"
    assert human.prompts == ["Which size?", "Confirm L?"]


async def test_postponed_annotations_naming_locals_of_a_factory(era):
    """Under ``from __future__ import annotations`` the resolver and the answer type
    may be local to the function that builds the server, as they may without it."""
    from .future_tools import make_local_server

    human = Human({"Where in Oslo": fields(street="Main"), "Which shelf": say("B2")})
    mcp = make_local_server()
    delivered, _ = await run(mcp, era, human, "deliver", {"city": "Oslo"})
    stored, _ = await run(mcp, era, human, "store", {"item": "tee"})
    assert (delivered.data, stored.data) == ("Main 1, Oslo", "tee@B2")


def test_postponed_annotations_local_resolver_is_still_checked():
    from .future_tools import make_mismatched_local_server

    with pytest.raises(TypeError) as info:
        make_mismatched_local_server()
    assert str(info.value) == messages.resolver_type_mismatch("where", "int", "address", "str")


def test_import_without_fastmcp_names_the_extra():
    code = textwrap.dedent(
        """
        import sys
        class Block:
            def find_spec(self, name, path=None, target=None):
                if name == "fastmcp" or name.startswith("fastmcp."):
                    raise ImportError("No module named " + repr(name))
                return None
        sys.meta_path.insert(0, Block())
        import elicit_lint  # the package itself never needs fastmcp
        try:
            import elicit_lint.runtime
        except ImportError as e:
            print("ERR", e)
        else:
            print("imported")
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == (
        "ERR elicit_lint.runtime needs fastmcp, which comes with the `runtime` extra: install "
        "`elicit-lint[runtime]` (from a git URL or a wheel: docs/getting-started.md)"
    )


def test_unresolvable_resolver_return_annotation_is_a_type_error():
    def which(city: str) -> "str | Elicit[Nowhere]":  # noqa: F821
        return Elicit("?")

    with pytest.raises(TypeError) as info:

        @declared_elicitation
        async def visit(city: str, when: Annotated[str, Elicit(which)]) -> str:
            return ""

    assert str(info.value) == hints.unresolvable_resolver_return(
        "which", "str | Elicit[Nowhere]", "when", "visit", "NameError: name 'Nowhere' is not defined"
    )
    assert isinstance(info.value.__cause__, NameError)


def test_malformed_resolver_return_annotation_is_a_type_error():
    def which(city: str) -> "str | Elicit[str":
        return Elicit("?")

    with pytest.raises(TypeError, match=r"return annotation `str \| Elicit\[str` of resolver `which`.*SyntaxError"):

        @declared_elicitation
        async def visit(city: str, when: Annotated[str, Elicit(which)]) -> str:
            return ""


def test_resolver_parameter_annotation_fastmcp_never_evaluates_does_not_matter():
    """A ``Depends`` parameter typed with a name that does not exist at run time (a
    ``TYPE_CHECKING`` import) neither hides the return check nor the ``Context``."""

    def connect() -> object:
        return object()

    def which(city: str, ctx: "Context", db: "Database" = Depends(connect)) -> "str | Elicit[int]":  # noqa: F821
        return Elicit("?")

    with pytest.raises(TypeError) as info:

        @declared_elicitation
        async def visit(city: str, when: Annotated[str, Elicit(which)]) -> str:
            return ""

    assert str(info.value) == messages.resolver_type_mismatch("which", "int", "when", "str")


async def test_resolver_with_unevaluable_dependency_annotation_runs(era):
    def connect() -> str:
        return "db"

    def which(city: str, ctx: "Context", db: "Database" = Depends(connect)) -> "str | Elicit[str]":  # noqa: F821
        assert isinstance(ctx, Context)
        return Elicit(f"When in {city} ({db})?")

    mcp = FastMCP("s")

    @mcp.tool
    @declared_elicitation
    async def visit(city: str, when: Annotated[str, Elicit(which)]) -> str:
        return f"{city} on {when}"

    human = Human({"When in Oslo (db)?": say("May")})
    result, _ = await run(mcp, era, human, "visit", {"city": "Oslo"})
    assert result.data == "Oslo on May"


class _Asker:
    def __call__(self, city: str) -> Elicit[int]:
        return Elicit("?")


async def _partial_target(prefix: str, city: str) -> Elicit[int]:
    return Elicit(prefix)


@pytest.mark.parametrize(
    "resolver,name",
    [(functools.partial(_partial_target, "When?"), "_partial_target"), (_Asker(), "_Asker")],
    ids=["partial", "callable-object"],
)
def test_resolver_type_mismatch_through_partial_and_callable_object(resolver, name):
    with pytest.raises(TypeError) as info:

        @declared_elicitation
        async def visit(city: str, when: Annotated[str, Elicit(resolver)]) -> str:
            return ""

    assert str(info.value) == messages.resolver_type_mismatch(name, "int", "when", "str")


def test_declared_twice_is_refused_with_the_checkers_words():
    with pytest.raises(TypeError) as info:

        @declared_elicitation
        @declared_elicitation
        async def twice(a: Annotated[str | None, Elicit("A?")] = None) -> str:
            return f"{a}"

    assert str(info.value) == messages.declared_twice("twice")


async def test_a_direct_call_passing_an_elicited_parameter_names_the_way_out():
    """fresh13 #13: a caller written after the migration passes the answer itself."""
    from elicit_lint.runtime.decorator import ELICITED_ARGUMENT

    @declared_elicitation
    async def t(a: int, answer: Annotated[str, Elicit("Q?")]) -> str:
        return f"{a}{answer}"

    with pytest.raises(TypeError) as info:
        await t(1, answer="x")
    assert str(info.value) == ELICITED_ARGUMENT.format(tool="t", param="answer")
    assert await t.__wrapped__(1, answer="x") == "1x"


def test_a_union_without_response_type_is_refused_in_the_checker_words():
    """``Annotated[int | str | None, Elicit("q")]``: the runtime would ask with
    ``int | str``, which fastmcp 4.2.3 refuses; the decoration says so in MCP002's
    words, and ``response_type=`` one of its types is accepted and asked."""

    async def count(n: Annotated[int | str | None, Elicit("How many?")] = None) -> str:
        return str(n)

    with pytest.raises(TypeError) as raised:
        declared_elicitation(count)
    assert str(raised.value) == messages.union_without_response_type("n", "count")


async def test_a_union_with_response_type_is_asked_on_both_eras(era):
    mcp = FastMCP("s")

    @mcp.tool
    @declared_elicitation
    async def count(n: Annotated[int | str | None, Elicit("How many?", response_type=int)] = None) -> str:
        return repr(n)

    result, _ = await run(mcp, era, Human({"How many?": say(3)}), "count")
    assert result.data == "3"
