"""MCP017's fix and elicit-migrate's mcp 1.x path (analysis/mcp1.py, mcp1_plan.py):
what the rename edits, what refuses it (the allow-list, one use at a time), that the
allowed names exist on both mcp 1.30.0 and mcp 2.3.0, and that the fix followed by
elicit-migrate gives the file elicit-migrate alone gives."""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from elicit_lint.analysis.mcp1 import ALLOWED_IMPORTS, Edit, original_column, renamed, upgrade
from elicit_lint.core.diagnostic import Applicability
from elicit_lint.model import build_model

from .rule_helpers import run

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/mcp1_env.py
import mcp1_env  # noqa: E402

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "codemod"

HEAD = """\
from mcp.server.fastmcp import Context, FastMCP
from pydantic import BaseModel

mcp = FastMCP("Kiln")


class Firing(BaseModel):
    cone: int
"""


def _upgrade(source: str):
    source = textwrap.dedent(source)
    return upgrade(build_model(ast.parse(source), source, "m.py"))


def _renamed(source: str) -> str:
    source = textwrap.dedent(source)
    found = _upgrade(source)
    assert found.offered, found.reason
    return renamed(source, found.edits)


def test_the_rename_keeps_an_alias_and_renames_generic_uses():
    source = """\
        from contextlib import asynccontextmanager
        from mcp.server.fastmcp import Context as Ctx, FastMCP as Server
        from mcp.server.fastmcp import FastMCP

        @asynccontextmanager
        async def life(server: FastMCP[dict]):
            yield {}

        mcp = Server("Kiln", lifespan=life)


        @mcp.tool()
        async def fire(pot: str, ctx: Ctx) -> str:
            await ctx.info(f"firing {pot}")
            return pot
        """
    assert _renamed(source) == textwrap.dedent(source).replace(
        "fastmcp import Context as Ctx, FastMCP as Server",
        "mcpserver import Context as Ctx, MCPServer as Server",
    ).replace("fastmcp import FastMCP", "mcpserver import MCPServer").replace(
        "FastMCP[dict]", "MCPServer[dict]"
    )


def test_the_fix_is_one_unsafe_fix_on_the_first_import():
    [d] = run(HEAD + "\n@mcp.tool()\nasync def f(ctx: Context) -> str:\n    return ''\n", "MCP017")
    assert d.fix is not None and d.fix.applicability is Applicability.UNSAFE
    assert [(e.location.row, e.content) for e in d.fix.edits] == [
        (1, "mcp.server.mcpserver"),
        (1, "MCPServer"),
        (4, "MCPServer"),
    ]


