"""MCP007 on values: a marker's ``response_type`` and a resolver's returned
``Elicit(..., response_type=...)`` against the parameter's type."""

from __future__ import annotations

import pytest

from elicit_lint.core import messages

from .rule_helpers import run

HEAD = (
    "from typing import Annotated, List, Literal, Optional, Union\n"
    "import typing as t\n"
    "from elicit_lint.runtime import Elicit\n"
    "class Pet: ...\n"
    "UserId = str\n"
)


def marker(param: str, response_type: str) -> list:
    return run(HEAD + f"async def tool(p: Annotated[{param}, Elicit('q', response_type={response_type})] = None): ...\n", "MCP007")


@pytest.mark.parametrize(
    ("param", "response_type", "answer", "expected"),
    [
        ("int", "str", "str", "int"),
        ("Optional[int]", "str", "str", "int | None"),
        ("bool", "int", "int", "bool"),
        ("int", "float", "float", "int"),
        ("Literal['a', 'b']", "Literal['a', 'c']", "Literal['a', 'c']", "Literal['a', 'b']"),
        ("str", "list[str]", "list[str]", "str"),
        ("list[int]", "list[str]", "list[str]", "list[int]"),
        ("t.List[int]", "t.Dict[str, int]", "Dict[str, int]", "List[int]"),
        ("list[str]", "['a', 'b']", "['a', 'b']", "list[str]"),
        ("Literal['a', 'b'] | None", "['a', 'c']", "['a', 'c']", "Literal['a', 'b'] | None"),
        ("Literal['a', 'b'] | None", "[['a', 'b']]", "[['a', 'b']]", "Literal['a', 'b'] | None"),
        ("list[Literal['a']]", "[['a', 'c']]", "[['a', 'c']]", "list[Literal['a']]"),
        ("Literal['a', 'b']", '{"c": {"title": "C"}}', "{'c': {'title': 'C'}}", "Literal['a', 'b']"),
        ("Literal['a', 'b']", "str", "str", "Literal['a', 'b']"),
        ("Pet | None", "str", "str", "Pet | None"),  # a plain class of the module: no `str` is one
        ("UserId", "int", "int", "str"),  # a module-level alias, read as the runtime evaluates it
    ],
)
def test_literal_marker_mismatch(param, response_type, answer, expected):
    [d] = marker(param, response_type)
    assert d.message == messages.marker_type_mismatch("p", answer, expected)
    assert d.location.row == 6


@pytest.mark.parametrize(
    ("param", "response_type"),
    [
        ("int", "int"),
        ("int | None", "int"),
        ("Optional[int]", "Optional[int]"),
        ("Union[int, None]", "int"),
        ("float", "int"),
        ("int", "bool"),
        ("str", "Literal['a', 'b']"),
        ("Literal['a', 'b']", "Literal['b']"),
        ("int", "Literal[1, 2]"),
        ("List[float]", "list[int]"),
        ("list", "list[str]"),
        ("Pet", "Pet"),
        ("t.NamedTuple", "str"),  # an imported class: not decided
        ("str", "'int'"),  # a string: not decided
        ("list[str]", "[['a', 'b']]"),  # the multi-select shorthand
        ("Literal['a', 'b'] | None", "['a']"),  # a narrower choice list: harmless
        ("list[Literal['a', 'b', 'c']]", "[{'a': {'title': 'A'}}]"),
        ("int", "None"),  # asks for the parameter's own type
        ("t.Any", "str"),
    ],
)
def test_literal_marker_compatible_or_unsure(param, response_type):
    assert marker(param, response_type) == []


def test_resolver_returning_a_mismatching_elicit():
    src = HEAD + (
        "def r2(x: str) -> str | Elicit[str]:\n"
        "    if x:\n"
        "        return Elicit('q')\n"
        "    return Elicit('q', response_type=int)\n"
        "def ok(x: str) -> str | Elicit[str]:\n"
        "    return Elicit('q', response_type=Literal['a'])\n"
        "async def tool(x: str, a: Annotated[str, Elicit(r2)], b: Annotated[str, Elicit(ok)]): ...\n"
    )
    [d] = run(src, "MCP007")
    assert (d.message, d.help) == messages.split_help(messages.returned_marker_mismatch("r2", "int", "a", "str"))
    assert (d.location.row, d.location.column) == (9, 38)


def test_resolver_scope_resolves_its_own_names():
    src = HEAD + (
        "def r(x: str):\n"
        "    from typing import Literal as L\n"
        "    return Elicit('q', response_type=L['a'])\n"
        "async def tool(x: str, a: Annotated[int, Elicit(r)]): ...\n"
    )
    [d] = run(src, "MCP007")
    assert (d.message, d.help) == messages.split_help(
        messages.returned_marker_mismatch("r", "Literal['a']", "a", "int")
    )


