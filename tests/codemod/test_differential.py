"""Differential test of the safety contract (issue 11 item 4).

Hypothesis builds variants of the fixture tools from independent parts
(``variants.py``): what runs before the question (pure lines, rebound arguments,
gates, lines that may raise, ``print``, client notifications), the question, the
call shape, the response type (choice lists and ``Literal`` among them), how the
result is read (the outcome tests of the fixtures, ``match``, decline told from
cancel, ``.action`` as data, the result passed on, truth tests), a later question
(one reading the first's ``.data``), a wrap (a guard on the arguments, the
backfill written out, a private helper that asks) and the registration
(``@mcp.tool`` or ``mcp.add_tool``). Each variant goes through
``elicit-migrate``; a variant left alone must be byte-for-byte the same, a
rewritten one must ask the same questions (text, order, whole schema as carried),
send the same notifications and give the same success and result as the
original on the handshake era, on both eras, for every answer script and
argument set, through a real ``fastmcp.Client``. Any difference fails. The SDK
side is ``test_differential_sdk.py``.

The CI run is short and always the same variants (``DIFFERENTIAL_EXAMPLES``,
default 8, derandomised). A longer, random run:

    DIFFERENTIAL_EXAMPLES=400 python -m pytest -q tests/codemod/test_differential.py
"""

from __future__ import annotations

import ast

import pytest
from hypothesis import given

from elicit_lint.analysis.plan import plan_module
from elicit_lint.codemod.engine import Options, transform_text
from elicit_lint.model import build_model

from .behaviour import call
from .differential import DIFFERENTIAL, check
from .differential_pinned import PINNED
from .variants import (
    CALLS,
    HEADER,
    PRELUDES,
    QUESTIONS,
    READS,
    SECONDS,
    build,
    variants,
)


def _check(source: str) -> None:
    check(source, call, "functions")


@DIFFERENTIAL
@given(variants())
def test_rewrite_keeps_behaviour_of_generated_variants(source):
    _check(source)


def test_the_generator_yields_rewrites_and_skips():
    """Guards the differential test against a generator whose variants are all
    skipped (it would then compare nothing): one plain variant is rewritten and
    behaves the same, one `**kwargs` call is skipped."""
    plain = HEADER + "".join(
        f"    {line}\n"
        for line in [
            "r = " + CALLS["keyword"].format(q=QUESTIONS["quoting"], t="int"),
            *[line.replace("{tail}", "") for line in READS["action_eq"]],
        ]
    )
    assert transform_text(plain, "t.py", Options())[0] != plain
    _check(plain)
    starred = plain.replace(
        CALLS["keyword"].format(q=QUESTIONS["quoting"], t="int"),
        CALLS["kwargs"].format(q=QUESTIONS["quoting"], t="int"),
    )
    assert starred != plain
    assert transform_text(starred, "t.py", Options())[0] == starred


_GATED = HEADER + "".join(
    f"    {line}\n"
    for line in [
        *PRELUDES["call_gate"],
        "r = " + CALLS["keyword"].format(q=QUESTIONS["literal"], t="str"),
        *SECONDS["literal"],
        'extra = s.data if s.action == "accept" else None',
    ]
)


@pytest.mark.parametrize(
    "last",
    [
        # a required answer behind a gate: `T | None` without a default
        ['return f"got {r.data!r} {extra!r}"'],
        # a result kept whole behind a gate: refused (the gate's None is no outcome)
        [
            'ok = bool(r) and r.action == "accept"',
            'return f"got {r.data!r} {extra!r}" if ok else "none"',
        ],
    ],
    ids=["required", "kept-whole"],
)
def test_regressions_found_by_longer_runs(last):
    _check(_GATED + "".join(f"    {line}\n" for line in last))


@pytest.mark.parametrize(
    ("why", "parts", "rewritten"),
    PINNED,
    ids=["-".join(str(x) for x in parts.values()) for _, parts, _ in PINNED],
)
def test_pinned_shapes(why, parts, rewritten):
    """Shapes found by longer runs and the sessions' findings, on every CI run (the
    generator draws them only sometimes): the verdict (``None``: either) and the
    behaviour; a tool refused for a helper it asks through names the helper."""
    source = build(**parts)
    changed = transform_text(source, "t.py", Options())[0] != source
    assert rewritten is None or changed is rewritten, why
    if why.startswith("fix7a"):
        skips = plan_module(build_model(ast.parse(source), source, "t.py")).skips
        assert any(
            s.reason.startswith("another question this tool asks through `_ask` (line ")
            for s in skips
        ), why
    _check(source)
