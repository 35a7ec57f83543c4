"""Issue 11 item 6: a rewritten file passes ``ruff format --check`` when the
original did, at the project's ruff ``line-length``; a long ``Elicit(...)`` is
split inside its parentheses as ruff format does."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from elicit_lint.codemod.engine import Options, transform_text

TOOL = """\
from fastmcp import Context, FastMCP

mcp = FastMCP("Shop")


@mcp.tool
async def buy(ctx: Context) -> str:
    result = await ctx.elicit(
        "Buy one baguette for the price shown?",
        response_type=bool,
        response_title="Confirm the purchase",
        response_description="Approve this transaction?",
    )
    if result.action == "accept" and result.data:
        return "bought"
    return "not bought"
"""

RUFF = shutil.which("ruff") or shutil.which(
    "ruff", path=os.path.dirname(sys.executable)
)


def _formatted(path) -> bool:
    done = subprocess.run(
        [RUFF, "format", "--check", "-q", str(path)], capture_output=True, check=False
    )
    return done.returncode == 0


@pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")
@pytest.mark.parametrize("length", [None, 100, 60])
def test_rewrite_of_a_formatted_file_stays_formatted(tmp_path, length):
    if length is not None:
        (tmp_path / "pyproject.toml").write_text(
            f"[tool.ruff]\nline-length = {length}\n"
        )
    path = tmp_path / "tool.py"
    path.write_text(TOOL)
    assert _formatted(path)  # the original is formatted at this length
    new, _ = transform_text(TOOL, str(path), Options())
    assert "ctx.elicit" not in new
    path.write_text(new)
    assert _formatted(path), new
    if length is None:  # 88: the marker does not fit on one line, split inside it
        assert '        Elicit(\n            "Buy one baguette' in new


def _formatted_files(root, paths) -> set[str]:
    """Which of ``paths`` (relative to ``root``, with its ruff configuration) pass
    ``ruff format --check`` (no cache: ``root`` may be the read-only sdist)."""
    found = set()
    for path in paths:
        done = subprocess.run(
            [RUFF, "format", "--check", "--no-cache", "-q", path],
            capture_output=True,
            cwd=root,
            check=False,
        )
        assert done.returncode in (0, 1), done.stderr
        if done.returncode == 0:
            found.add(path)
    return found


@pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")
@pytest.mark.parametrize(
    ("sdist", "parts", "pinned"),
    [
        (
            "fastmcp_sdist",
            ("tests/client", "examples"),
            ("tests/client/test_elicitation.py", "tests/client/test_elicitation_enums.py"),
        ),
        ("mcp_sdist", ("tests/server", "docs_src"), ("tests/server/mcpserver/test_elicitation.py",)),
    ],
)
def test_rewritten_sdist_files_stay_formatted(sdist, parts, pinned, tmp_path, monkeypatch, capsys, request):
    """Every rewritten file of the sdists that ``ruff format --check`` accepted (with
    the sdist's own ruff configuration) still passes: the fastmcp client tests define
    their tools inside test functions (the ``Elicit(...)`` arguments split over
    lines, and a dict or list argument's inner lines, sit at ruff's columns there
    too); mcp's line length is 120 (an SDK tool's signature wraps at it)."""
    import json

    from elicit_lint.codemod.cli import main

    root = request.getfixturevalue(sdist)
    for part in parts:
        shutil.copytree(root / part, tmp_path / part)
    shutil.copy(root / "pyproject.toml", tmp_path / "pyproject.toml")
    monkeypatch.chdir(tmp_path)
    main(["--report", "json", "--jobs", "1", *parts])
    rewritten = json.loads(capsys.readouterr().out)["files_rewritten"]
    before = _formatted_files(root, rewritten)
    assert set(pinned) <= before
    assert _formatted_files(tmp_path, rewritten) >= before


NESTED = """\
from fastmcp import Context, FastMCP

mcp = FastMCP("Desk")


def register() -> None:
    @mcp.tool
    async def triage(ctx: Context) -> str:
        result = await ctx.elicit(
            "Choose the priority level for this particular ticket",
            response_type=[
                {
                    # the usual ones
                    "low": {"title": "Low Priority"},
                    "high": {"title": "High Priority"},
                }
            ],
            response_title="Priority",
        )
        if result.action == "accept":
            return "ok"
        return "no"
"""


@pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")
def test_a_nested_tool_with_a_multi_line_argument_stays_formatted(tmp_path):
    """libcst indents a nested ``def``'s header lines by the ``def``'s column: the
    split arguments and a list argument's inner lines land where ruff puts them."""
    path = tmp_path / "tool.py"
    path.write_text(NESTED)
    assert _formatted(path)
    new, plan = transform_text(NESTED, str(path), Options())
    assert plan.rewritten_sites == 1
    path.write_text(new)
    assert _formatted(path), new
    assert "\n                response_type=[\n                    {\n" in new