def test_checker_and_runtime_reject_a_literal_marker_mismatch_in_the_same_words():
    """The runtime refuses the marker at decoration with MCP007's own message."""
    import pytest

    from elicit_lint.core import messages as msgs

    source = (
        "from typing import Annotated\n"
        "from elicit_lint.runtime import Elicit, declared_elicitation\n"
        "@declared_elicitation\n"
        "async def t(p: Annotated[int, Elicit('How many?', response_type=str)]) -> str:\n"
        "    return str(p)\n"
    )
    with pytest.raises(TypeError) as raised:
        exec(source, {})
    assert msgs.marker_type_mismatch("p", "str", "int") in str(raised.value)


AGREE_HEAD = (
    "from typing import Annotated\n"
    "from elicit_lint.runtime import Elicit, ElicitationResult, declared_elicitation\n"
)


@pytest.mark.parametrize(
    "param",
    [
        "p: Annotated[int, Elicit('How many?', str)]",
        "p: Annotated[int, Elicit(message='How many?', response_type=str)]",
        "p: Annotated[ElicitationResult[int], Elicit('How many?', str)]",
        "p: Annotated[ElicitationResult[int], Elicit(ask)]",
        "p: Annotated[ElicitationResult[int], Elicit('How many?', int)]",
        "p: Annotated[ElicitationResult[int], Elicit(fine)]",
        "p: Annotated[int, Elicit('How many?', int)]",
    ],
)
def test_positional_and_outcome_types_checker_and_runtime_agree(param):
    """Issue 11: the checker reads `Elicit`'s arguments as the runtime takes them
    (second positional = `response_type`; `ElicitationResult[T]` asks for a `T`), so a
    parameter is reported exactly when decoration refuses it, in the same words."""
    source = (
        AGREE_HEAD
        + "def ask() -> Elicit[str]:\n    return Elicit('n?', str)\n"
        + "def fine() -> int | Elicit[int]:\n    return Elicit('n?', int)\n"
        + f"@declared_elicitation\nasync def t({param}) -> str:\n    return ''\n"
    )
    found = run(source, "MCP007")
    try:
        exec(source, {})
    except TypeError as error:
        refused = str(error)
    else:
        refused = None
    if refused is None:
        assert found == []
    else:  # a resolver whose annotation and returned marker both disagree is reported twice
        assert found and found[0].message == refused


def test_returned_positional_type_is_reported_and_fails_the_call_in_the_same_words():
    source = AGREE_HEAD + (
        "def ask() -> int | Elicit[int]:\n    return Elicit('n?', str)\n"
        "async def t(p: Annotated[ElicitationResult[int], Elicit(ask)]) -> str:\n    return ''\n"
    )
    [d] = run(source, "MCP007")
    expected = messages.split_help(messages.returned_marker_mismatch("ask", "str", "p", "ElicitationResult[int]"))
    assert (d.message, d.help) == expected


def unavailable(param: str, value: str, default: str = "") -> list:
    head = HEAD + "from elicit_lint.runtime import ElicitationResult\n"
    return run(head + f"async def tool(p: Annotated[{param}, Elicit('q', unavailable={value})]{default}): ...\n", "MCP007")


@pytest.mark.parametrize(
    ("param", "value", "expected"),
    [
        ("str", "None", "str"),
        ("bool", "'yes'", "bool"),
        ("int", "1.5", "int"),
        ("Literal['a', 'b']", "'c'", "Literal['a', 'b']"),
        ("list[str]", "'a'", "list[str]"),
        ("ElicitationResult[str]", "None", "ElicitationResult[str]"),
        ("ElicitationResult[str] | None", "'no'", "ElicitationResult[str] | None"),
    ],
)
def test_unavailable_value_the_parameter_cannot_hold(param, value, expected):
    [d] = unavailable(param, value)
    assert d.message == messages.unavailable_type_mismatch("p", value, expected)
    assert d.location.row == 7


@pytest.mark.parametrize(
    ("param", "value"),
    [
        ("str | None", "None"),
        ("Optional[bool]", "None"),
        ("bool", "True"),
        ("float", "1"),
        ("Literal['a', 'b']", "'a'"),
        ("ElicitationResult[str] | None", "None"),
        ("ElicitationResult[str]", "DeclinedElicitation()"),  # not a literal: not decided
        ("Pet", "None"),  # a class: not decided
        ("UserId", "None"),  # an alias: not decided
        ("str", "DEFAULT"),  # a name: not decided
    ],
)
def test_unavailable_value_that_fits_or_is_not_decided(param, value):
    assert unavailable(param, value) == []


def test_unavailable_none_on_an_optional_placement():
    source = HEAD + "async def tool(p: Annotated[str, Elicit('q', unavailable=None)] | None = None): ...\n"
    assert run(source, "MCP007") == []


@pytest.mark.parametrize(
    ("param", "value"),
    [("str", "None"), ("bool", "'yes'"), ("int", "1.5"), ("list[Literal['a', 'b']]", "'a'"),
     ("ElicitationResult[str]", "None"), ("ElicitationResult[str] | None", "'no'")],
)
def test_the_runtime_refuses_what_the_checker_reports(param, value):
    """One wiring check, two readers: decoration raises with the checker's words."""
    from typing import Annotated, Literal  # noqa: F401 - used by eval

    from elicit_lint.runtime import Elicit, ElicitationResult, declared_elicitation  # noqa: F401

    annotation = eval(f"Annotated[{param}, Elicit('q', unavailable={value})]")  # noqa: S307

    async def tool(p: annotation) -> str:  # type: ignore[valid-type]
        return ""

    with pytest.raises(TypeError) as raised:
        declared_elicitation(tool)
    assert f"has `unavailable={value}` but parameter `p` is" in str(raised.value)


