"""The mcp 1.x upgrade keeps behaviour (analysis/mcp1_plan.py): for every ``mcp1_*``
fixture, the ORIGINAL run under mcp 1.30.0 (the last 1.x; its own in-memory client,
handshake era) and the REWRITE under mcp 2.3.0 (the SDK's in-process ``Client`` on
``mode="legacy"`` and on the 2026-07-28 era, ``mode="auto"``) ask the same questions
(words and requested schema, as each era carries it) and give the same results for
every script: accept, accept with the other choice, accept with edge values
(``0``, ``""``), decline, cancel, and a client with no elicitation callback.
The mcp 1.x interpreter comes from tests/mcp1_env.py (built by ``.ci/run``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .behaviour import SCRIPTS, Outcome, load
from .cases import REWRITES, ROOT
from .mcp1_answers import content

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/mcp1_env.py
import mcp1_env  # noqa: E402

CASES = sorted(case for case, spec in REWRITES.items() if spec.get("mcp1"))
MCP1_SCRIPTS: tuple[list[str] | None, ...] = (*SCRIPTS, ["edge"] * 4, ["edge", "decline"], None)
RUNNER = Path(__file__).with_name("mcp1_runner.py")


@pytest.fixture(scope="session")
def mcp1_python() -> Path:
    """mcp 1.30.0's interpreter (built once, cached; a failure fails the test)."""
    return mcp1_env.python()


_originals: dict[str, list[Outcome]] = {}


def originals(case: str, python: Path) -> list[Outcome]:
    """Every call of ``case`` under every script, on mcp 1.x, in one process."""
    if case not in _originals:
        calls = [
            [tool, args, script]
            for tool, args in REWRITES[case]["calls"]
            for script in MCP1_SCRIPTS
        ]
        done = subprocess.run(
            [str(python), str(RUNNER), str(ROOT / case / "before.py")],
            input=json.dumps(calls),
            capture_output=True,
            text=True,
            check=True,
        )
        _originals[case] = [
            Outcome(
                tuple(o["prompts"]),
                o["ok"],
                o["text"],
                tuple(o["schemas"]),
                tuple(sorted((tuple(n) for n in o["notifications"]), key=repr)),
            )
            for o in json.loads(done.stdout)
        ]
    return _originals[case]


async def call_rewrite(module: Any, tool: str, mode: str, script: list[str] | None, args: dict) -> Outcome:
    """The rewrite's tool through mcp 2.3.0's in-process ``Client``."""
    from mcp import Client
    from mcp_types import ElicitResult

    prompts: list[str] = []
    schemas: list[dict] = []
    notifications: list[tuple] = []

    async def elicitation(context, params) -> ElicitResult:
        action = script[len(prompts)] if len(prompts) < len(script) else "accept"
        prompts.append(params.message)
        schemas.append(params.requested_schema)
        if action in ("decline", "cancel"):
            return ElicitResult(action=action)
        return ElicitResult(action="accept", content=content(params.requested_schema, action))

    async def log(params) -> None:
        notifications.append(("log", params.level, params.logger, repr(params.data)))

    async def progress(value, total, message) -> None:
        notifications.append(("progress", value, total, message))

    async with Client(
        module.mcp,
        mode=mode,
        elicitation_callback=elicitation if script is not None else None,
        logging_callback=log,
        log_level="debug",
        raise_exceptions=False,
    ) as client:
        try:
            result = await client.call_tool(tool, args, progress_callback=progress)
        except Exception:  # noqa: BLE001 - an error response: "it failed"
            return Outcome(tuple(prompts), False, None, tuple(schemas))
    text = "".join(getattr(c, "text", "") for c in result.content)
    if result.is_error:  # a tool's own error, after its question: the same words (mcp1_runner.py)
        return Outcome(tuple(prompts), False, text if prompts else None, tuple(schemas))
    return Outcome(tuple(prompts), True, text, tuple(schemas), tuple(sorted(notifications, key=repr)))


RUNNABLE = [
    (case, index, tool, args, script)
    for case in CASES
    for index, (tool, args, script) in enumerate(
        (tool, args, script) for tool, args in REWRITES[case]["calls"] for script in MCP1_SCRIPTS
    )
]


@pytest.mark.parametrize(
    ("case", "index", "tool", "args", "script"),
    RUNNABLE,
    ids=[f"{c}-{t}-{'-'.join(s) if s else 'no-callback'}" for c, _, t, _, s in RUNNABLE],
)
async def test_rewrite_on_mcp2_behaves_as_the_original_on_mcp1(case, index, tool, args, script, mcp1_python):
    expected = originals(case, mcp1_python)[index]
    rewritten = load(str(ROOT / case / "after.py"))
    legacy = await call_rewrite(rewritten, tool, "legacy", script, args)
    modern = await call_rewrite(rewritten, tool, "auto", script, args)
    assert legacy == expected
    assert modern == expected.as_carried("auto")


def test_the_originals_really_ask_under_mcp1(mcp1_python):
    """The mcp 1.x side reaches the question, and fails without a callback."""
    for case in CASES:
        outcomes = originals(case, mcp1_python)
        assert any(o.prompts for o in outcomes), case
        assert any(o.ok is False for o in outcomes), case  # the no-callback client
    raised = originals("mcp1_upgrade_tool_error", mcp1_python)
    assert {o.text for o in raised if not o.ok} >= {
        f"Error executing tool glaze: {words}"
        for words in ("jug left bare (decline)", "jug left bare (cancel)", "a glaze needs a colour")
    }  # the tool's own errors, whose words the rewrite must give too
