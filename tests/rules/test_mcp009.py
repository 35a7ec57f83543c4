"""MCP009 (optional-without-default): forms, message, and the ``= None`` fix."""

from __future__ import annotations

import ast
import textwrap

import pytest

from elicit_lint.core.diagnostic import Applicability

from .rule_helpers import run

HEAD = "from typing import Annotated, Optional, Union\nfrom elicit_lint.runtime import Elicit\n"


def apply(source: str, fix) -> str:
    """Apply a fix's edits (1-based rows/columns) to ``source``."""
    lines = source.split("\n")
    for edit in sorted(fix.edits, key=lambda e: (e.location.row, e.location.column), reverse=True):
        assert edit.location.row == edit.end_location.row
        row = lines[edit.location.row - 1]
        col, end = edit.location.column - 1, edit.end_location.column - 1
        lines[edit.location.row - 1] = row[:col] + edit.content + row[end:]
    return "\n".join(lines)


@pytest.mark.parametrize(
    "annotation",
    [
        "Annotated[Optional[str], Elicit('q')]",
        "Annotated[str | None, Elicit('q')]",
        "Annotated[None | str, Elicit('q')]",
        "Annotated[Union[str, None], Elicit('q')]",
        "Annotated[str, Elicit('q')] | None",
        "Optional[Annotated[str, Elicit('q')]]",
        "'Annotated[str | None, Elicit(\"q\")]'",
        "Annotated['str | None', Elicit('q')]",
        "Annotated[str | 'None', Elicit('q')]",
    ],
)
def test_optional_forms_fire_and_fix_applies(annotation):
    src = HEAD + f"async def t(x: {annotation}) -> str: ...\n"
    [d] = run(src, "MCP009")
    assert d.message == "Elicited parameter `x` of `t` is optional (`| None`) but has no default"
    assert d.help == "A declined or cancelled question still fails the call with a `ToolError`"
    assert d.fix.applicability is Applicability.UNSAFE and d.fix.message == "Add `= None`"
    fixed = apply(src, d.fix)
    assert f"x: {annotation} = None)" in fixed
    ast.parse(fixed)
    assert run(fixed, "MCP009") == []


@pytest.mark.parametrize(
    "annotation",
    [
        "Annotated[str, Elicit('q')]",
        "Annotated[Optional[str], Resolve(r)]",
        "Annotated[Optional[str], Other('q')]",
        "list[Annotated[str | None, Elicit('q')]]",  # MCP006's finding
        "Annotated[MaybeStr, Elicit('q')]",  # an alias: not known to be optional
        "Annotated[Literal[None, 'a'], Elicit('q')]",
    ],
)
def test_not_optional_or_not_elicit(annotation):
    src = HEAD + (
        "from typing import Literal\nfrom mcp.server.mcpserver import Resolve\n"
        "MaybeStr = Optional[str]\ndef r() -> int: ...\nclass Other:\n    def __init__(self, q): ...\n"
        f"async def t(x: {annotation}) -> str: ...\n"
    )
    assert run(src, "MCP009") == []


def test_no_fix_when_a_default_would_be_a_syntax_error():
    src = HEAD + "async def t(x: Annotated[str | None, Elicit('q')], y: int, z: int = 1) -> str: ...\n"
    [d] = run(src, "MCP009")
    assert d.fix is None
    # keyword-only parameters may be followed by required ones; a later defaulted
    # positional, or only *args/**kwargs after it, are fine too
    for sig in (
        "*, x: Annotated[str | None, Elicit('q')], y: int",
        "x: Annotated[str | None, Elicit('q')], y: int = 2, *args, z: int, **kw",
        "x: Annotated[str | None, Elicit('q')], /, y: int = 2",
        "w: int, /, x: Annotated[str | None, Elicit('q')]",
    ):
        src = HEAD + f"def t({sig}): ...\n"
        [d] = run(src, "MCP009")
        assert d.fix is not None, sig
        ast.parse(apply(src, d.fix))