@pytest.mark.parametrize(
    ("tail", "named"),
    [
        ('\n@mcp.tool()\ndef f() -> str:\n    return ""\n', "the sync handler `f`"),
        ("\nmcp.settings.port = 1\n", "`mcp.settings`"),
        ("\ndef f():\n    return 1\nmcp.add_tool(f)\n", "`mcp.add_tool(...)` of a handler not an `async def`"),
        ("\nmcp.add_tool(imported_tool)\n", "`mcp.add_tool(...)` of a handler not an `async def`"),
        ("\napp = mcp.sse_app()\n", "`mcp.sse_app`"),
        ("\nctx = mcp.get_context()\n", "`mcp.get_context`"),
        ("\nregister(mcp)\n", "`mcp`: not on what mcp 2 keeps"),
        ('\nmcp.run(transport="sse", port=9)\n', "with arguments other than `transport`"),
        ("\nasync def f(ctx: Context | None = None):\n    return ctx.session\n", "`ctx.session`"),
        ("\nasync def f(ctx: Optional[Context] = None):\n    return ctx.session\n", "`ctx.session`"),
        ("\nasync def f(ctx: Context):\n    return ctx.fastmcp\n", "`ctx.fastmcp`"),
        ("\nasync def f(ctx: Context):\n    return ctx.client_id\n", "`ctx.client_id`"),
        ("\nasync def f(ctx: Context):\n    return ctx.session\n", "`ctx.session`"),
        ("\nasync def f(ctx: Context):\n    await ctx.info(message='x')\n", "`ctx.info(...)`"),
        ("\nasync def f(ctx: Context):\n    await ctx.log('info', message='x')\n", "`ctx.log(...)`"),
        ("\nasync def f(ctx: Context):\n    await ctx.info('x', extra=1)\n", "`ctx.info(...)`"),
        ("\nasync def f(ctx: Context):\n    return ctx.request_context.session\n", "`ctx.request_context`"),
        ("\nasync def f(ctx: Context):\n    return other(ctx)\n", "`ctx` passed"),
        ("\nfrom mcp.types import TextContent\n", "`from mcp.types import TextContent`"),
        ("\nfrom mcp.types import ToolAnnotations\nA = ToolAnnotations(readOnlyHint=True)\nB = A.readOnlyHint\nC = ToolAnnotations\n", "`ToolAnnotations` used other than built"),
        ("\nfrom mcp.shared.exceptions import McpError\n", "`from mcp.shared.exceptions import McpError`"),
        ("\nimport mcp.types\n", "`import mcp.types`"),
        ("\nfrom mcp.server.fastmcp.exceptions import FastMCPError\n", "`from mcp.server.fastmcp.exceptions"),
        ("\nkind = isinstance(mcp, FastMCP)\n", "`FastMCP` used other than"),
        ("\nclass Mine(FastMCP):\n    pass\n", "`FastMCP` used other than"),
        ("\nMCPServer = 1\n", "already uses the name `MCPServer`"),
        ("\ndef build():\n    from mcp.server.fastmcp import Context\n", "inside a function"),
    ],
)
def test_each_use_mcp2_changed_refuses_the_fix_and_is_named(tail, named):
    found = _upgrade(HEAD + tail)
    assert not found.offered and found.edits == ()
    assert named in (found.reason or ""), found.reason
    [d] = [d for d in run(HEAD + tail, "MCP017")][:1]
    assert d.fix is None and named in (d.help or "")


@pytest.mark.parametrize(
    ("call", "named"),
    [
        ('FastMCP("Kiln", "Answers about kilns.")', "a second positional argument"),
        ('FastMCP("Kiln", host="0.0.0.0")', "host="),
        ('FastMCP("Kiln", port=8000)', "port="),
        ('FastMCP("Kiln", json_response=True)', "json_response="),
        ('FastMCP("Kiln", stateless_http=True)', "stateless_http="),
        ('FastMCP("Kiln", mount_path="/k")', "mount_path="),
        ('FastMCP("Kiln", **options)', "**"),
        ("FastMCP()", "without a name"),
    ],
)
def test_constructor_arguments_mcp2_changed_refuse_the_fix(call, named):
    found = _upgrade(HEAD.replace('FastMCP("Kiln")', call))
    assert not found.offered and named in (found.reason or ""), found.reason


def test_streamable_http_with_a_lifespan_refuses_the_fix():
    source = HEAD.replace('FastMCP("Kiln")', 'FastMCP("Kiln", lifespan=life)') + '\nmcp.run("streamable-http")\n'
    assert "enters it once" in (_upgrade(source).reason or "")
    assert _upgrade(source.replace("streamable-http", "stdio")).offered
    assert _upgrade(source.replace("streamable-http", "sse")).offered  # fresh14 L3: SSE is not
    # in the guide's "Streamable HTTP: lifespan now entered once at manager startup"
    computed = source.replace('"streamable-http"', "transport=args.transport")
    assert "enters it once" in (_upgrade(computed).reason or "")
    assert _upgrade(computed.replace(", lifespan=life", "")).offered


