"""Module-level aliases for a repeated ``Literal[...]`` (analysis/aliases.py)."""

from __future__ import annotations

import ast

from elicit_lint.analysis.plan import plan_module
from elicit_lint.codemod.engine import Options, transform_text
from elicit_lint.model import build_model

TWO = '''
from fastmcp import Context, FastMCP

mcp = FastMCP("x")
{extra}

@mcp.tool
async def a(ctx: Context) -> str:
    size = await ctx.elicit("Size?", response_type={rt})
    return str(size.data) if size.action == "accept" else ""


@mcp.tool
async def b(ctx: Context) -> str:
    size = await ctx.elicit("Size again?", response_type={rt})
    return str(size.data) if size.action == "accept" else ""
'''


def _aliases(text: str):
    return plan_module(build_model(ast.parse(text), text, "m.py")).aliases


def test_the_alias_never_takes_a_name_in_use():
    text = TWO.format(extra="Size = 3\n", rt='["s", "m"]')
    assert _aliases(text) == [("Size2", 'Literal["s", "m"]')]
    new, _ = transform_text(text, "m.py", Options())
    assert 'Size2 = Literal["s", "m"]\n' in new and "Size = 3" in new
    assert new.count('Literal["s", "m"]') == 1


def test_several_choices_alias_the_inner_literal():
    text = TWO.format(extra="", rt='[["s", "m"]]')
    new, _ = transform_text(text, "m.py", Options())
    assert 'Size = Literal["s", "m"]' in new
    assert new.count("list[Size] | None") == 2


def test_different_literals_or_one_use_get_no_alias():
    text = TWO.format(extra="", rt='["s", "m"]').replace('"Size again?", response_type=["s", "m"]', '"Size again?", response_type=["s", "l"]')
    assert _aliases(text) == []
    new, _ = transform_text(text, "m.py", Options())
    assert " = Literal[" not in new


def _with_literal_import(rt: str, imports: str = "from typing import Literal\n") -> str:
    return imports + TWO.format(extra="", rt=rt)


def test_a_spelled_literal_is_aliased_like_a_shorthand():
    """docs/codemod.md: any repeated ``Literal[...]``, ``response_type=Literal[...]``
    included, is named once."""
    text = _with_literal_import('Literal["s", "m"]')
    assert _aliases(text) == [("Size", 'Literal["s", "m"]')]
    new, _ = transform_text(text, "m.py", Options())
    assert new.count('Literal["s", "m"]') == 1 and new.count("Size | None") == 2
    compile(new, "m.py", "exec")


def test_a_spelled_literal_without_a_leading_literal_import_stays_inline():
    """The alias goes after the leading imports: a ``Literal`` bound later (or not
    a constant ``Literal``) would not be defined there."""
    late = TWO.format(extra="from typing import Literal\n", rt='Literal["s", "m"]')
    assert _aliases(late) == []
    assert _aliases(_with_literal_import("Literal[SIZES]")) == []
    # `typing.Literal[...]` with `typing` imported only after the leading block
    late_module = TWO.format(extra="import typing\n", rt='typing.Literal["s", "m"]')
    assert _aliases(late_module) == []


def test_a_module_prefixed_literal_is_aliased_when_the_module_is_imported_first():
    """``typing.Literal[...]`` (``import typing``, or ``import typing as t`` and
    ``t.Literal[...]``) is named once like ``Literal[...]``; the alias keeps the
    spelling, so nothing new is imported."""
    for module, spelled in (("typing", "typing"), ("typing as t", "t")):
        rt = f'{spelled}.Literal["s", "m"]'
        text = _with_literal_import(rt, f"import {module}\n")
        assert _aliases(text) == [("Size", rt)]
        new, _ = transform_text(text, "m.py", Options())
        assert new.count(rt) == 1 and new.count("Size | None") == 2
        assert "from typing import Annotated\n" in new  # no `Literal` import added
        compile(new, "m.py", "exec")


def test_the_alias_is_never_a_runtime_name():
    """``answer`` -> not ``Answer`` (``elicit_lint.runtime.Answer``) nor ``Elicit``."""
    for param, expected in (("answer", "AnswerChoice"), ("elicit", "ElicitChoice")):
        text = TWO.format(extra="", rt='["s", "m"]').replace("size", param).replace("Size", param.title())
        assert _aliases(text) == [(expected, 'Literal["s", "m"]')]


def test_reserved_names_are_the_runtime_exports():
    import elicit_lint.runtime as runtime
    from elicit_lint.model import names

    assert names.RUNTIME_EXPORTS == set(runtime.__all__)


def test_a_one_letter_parameter_names_no_alias():
    """``c = await ctx.elicit(...)`` gives ``Choice``, not ``C``."""
    text = TWO.format(extra="", rt='["s", "m"]').replace("size", "c").replace("Size", "C")
    assert _aliases(text) == [("Choice", 'Literal["s", "m"]')]
