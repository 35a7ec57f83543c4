"""The MCP Python SDK v2 as real input (fixture ``mcp_sdist``, mcp 2.3.0):
every handshake-only call line in examples/, docs_src/ and tests/ is an MCP001
finding (counted independently by a token-aware grep), examples/ gets nothing
else but the MCP021 findings pinned below, and the registration errors the
SDK's own tests trigger on purpose (``pytest.raises(InvalidSignature)``) are
reported wherever the source shows them."""

from __future__ import annotations

import ast
import collections
import io
import re
import tokenize
from pathlib import Path

import pytest

from elicit_lint.checker.linter import analyse
from elicit_lint.model import build_model

DIRS = ("examples", "docs_src", "tests")
ORACLE = re.compile(
    r"\b(?:ctx|context)\.(?:request_context\.)?"
    r"(?:session\.(?P<session>elicit|elicit_form|elicit_url|create_message|list_roots)|(?P<direct>elicit|elicit_url))\("
    r"|(?<![.\w])(?<!def )(?P<helper>elicit_with_validation|elicit_url)\("
)
"""A handshake-only call as the SDK's docs write it: ``ctx.elicit(``,
``ctx.elicit_url(``, ``ctx.session.<method>(``, ``ctx.request_context.session.<method>(``
(``context`` too), and the helpers ``elicit_with_validation(`` / ``elicit_url(``
(``mcp.server.elicitation``, called with ``ctx.session``)."""


def _code_only(text: str) -> list[str]:
    """``text``'s lines with strings and comments blanked (so a call named in a
    docstring or comment is not counted)."""
    lines = text.splitlines()
    out = [list(line) for line in lines]
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type not in (tokenize.STRING, tokenize.COMMENT) and tok.type != getattr(tokenize, "FSTRING_MIDDLE", -1):
            continue
        (srow, scol), (erow, ecol) = tok.start, tok.end
        for row in range(srow, erow + 1):
            line = out[row - 1]
            start = scol if row == srow else 0
            end = ecol if row == erow else len(line)
            for i in range(start, min(end, len(line))):
                line[i] = " "
    return ["".join(line) for line in out]


def _oracle(root: Path) -> dict[tuple[str, int], str]:
    """``{(file, row): kind}`` of every handshake-only call line the grep finds."""
    found = {}
    for folder in DIRS:
        for path in sorted((root / folder).rglob("*.py")):
            for row, line in enumerate(_code_only(path.read_text(encoding="utf-8")), 1):
                match = ORACLE.search(line)
                if match:
                    kind = next(f"{k}:{v}" for k, v in match.groupdict().items() if v)
                    found[(str(path.relative_to(root)), row)] = kind
    return found


@pytest.fixture(scope="module")
def findings(mcp_sdist):
    """``{file: [diagnostics]}`` for every .py file of the three folders."""
    out = {}
    for folder in DIRS:
        for path in sorted((mcp_sdist / folder).rglob("*.py")):
            source = path.read_text(encoding="utf-8")
            out[str(path.relative_to(mcp_sdist))] = analyse(ast.parse(source), source, str(path))
    return out


def test_every_handshake_only_call_line_is_reported(mcp_sdist, findings):
    oracle = _oracle(mcp_sdist)
    reported = {(f, d.location.row) for f, ds in findings.items() for d in ds if d.code == "MCP001"}
    assert len(oracle) >= 80  # the grep is not vacuous (88 lines in mcp 2.3.0)
    assert set(oracle) - reported == set()
    assert reported - set(oracle) == set()


def test_calls_by_kind_and_place(mcp_sdist):
    """The model's view of the same calls: by framework, kind and place (the
    numbers the SDK's tree gives; a change here is a change in what is found)."""
    counts: collections.Counter = collections.Counter()
    for folder in DIRS:
        for path in sorted((mcp_sdist / folder).rglob("*.py")):
            source = path.read_text(encoding="utf-8")
            model = build_model(ast.parse(source), source, str(path))
            for site in model.sites:
                counts[(site.framework, "ctx.elicit", model.place(site.function))] += 1
            for call in model.handshake_calls:
                counts[(call.framework, f"{call.via}.{call.method}", model.place(call.function))] += 1
    assert sum(counts.values()) == len(_oracle(mcp_sdist))
    assert {k for k in counts if k[0] == "fastmcp"} == set()  # no FastMCP code in the SDK
    assert counts[("mcpserver", "ctx.elicit", "tool")] == 26


def test_examples_get_nothing_else(findings):
    """examples/: MCP001 on each handshake-only call, and MCP021 where
    everything-server wraps them in ``except Exception`` and answers
    "... not supported or error: ..." as a normal result (what MCP021 reports on
    FastMCP too: the 2026-07-28 failure becomes a successful reply)."""
    other = sorted(
        (f.rsplit("/", 1)[-1], d.location.row, d.code)
        for f, ds in findings.items()
        if f.startswith("examples/")
        for d in ds
        if d.code != "MCP001"
    )
    assert other == [("server.py", 212, "MCP021"), ("server.py", 234, "MCP021"),
                     ("server.py", 266, "MCP021"), ("server.py", 325, "MCP021")]  # fmt: skip


REGISTRATION = ("MCP003", "MCP004", "MCP005", "MCP006", "MCP028")


def _raising_tests(tree: ast.Module) -> list[ast.FunctionDef]:
    """Test functions with ``with pytest.raises(InvalidSignature...)``."""
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for sub in ast.walk(node):
            if isinstance(sub, ast.With) and any(
                isinstance(i.context_expr, ast.Call)
                and ast.unparse(i.context_expr.func).endswith("raises")
                and i.context_expr.args
                and ast.unparse(i.context_expr.args[0]) == "InvalidSignature"
                for i in sub.items
            ):
                out.append(node)
                break
    return out


def _static(function: ast.AST) -> bool:
    """Whether the mistake is in the source as written: not patched in through
    ``__annotations__``, not a callable object as resolver, not built from a
    parametrized annotation or a direct call of a private SDK helper."""
    text = ast.unparse(function)
    return not any(s in text for s in ("__annotations__", "_check_elicit_return", "Resolve(service.", "BadResolver()"))


def test_sdk_registration_errors_its_tests_trigger(mcp_sdist, findings):
    name = "tests/server/mcpserver/test_resolve.py"
    tree = ast.parse((mcp_sdist / name).read_text(encoding="utf-8"))
    raising = [f for f in _raising_tests(tree) if _static(f)]
    rows = [d.location.row for d in findings[name] if d.code in REGISTRATION]
    missed = [f.name for f in raising if not any(f.lineno <= r <= f.end_lineno for r in rows)]
    assert len(raising) >= 3 and missed == []
