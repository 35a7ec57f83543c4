"""Differential test of the safety contract for SDK v2 ``MCPServer`` tools (issue 11 item 4).

Hypothesis builds ``MCPServer`` tools from the parts in ``sdk_variants.py``
(statements before the question, a guard on the arguments, call shapes, schemas,
outcome reads, a later question, ``mcp.add_tool``). Each variant goes through
``elicit-migrate``; a variant left alone must be byte-for-byte the same with a
reason, a rewritten one must ask the same questions (text, order, schema as the
era's wire carries it), send the same notifications and give the same success and
result as the original on the handshake era, through the SDK's own in-process
``Client``, on both eras, for every answer script and argument set.

The CI run is short and always the same variants (``DIFFERENTIAL_EXAMPLES``,
default 8, derandomised); a longer, random run:

    DIFFERENTIAL_EXAMPLES=400 python -m pytest -q tests/codemod/test_differential_sdk.py
"""

from __future__ import annotations

import asyncio
import os
import tempfile

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis.errors import InvalidArgument

from elicit_lint.codemod.engine import Options, transform_text

from .behaviour import SCRIPTS, call_sdk, load
from .sdk_variants import ARGUMENTS, build, variants

EXAMPLES = int(os.environ.get("DIFFERENTIAL_EXAMPLES", "8"))


async def _outcomes(module, mode: str):
    return [
        await call_sdk(module, "tool", mode, list(script), dict(arguments))
        for arguments in ARGUMENTS
        for script in SCRIPTS
    ]


def _note(text: str) -> None:
    try:
        event(text)
    except InvalidArgument:  # called outside a Hypothesis test
        pass


def check_sdk(source: str) -> bool:
    """Migrate ``source``; a rewrite must behave as the original (see module
    docstring), a skip leave it byte-for-byte. True when it was rewritten."""
    with tempfile.TemporaryDirectory() as tmp:
        before = os.path.join(tmp, "before.py")
        with open(before, "w", encoding="utf-8") as out:
            out.write(source)
        new, plan = transform_text(source, before, Options())
        if new == source:
            assert plan is not None and plan.skips and not plan.sdk_asks, source
            _note("skipped: " + plan.skips[0].reason.split(" (")[0][:60])
            return False
        _note("rewritten")
        after = os.path.join(tmp, "after.py")
        with open(after, "w", encoding="utf-8") as out:
            out.write(new)
        original, rewritten = load(before), load(after)

        async def run():
            expected = await _outcomes(original, "legacy")
            assert await _outcomes(rewritten, "legacy") == expected, new
            carried = [e.as_carried("auto") for e in expected]
            assert await _outcomes(rewritten, "auto") == carried, new

        asyncio.run(run())
        return True


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=EXAMPLES <= 8,  # CI: the same variants every run
)
@given(variants())
def test_rewrite_keeps_behaviour_of_generated_sdk_variants(source):
    check_sdk(source)


@pytest.mark.parametrize(
    ("parts", "rewritten"),
    [
        ({}, True),
        ({"guard": "is_none", "read": "match", "register": "add_tool"}, True),
        ({"prelude": "gate", "shape": "keyword", "read": "decline_vs_cancel"}, True),
        (
            {
                "schema": "Choice",
                "read": "match_action",
                "prelude": "raise_gate",
                "shape": "schema_first",
            },
            True,
        ),
        ({"schema": "Confirm", "read": "data_truth", "guard": "not", "question": "quoting"}, True),
        ({"schema": "Number", "read": "data_only", "guard": "equals"}, True),
        # the backfill written out (the argument set again only after the question)
        ({"guard": "is_none", "backfill": "decline_return"}, True),
        # refused: a test with effects, a notification or a line that may raise before
        # the question, the result passed on, a second question
        ({"guard": "call"}, False),
        ({"prelude": "info"}, False),
        ({"prelude": "optional_method"}, False),
        ({"read": "passed_on"}, False),
        ({"second": "quoting_answer"}, False),
    ],
    ids=lambda v: "-".join(f"{k}={x}" for k, x in v.items()) if isinstance(v, dict) else str(v),
)
def test_sdk_variants_on_every_run(parts, rewritten):
    """Shapes the CI run always checks (the generator draws them only sometimes),
    and a guard that the generator's run must see rewritten and refused."""
    assert check_sdk(build(**parts)) is rewritten
