"""Every skip reason says what to do by hand, on one line (docs/codemod.md "Skip
reasons"), and the checker's MCP001 message quotes the same reason."""

from __future__ import annotations

import ast
import re

import pytest

from elicit_lint.analysis.plan import plan_module
from elicit_lint.analysis.sdk import strip_unsafe
from elicit_lint.model import build_model

from .cases import REWRITES, ROOT, SKIPS

# the remedies a reason may end with: a change and "then run again", work "by
# hand", a `--select` / `# noqa` switch, or the server that serves it
ACTION = re.compile(
    r"then run again|then test it and run again|by hand|to rewrite it$|to migrate it$"
    r"|serve the tool with `MCPServer`$|run elicit-migrate again$"
)
_SIBLING = re.compile(r"^another (?:question|resolver) of this tool \(line \d+\) cannot be rewritten: ")


def _says_what_to_do(reason: str) -> bool:
    reason = _SIBLING.sub("", strip_unsafe(reason))
    return "\n" not in reason and bool(ACTION.search(reason))


def _fixture_reasons() -> list[str]:
    out = [r for v in SKIPS.values() for r in (v if isinstance(v, list) else [v])]
    return out + [r for v in REWRITES.values() for r in v.get("skips", [])]


@pytest.mark.parametrize("reason", _fixture_reasons())
def test_fixture_skip_reasons_say_what_to_do(reason):
    assert _says_what_to_do(reason), reason


def _tree_reasons(root, parts) -> dict[str, str]:
    out = {}
    for part in parts:
        for path in sorted((root / part).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            if ".elicit" not in text and "Resolve(" not in text:
                continue
            try:
                tree = ast.parse(text)
            except SyntaxError:
                continue
            plan = plan_module(build_model(tree, text, str(path)))
            for skip in plan.skips:
                out.setdefault(skip.reason, f"{path.relative_to(root)}:{skip.row}")
    return out


def test_real_skip_reasons_say_what_to_do(fastmcp_sdist, mcp_sdist):
    reasons = _tree_reasons(fastmcp_sdist, ["examples", "tests", "docs"])
    reasons |= _tree_reasons(mcp_sdist, ["docs_src", "examples", "tests"])
    assert len(reasons) >= 10  # the trees do give reasons to judge
    bad = {r: where for r, where in reasons.items() if not _says_what_to_do(r)}
    assert bad == {}


def test_the_checker_quotes_the_reason(tmp_path):
    from elicit_lint.checker.linter import analyse  # noqa: F401  (the checker's path)

    case = ROOT / "skip_loop" / "before.py"
    text = case.read_text(encoding="utf-8")
    tree = ast.parse(text)
    model = build_model(tree, text, str(case))
    from elicit_lint.analysis.facts import Analysis

    analysis = Analysis(model, "elicit_lint.runtime")
    (site,) = model.sites
    assert analysis.site_verdict(site).text == f"`elicit-migrate` cannot rewrite it: {SKIPS['skip_loop']}"
