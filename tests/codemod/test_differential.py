"""Differential test of the safety contract (issue 11 item 4).

Hypothesis builds variants of the fixture tools from independent parts: what runs
before the question (nothing, a pure assignment, an argument rebound, a gate, a
``print``), the question (literal or quoting an argument), the call shape
(keyword, positional, ``**kwargs``), how the result is read (``.data`` only, the
outcome tests of the fixtures, ``match``, decline told from cancel, truth tests of
the result object) and an optional second question. Each variant goes through
``elicit-migrate``; a variant left alone must be byte-for-byte the same, a
rewritten one must ask the same questions and return the same results as the
original on the handshake era, on both eras, for every answer script and
argument set. Any difference fails.

The CI run is short and always the same variants (``DIFFERENTIAL_EXAMPLES``,
default 8, derandomised). A longer, random run:

    DIFFERENTIAL_EXAMPLES=400 python -m pytest -q tests/codemod/test_differential.py
"""

from __future__ import annotations

import asyncio
import os
import tempfile

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from elicit_lint.codemod.engine import Options, transform_text

from .behaviour import SCRIPTS, call, load

EXAMPLES = int(os.environ.get("DIFFERENTIAL_EXAMPLES", "8"))

HEADER = """\
from fastmcp import Context, FastMCP
from fastmcp.server.elicitation import AcceptedElicitation

mcp = FastMCP("Variants")


@mcp.tool
async def tool(ctx: Context, name: str | None = None) -> str:
"""

TYPES = ["str", "int", "bool", '["small", "large"]']

PRELUDES = {
    "none": [],
    "pure": ['label = "x"'],
    "rebind": ['name = name or "friend"'],
    "rebind_if": ["if name is None:", '    name = "friend"'],
    "gate": ['if name == "stop":', '    return "stopped"'],
    "walrus_gate": ['if (name := name or "friend") == "stop":', '    return "stopped"'],
    "call_gate": ['if len(name or "") > 3:', '    return "long"'],
    "print": ['print("asking")'],
}

QUESTIONS = {"literal": '"Value?"', "quoting": 'f"Value for {name}?"'}

CALLS = {
    "keyword": "await ctx.elicit({q}, response_type={t})",
    "positional": "await ctx.elicit({q}, {t})",
    "kwargs": 'await ctx.elicit({q}, **{{"response_type": {t}}})',
}

# how the result ``r`` is read; every branch returns a text telling outcomes apart
READS = {
    "action_eq": [
        'if r.action == "accept":',
        "    return f\"got {r.data!r}{tail}\"",
        'return "none"',
    ],
    "action_ne": [
        'if r.action != "accept":',
        '    return "none"',
        "return f\"got {r.data!r}{tail}\"",
    ],
    "action_in": [
        'if r.action in ("decline", "cancel"):',
        '    return "none"',
        "return f\"got {r.data!r}{tail}\"",
    ],
    "isinstance": [
        "if isinstance(r, AcceptedElicitation):",
        "    return f\"got {r.data!r}{tail}\"",
        'return "none"',
    ],
    "match": [
        "match r:",
        "    case AcceptedElicitation(data=value):",
        "        return f\"got {value!r}{tail}\"",
        "    case _:",
        '        return "none"',
    ],
    "ifexp": ["return f\"got {r.data!r}{tail}\" if r.action == \"accept\" else \"none\""],
    "data_only": ["return f\"got {r.data!r}{tail}\""],
    "decline_vs_cancel": [
        'if r.action == "decline":',
        '    return "declined"',
        'if r.action == "cancel":',
        '    return "cancelled"',
        "return f\"got {r.data!r}{tail}\"",
    ],
    "truth": ["if r:", "    return f\"got {r.data!r}{tail}\"", 'return "none"'],
    "not_truth": ["if not r:", '    return "none"', "return f\"got {r.data!r}{tail}\""],
    "bool_call": [
        "ok = bool(r) and r.action == \"accept\"",
        "return f\"got {r.data!r}{tail}\" if ok else \"none\"",
    ],
    "or_value": [
        'if r.action == "accept":',
        "    return f\"got {(r or None).data!r}{tail}\"",
        'return "none"',
    ],
}

SECONDS = {
    "none": [],
    "literal": ['s = await ctx.elicit("Also?", response_type=str)'],
    "quoting": ['s = await ctx.elicit(f"Also for {name}?", response_type=str)'],
}

ARGUMENTS = ({}, {"name": "stop"}, {"name": "Ada"})


@st.composite
def variants(draw) -> str:
    """The source of one module with one tool ``tool`` (see module docstring)."""
    prelude = PRELUDES[draw(st.sampled_from(sorted(PRELUDES)))]
    question = QUESTIONS[draw(st.sampled_from(sorted(QUESTIONS)))]
    shape = CALLS[draw(st.sampled_from(sorted(CALLS)))]
    type_ = draw(st.sampled_from(TYPES))
    read = READS[draw(st.sampled_from(sorted(READS)))]
    second = SECONDS[draw(st.sampled_from(sorted(SECONDS)))]
    tail = ""
    lines = [*prelude, "r = " + shape.format(q=question, t=type_), *second]
    if second:
        lines.append('extra = s.data if s.action == "accept" else None')
        tail = " {extra!r}"
    lines += [line.replace("{tail}", tail) for line in read]
    return HEADER + "".join(f"    {line}\n" for line in lines)


async def _outcomes(module, mode: str):
    return [
        await call(module, "tool", mode, list(script), dict(arguments))
        for arguments in ARGUMENTS
        for script in SCRIPTS
    ]


def _note(text: str) -> None:
    try:
        event(text)
    except InvalidArgument:  # called outside a Hypothesis test
        pass


def _check(source: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        before = os.path.join(tmp, "before.py")
        with open(before, "w", encoding="utf-8") as out:
            out.write(source)
        new, plan = transform_text(source, before, Options())
        if new == source:  # skipped: byte-for-byte, with a reason for the site
            assert plan is not None and plan.skips and not plan.functions, source
            _note("skipped: " + plan.skips[0].reason.split(" (")[0][:60])
            return
        _note("rewritten")
        after = os.path.join(tmp, "after.py")
        with open(after, "w", encoding="utf-8") as out:
            out.write(new)
        original, rewritten = load(before), load(after)

        async def run():
            expected = await _outcomes(original, "legacy")
            assert await _outcomes(rewritten, "legacy") == expected, new
            assert await _outcomes(rewritten, "auto") == [e.as_carried("auto") for e in expected], new

        asyncio.run(run())


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=EXAMPLES <= 8,  # CI: the same variants every run
)
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