def test_what_mcp2_keeps_is_offered():
    source = HEAD + textwrap.dedent(
        """
        from mcp.server.elicitation import AcceptedElicitation
        from mcp.server.fastmcp.exceptions import ToolError
        from mcp.server.session import ServerSession
        from mcp.types import ToolAnnotations


        async def maybe(ctx: Context | None = None) -> None:
            if ctx is not None and ctx:
                await ctx.info("maybe")


        async def note(ctx: Context, text: str) -> None:
            await ctx.debug(text)


        @mcp.tool(annotations=ToolAnnotations(readOnlyHint=False, title="Fire"))
        async def fire(pot: str, ctx: Context[ServerSession, None]) -> str:
            await ctx.report_progress(1, 2)
            await ctx.log("info", f"firing {pot}", logger_name="kiln")
            await note(ctx, pot)
            state = ctx.request_context.lifespan_context
            reply = await ctx.elicit(message="Cone?", schema=Firing)
            if isinstance(reply, AcceptedElicitation):
                return f"{pot} {reply.data.cone} {state} {ctx.request_id}"
            raise ToolError("no")


        @mcp.resource("kiln://state")
        async def state() -> str:
            return "hot"


        if __name__ == "__main__":
            mcp.run(transport="streamable-http")
        """
    )
    found = _upgrade(source)
    assert found.offered, found.reason
    assert "from mcp.server.mcpserver.exceptions import ToolError" in renamed(source, found.edits)


def test_columns_after_a_rename_on_the_same_row_map_back():
    edits = (Edit(3, 6, 13, "MCPServer"),)
    assert original_column(edits, 3, 1) == 1
    assert original_column(edits, 3, 7) == 7  # the renamed name itself
    assert original_column(edits, 3, 16) == 14  # after it: two characters longer
    assert original_column(edits, 4, 16) == 16


