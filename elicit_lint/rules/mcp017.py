"""MCP017: an import of mcp 1.x's ``mcp.server.fastmcp``."""

from __future__ import annotations

from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..core.diagnostic import Applicability, Diagnostic, Edit, Fix, Location
from ..core.settings import RuleSettings
from ..model import Model
from .base import Rule
from .cases import Invalid, Valid


class Mcp1ServerImport(Rule):
    """## What it does
    Finds an import of `mcp.server.fastmcp`, the server module of the MCP
    Python SDK 1.x (`from mcp.server.fastmcp import Context, FastMCP`,
    `import mcp.server.fastmcp`, `from mcp.server import fastmcp`), however
    it is spaced or split over lines (`from mcp . server . fastmcp import
    FastMCP`, a parenthesised `from mcp.server import (...)` naming `fastmcp`
    on a later line). One limit: the byte prefilter looks for `mcp.server`
    written without spaces, so a file whose only finding is an import spelled
    `mcp . server` is not read. A star import (`from mcp.server.fastmcp
    import *`, `.exceptions import *`) is reported without a fix.

    ## Why is this bad?
    In mcp 2 (2.3.0: `src/mcp/server/fastmcp.py`) the module is a stub whose
    import raises `ModuleNotFoundError` ("This is mcp 2.x, where FastMCP was
    renamed to MCPServer"), so the server does not start. fastmcp 4 requires
    `mcp>=2.3`, so every FastMCP 4 environment has mcp 2 installed.

    After the rename the code is SDK v2 code: the other rules read
    `mcp.server.fastmcp.FastMCP` as `MCPServer` and its `Context` as the SDK's,
    so a `ctx.elicit(...)` in such a file is reported (MCP001) as the SDK
    call it becomes, which raises `NoBackChannelError` on 2026-07-28 connections.

    ## Fix safety
    The fix renames the import to `mcp.server.mcpserver` and `FastMCP` to
    `MCPServer` at its uses (`FastMCP[S]` too, and in a string annotation
    `"FastMCP"` written as one plain string; an `as` alias is kept; a
    `Context` parameter annotated `"Context"` is read as one written without
    quotes). It is
    offered only when the module uses nothing else mcp 2 changed, read from an
    allow-list of what the guide says carries over as is ("What is unchanged
    on `MCPServer`"): `from mcp.server.fastmcp import ...` of `Context`,
    `FastMCP`, `Image`, `Audio` and `from mcp.server.fastmcp.exceptions import
    ...` of `ToolError`, `ResourceError`, at module level (renamed too); `name = FastMCP("name", ...)` with only `name` positional
    and keywords from the unchanged constructor (`instructions`,
    `website_url`, `icons`, `auth`, `token_verifier`, `auth_server_provider`,
    `lifespan`, `dependencies`, `tools`, `debug`, `log_level`,
    `warn_on_duplicate_*`; not `host`, `port`, `sse_path`, `json_response`,
    `stateless_http`, `mount_path`...: they moved to `run()`); the server read
    only through `tool`, `resource`, `prompt`, `completion`, `add_*` and
    `run()` with a transport written as a string (not `get_context()`,
    `settings`, `sse_app()`...; with `lifespan=`, neither `"streamable-http"`
    nor a transport computed at run time: mcp 2 enters the lifespan once on
    streamable HTTP, not per session, so `stdio` and `sse` only); `async def` handlers only (mcp 2 runs a `def`
    handler on a worker thread); a `Context` parameter read only through
    `elicit`, `info`/`debug`/`warning`/`error` with one positional argument,
    `log(level, message)`, `report_progress`, `read_resource`, `request_id`
    and `request_context.lifespan_context`, tested (`if ctx:`, `ctx is None`),
    or passed to a function of the module that takes a `Context` (also
    `Context | None`; not `ctx.fastmcp`, `ctx.client_id`,
    `ctx.session`, `ctx.log(message=...)`); and other imports of mcp only from
    `mcp.server.elicitation` (`AcceptedElicitation`, `DeclinedElicitation`,
    `CancelledElicitation`, `ElicitationResult`), `mcp.server.session`
    (`ServerSession`), `mcp.server.auth.provider` (`TokenVerifier`,
    `AccessToken`) and `get_access_token`
    (`mcp.server.auth.middleware.auth_context`), names mcp 2.3.0 still has
    with the same fields and signatures, and `ToolAnnotations` (`mcp.types`)
    only built with keywords (not other `mcp.types` names, `McpError`...). Any
    other name refuses the fix: the help says what mcp 2 changed in it when
    elicit-lint knows (`AuthSettings`, `TransportSecuritySettings`,
    `ClientCapabilities`), else that it is not on elicit-lint's list of names
    known unchanged. The module imported as a whole (`import mcp.server.fastmcp`,
    `from mcp.server import fastmcp`) gets no fix: the help says to import the
    names it uses. Otherwise there is no fix and the help names the first use
    to change by hand. A module that does not build its server (`Context`
    imported, the server imported from another module) gets no fix: renamed
    alone it would import from mcp 2 while that server stays on mcp 1; the help
    says to change its imports by hand, then fix the module that builds the
    server. And the module that builds the server gets no fix while a module
    of the run reading that server (`from app.server import mcp`) imports
    `mcp.server.fastmcp` and gets no fix itself, nor while a module of the
    run such a reader imports does (one level: what it imports runs with
    it): renamed alone, it would serve
    from mcp 2 the tools of a module that still imports mcp 1, and the project
    would import on neither. Of the two ways out (no fix there,
    or a fix that also renames the other modules) this is the one that stays
    one module at a time, like every fix; the help names those modules
    (`path:row` of their first read of the server); once their imports are
    changed by hand, the fix is offered. Every other module of the run
    reading the server by name (`from app.server import mcp [as m]`, with or
    without mcp 1.x imports of its own) is read as the server's own module
    is: a use there that the allow-list above refuses in the server's module
    (a `def` tool, `mcp.settings`, `mcp.name`, `mcp.call_tool(...)`,
    `mcp.run("streamable-http")` with the server's `lifespan=`, the server
    passed to a function) withholds the fix, and so does a read the checker
    cannot follow (`app.server.mcp`, a re-export such as `from .server import
    mcp` in `__init__.py`); the help names each `path:row` and its use. Only
    the files of the run are read: a check of the server module alone, or
    with `--stdin-filename`, offers the fix without reading the modules that
    import it, and modules outside the run (other packages, scripts, tests
    not given) are never read, which is one more reason the fix is unsafe.

    The fix is unsafe: it changes which framework serves the code (mcp 2's
    `MCPServer`, with its own defaults: an empty `serverInfo.version` where
    mcp 1 sent its package version, the 2026-07-28 era served besides the
    handshake era), and the project's dependency on mcp 1.x must change with
    it, which the checker cannot see. mcp 2 itself changes what the server
    does beyond the rename (docs/sdk.md, "What the upgrade to mcp 2 changes";
    sections of mcp 2.3.0's `docs/migration.md` where it documents them):
    an exception a tool, resource or prompt did not anticipate reaches the
    client as `Error executing tool <name>` (`Error reading resource <uri>`,
    `Error rendering prompt <name>`) without its text, where mcp 1 sent the
    text too (`UnexpectedToolError` in `src/mcp/server/mcpserver/exceptions.py`);
    on 2026-07-28 connections `ctx.info(...)` and the other log calls are
    delivered only to requests that set a log level ("Log messages are
    delivered only to requests that opt in"), and a failing prompt reads
    `Internal server error`; an `MCPError` out of a tool (an elicitation
    callback returning `ErrorData`, a client without the elicitation
    capability, on the handshake era too) is a JSON-RPC error, not an
    `isError` result ("`MCPError` raised from an `@mcp.tool()` handler now
    surfaces as a JSON-RPC error"); and the form schema of a question changes:
    an optional (`str | None`) field is sent as `{"type": "string"}` without
    `null` and its default, a `Literal[...]` field (which mcp 1 refused on
    every call) is accepted as an enum ("`Context.elicit()` schema gate
    validates the rendered schema"). The renamed names are put in ruff's isort
    order, and a renamed import longer than the project's line length (ruff's
    `line-length` of the nearest `pyproject.toml`, default 88) is split one name
    a line, as ruff's isort writes it. `elicit-migrate` does the same rename before
    rewriting the module's asks only with `--upgrade-mcp1`.

    ## Use instead
    Import from `mcp.server.mcpserver` (the SDK's migration guide:
    `docs/migration.md`, "FastMCP renamed to MCPServer"):
    """

    code = "MCP017"
    name = "legacy-sdk-server-import"
    invalid = (
        Invalid(
            '''
from mcp.server.fastmcp import Context, FastMCP

mcp = FastMCP("Weather")


@mcp.tool()
async def forecast(city: str, ctx: Context) -> str:
    return f"Sunny in {city}"
''',
            message="`mcp.server.fastmcp` is mcp 1.x's server module: on mcp 2 its import raises `ModuleNotFoundError` (FastMCP was renamed to MCPServer)",
            help='Import `Context` and `MCPServer` from `mcp.server.mcpserver`',
            span=((1, 1), (1, 48)),
        ),
        # no fix: the first thing mcp 2 changed is named in the help
        Invalid(
            '''
from mcp.server.fastmcp import Context, FastMCP

mcp = FastMCP("Weather", port=8080)


@mcp.tool()
async def forecast(city: str, ctx: Context) -> str:
    return f"Sunny in {city}"
''',
            help=(
                "Import `Context` and `MCPServer` from `mcp.server.mcpserver`; no fix: first "
                "change by hand `FastMCP(..., port=...)`: mcp 2's constructor does not take it "
                "as mcp 1 did (transport settings moved to `run()`) (line 3)"
            ),
            message="`mcp.server.fastmcp` is mcp 1.x's server module: on mcp 2 its import raises `ModuleNotFoundError` (FastMCP was renamed to MCPServer)",
        ),
        '''
import mcp.server.fastmcp

server = mcp.server.fastmcp.FastMCP("x")
''',
        '''
from mcp.server import fastmcp
''',
        '''
def build():
    from mcp.server.fastmcp.server import Context
    return Context
''',
    )
    valid = (
        Valid(
            '''
from mcp.server.mcpserver import Context, MCPServer

mcp = MCPServer("Weather")


@mcp.tool()
async def forecast(city: str, ctx: Context) -> str:
    return f"Sunny in {city}"
'''
        ),
        '''
from fastmcp import Context, FastMCP

mcp = FastMCP("Weather")
''',
        '''
# mcp.server.fastmcp is mentioned in a comment only
from mcp.server import MCPServer
''',
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        from ..analysis.mcp1 import IMPORTERS, NO_SERVER, READERS, upgrade

        found = upgrade(model)
        fix = _fix(model, found) if found.offered else None
        for node in model.mcp1_imports:
            names = sorted(
                {"MCPServer" if a.name == "FastMCP" else a.name for a in getattr(node, "names", [])}
                & {"Context", "MCPServer"}
            ) or ["MCPServer"]
            shown = " and ".join(f"`{n}`" for n in names)
            help = f"Import {shown} from `mcp.server.mcpserver`"
            if found.reason and found.reason.startswith((NO_SERVER, IMPORTERS, READERS)):
                help += f"; no fix: {found.reason}"
            elif not found.offered:
                help += f"; no fix: first change by hand {found.reason}"
            yield self.diagnostic(
                model,
                model.span(node),
                "`mcp.server.fastmcp` is mcp 1.x's server module: on mcp 2 its import raises "
                "`ModuleNotFoundError` (FastMCP was renamed to MCPServer)",
                fix=fix,
                help=help,
            )
            fix = None  # one fix renames every use: on the first import only


def _fix(model: Model, found) -> Fix:
    """The rename as one unsafe :class:`Fix` (:func:`elicit_lint.analysis.mcp1.upgrade`),
    a renamed import longer than the project's line length split as ruff's isort
    writes it (:mod:`elicit_lint.analysis.mcp1_imports`)."""
    from ..analysis.mcp1 import renamed
    from ..analysis.mcp1_imports import row_wrapped
    from ..core.isort_sections import project_of

    length = project_of(model.filename).line_length
    text = renamed(model.source, found.edits)
    whole = {row: row_wrapped(text, row, length) for row in found.imports}
    edits = [
        Edit(e.text, Location(e.row, e.start + 1), Location(e.row, e.end + 1))
        for e in found.edits
        if whole.get(e.row) is None
    ]
    for row, wrapped in whole.items():
        if wrapped is not None:
            end = len(model.lines.line(row)) + 1
            edits.append(Edit(wrapped, Location(row, 1), Location(row, end)))
    edits.sort(key=lambda e: (e.location.row, e.location.column))
    return Fix(
        "Import from `mcp.server.mcpserver` and rename `FastMCP` to `MCPServer`",
        tuple(edits),
        Applicability.UNSAFE,
    )
