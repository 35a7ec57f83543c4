"""`assert` gates under `python -O` (fresh6 H6): an `assert` between questions
becomes the later resolvers' gate only as `__debug__ and <test>` (``-O`` strips
the `assert` and makes `__debug__` false), and an `assert` on the outcome
does not make `.data` reads safe (the result is kept whole: a declined answer's
missing `.data` fails as in the original). Both fixtures run in a child
`python -O` through the real client: the original on the handshake era and
the rewrite on both eras ask the same questions and give the same results."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .cases import REWRITES, ROOT

REPO = Path(__file__).resolve().parents[2]
CASES = ["assert_between_asks", "assert_compare_gate", "nested_repeated_gates"]

CHILD = """
import asyncio, json, sys
from tests.codemod.behaviour import SCRIPTS, call, load

def main(before, after, calls):
    original, rewritten = load(before), load(after)
    out = {"debug": __debug__, "same": [], "prompts": []}
    async def run():
        for tool, args in calls:
            for script in SCRIPTS:
                expected = await call(original, tool, "legacy", list(script), dict(args))
                legacy = await call(rewritten, tool, "legacy", list(script), dict(args))
                modern = await call(rewritten, tool, "auto", list(script), dict(args))
                out["same"].append(legacy == expected and modern == expected.as_carried("auto"))
                out["prompts"].append([tool, args, list(script), list(expected.prompts), expected.ok])
    asyncio.run(run())
    print(json.dumps(out))

main(sys.argv[1], sys.argv[2], json.loads(sys.argv[3]))
"""


def _run(case: str, optimize: bool) -> dict:
    calls = [[tool, args] for tool, args in REWRITES[case]["calls"]]
    flags = ["-O"] if optimize else []
    done = subprocess.run(
        [sys.executable, *flags, "-c", CHILD, str(ROOT / case / "before.py"),
         str(ROOT / case / "after.py"), json.dumps(calls)],
        check=False, cwd=REPO, capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("case", CASES)
def test_same_questions_and_results_with_asserts_stripped(case):
    out = _run(case, optimize=True)
    assert out["debug"] is False
    assert all(out["same"]), [p for p, same in zip(out["prompts"], out["same"]) if not same]


def test_the_stripped_asserts_change_what_the_original_asks():
    """The comparison above is not of two runs where the asserts never mattered:
    under `-O` the original asks a later question its `assert` stops otherwise
    ("no" answers "Bob", whom `assert who.data != "Bob"` refuses)."""
    optimized = _run("assert_compare_gate", optimize=True)["prompts"]
    plain = _run("assert_compare_gate", optimize=False)["prompts"]
    differ = [(o, p) for o, p in zip(optimized, plain) if o != p]
    assert any(len(o[3]) > len(p[3]) for o, p in differ), differ


def test_the_gate_reads_debug_and_the_fixtures_say_so():
    after = (ROOT / "assert_compare_gate" / "after.py").read_text()
    assert 'if __debug__ and who == "Bob":' in after
    kept = (ROOT / "assert_between_asks" / "after.py").read_text()
    assert "ElicitationResult[str]" in kept  # kept whole: `.data` fails as in the original