def test_multiline_annotation_and_location():
    src = textwrap.dedent("""\
        from typing import Annotated
        from elicit_lint.runtime import Elicit

        async def book(
            seat: Annotated[
                str | None,
                Elicit("Window or aisle?"),
            ],  # the seat
        ) -> str:
            return seat or ""
        """)
    [d] = run(src, "MCP009")
    assert (d.location.row, d.location.column) == (5, 5)
    [edit] = d.fix.edits
    assert (edit.location.row, edit.location.column) == (8, 6)
    assert "    ] = None,  # the seat" in apply(src, d.fix)


def test_varargs_are_not_reported():
    assert run(HEAD + "def t(*x: Annotated[str | None, Elicit('q')]): ...\n", "MCP009") == []


LONG = (
    "from typing import Annotated\n\nfrom elicit_lint.runtime import Elicit, declared_elicitation\n"
    'from fastmcp import FastMCP\n\nmcp = FastMCP("x")\n\n\n@mcp.tool\n@declared_elicitation\n'
    '{signature}\n    return f"{{order_id}} {{note}}"\n'
)


@pytest.mark.parametrize(
    ("signature", "laid_out"),
    [
        (
            'async def ship(order_id: str, note: Annotated[str | None, Elicit("Note?")]) -> str:',
            'async def ship(\n    order_id: str,\n    note: Annotated[str | None, Elicit("Note?")] = None,\n'
            ") -> str:",
        ),
        (
            'async def ship(*, note: Annotated[str | None, Elicit("A note, please?")], order_id: str) -> str:',
            'async def ship(\n    *,\n    note: Annotated[str | None, Elicit("A note, please?")] = None,\n'
            "    order_id: str,\n) -> str:",
        ),
    ],
)
def test_a_fix_past_the_line_length_is_laid_out_as_the_codemod_does(tmp_path, monkeypatch, signature, laid_out):
    """fresh15 LOW-3: `= None` made a 90-character line (E501, format drift); the
    fix lays the signature out one parameter a line, which ruff keeps (checked with
    the installed ruff); with a longer project line length, the
    plain insertion."""
    import shutil
    import subprocess

    from elicit_lint.checker.cli import main

    path = tmp_path / "s.py"
    path.write_text(LONG.format(signature=signature))
    monkeypatch.chdir(tmp_path)
    main(["check", "--no-cache", "--quiet", "--select", "MCP009", "--fix", "--unsafe-fixes", "s.py"])
    fixed = path.read_text()
    assert fixed == LONG.format(signature=laid_out)
    ast.parse(fixed)
    ruff = shutil.which("ruff") or "ruff"  # a dev dependency (pyproject.toml)
    for args in (["format", "--check", "--diff"], ["check", "--isolated", "--select", "E501"]):
        done = subprocess.run([ruff, *args, "s.py"], capture_output=True, text=True)
        assert done.returncode == 0, done.stdout
    wide = tmp_path / "wide"  # another directory: the project's settings are read once per directory
    wide.mkdir()
    (wide / "pyproject.toml").write_text("[tool.ruff]\nline-length = 120\n")
    path = wide / "s.py"
    path.write_text(LONG.format(signature=signature))
    main(["check", "--no-cache", "--quiet", "--select", "MCP009", "--fix", "--unsafe-fixes", str(path)])
    assert path.read_text() == LONG.format(signature=signature.replace('")]', '")] = None'))


def test_a_long_line_the_author_allows_keeps_the_plain_insertion():
    long = 'async def ship(order_id: str, note: Annotated[str | None, Elicit("Note?")]) -> str:  # noqa: E501'
    [d] = run(HEAD + long + "\n    return ''\n", "MCP009")
    [edit] = d.fix.edits
    assert (edit.content, edit.location) == (" = None", edit.end_location)
