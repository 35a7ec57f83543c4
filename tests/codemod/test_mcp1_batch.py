"""An mcp 1.x tool module passing its ``Context`` to an asking helper of another module,
run as a batch with ``--upgrade-mcp1`` (closing9: the upgrade never ran there and the
reason said only "`ctx` passed or used other than through its methods"): both files stay
byte for byte, each skip says exactly why, and the checker quotes the same reasons."""

from __future__ import annotations

import json

from elicit_lint.analysis.mcp1_plan import SERVER_ELSEWHERE, helper_elsewhere
from elicit_lint.checker.cli import main as check
from elicit_lint.codemod.cli import main as migrate

HELPERS = '''\
from mcp.server.fastmcp import Context
from pydantic import BaseModel


class Count(BaseModel):
    n: int


async def ask_count(ctx: Context) -> int:
    answer = await ctx.elicit("How many?", Count)
    if answer.action == "accept":
        return answer.data.n
    return 0
'''

SERVER = '''\
from mcp.server.fastmcp import Context, FastMCP
from pydantic import BaseModel

from shed.helpers import ask_count

mcp = FastMCP("Shed")


class Name(BaseModel):
    name: str


@mcp.tool()
async def label(ctx: Context) -> str:
    answer = await ctx.elicit("Which name?", Name)
    if answer.action == "accept":
        return answer.data.name
    return "none"


@mcp.tool()
async def stack(ctx: Context) -> str:
    n = await ask_count(ctx)
    return f"{n} stacked"
'''


def test_a_batch_with_a_helper_of_another_module_skips_the_upgrade_saying_why(tmp_path, capsys):
    package = tmp_path / "shed"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "helpers.py").write_text(HELPERS)
    (package / "server.py").write_text(SERVER)
    before = {p.name: p.read_bytes() for p in package.iterdir()}
    capsys.readouterr()
    migrate(["--upgrade-mcp1", str(package)])
    err = " ".join(capsys.readouterr().err.split())
    assert {p.name: p.read_bytes() for p in package.iterdir()} == before
    expected = helper_elsewhere("ctx", "ask_count", 23)
    assert expected in err and SERVER_ELSEWHERE in err
    assert "passed or used other than through its methods" not in err
    check(["check", "--no-cache", "--select", "MCP001", "--output-format", "json", str(package)])
    helps = {
        (d["filename"].rsplit("/", 1)[-1], d["location"]["row"]): d["help"]
        for d in json.loads(capsys.readouterr().out)
    }
    assert expected in helps[("server.py", 15)]
    assert SERVER_ELSEWHERE in helps[("helpers.py", 10)]


def test_a_context_passed_by_keyword_to_an_imported_helper_is_named_too():
    import ast

    from elicit_lint.analysis.mcp1 import upgrade
    from elicit_lint.model import build_model

    source = SERVER.replace("ask_count(ctx)", "ask_count(ctx=ctx)")
    found = upgrade(build_model(ast.parse(source), source, "server.py"))
    assert found.helper == ("ctx", "ask_count", 23)
