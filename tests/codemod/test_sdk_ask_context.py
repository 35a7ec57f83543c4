"""fresh5 F15: the ``sdk-ask`` rewrite drops a ``ctx: Context`` nothing reads any more
(ruff ARG001 otherwise), as the FastMCP path does. The SDK injects nothing else through
the parameter: the rewritten tools list the same metadata (name, description, input
and output schema, annotations) as the originals, on both eras of the SDK's own
in-process client; their answers are tests/codemod/test_sdk_ask.py's."""

from __future__ import annotations

import ast

import pytest

from .behaviour import load
from .cases import REWRITES, ROOT

CASES = sorted(c for c, spec in REWRITES.items() if spec.get("sdk_ask"))


async def _tools(module, mode: str) -> list[dict]:
    from mcp import Client as SdkClient

    async def elicitation(context, params):  # declares the capability; never called here
        raise AssertionError("nothing is asked when listing tools")

    async with SdkClient(module.mcp, mode=mode, elicitation_callback=elicitation) as client:
        listed = await client.list_tools()
    return sorted(
        (t.model_dump(include={"name", "description", "input_schema", "output_schema", "annotations"})
         for t in listed.tools),
        key=lambda t: t["name"],
    )


def _context_params(path, unread_only: bool = False) -> list[str]:
    """The ``Context``-annotated parameters of ``path``'s functions (only those
    their function's body never reads, with ``unread_only``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for f in ast.walk(tree):
        if not isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        read = {
            n.id for s in f.body for n in ast.walk(s) if isinstance(n, ast.Name)
        }
        out += [
            a.arg
            for a in (*f.args.posonlyargs, *f.args.args, *f.args.kwonlyargs)
            if a.annotation is not None
            and ast.unparse(a.annotation) == "Context"
            and not (unread_only and a.arg in read)
        ]
    return out


@pytest.mark.parametrize("case", CASES)
def test_an_unread_context_parameter_and_its_import_are_dropped(case):
    after = ROOT / case / "after.py"
    assert _context_params(ROOT / case / "before.py")  # the originals ask through one
    # a context the body still reads (a lifespan read kept before the question) stays
    assert _context_params(after, unread_only=True) == []
    imported = {
        n.name for s in ast.parse(after.read_text()).body if isinstance(s, ast.ImportFrom) for n in s.names
    }
    assert ("Context" in imported) == bool(_context_params(after))


@pytest.mark.parametrize("mode", ["legacy", "auto"])
@pytest.mark.parametrize("case", CASES)
async def test_the_tools_list_the_same_metadata(case, mode):
    before, after = load(str(ROOT / case / "before.py")), load(str(ROOT / case / "after.py"))
    assert await _tools(after, mode) == await _tools(before, mode)


def test_a_context_still_read_is_kept():
    from elicit_lint.codemod.engine import Options, transform_text

    text = (
        "from mcp.server.mcpserver import Context, MCPServer\n"
        "from pydantic import BaseModel\n\nmcp = MCPServer('s')\n\n\n"
        "class Q(BaseModel):\n    n: int\n\n\n"
        "@mcp.tool()\nasync def t(ctx: Context) -> str:\n"
        "    r = await ctx.elicit('How many?', Q)\n"
        "    await ctx.info('asked')\n"
        "    return r.action\n"
    )
    new, plan = transform_text(text, "m.py", Options(write=False, diff=True))
    assert len(plan.sdk_asks) == 1 and not plan.skips
    assert "async def t(ctx: Context, r: Annotated[ElicitationResult[Q], Resolve(ask_r)]) -> str:" in new
    assert "from mcp.server.mcpserver import Context, Elicit," in new