STRICT_TYPES = (  # every one can be asked (a `bytes` or `int | str` question cannot)
    "int", "float", "bool", "str", "Literal[1]", "Literal[True]", "Literal[0, 'a']",
    "Literal['a']", "Optional[float]", "Optional[bool]", "list[Literal['a', 'b']]",
)
STRICT_VALUES = ("True", "False", "1", "0", "-2", "1.0", "1.5", "-0.5", "'a'", "b'a'", "None")


@pytest.mark.parametrize("param", STRICT_TYPES)
@pytest.mark.parametrize("value", STRICT_VALUES)
def test_unavailable_checker_and_runtime_agree_on_strict_edges(param, value):
    """Issue 11: `unavailable=` is validated by pydantic in strict mode at decoration
    (a `bool` is not an `int` or a `float`, an `int` is a `float`, `str` and `bytes` do not
    mix, a `Literal` takes what compares equal: `True` for `Literal[1]`); the checker
    reports a literal exactly when decoration refuses it, in the same words."""
    from typing import Annotated, Literal, Optional  # noqa: F401 - used by eval

    from elicit_lint.runtime import Elicit, declared_elicitation

    found = unavailable(param, value)
    annotation = eval(f"Annotated[{param}, Elicit('q', unavailable={value})]")  # noqa: S307

    async def tool(p: annotation) -> str:  # type: ignore[valid-type]
        return ""

    try:
        declared_elicitation(tool)
    except TypeError as error:
        refused = str(error)
    else:
        refused = ""
    assert bool(found) == bool(refused), (found, refused)
    if found:
        [d] = found
        assert f"{d.message}" in refused


CHOICE_PARAMS = (
    "str", "Optional[str]", "int", "Literal['a', 'b']", "Literal['a', 'b'] | None", "Literal['a']",
    "Literal['a', 'b', 'c']", "Literal['a', 'b'] | int", "Literal[1, 2]", "list[str]", "list",
    "list[Literal['a', 'b']]", "list[Literal['a', 'b']] | None", "list[Literal['a', 'b', 'c']]",
    "set[str]", "Colour", "Size", "Colour | None", "list[Colour]", "list[Size]",
    "ElicitationResult[Literal['a', 'b']]", "object",
)
CHOICE_TYPES = (
    "['a', 'b']", "['a', 'c']", "['a']", "[['a', 'b']]", "[['a', 'c']]",
    "{'a': {'title': 'A'}, 'b': {'title': 'B'}}", "{'c': {'title': 'C'}}",
    "[{'a': {'title': 'A'}}]", "[{'c': {'title': 'C'}}]", "Literal['a', 'c']", "str", "int",
)


@pytest.mark.parametrize("param", CHOICE_PARAMS)
@pytest.mark.parametrize("response_type", CHOICE_TYPES)
def test_choice_shorthands_checker_and_runtime_agree(param, response_type):
    """Issue 11: FastMCP's choice shorthands (``["a", "b"]``, ``[["a", "b"]]``, ``{"a": {...}}``,
    ``[{"a": {...}}]``) against ``Literal``, ``list[Literal]`` and ``Enum`` parameters: the
    checker reports exactly what ``@declared_elicitation`` refuses at decoration, in its words
    (a choice outside the parameter's ``Literal`` would reach the body; a narrower list is fine)."""
    import enum
    from typing import Annotated, Literal, Optional  # noqa: F401 - used by eval

    from elicit_lint.runtime import Elicit, ElicitationResult, declared_elicitation  # noqa: F401

    class Colour(enum.Enum):  # noqa: F841 - used by eval
        RED = "red"

    class Size(str, enum.Enum):  # noqa: F841 - used by eval
        A = "a"

    source = (
        "import enum\nfrom typing import Annotated, Literal, Optional\n"
        "from elicit_lint.runtime import Elicit, ElicitationResult\n"
        "class Colour(enum.Enum):\n    RED = 'red'\n"
        "class Size(str, enum.Enum):\n    A = 'a'\n"
        f"async def tool(p: Annotated[{param}, Elicit('q', response_type={response_type})] = None): ...\n"
    )
    found = run(source, "MCP007")
    annotation = eval(f"Annotated[{param}, Elicit('q', response_type={response_type})]")  # noqa: S307

    async def tool(p: annotation = None) -> str:  # type: ignore[valid-type]
        return ""

    try:
        declared_elicitation(tool)
    except TypeError as error:
        refused = str(error)
    else:
        refused = ""
    assert bool(found) == bool(refused), (found, refused)
    if found:
        [d] = found
        assert d.message in refused