def test_allowed_names_exist_on_mcp_2_and_on_mcp_1():
    """The allow-list's names: importable from mcp 2.3.0 (this environment; the
    renamed module's `Context`/`MCPServer` too) and from mcp 1.30.0."""
    import importlib

    for module, names in ALLOWED_IMPORTS.items():
        new = module.replace("mcp.server.fastmcp", "mcp.server.mcpserver")
        loaded = importlib.import_module(new)
        for name in names:
            assert hasattr(loaded, "MCPServer" if name == "FastMCP" else name), (new, name)
    probe = "import importlib, json, sys\n" + "".join(
        f"m = importlib.import_module({module!r})\n"
        + "".join(f"getattr(m, {n!r})\n" for n in sorted(names))
        for module, names in ALLOWED_IMPORTS.items()
    ) + "print(json.dumps('ok'))\n"
    done = subprocess.run([str(mcp1_env.python()), "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0 and json.loads(done.stdout) == "ok", done.stderr


@pytest.mark.parametrize("case", ["mcp1_upgrade_ask", "mcp1_upgrade_backfill", "mcp1_upgrade_imports"])
def test_the_fix_then_migrate_gives_what_migrate_alone_gives(tmp_path, case):
    from elicit_lint.checker.cli import main as check
    from elicit_lint.codemod.cli import main as migrate

    one, two = tmp_path / "one.py", tmp_path / "two.py"
    shutil.copy(FIXTURES / case / "before.py", one)
    shutil.copy(FIXTURES / case / "before.py", two)
    check(["check", "--no-cache", "--fix", "--unsafe-fixes", "--select", "MCP017", "--quiet", str(one)])
    assert "mcp.server.mcpserver" in one.read_text() and "fastmcp" not in one.read_text()
    migrate([str(one)])
    before = two.read_bytes()
    migrate([str(two)])  # the default: an mcp 1.x file stays as it is (opt-in upgrade)
    assert two.read_bytes() == before
    migrate(["--upgrade-mcp1", str(two)])
    assert one.read_text() == two.read_text() == (FIXTURES / case / "after.py").read_text()


def test_the_fix_is_not_applied_without_unsafe_fixes(tmp_path):
    from elicit_lint.checker.cli import main as check

    path = tmp_path / "m.py"
    shutil.copy(FIXTURES / "mcp1_upgrade_ask" / "before.py", path)
    check(["check", "--no-cache", "--fix", "--select", "MCP017", "--quiet", str(path)])
    assert path.read_text() == (FIXTURES / "mcp1_upgrade_ask" / "before.py").read_text()


@pytest.mark.parametrize(
    ("imports", "expected"),
    [
        # fresh14 H9: `as FastMCP` kept the name bound, so its uses stay (was NameError)
        ("from mcp.server.fastmcp import FastMCP as FastMCP", "from mcp.server.mcpserver import MCPServer as FastMCP"),
        ("from mcp.server.fastmcp import FastMCP as F", "from mcp.server.mcpserver import MCPServer as F"),
        ("from mcp.server.fastmcp import FastMCP", "from mcp.server.mcpserver import MCPServer"),
    ],
)
def test_every_alias_form_still_names_the_server_after_the_rename(imports, expected):
    local = imports.rsplit(" ", 1)[-1]
    source = f'{imports}\n\nmcp = {local}("Self")\n\n\n@mcp.tool()\nasync def f() -> str:\n    return ""\n'
    new = _renamed(source)
    new_local = expected.rsplit(" ", 1)[-1]
    assert new == f'{expected}\n\nmcp = {new_local}("Self")\n\n\n@mcp.tool()\nasync def f() -> str:\n    return ""\n'
    tree = ast.parse(new)
    bound = {a.asname or a.name for n in tree.body if isinstance(n, ast.ImportFrom) for a in n.names}
    called = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    assert called <= bound  # the server's class is a name the import binds


def test_a_module_import_of_mcp1_gets_no_fix():
    found = _upgrade('import mcp.server.fastmcp as fm\n\nmcp = fm.FastMCP("Self")\n')
    assert not found.offered and "import mcp.server.fastmcp" in found.reason
    # fresh14 L4: the reason names what to change (was "not a name mcp 2 keeps as it was")
    found = _upgrade('from mcp.server import fastmcp\n\nmcp = fastmcp.FastMCP("Self")\n')
    assert not found.offered
    assert found.reason.startswith(
        "`from mcp.server import fastmcp`: the module imported under a name; import the names "
        "it uses with `from mcp.server.fastmcp import ...`"
    )


def test_a_module_that_does_not_build_its_server_gets_no_fix():
    # fresh14 M2: renamed alone, the tools module imports from mcp 2 while the server
    # module (its own fix refused) stays on mcp 1: the project imports on neither
    found = _upgrade(
        "from mcp.server.fastmcp import Context\n\nfrom app.server import mcp\n\n\n"
        "@mcp.tool()\nasync def f(ctx: Context) -> str:\n    return ''\n"
    )
    assert not found.offered
    assert found.reason.startswith("the module does not build its server")
    assert "by hand, then fix the module that builds the server" in found.reason
    [d] = run(
        "from mcp.server.fastmcp import Context\n\nfrom app.server import mcp\n\n\n"
        "@mcp.tool()\nasync def f(ctx: Context) -> str:\n    return ''\n",
        "MCP017",
    )
    assert d.fix is None


@pytest.mark.parametrize("module", ["mcp.server.fastmcp", "mcp.server.fastmcp.exceptions"])
def test_a_star_import_is_reported_without_a_fix(module):
    # fresh14 M1: a star import binds no name, and was not reported
    source = f'from {module} import *\nfrom mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("Star")\n'
    found = run(source, "MCP017")
    assert [d.location.row for d in found] == [1, 2]
    assert all(d.fix is None for d in found)
    assert f"`from {module} import *`" in found[0].help
    [alone] = run(f"from {module} import *\n", "MCP017")
    assert alone.fix is None


def test_the_upgrade_note_names_what_mcp2_changes_and_the_default_says_how_to_opt_in(tmp_path, capsys):
    from elicit_lint.analysis.mcp1_plan import OPT_IN
    from elicit_lint.codemod.cli import main as migrate

    path = tmp_path / "m.py"
    shutil.copy(FIXTURES / "mcp1_upgrade_ask" / "before.py", path)
    migrate(["--diff", str(path)])
    assert "`--upgrade-mcp1`" in OPT_IN and "docs/sdk.md" in OPT_IN
    default = " ".join(capsys.readouterr().err.split())
    assert "moving it to mcp 2 changes more than its questions" in default
    assert "set `upgrade-mcp1 = true` in the configuration" in default  # low16's setting too
    migrate(["--diff", "--upgrade-mcp1", str(path)])
    err = capsys.readouterr().err
    assert "renamed mcp 1.x's `mcp.server.fastmcp`" in err
    assert 'docs/sdk.md "What the upgrade to mcp 2 changes"' in " ".join(err.split())


def test_a_string_annotation_of_the_server_is_renamed_and_of_the_context_is_read():
    # closing9: `"FastMCP"` in quotes stayed (NameError for a type checker, a stale
    # name for `get_type_hints`); `ctx: "Context"` went unread, so a use mcp 2 changed
    # (`ctx.session`) was not refused
    source = (
        HEAD
        + '\n\ndef serve(server: "FastMCP", other: "Optional[FastMCP]") -> "FastMCP":\n    return server\n'
        + '\n\n@mcp.tool()\nasync def f(ctx: "Context") -> str:\n    await ctx.info("x")\n    return ""\n'
    )
    new = _renamed(source)
    assert '(server: "MCPServer", other: "Optional[MCPServer]") -> "MCPServer":' in new
    assert 'ctx: "Context"' in new
    changed = source.replace('await ctx.info("x")', "ctx.session")
    assert "`ctx.session`" in (_upgrade(changed).reason or "")
    aliased = source.replace("Context, FastMCP", "Context, FastMCP as Server").replace(
        'FastMCP("Kiln")', 'Server("Kiln")'
    )
    assert "(server: \"FastMCP\"" in _renamed(aliased)  # names no class the module binds: as written
    spread = source.replace('server: "FastMCP"', 'server: "Fast" "MCP"')
    assert "a string annotation naming `FastMCP`" in (_upgrade(spread).reason or "")


_FIELDS = r"""
import importlib, inspect, json, sys
out = {}
for dotted in sys.argv[1:]:
    module, name = dotted.rsplit(".", 1)
    obj = getattr(importlib.import_module(module), name)
    if hasattr(obj, "model_fields"):
        out[dotted] = {k: [str(f.annotation), repr(f.default)] for k, f in obj.model_fields.items()}
    elif inspect.isclass(obj):
        out[dotted] = {k: str(inspect.signature(v)) for k, v in vars(obj).items() if inspect.isfunction(v)}
    else:
        out[dotted] = str(inspect.signature(obj))
print(json.dumps(out, sort_keys=True))
"""

_CARRIED = [
    "mcp.server.auth.provider.TokenVerifier",
    "mcp.server.auth.provider.AccessToken",
    "mcp.server.auth.middleware.auth_context.get_access_token",
]


def _fields(python: str, names: list[str]) -> dict:
    done = subprocess.run([python, "-c", _FIELDS, *names], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_allowed_auth_names_have_the_same_fields_and_signatures_on_both():
    """corpus16 F4: the guide's "Resource-server surface" names that carry over are
    allowed only with the same fields and signatures on mcp 1.30.0 and 2.3.0."""
    for dotted in _CARRIED:
        module, name = dotted.rsplit(".", 1)
        assert name in ALLOWED_IMPORTS[module]
    assert _fields(str(mcp1_env.python()), _CARRIED) == _fields(sys.executable, _CARRIED)


@pytest.mark.parametrize(
    ("dotted", "said"),
    [
        ("mcp.server.auth.settings.AuthSettings", "mcp 2 adds the field `identity_assertion_enabled`"),
        (
            "mcp.server.transport_security.TransportSecuritySettings",
            "`allowed_hosts` and `allowed_origins` have no default on mcp 2",
        ),
        ("mcp.types.ClientCapabilities", "mcp 2 adds the field `extensions`"),
        ("mcp.types.SamplingMessage", "not on elicit-lint's list of names known unchanged on mcp 2"),
    ],
)
def test_a_refused_name_says_what_it_is(dotted, said):
    """corpus16 F4/F7: not "a name mcp 2 keeps as it was" for names mcp 2 keeps:
    what differs (checked below on both installs), or that it is not on the list."""
    module, name = dotted.rsplit(".", 1)
    found = _upgrade(
        f"from mcp.server.fastmcp import FastMCP\nfrom {module} import {name}\n\n"
        'mcp = FastMCP("Auth")\n'
    )
    assert not found.offered
    assert found.reason.startswith(f"`from {module} import {name}`: {said}")
    assert "keeps as it was" not in found.reason
    if not said.startswith("not on"):  # a difference claimed: it is there
        assert _fields(str(mcp1_env.python()), [dotted]) != _fields(sys.executable, [dotted])