RESOLVERS = '''\
from dataclasses import dataclass
import typing

from fastmcp import Context, FastMCP

mcp = FastMCP("Travel")


@dataclass
class Trip:
    city: str


@mcp.tool
async def plan(ctx: Context, who: str) -> str:
    t = await ctx.elicit(f"Trip for {who}?", response_type=Trip)
    if t.action != "accept":
        return "none"
    c = await ctx.elicit(
        f"Class for {t.data.city}?", response_type=typing.Literal["eco", "biz"]
    )
    if c.action != "accept":
        return "no class"
    return f"{t.data.city} {c.data}"


def register() -> None:
    @mcp.tool
    async def plan_again(ctx: Context, who: str) -> str:
        t = await ctx.elicit(f"Trip for {who}?", response_type=Trip)
        if t.action != "accept":
            return "none"
        c = await ctx.elicit(
            f"Class for {t.data.city}?",
            response_type=typing.Literal["econ", "bizz"],
        )
        if c.action != "accept":
            return "no class"
        return f"{t.data.city} {c.data}"
'''


@pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")
def test_a_long_generated_resolver_signature_is_wrapped(tmp_path):
    """Resolvers of ``typing.Literal[...]`` answers, whose ``def`` lines would pass
    the line length unless the repeated type is aliased: the rewrite stays
    formatted."""
    path = tmp_path / "tool.py"
    path.write_text(RESOLVERS)
    assert _formatted(path)
    new, plan = transform_text(RESOLVERS, str(path), Options())
    assert plan.rewritten_sites == 4
    path.write_text(new)
    assert _formatted(path), new
    # `typing.Literal[...]` repeated in a tool and its resolver is named once, as
    # a plain `Literal[...]` is (`import typing` binds the spelling above the alias)
    assert '\nChoice = typing.Literal["eco", "biz"]\n' in new
    assert "\ndef ask_c(t: Trip | None) -> Choice | None | Elicit[Choice]:" in new
    assert "\n    def ask_c_2(t: Trip | None) -> Choice2 | None | Elicit[Choice2]:" in new


LONG_FASTMCP = """\
from dataclasses import dataclass

from fastmcp import Context, FastMCP

mcp = FastMCP("Parcels")


@dataclass
class OverseasDeliveryPreferencesOfTheRecipient:
    carrier: str


@mcp.tool
async def send(ctx: Context, recipient: str) -> str:
    d = await ctx.elicit(
        f"Delivery for {recipient}?",
        response_type=OverseasDeliveryPreferencesOfTheRecipient,
    )
    if d.action == "accept":
        return d.data.carrier
    return "-"


@mcp.tool
async def crate(ctx: Context) -> str:
    c = await ctx.elicit(
        "Crate size?",
        response_type=["tiny", "small", "medium", "large", "huge", "vast", "wide"],
    )
    if c.action == "accept":
        return c.data
    return "-"


@mcp.tool
async def box(ctx: Context, sender: str) -> str:
    b = await ctx.elicit(
        f"Box size for {sender}?",
        response_type=[
            "tiny box",
            "small box",
            "medium box",
            "large box",
            "huge box",
            "vast box",
        ],
    )
    if b.action == "accept":
        return b.data
    return "-"


def register() -> None:
    @mcp.tool
    async def resend(ctx: Context, recipient: str) -> str:
        d = await ctx.elicit(
            f"Delivery for {recipient}?",
            response_type=OverseasDeliveryPreferencesOfTheRecipient,
        )
        if d.action == "accept":
            return d.data.carrier
        return "-"

    @mcp.tool
    async def recrate(ctx: Context) -> str:
        c = await ctx.elicit(
            "Crate size?",
            response_type=["tiny", "small", "medium", "large", "huge", "vast"],
        )
        if c.action == "accept":
            return c.data
        return "-"
"""

LONG_SDK = """\
from pydantic import BaseModel

from mcp.server.mcpserver import Context, MCPServer

mcp = MCPServer("Parcels")


class OverseasDeliveryPreferencesOfTheRecipientAndTheirHousehold(BaseModel):
    carrier: str


@mcp.tool()
async def send(recipient: str, ctx: Context) -> str:
    if recipient == "nobody":
        return "-"
    d = await ctx.elicit(
        f"Delivery for {recipient}?",
        OverseasDeliveryPreferencesOfTheRecipientAndTheirHousehold,
    )
    if d.action == "accept":
        return d.data.carrier
    return "-"


@mcp.tool()
async def post(ctx: Context) -> str:
    d = await ctx.elicit(
        "Delivery?", OverseasDeliveryPreferencesOfTheRecipientAndTheirHousehold
    )
    if d.action == "accept":
        return d.data.carrier
    return "-"
"""


@pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")
@pytest.mark.parametrize(
    ("source", "sites", "shapes"),
    [
        (
            LONG_FASTMCP,
            5,
            [
                # a resolver return too long for `) -> ...:` gets its own parentheses,
                # one operand per line (at module level and nested)
                (
                    ") -> (\n    OverseasDeliveryPreferencesOfTheRecipient\n"
                    "    | Elicit[OverseasDeliveryPreferencesOfTheRecipient]\n):\n"
                ),
                "    ) -> (\n        OverseasDeliveryPreferencesOfTheRecipient\n",
                # a long alias is split inside its brackets
                'Choice = Literal[\n    "tiny box", "small box",',
                # a long `Literal[...] | None` element of `Annotated[...]`
                '    c: Annotated[\n        Literal["tiny", "small", "medium", "large",',
            ],
        ),
        (
            LONG_SDK,
            2,
            [
                ") -> Elicit[OverseasDeliveryPreferencesOfTheRecipientAndTheirHousehold] | None:",
                # no parameters: split inside the return annotation's brackets
                "async def ask_post_d() -> Elicit[\n    OverseasDelivery",
            ],
        ),
    ],
)
def test_long_annotations_stay_formatted(tmp_path, source, sites, shapes):
    """Long resolver return annotations (``T | Elicit[T]``, the SDK's
    ``Elicit[S] | None``), long ``Annotated[...]`` parameters and long ``Literal``
    aliases are laid out as ruff format lays them out."""
    path = tmp_path / "tool.py"
    path.write_text(source)
    assert _formatted(path)
    new, plan = transform_text(source, str(path), Options())
    assert plan.rewritten_sites == sites
    path.write_text(new)
    assert _formatted(path), new
    for shape in shapes:
        assert shape in new, (shape, new)


SDK_SPLIT = '''\
from mcp.server.mcpserver import Context, MCPServer
from pydantic import BaseModel

mcp = MCPServer("Shop")


class Size(BaseModel):
    size: str


@mcp.tool()
async def buy(
    item: str,
    ctx: Context,
    count: int = 1,
) -> dict:
    choice = await ctx.elicit(f"Which size of {item} (x{count})?", Size)
    if choice.action != "accept":
        return {"bought": False}
    return {"bought": True, "size": choice.data.size}


@mcp.tool()
async def sell(
    ctx: Context, item: str, count: int = 1, *, note: str = "", extra: int = 0
) -> dict:
    choice = await ctx.elicit(f"Which size of {item} (x{count}, {note})?", Size)
    if choice.action != "accept":
        return {"sold": False}
    return {"sold": extra, "size": choice.data.size}


@mcp.tool()
async def swap(
    item: str,
    ctx: Context,
    *,
    count: int = 1,
) -> dict:
    choice = await ctx.elicit(f"Which size of {item} (x{count})?", Size)
    if choice.action != "accept":
        return {"swapped": False}
    return {"swapped": True, "size": choice.data.size}
'''


@pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")
def test_an_sdk_keyword_only_result_in_a_split_signature_stays_formatted(tmp_path):
    """A signature split one parameter a line whose last parameter has a default:
    ``*`` and the new parameter get lines of their own, as ruff format lays them
    out (the new parameter used to land on the ``) -> dict:`` line)."""
    path = tmp_path / "tool.py"
    path.write_text(SDK_SPLIT)
    assert _formatted(path)
    new, plan = transform_text(SDK_SPLIT, str(path), Options())
    assert plan.rewritten_sites == 3
    path.write_text(new)
    assert _formatted(path), new
    assert (
        "    count: int = 1,\n    *,\n"
        "    choice: Annotated[ElicitationResult[Size], Resolve(ask_choice)],\n) -> dict:\n"
    ) in new


@pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")
def test_split_signatures_stay_formatted(tmp_path):
    """fresh9: a parameter appended to a signature its author split over several
    lines (a trailing comment on the last line, a dropped first or last context)
    and a question concatenated over two lines in a resolver: the rewrite of the
    formatted original passes ``ruff format --check``."""
    from .cases import ROOT

    path = tmp_path / "tool.py"
    path.write_text((ROOT / "split_signature_layout" / "before.py").read_text())
    subprocess.run([RUFF, "format", "-q", str(path)], check=True)
    original = path.read_text()
    new, _ = transform_text(original, str(path), Options())
    assert new.count("@declared_elicitation") == 3
    path.write_text(new)
    assert _formatted(path), new
