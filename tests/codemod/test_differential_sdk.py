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

import pytest
from hypothesis import given

from .behaviour import call_sdk
from .differential import DIFFERENTIAL, check
from .sdk_variants import build, variants


def check_sdk(source: str) -> bool:
    """Migrate ``source``; a rewrite must behave as the original (see module
    docstring), a skip leave it byte-for-byte. True when it was rewritten."""
    return check(source, call_sdk, "sdk_asks")


@DIFFERENTIAL
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
        # the result passed to a module helper reading only `isinstance`/`.action`
        # (analysis/sdk_ask_checks.py `_read_by_helper`), as on FastMCP
        ({"read": "passed_on"}, True),
        # refused: a test with effects, a notification or a line that may raise before
        # the question, a second question
        ({"guard": "call"}, False),
        ({"prelude": "info"}, False),
        ({"prelude": "optional_method"}, False),
        ({"second": "quoting_answer"}, False),
    ],
    ids=lambda v: "-".join(f"{k}={x}" for k, x in v.items()) if isinstance(v, dict) else str(v),
)
def test_sdk_variants_on_every_run(parts, rewritten):
    """Shapes the CI run always checks (the generator draws them only sometimes),
    and a guard that the generator's run must see rewritten and refused."""
    assert check_sdk(build(**parts)) is rewritten
