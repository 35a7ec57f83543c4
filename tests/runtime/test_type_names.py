"""MCP007's message (checker, from source: ``model.typekeys.type_text``) and the
decoration ``TypeError`` (runtime, from the evaluated type:
``runtime.answer_types.type_name``) spell every type the same way."""

from __future__ import annotations

import ast
import sys
import textwrap
import types
import typing

import pytest

from elicit_lint.model import build_model
from elicit_lint.model.typekeys import type_text
from elicit_lint.runtime.answer_types import type_name

HEADER = textwrap.dedent(
    """\
    import enum
    import typing
    import typing as t
    from collections.abc import Callable
    from typing import Annotated, Dict, List, Literal, Optional, Union

    import mcp_types
    from pydantic import BaseModel, Field


    class Pet(BaseModel):
        name: str


    class Color(enum.Enum):
        RED = "red"
    """
)

TABLE = {
    "str": "str",
    "int": "int",
    "None": "None",
    "list[str]": "list[str]",
    "List[str]": "List[str]",
    "typing.List[str]": "List[str]",
    "t.List[str]": "List[str]",
    "Literal['a', 'b']": "Literal['a', 'b']",
    "t.Literal['x']": "Literal['x']",
    "Literal[-1, True, None]": "Literal[-1, True, None]",
    "Literal[Color.RED]": "Literal[Color.RED]",
    "str | None": "str | None",
    "Optional[str]": "str | None",
    "typing.Optional[int]": "int | None",
    "Union[int, str]": "int | str",
    "Optional[list[str]]": "list[str] | None",
    "list[Optional[str]]": "list[str | None]",
    "Literal['a'] | None": "Literal['a'] | None",
    "Pet": "Pet",
    "Optional[Pet]": "Pet | None",
    "list[Pet]": "list[Pet]",
    "list[Color]": "list[Color]",
    "dict[str, int]": "dict[str, int]",
    "Dict[str, List[int]]": "Dict[str, List[int]]",
    "mcp_types.ElicitResult": "ElicitResult",
    "list[mcp_types.ElicitResult]": "list[ElicitResult]",
    "Annotated[int, Field(gt=0)]": "int",
    "tuple[int, ...]": "tuple[int, ...]",
    "Callable[[int], str]": "Callable[[int], str]",
}


@pytest.fixture(scope="module")
def spelled():
    """``{annotation: (runtime spelling, checker spelling)}`` for :data:`TABLE`."""
    source = HEADER + "".join(f"a{i}: {text}\n" for i, text in enumerate(TABLE))
    module = types.ModuleType("type_names_probe")
    sys.modules[module.__name__] = module
    try:
        exec(compile(source, "type_names_probe.py", "exec"), module.__dict__)
        hints = typing.get_type_hints(module, include_extras=True)
    finally:
        del sys.modules[module.__name__]
    model = build_model(ast.parse(source), source, "type_names_probe.py")
    annotations = [s.annotation for s in model.tree.body if isinstance(s, ast.AnnAssign)]
    return {
        text: (type_name(hints[f"a{i}"]), type_text(annotations[i], model.module_scope))
        for i, text in enumerate(TABLE)
    }


@pytest.mark.parametrize("annotation", list(TABLE))
def test_runtime_and_checker_spell_a_type_alike(spelled, annotation):
    assert spelled[annotation] == (TABLE[annotation], TABLE[annotation])
