"""Real input: ``elicit-migrate`` on copies of mcp 2.3.0's ``examples/`` and
``docs_src/`` rewrites the ``MCPServer`` tools whose ``ctx.elicit`` it can show
behaves the same, and each rewritten tool gives the original's handshake-era
results on both eras through the SDK's own in-process ``Client``."""

from __future__ import annotations

import ast
import shutil

import pytest

from elicit_lint.codemod.engine import Options, migrate_file, transform_text

from .behaviour import SCRIPTS, call_sdk, load

REWRITTEN_TOOLS = {
    "docs_src/client_callbacks/tutorial001.py": "issue_card",
    "docs_src/client_callbacks/tutorial003.py": "issue_card",
    "docs_src/troubleshooting/tutorial006.py": "book_table",
    "docs_src/troubleshooting/tutorial008.py": "book_table",
    "examples/snippets/servers/elicitation.py": "book_table",
    "examples/stories/legacy_elicitation/server.py": "register_user",
}
_SAMPLE = {"str": "Ada", "int": 4, "float": 2.5, "bool": True}


class _Served:
    """What :func:`.behaviour.call_sdk` reads: the module's ``mcp`` server."""

    def __init__(self, module):
        self.mcp = getattr(module, "mcp", None) or module.build_server()


def _argument_sets(fn: ast.AsyncFunctionDef) -> list[dict]:
    """A value per tool argument from its annotation, then one set per constant the
    body compares an argument with (so guarded questions are reached and not)."""
    base = {}
    for arg in fn.args.args:
        name = ast.unparse(arg.annotation) if arg.annotation else "str"
        if name in _SAMPLE:
            base[arg.arg] = _SAMPLE[name]
    sets = [base]
    for node in ast.walk(fn):
        if (
            isinstance(node, ast.Compare)
            and isinstance(node.left, ast.Name)
            and node.left.id in base
            and isinstance(node.comparators[0], ast.Constant)
        ):
            sets.append({**base, node.left.id: node.comparators[0].value})
    return sets


def _tool(path, name: str) -> ast.AsyncFunctionDef:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return next(
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.AsyncFunctionDef) and n.name == name
    )


@pytest.fixture(scope="module")
def migrated(mcp_sdist, tmp_path_factory):
    """``(originals, rewrites)``: two copies of examples/ and docs_src/, the second
    run through ``elicit-migrate``; and every rewritten file's planned tools."""
    root = tmp_path_factory.mktemp("mcp")
    for side in ("orig", "new"):
        for part in ("examples", "docs_src"):
            shutil.copytree(mcp_sdist / part, root / side / part)
    tools: dict[str, list[str]] = {}
    for path in sorted((root / "new").rglob("*.py")):
        outcome = migrate_file(str(path), Options())
        assert outcome.status != "failed", (path, outcome.error)
        if outcome.status == "rewritten":
            rel = path.relative_to(root / "new").as_posix()
            text = (root / "orig" / rel).read_text(encoding="utf-8")
            _, plan = transform_text(text, rel, Options(write=False))
            tools[rel] = [p.function.name for p in plan.sdk_asks]
    return root, tools


def test_the_rewritable_sdk_tools_are_rewritten(migrated):
    _, tools = migrated
    assert {path: names for path, names in tools.items()} == {
        path: [name] for path, name in REWRITTEN_TOOLS.items()
    }


@pytest.mark.parametrize("rel", sorted(REWRITTEN_TOOLS))
async def test_rewritten_tools_behave_as_the_original(migrated, rel, monkeypatch):
    root, _ = migrated
    tool = REWRITTEN_TOOLS[rel]
    pair = []
    for side in ("orig", "new"):
        monkeypatch.syspath_prepend(str(root / side / "examples"))  # stories._hosting
        pair.append(_Served(load(str(root / side / rel))))
    original, rewritten = pair
    asked = 0
    for args in _argument_sets(_tool(root / "orig" / rel, tool)):
        for script in SCRIPTS:
            expected = await call_sdk(original, tool, "legacy", script, args)
            assert expected.ok, (args, script, expected)
            asked += bool(expected.prompts)
            for mode in ("legacy", "auto"):
                got = await call_sdk(rewritten, tool, mode, script, args)
                assert got == expected.as_carried(mode), (mode, args, script)
    assert asked  # the question path was exercised
